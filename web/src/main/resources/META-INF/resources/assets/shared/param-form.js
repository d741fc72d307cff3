// A search's parameter form built from the site's parameter specs (GET …/searches/{type}/{search}/param-specs),
// for the chat page's graph editor: vocabularies as selects or checkbox lists (a large one, or one the
// site shows as a typeahead, as the workbench's term picker), numbers, strings and ID lists; a
// parameter others depend on refreshes them through …/dependent-params. The input-step parameter of a
// transform is the graph's, so it is never shown. Values are the forms the site takes (arrays for
// multi-picks, strings otherwise), keyed by parameter name.
import { el, replace } from './dom.js';
import { api } from './operation-stream.js';
import { termPicker, wantsTypeahead } from '../workbench/term-picker.js';

/** The terms of a vocabulary in any of WDK's shapes: rows [[term, display]], objects, or a tree. */
export function vocabularyTerms(vocabulary) {
  if (Array.isArray(vocabulary) && vocabulary.length && Array.isArray(vocabulary[0])) {
    return vocabulary.map(row => ({ term: row[0], display: row[1] || row[0], depth: 0, leaf: true }));
  }
  const out = [];
  (function walk(node, depth) {
    if (!node) return;
    if (Array.isArray(node)) {
      node.forEach(n => walk(n, depth));
    } else if (node.data) {
      out.push({ term: node.data.term, display: node.data.display, depth, leaf: !(node.children && node.children.length) });
      (node.children || []).forEach(c => walk(c, depth + 1));
    } else if (node.term !== undefined) {
      out.push({ term: node.term, display: node.display || node.term, depth: node.depth || depth, leaf: node.leaf !== false });
      (node.children || []).forEach(c => walk(c, depth + 1));
    }
  })(vocabulary, 0);
  return out;
}

/** A parameter's starting value from the site's display value: multi-picks are JSON-array strings. */
export function initialValue(p) {
  const v = p.initialDisplayValue;
  if (p.type === 'multi-pick-vocabulary') {
    try {
      const parsed = JSON.parse(v || '[]');
      return Array.isArray(parsed) ? parsed : [];
    } catch (e) {
      return v ? String(v).split(',').map(s => s.trim()).filter(Boolean) : [];
    }
  }
  return v === null || v === undefined ? '' : String(v);
}

/** An organism multi-pick starts at one organism (the vocabulary's first), not every organism of the site. */
function oneOrganism(p, value) {
  if (p.type !== 'multi-pick-vocabulary' || !/organism/i.test(p.name) || !Array.isArray(value) || value.length <= 1) {
    return value;
  }
  const leaves = vocabularyTerms(p.vocabulary).filter(t => t.leaf).map(t => t.term);
  return leaves.length ? [leaves[0]] : value;
}

/**
 * The form of one search.
 *
 * @param {object} options
 * @param {string} options.idPrefix   prefix of the controls' ids (`<prefix>-<parameter>`)
 * @param {string} options.specsPath  /api/v1/sites/{site}/searches/{recordType}/{search}
 * @param {object} options.values     values to start from (a step's own), the site's defaults for the rest
 * @returns {{element: HTMLElement, load(): Promise<void>, values(): object, showErrors(Map<string,string>): void}}
 */
