// The classified control genes of an experiment as a file: one row per gene with its class (TP, FP,
// FN, TN), ID, name, organism and product, as CSV (RFC 4180 quoting) or TSV (tabs and line breaks in
// a value made spaces). Built in the page from the experiment the API answered; nothing is fetched.
import { el } from '/assets/shared/dom.js';

const LISTS = [['TP', 'truePositiveGenes'], ['FP', 'falsePositiveGenes'], ['FN', 'falseNegativeGenes'], ['TN', 'trueNegativeGenes']];
const COLUMNS = ['class', 'id', 'name', 'organism', 'product'];

function cell(value, separator) {
  const text = value === null || value === undefined ? '' : String(value).replace(/<[^>]*>/g, '');
  if (separator === '\t') return text.replace(/[\t\r\n]+/g, ' ');
  return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
}

/** The file's text: a header line, then each class's genes in the experiment's order. */
export function classifiedText(experiment, separator) {
  const lines = [COLUMNS.join(separator)];
  for (const [cls, key] of LISTS) {
    for (const gene of experiment[key] || []) {
      lines.push([cls, gene.id, gene.name, gene.organism, gene.product].map(v => cell(v, separator)).join(separator));
    }
  }
  return lines.join('\r\n') + '\r\n';
}

/** "Download CSV" and "Download TSV" links of the classified genes. */
export function downloadLinks(experiment) {
  const base = String(experiment.name || experiment.id).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'experiment';
  const link = (separator, extension, type, label) => {
    const a = el('a', { class: 'wb-download', id: 'wb-download-' + extension, download: `${base}-classified.${extension}` }, label);
    a.href = URL.createObjectURL(new Blob([classifiedText(experiment, separator)], { type }));
    return a;
  };
  return el('p', { class: 'wb-downloads' }, 'Classified control genes: ',
    link(',', 'csv', 'text/csv', 'Download CSV'), ' · ', link('\t', 'tsv', 'text/tab-separated-values', 'Download TSV'));
}
