// Small helpers of the workbench: problem messages, field errors, number formats and SVG nodes.
// Everything that came from the API or the user goes in as text (textContent, setAttribute),
// never as markup.
import { el } from '/assets/shared/dom.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element; attribute values are set as text, children appended (strings as text nodes). */
export function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined && value !== false) {
      node.setAttribute(name, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

/** What a failed call says to a person: each field's message, else the problem's detail or title. */
export function messageOf(error) {
  const problem = error && error.problem;
  if (problem && Array.isArray(problem.errors) && problem.errors.length) {
    return problem.errors.map(e => (e.pointer ? e.pointer + ': ' : '') + e.message).join('; ');
  }
  return (problem && (problem.detail || problem.title)) || (error && error.message) || 'Something went wrong';
}

/** The problem's field errors as a map pointer → message. */
export function fieldErrors(error) {
  const out = new Map();
  const problem = error && error.problem;
  for (const e of (problem && Array.isArray(problem.errors) ? problem.errors : [])) {
    out.set(e.pointer || '', e.message);
  }
  return out;
}

/** A paragraph in the error style, announced to screen readers. */
export function errorText(message) {
  return el('p', { class: 'error', role: 'alert' }, message);
}

/**
 * The caveats a result carries (LOW_SAMPLE, FEWER_FOLDS …) as visible notes beside its figures, or
 * nothing when it has none.
 */
export function caveats(warnings, id) {
  if (!warnings || warnings.length === 0) {
    return null;
  }
  return el('div', { class: 'wb-caveats', role: 'note', id }, warnings.map(w =>
    el('p', { class: 'wb-caveat', dataset: { code: w.code } }, el('strong', {}, 'Caution: '), w.message)));
}

/** A ratio as a percentage with one decimal, or '–'. */
/** The enrichment analyses, by wire name, with the names a reader knows them by (evaluation-core's AnalysisTypes). */
export const ENRICHMENT_TYPES = [['go_process', 'GO biological process'], ['go_function', 'GO molecular function'],
  ['go_component', 'GO cellular component'], ['pathway', 'Pathway'], ['word', 'Product description words']];

/** An enrichment analysis' readable name ("GO biological process", not go_process); an unknown one as it came. */
export function analysisTypeName(type) {
  const known = ENRICHMENT_TYPES.find(([wire]) => wire === type);
  return known ? known[1] : type;
}

export function pct(value) {
  return typeof value === 'number' && Number.isFinite(value) ? (value * 100).toFixed(1) + '%' : '–';
}

/** A number with at most `digits` decimals, or '–'. */
export function num(value, digits = 3) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return '–';
  }
  return Number.isInteger(value) ? value.toLocaleString('en-GB') : value.toFixed(digits).replace(/0+$/, '').replace(/\.$/, '');
}

/** A p-value: scientific below 0.001. */
export function pval(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return '–';
  }
  return value !== 0 && value < 0.001 ? value.toExponential(2) : value.toFixed(4);
}

/** IDs typed or pasted by a person: split on white space, commas and semicolons, blanks dropped. */
export function parseIds(textValue) {
  return String(textValue || '').split(/[\s,;]+/).map(s => s.trim()).filter(Boolean);
}

/** A date-time for people (the browser's locale, minutes). */
export function when(iso) {
  if (!iso) {
    return '–';
  }
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A labelled control: <label for=id>text</label> followed by the control (given its id). */
export function field(labelText, control, hint) {
  if (!control.id) {
    control.id = 'f-' + Math.random().toString(36).slice(2, 10);
  }
  const box = el('div', { class: 'wb-field' }, el('label', { for: control.id }, labelText), control);
  if (hint) {
    box.append(el('small', { class: 'muted' }, hint));
  }
  return box;
}

/** A sortable table: columns [{key, label, value(row), render?(row), numeric?}] over rows. */
export function sortableTable(columns, rows, { caption, pageSize = 0, initialSort } = {}) {
  let sortKey = initialSort ? initialSort.key : null;
  let sortDir = initialSort ? initialSort.dir : 1;
  let page = 0;
  const wrapper = el('div', { class: 'wb-table-wrap' });

  function sorted() {
    if (!sortKey) {
      return rows;
    }
    const column = columns.find(c => c.key === sortKey);
    return [...rows].sort((a, b) => {
      const x = column.value(a);
      const y = column.value(b);
      if (x === y) return 0;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * sortDir;
    });
  }

  function draw() {
    const all = sorted();
    const pages = pageSize ? Math.max(1, Math.ceil(all.length / pageSize)) : 1;
    page = Math.min(page, pages - 1);
    const shown = pageSize ? all.slice(page * pageSize, (page + 1) * pageSize) : all;
    const head = el('tr', {}, columns.map(c => {
      const state = c.key === sortKey ? (sortDir > 0 ? 'ascending' : 'descending') : 'none';
      return el('th', { scope: 'col', 'aria-sort': state, class: c.numeric ? 'num' : null },
        el('button', {
          type: 'button', class: 'wb-sort',
          onclick: () => {
            sortDir = sortKey === c.key ? -sortDir : (c.numeric ? -1 : 1);
            sortKey = c.key;
            draw();
          },
        }, c.label, state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''));
    }));
    const body = shown.length
      ? shown.map(row => el('tr', {}, columns.map(c => el('td', { class: c.numeric ? 'num' : null },
        c.render ? c.render(row) : formatCell(c.value(row))))))
      : [el('tr', {}, el('td', { colspan: columns.length, class: 'muted' }, 'Nothing to show.'))];
    const table = el('table', {}, caption ? el('caption', {}, caption) : null, el('thead', {}, head), el('tbody', {}, body));
    const parts = [table];
    if (pageSize && all.length > pageSize) {
      parts.push(pager(page, pages, all.length, p => { page = p; draw(); }));
    }
    wrapper.replaceChildren(...parts);
  }
  draw();
  return wrapper;
}

function formatCell(value) {
  if (typeof value === 'number') {
    return num(value);
  }
  return value === null || value === undefined ? '–' : String(value);
}

/** Previous / next buttons with "page x of y". */
export function pager(page, pages, total, go) {
  return el('div', { class: 'wb-pager' },
    el('button', { type: 'button', disabled: page <= 0, onclick: () => go(page - 1) }, 'Previous'),
    el('span', { class: 'muted' }, `Page ${page + 1} of ${pages} (${total.toLocaleString('en-GB')})`),
    el('button', { type: 'button', disabled: page >= pages - 1, onclick: () => go(page + 1) }, 'Next'));
}

/** What the controls and results are called: genes, or the record type's own name. */
export function recordNoun(recordType, recordTypes) {
  if (!recordType || recordType === 'transcript' || recordType === 'gene') return 'genes';
  const known = (recordTypes || []).find(t => t.name === recordType);
  return (known && (known.displayNamePlural || known.displayName)) || recordType + ' records';
}

/**
 * What made a version of an experiment from the one before (its `refinement`), for people:
 * "kept only a list of genes", "INTERSECT with GenesWithSignalPeptide", "transformed by …".
 */
export function refinementText(refinement) {
  if (!refinement) {
    return '';
  }
  if (refinement.action === 'transform') {
    return 'transformed by ' + (refinement.transformName || 'a transform');
  }
  if (refinement.searchName === 'GeneByLocusTag') {
    const verb = { INTERSECT: 'kept only', UNION: 'added', MINUS: 'removed' }[refinement.operator];
    if (verb) {
      return verb + ' a list of genes';
    }
  }
  return (refinement.operator || 'combined') + ' with ' + (refinement.searchName || 'a search');
}