export function parameterForm({ idPrefix, specsPath, values: start = {} }) {
  const box = el('div', { class: 'param-form' });
  let specs = [];
  const values = { ...start };
  let errors = new Map();

  const visible = () => specs.filter(p => p.isVisible !== false && p.type !== 'input-step');

  async function load() {
    replace(box, el('p', { class: 'muted' }, 'Loading the parameters…'));
    const answer = await api('GET', specsPath + '/param-specs');
    specs = answer.parameters || [];
    for (const p of specs) {
      if (!(p.name in values)) values[p.name] = oneOrganism(p, initialValue(p));
    }
    draw();
  }

  async function changed(p) {
    errors.delete('/parameters/' + p.name);
    if (!p.dependentParams || !p.dependentParams.length) return;
    try {
      const answer = await api('POST', specsPath + '/dependent-params',
        { changedParam: { name: p.name, value: values[p.name] }, contextValues: current() });
      for (const u of Array.isArray(answer) ? answer : answer.parameters || []) {
        const i = specs.findIndex(x => x.name === u.name);
        if (i >= 0) specs[i] = u;
        values[u.name] = initialValue(u);
      }
      draw();
    } catch (e) {
      errors.set('/parameters/' + p.name, 'The parameters that depend on this one could not be refreshed.');
      draw();
    }
  }

  function control(p) {
    const id = idPrefix + '-' + p.name;
    const err = errors.get('/parameters/' + p.name);
    const errId = id + '-error';
    const invalid = err ? { 'aria-invalid': 'true', 'aria-describedby': errId } : {};
    const note = [err ? el('p', { id: errId, class: 'error field-error' }, err) : null,
      p.help ? el('small', { class: 'muted' }, p.help) : null];
    const label = p.displayName || p.name;
    if (p.type === 'single-pick-vocabulary' || p.type === 'multi-pick-vocabulary') {
      const terms = vocabularyTerms(p.vocabulary);
      if (p.type === 'multi-pick-vocabulary' && wantsTypeahead(p, terms)) {
        return el('div', { class: 'param-field' }, termPicker({
          id, parameter: p, terms, chosen: values[p.name] || [],
          vocabularyPath: `${specsPath}/param-specs/${encodeURIComponent(p.name)}/vocabulary`,
          onChange: picked => { values[p.name] = picked; changed(p); },
          invalid: err ? { describedBy: errId } : null,
        }), note);
      }
      if (p.type === 'multi-pick-vocabulary') {
        const chosen = new Set(values[p.name] || []);
        return el('div', { class: 'param-field' }, el('fieldset', { id, class: 'param-checks', ...invalid },
          el('legend', null, label),
          terms.map(t => el('label', { class: 'depth-' + Math.min(t.depth, 3) }, el('input', {
            type: 'checkbox', value: t.term, name: p.name, checked: chosen.has(t.term),
            onchange: e => {
              const set = new Set(values[p.name] || []);
              if (e.target.checked) set.add(t.term); else set.delete(t.term);
              values[p.name] = terms.map(x => x.term).filter(x => set.has(x));
              changed(p);
            },
          }), ' ', t.display))), note);
      }
      const select = el('select', { id, name: p.name, ...invalid,
        onchange: e => { values[p.name] = e.target.value; changed(p); } },
      p.allowEmptyValue ? el('option', { value: '' }, '(none)') : null,
      terms.map(t => el('option', { value: t.term }, '\u00a0'.repeat(t.depth * 2) + t.display)));
      select.value = values[p.name];
      return el('div', { class: 'param-field' }, el('label', { for: id }, label), select, note);
    }
    let input;
    if (p.type === 'input-dataset') {
      input = el('textarea', { id, name: p.name, rows: 3, ...invalid, oninput: e => { values[p.name] = e.target.value; } });
      input.value = values[p.name] || '';
    } else {
      input = el('input', { id, name: p.name, type: p.type === 'number' ? 'number' : 'text', ...invalid,
        step: p.type === 'number' ? (p.increment || 'any') : null,
        oninput: e => { values[p.name] = e.target.value; }, onchange: () => changed(p) });
      input.value = values[p.name] === undefined ? '' : values[p.name];
    }
    return el('div', { class: 'param-field' }, el('label', { for: id }, label), input, note);
  }

  function draw() {
    const shown = visible();
    replace(box, shown.length ? shown.map(control) : el('p', { class: 'muted' }, 'This search has no parameters to set.'));
  }

  /** The values of the visible parameters, as the API takes them. */
  function current() {
    const out = {};
    for (const p of visible()) {
      if (values[p.name] !== undefined) out[p.name] = values[p.name];
    }
    return out;
  }

  return {
    element: box,
    load,
    values: current,
    /** Marks the fields the API refused (pointer → message, `/parameters/<name>`) and focuses the first. */
    showErrors(map) {
      errors = new Map(map);
      draw();
      const first = box.querySelector('[aria-invalid="true"]');
      const target = first && first.tagName === 'FIELDSET' ? first.querySelector('input') : first;
      if (target) target.focus();
    },
  };
}
