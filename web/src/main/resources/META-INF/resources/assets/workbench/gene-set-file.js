// A gene-ID file read in the page (no upload to the server until the set is saved): plain IDs one
// per line, or a CSV/TSV table with a header row whose ID column the person picks. Pure functions,
// no DOM: the gene-sets view reads the file with FileReader and hands the text here.

/** Splits one CSV line (double quotes may wrap a field, "" is a quote inside one). */
function csvFields(line) {
  const fields = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { current += '"'; i++; }
      else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { fields.push(current); current = ''; }
    else current += c;
  }
  fields.push(current);
  return fields.map(f => f.trim());
}

/**
 * The file's shape: {kind: 'table', delimiter, columns, rows} when its first line has a tab or a
 * comma (a header), else {kind: 'list', ids}. Blank lines are skipped; a BOM is dropped.
 */
export function parseGeneFile(text) {
  const lines = String(text || '').replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).filter(line => line.trim() !== '');
  if (!lines.length) {
    return { kind: 'list', ids: [] };
  }
  const delimiter = lines[0].includes('\t') ? '\t' : lines[0].includes(',') ? ',' : null;
  if (!delimiter) {
    return { kind: 'list', ids: lines.map(line => line.trim()) };
  }
  const split = delimiter === '\t' ? line => line.split('\t').map(f => f.trim()) : csvFields;
  const columns = split(lines[0]);
  return { kind: 'table', delimiter, columns, rows: lines.slice(1).map(split) };
}

/** The column a person most likely wants: the first whose header names a gene or an ID, else the first. */
export function likelyIdColumn(columns) {
  const index = columns.findIndex(c => /gene|\bid\b|_id$|identifier|locus/i.test(c));
  return index < 0 ? 0 : index;
}

/** The non-blank values of one column, in file order (a short row has no value there). */
export function columnValues(table, index) {
  return table.rows.map(row => (row[index] || '').trim()).filter(Boolean);
}
