// Validates AsyncAPI documents with the official parser (@asyncapi/parser, the one @asyncapi/cli's
// `validate` uses) and prints every diagnostic. Exits 1 when any document has a diagnostic of
// severity error, 0 otherwise (warnings are printed, not counted).
//
// usage: node validate.mjs <file>...
import { readFile } from 'node:fs/promises';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';

const parser = new Parser();
let errors = 0;
for (const file of process.argv.slice(2)) {
  const text = await readFile(file, 'utf8');
  const { document, diagnostics } = await parser.parse(text, { source: file });
  const severities = { [DiagnosticSeverity.Error]: 'error', [DiagnosticSeverity.Warning]: 'warning',
    [DiagnosticSeverity.Information]: 'info', [DiagnosticSeverity.Hint]: 'hint' };
  let fileErrors = 0;
  for (const diagnostic of diagnostics) {
    const severity = severities[diagnostic.severity] ?? String(diagnostic.severity);
    if (diagnostic.severity === DiagnosticSeverity.Error) {
      fileErrors += 1;
    }
    console.log(`${file}: ${severity} ${diagnostic.code} at ${diagnostic.path.join('.')}: ${diagnostic.message}`);
  }
  errors += fileErrors;
  console.log(`${file}: ${document ? 'parsed' : 'NOT parsed'}, ${fileErrors} errors, ${diagnostics.length} diagnostics`);
  if (!document) {
    errors += fileErrors === 0 ? 1 : 0;
  }
}
process.exit(errors === 0 ? 0 : 1);
