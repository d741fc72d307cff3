// The gene sets view (#/gene-sets): the gene sets the caller can use (experiment-service control sets
// tagged `gene-set`, their genes the positives), a new one pasted or read from a file (plain IDs, or
// a CSV/TSV column) and checked against the site before it is saved (unknown IDs named, kept as
// typed), union / intersection / difference of two saved as a new set (POST /api/v1/gene-sets/algebra),
// several compared (POST /api/v1/gene-sets/compare: sizes, shared and unique genes, an UpSet view with
// its table), links that open the wizard with a set as controls or as the gene list, and each of the
// caller's own sets renamed (PATCH /api/v1/control-sets/{id}) or deleted after a confirmation in the row.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, field, messageOf, num, parseIds, svg } from './util.js';
import { resolutionView } from './resolution.js';
import { columnValues, likelyIdColumn, parseGeneFile } from './gene-set-file.js';

const TAG = 'gene-set';
const MAX_COMPARED = 8;
const OPERATIONS = [['intersection', 'Intersection (in both)'], ['union', 'Union (in either)'],
  ['difference', 'Difference (in the first, not the second)']];

/** The view: list, new set, combine, compare. */
export function renderGeneSets(root, context) {
  // me: who is signed in, so that only one's own sets offer rename and delete (public ones are others')
  const view = { sets: null, picked: new Set(), me: null, editing: null, confirming: null };
  const listBox = el('div', { id: 'gs-list', 'aria-live': 'polite' }, el('p', { class: 'muted' }, 'Loading gene sets…'));
  const combineBox = el('div', { id: 'gs-combine-box' });
  const compareOut = el('div', { id: 'gs-compare-out', 'aria-live': 'polite' });
  const compareButton = el('button', { type: 'button', id: 'gs-compare', disabled: true, onclick: compare }, 'Compare the ticked sets');

  replace(root, el('h2', {}, 'Gene sets'),
    el('p', { class: 'muted' }, 'Lists of genes of a site, usable as an experiment\u2019s controls or as the gene list it evaluates.'),
    el('section', { class: 'gs-section', 'aria-labelledby': 'gs-list-title' },
      el('h3', { id: 'gs-list-title' }, 'Your gene sets'), listBox,
      el('div', { class: 'wb-row' }, compareButton, el('span', { class: 'muted', id: 'gs-picked' }, '')), compareOut),
    newSetSection(context, saved => load(`Saved “${saved.name}”.`)),
    el('section', { class: 'gs-section', 'aria-labelledby': 'gs-combine-title' },
      el('h3', { id: 'gs-combine-title' }, 'Combine two sets'), combineBox));

  async function load(announce) {
    try {
      const [page, me] = await Promise.all([api('GET', '/api/v1/control-sets?limit=500&tags=' + TAG),
        view.me ? view.me : api('GET', '/api/v1/auth/me').then(answer => answer.userId).catch(() => null)]);
      view.sets = page.items || [];
      view.me = me;
      view.picked.forEach(id => { if (!view.sets.some(set => set.id === id)) view.picked.delete(id); });
    } catch (e) {
      if (e.status === 401) context.signInNeeded();
      replace(listBox, e.status === 401 ? el('p', { class: 'muted' }, 'Sign in (top right) to see your gene sets.')
        : errorText('Gene sets cannot be loaded: ' + messageOf(e)));
      return;
    }
    drawList(announce);
    drawCombine();
  }

  function drawList(announce) {
    const sets = view.sets;
    const said = announce ? el('p', { class: 'muted', id: 'gs-saved', role: 'status', tabindex: '-1' }, announce) : null;
    if (!sets.length) {
      replace(listBox, said, el('p', { class: 'muted' }, 'No gene set yet: paste or upload one below.'));
      return;
    }
    replace(listBox, said,
      el('table', { id: 'gs-table' },
        el('caption', { class: 'visually-hidden' }, 'Gene sets; tick two to eight to compare them'),
        el('thead', {}, el('tr', {}, ['Compare', 'Name', 'Site', 'Genes', 'Use', 'Manage'].map(h => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, sets.map(set => el('tr', { dataset: { id: set.id } },
          el('td', {}, el('input', { type: 'checkbox', class: 'gs-pick', checked: view.picked.has(set.id),
            'aria-label': 'Compare ' + set.name, onchange: e => { pick(set.id, e.target.checked); } })),
          view.editing === set.id ? el('td', { class: 'gs-name' }, renameForm(set)) : el('td', { class: 'gs-name' }, set.name),
          el('td', {}, set.siteId),
          el('td', { class: 'num gs-size' }, num((set.positiveIds || []).length)),
          // the spoken name says which set; the visible words stay at its end
          el('td', {}, el('a', { href: '#/new/controls/' + encodeURIComponent(set.id), class: 'gs-use-controls' },
            el('span', { class: 'visually-hidden' }, `Use “${set.name}” `), 'as controls'), ' · ',
          el('a', { href: '#/new/gene-list/' + encodeURIComponent(set.id), class: 'gs-use-list' },
            el('span', { class: 'visually-hidden' }, `Use “${set.name}” `), 'as gene list')),
          el('td', { class: 'gs-manage' }, manageCell(set)))))));
    drawPicked();
    // a rename or a delete took the focused control away: the announcement takes the focus
    if (said && (!document.activeElement || document.activeElement === document.body)) said.focus();
  }

  /** Rename and delete for the caller's own sets; a public set of someone else is only used. */
  function manageCell(set) {
    if (!view.me || set.userId !== view.me) {
      return el('span', { class: 'muted' }, set.isPublic ? 'public' : '');
    }
    if (view.confirming === set.id) {
      const keep = el('button', { type: 'button', class: 'gs-delete-cancel', onclick: () => { view.confirming = null; drawList(); } }, 'Keep it');
      queueMicrotask(() => keep.focus());
      return el('div', { class: 'gs-confirm', role: 'group', 'aria-label': `Delete “${set.name}”?` },
        el('span', {}, `Delete “${set.name}”? It cannot be undone. `),
        el('button', { type: 'button', class: 'danger gs-delete-confirm', onclick: () => remove(set) }, 'Delete'), ' ', keep,
        el('div', { class: 'gs-row-out' }));
    }
    // the spoken name says which set; the visible word stays at its start
    return el('span', {},
      el('button', { type: 'button', class: 'gs-rename', onclick: () => { view.editing = set.id; view.confirming = null; drawList(); } },
        'Rename', el('span', { class: 'visually-hidden' }, ` “${set.name}”`)), ' ',
      el('button', { type: 'button', class: 'gs-delete', onclick: () => { view.confirming = set.id; view.editing = null; drawList(); } },
        'Delete', el('span', { class: 'visually-hidden' }, ` “${set.name}”`)));
  }

  function renameForm(set) {
    const input = el('input', { type: 'text', class: 'gs-rename-input', id: 'gs-rename-' + set.id, maxlength: 255, value: set.name,
      required: true, 'aria-label': `New name of “${set.name}”` });
    const out = el('div', { class: 'gs-row-out' });
    async function submit(e) {
      e.preventDefault();
      const name = input.value.trim();
      if (!name) {
        input.setAttribute('aria-invalid', 'true');
        replace(out, errorText('Give the set a name.'));
        input.focus();
        return;
      }
      try {
        await api('PATCH', '/api/v1/control-sets/' + encodeURIComponent(set.id), { name });
        view.editing = null;
        await load(`Renamed “${set.name}” to “${name}”.`);
      } catch (err) {
        input.setAttribute('aria-invalid', 'true');
        replace(out, errorText('The set cannot be renamed: ' + messageOf(err)));
      }
    }
    queueMicrotask(() => { input.focus(); input.select(); });
    return el('form', { class: 'gs-rename-form', onsubmit: submit,
      onkeydown: e => { if (e.key === 'Escape') { view.editing = null; drawList(); } } },
    input, ' ', el('button', { type: 'submit', class: 'primary gs-rename-save' }, 'Save'), ' ',
    el('button', { type: 'button', class: 'gs-rename-cancel', onclick: () => { view.editing = null; drawList(); } }, 'Cancel'), out);
  }

  async function remove(set) {
    try {
      await api('DELETE', '/api/v1/control-sets/' + encodeURIComponent(set.id));
      view.confirming = null;
      view.picked.delete(set.id);
      await load(`Deleted “${set.name}”.`);
    } catch (err) {
      const row = listBox.querySelector(`tr[data-id="${CSS.escape(set.id)}"] .gs-row-out`);
      if (row) replace(row, errorText('The set cannot be deleted: ' + messageOf(err)));
    }
  }

  function pick(id, on) {
    if (on) view.picked.add(id); else view.picked.delete(id);
    drawPicked();
  }

  function drawPicked() {
    const n = view.picked.size;
    compareButton.disabled = n < 2 || n > MAX_COMPARED;
    replace(document.getElementById('gs-picked') || el('span'),
      n > MAX_COMPARED ? `${n} ticked: at most ${MAX_COMPARED} can be compared` : `${n} ticked`);
  }

  function drawCombine() {
    const sets = view.sets || [];
    if (sets.length < 2) {
      replace(combineBox, el('p', { class: 'muted' }, 'Two gene sets are needed.'));
      return;
    }
    const options = () => sets.map(s => el('option', { value: s.id }, `${s.name} (${s.siteId}, ${num((s.positiveIds || []).length)})`));
    const left = el('select', { id: 'gs-left' }, options());
    const op = el('select', { id: 'gs-op' }, OPERATIONS.map(([value, label]) => el('option', { value }, label)));
    const right = el('select', { id: 'gs-right' }, options());
    right.value = sets[1].id;
    const name = el('input', { id: 'gs-combine-name', type: 'text', maxlength: 255, placeholder: 'Default: the two names and the operation' });
    const out = el('div', { id: 'gs-combine-out', 'aria-live': 'polite' });
    async function combine(e) {
      e.preventDefault();
      replace(out, el('p', { class: 'muted' }, 'Combining…'));
      try {
        const answer = await api('POST', '/api/v1/gene-sets/algebra', { op: op.value, leftSetId: left.value,
          rightSetId: right.value, name: name.value.trim() || undefined, save: true });
        await load();
        replace(combineOut(), el('p', { id: 'gs-combine-result', role: 'status' },
          `Saved “${answer.saved.name}”: ${num(answer.count)} gene${answer.count === 1 ? '' : 's'}.`));
      } catch (err) {
        replace(combineOut(), errorText('The sets cannot be combined: ' + messageOf(err)));
      }
    }
    const combineOut = () => document.getElementById('gs-combine-out') || out;
    replace(combineBox, el('form', { id: 'gs-combine-form', onsubmit: combine },
      el('div', { class: 'wb-row' }, field('First set', left), field('Operation', op), field('Second set', right)),
      field('Name of the new set', name),
      el('button', { type: 'submit', id: 'gs-combine', class: 'primary' }, 'Combine and save')), out);
  }

  async function compare() {
    replace(compareOut, el('p', { class: 'muted' }, 'Comparing…'));
    // in the list's order, so the view reads like the table above it
    const setIds = view.sets.filter(s => view.picked.has(s.id)).map(s => s.id);
    try {
      replace(compareOut, comparisonView(await api('POST', '/api/v1/gene-sets/compare', { setIds })));
    } catch (e) {
      replace(compareOut, errorText('The sets cannot be compared: ' + messageOf(e)));
    }
  }

  // another account signed in (or out) while the view is open: its sets, and which of them it may
  // rename or delete, are read again for whoever is signed in now (session.js announces it)
  const followSession = event => {
    const userId = event.detail ? event.detail.userId : null;
    if (userId === view.me) return;
    Object.assign(view, { me: userId, sets: null, editing: null, confirming: null });
    view.picked.clear();
    replace(compareOut);
    drawPicked();
    load();
  };
  document.addEventListener('strategylab:session', followSession);
  context.setDispose(() => document.removeEventListener('strategylab:session', followSession));
  load();
}

/** Creating a set: a name, the site, pasted IDs or a file's, checked on the site, then saved. */
function newSetSection(context, onSaved) {
  const sites = context.sites || [];
  const state = { source: 'paste', file: null, ids: [] };
  const name = el('input', { id: 'gs-name', type: 'text', maxlength: 255 });
  const site = el('select', { id: 'gs-site' }, sites.map(s => el('option', { value: s.id }, s.displayName)));
  site.value = (sites.find(s => !s.isPortal) || sites[0] || {}).id || '';
  const paste = el('textarea', { id: 'gs-paste', rows: 6, placeholder: 'Gene IDs, one per line (or separated by spaces or commas)' });
  const file = el('input', { id: 'gs-file', type: 'file', accept: '.txt,.csv,.tsv,.tab,text/plain,text/csv,text/tab-separated-values' });
  const fileInfo = el('div', { id: 'gs-file-info', 'aria-live': 'polite' });
  const part = el('div', {});
  const check = el('div', { id: 'gs-check-out', 'aria-live': 'polite' });
  const message = el('div', {});
  const radios = [['paste', 'Paste IDs'], ['file', 'Upload a file']].map(([value, label]) => el('label', {},
    el('input', { type: 'radio', name: 'gs-source', id: 'gs-source-' + value, value, checked: state.source === value,
      onchange: () => { state.source = value; drawSource(); } }), ' ', label));

  function drawSource() {
    replace(check);
    replace(part, state.source === 'paste' ? field('Gene IDs', paste)
      : [field('File', file, 'Plain IDs one per line, or a CSV or TSV table with a header row (then pick the column). It is read here, in the page.'), fileInfo]);
  }

  file.addEventListener('change', () => {
    const chosen = file.files && file.files[0];
    state.file = null;
    replace(check);
    if (!chosen) {
      replace(fileInfo);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      state.file = parseGeneFile(reader.result);
      if (!name.value.trim()) name.value = chosen.name.replace(/\.[^.]+$/, '');
      drawFile();
    };
    reader.onerror = () => replace(fileInfo, errorText('The file cannot be read.'));
    reader.readAsText(chosen);
  });

  function drawFile() {
    const parsed = state.file;
    if (parsed.kind === 'list') {
      replace(fileInfo, el('p', { id: 'gs-file-count' }, `${num(parsed.ids.length)} IDs, one per line.`));
      return;
    }
    const column = el('select', { id: 'gs-column', onchange: () => { replace(check); count(); } },
      parsed.columns.map((c, i) => el('option', { value: String(i) }, c || `column ${i + 1}`)));
    column.value = String(likelyIdColumn(parsed.columns));
    const counted = el('p', { id: 'gs-file-count' });
    function count() {
      const values = columnValues(parsed, Number(column.value));
      replace(counted, `${num(values.length)} IDs in “${parsed.columns[Number(column.value)]}” (${num(parsed.rows.length)} rows)` +
        (values.length ? ', starting ' + values.slice(0, 3).join(', ') : ''));
    }
    count();
    replace(fileInfo, field(`Column of the gene IDs (a ${parsed.delimiter === '\t' ? 'tab' : 'comma'}-separated table)`, column), counted);
  }

  function currentIds() {
    if (state.source === 'paste') return parseIds(paste.value);
    if (!state.file) return [];
    if (state.file.kind === 'list') return state.file.ids;
    return columnValues(state.file, Number(document.getElementById('gs-column').value));
  }

  // the IDs resolved as a run would resolve them: renamed, merged and unknown named, nothing dropped
  async function checkIds(ids) {
    replace(check, el('p', { class: 'muted' }, 'Looking the IDs up on the site…'));
    const answer = await api('POST', '/api/v1/control-resolutions', { siteId: site.value, positiveControls: ids });
    replace(check, resolutionView(answer.controlResolution, 'gs-resolution', {}));
    return answer;
  }

  async function run(e, save) {
    e.preventDefault();
    replace(message);
    const ids = currentIds();
    if (!ids.length) {
      replace(message, errorText(state.source === 'paste' ? 'Paste at least one gene ID.' : 'Choose a file with gene IDs.'));
      return;
    }
    if (save && !name.value.trim()) {
      replace(message, errorText('Give the set a name.'));
      name.setAttribute('aria-invalid', 'true');
      name.focus();
      return;
    }
    name.removeAttribute('aria-invalid');
    let answer;
    try {
      answer = await checkIds(ids);
    } catch (err) {
      replace(check, errorText('The IDs cannot be looked up: ' + messageOf(err)));
      if (!save) return;
    }
    if (!save) return;
    try {
      const saved = await api('POST', '/api/v1/control-sets', { name: name.value.trim(), siteId: site.value, positiveIds: ids,
        tags: [TAG], source: state.source === 'paste' ? 'pasted' : 'file upload' });
      const unknown = answer ? (answer.controlResolution.positives.unknown || []) : [];
      replace(message, el('p', { id: 'gs-new-saved', role: 'status' }, `Saved “${saved.name}” with ${num(saved.positiveIds.length)} IDs`
        + (unknown.length ? `; ${num(unknown.length)} of them ${unknown.length === 1 ? 'is' : 'are'} not a gene of the site (kept in the set, not counted by a run).` : '.')));
      onSaved(saved);
    } catch (err) {
      replace(message, errorText('The set cannot be saved: ' + messageOf(err)));
    }
  }

  drawSource();
  return el('section', { class: 'gs-section', 'aria-labelledby': 'gs-new-title' },
    el('h3', { id: 'gs-new-title' }, 'New gene set'),
    el('form', { id: 'gs-new-form', onsubmit: e => run(e, true) },
      el('div', { class: 'wb-row' }, field('Name', name), field('Site', site)),
      el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Where the IDs come from'), radios),
      part,
      el('div', { class: 'wb-nav' },
        el('button', { type: 'button', id: 'gs-check', onclick: e => run(e, false) }, 'Check the IDs on the site'),
        el('button', { type: 'submit', id: 'gs-save', class: 'primary' }, 'Check and save'))),
    check, message);
}

/** The comparison: sizes and unique genes, pairs, then the UpSet view with its table. */
function comparisonView(answer) {
  const names = new Map(answer.sets.map(s => [s.id, s.name]));
  const patternText = ids => ids.map(id => names.get(id)).join(' + ');
  return el('div', { class: 'gs-comparison' },
    el('h4', {}, `${num(answer.totalGenes)} genes in all`),
    el('table', { id: 'gs-compare-sizes' }, el('caption', {}, 'Each set'),
      el('thead', {}, el('tr', {}, ['Set', 'Genes', 'Only in this set'].map(h => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, answer.sets.map(s => el('tr', { dataset: { id: s.id } }, el('th', { scope: 'row' }, s.name),
        el('td', { class: 'num' }, num(s.size)), el('td', { class: 'num' }, num(s.uniqueCount)))))),
    el('table', { id: 'gs-compare-pairs' }, el('caption', {}, 'Genes each pair shares'),
      el('thead', {}, el('tr', {}, ['First set', 'Second set', 'Shared'].map(h => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, answer.pairs.map(p => el('tr', {}, el('td', {}, names.get(p.leftSetId)), el('td', {}, names.get(p.rightSetId)),
        el('td', { class: 'num' }, num(p.shared)))))),
    upsetChart(answer, patternText),
    el('table', { id: 'gs-upset-table' }, el('caption', {}, 'Genes by the sets they are in (and no other)'),
      el('thead', {}, el('tr', {}, ['In exactly', 'Genes', 'Which'].map(h => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, answer.intersections.map(x => el('tr', { dataset: { sets: x.setIds.join(',') } },
        el('td', {}, patternText(x.setIds)), el('td', { class: 'num' }, num(x.count)),
        el('td', { class: 'gs-genes' }, x.geneIds.slice(0, 30).join(', ') + (x.geneIds.length > 30 ? ` … and ${num(x.geneIds.length - 30)} more` : '')))))));
}

/**
 * UpSet-style: a bar per membership pattern (largest first, as the service orders them), and under
 * each a column of dots, filled for the sets the pattern holds, joined by a line. Each bar is labelled
 * for screen readers with its pattern and count; the table after it carries the same values.
 */
function upsetChart(answer, patternText) {
  const sets = answer.sets;
  const bars = answer.intersections;
  const labelWidth = 170;
  const column = 34;
  const barHeight = 140;
  const row = 22;
  const width = labelWidth + column * bars.length + 10;
  const pad = 16; // room for the tallest bar's count
  const height = pad + barHeight + 20 + row * sets.length;
  const top = Math.max(1, ...bars.map(b => b.count));
  const index = new Map(sets.map((s, i) => [s.id, i]));
  const dotY = i => pad + barHeight + 20 + row * i + row / 2;
  const parts = [];
  sets.forEach((s, i) => {
    parts.push(svg('text', { x: labelWidth - 8, y: dotY(i) + 4, 'text-anchor': 'end', class: 'gs-upset-label' },
      s.name.length > 24 ? s.name.slice(0, 23) + '…' : s.name));
  });
  bars.forEach((b, k) => {
    const x = labelWidth + column * k + column / 2;
    const h = Math.max(1, Math.round(barHeight * b.count / top));
    const members = b.setIds.map(id => index.get(id));
    parts.push(svg('g', { class: 'gs-upset-bar', role: 'img', 'aria-label': `${patternText(b.setIds)} only: ${b.count} gene${b.count === 1 ? '' : 's'}`,
      'data-sets': b.setIds.join(','), 'data-count': b.count },
    svg('title', {}, `${patternText(b.setIds)}: ${b.count}`),
    svg('rect', { x: x - 10, y: pad + barHeight - h, width: 20, height: h, class: 'gs-upset-rect' }),
    svg('text', { x, y: pad + barHeight - h - 4, 'text-anchor': 'middle', class: 'gs-upset-count' }, String(b.count)),
    members.length > 1 ? svg('line', { x1: x, x2: x, y1: dotY(Math.min(...members)), y2: dotY(Math.max(...members)), class: 'gs-upset-line' }) : null,
    sets.map((s, i) => svg('circle', { cx: x, cy: dotY(i), r: 6, class: members.includes(i) ? 'gs-dot on' : 'gs-dot' }))));
  });
  return el('figure', { class: 'gs-upset', id: 'gs-upset' },
    svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'group',
      'aria-label': `UpSet view: ${bars.length} membership pattern${bars.length === 1 ? '' : 's'} of ${sets.length} sets` }, parts),
    el('figcaption', { class: 'muted' }, 'Each bar counts the genes in exactly the sets whose dots are filled below it; the table below has the same values.'));
}
