// Every page module loads as the browser loads it (an ES module with its imports): a name declared
// twice, an import of a name a module does not export or a file that is not there fails here, where
// `node --check` (a script, not a module) does not see it. The pages' entry scripts, which draw into
// their page's elements as they load, are loaded by the browser tests instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { assetsRoot, pageModule } from './page.mjs';

const ENTRY_SCRIPTS = new Set(['chat/chat.js', 'workbench/workbench.js', 'session.js', 'sites.js']);

function modules(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => entry.isDirectory()
    ? modules(new URL(entry.name + '/', dir), prefix + entry.name + '/')
    : entry.name.endsWith('.js') ? [prefix + entry.name] : []);
}

const all = modules(assetsRoot).filter(path => !ENTRY_SCRIPTS.has(path)).sort();

test('the page modules are found', () => {
  assert.ok(all.includes('shared/dom.js') && all.includes('workbench/run-progress.js'), all.join(', '));
});

for (const path of all) {
  test('loads: ' + path, async () => {
    await pageModule(path);
  });
}
