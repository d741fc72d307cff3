// A search's parameter form built from the site's parameter specs (GET …/searches/{type}/{search}/param-specs):
// the one form of both pages (the workbench wizard's parameter step, the chat's graph editor).
// Vocabularies as selects or checkbox lists, a large one (or one the site shows as a typeahead) as the
// term picker over the catalogue's vocabulary ranking; numbers, strings and ID lists; labels, help and
// required marks; a parameter others depend on refreshes them through …/dependent-params; an organism
// starts at one organism. The input-step parameter of a transform is the graph's, so it is never shown.
// Values are the forms the site takes (arrays for multi-picks, strings otherwise), keyed by name.
import { el, replace } from './dom.js';
import { api } from './operation-stream.js';
import { termPicker, wantsTypeahead } from './term-picker.js';

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
      // the API's tree ({term, display, children}) says no `leaf`: a term with children is no leaf
      const leaf = node.leaf === undefined ? !(node.children && node.children.length) : node.leaf !== false;
      out.push({ term: node.term, display: node.display || node.term, depth: node.depth || depth, leaf });
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

const PARAMETER_POINTER = /\/(?:parameters|contextValues)\/([^/]+)$/;

/**
 * The parameter a problem's error names: its `pointer` ending in `/parameters/<name>` or
 * `/contextValues/<name>` (JSON-pointer escapes undone), or its `field` (`<name>`,
 * `parameters.<name>`, `contextValues.<name>`); null when it names none.
 */
export function parameterNamed(error) {
  const pointer = error && typeof error.pointer === 'string' ? error.pointer.match(PARAMETER_POINTER) : null;
  if (pointer) return pointer[1].replace(/~1/g, '/').replace(/~0/g, '~');
  const field = error && typeof error.field === 'string' ? error.field : '';
  return field ? field.replace(/^(?:parameters|contextValues)\./, '') : null;
}

/** Whether the site needs a value: it refuses an empty one, or a vocabulary needs a choice. */
function required(p) {
  return p.allowEmptyValue === false || p.minSelectedCount > 0;
}

/**
 * The form of one search.
 *
 * @param {object} options
 * @param {string} options.idPrefix   prefix of the controls' ids (`<prefix>-<parameter>`, its error
 *                                    `<prefix>-<parameter>-error`, its help `<prefix>-<parameter>-help`)
 * @param {string} options.specsPath  /api/v1/sites/{site}/searches/{recordType}/{search}
 * @param {object} options.values     values to start from (a step's own), the site's defaults for the rest
 * @param {string} options.site       the site's id: the organism last chosen on it in this browser is
 *                                    remembered and an organism parameter starts there (else at the first)
 * @returns {{element: HTMLElement, load(): Promise<void>, values(): object,
 *            showErrors(errors: Error|object|Map<string,string>): string[]}}
 */
export function parameterForm({ idPrefix, specsPath, values: start = {}, site }) {
  const box = el('div', { class: 'param-form' });
  let specs = [];
  const values = { ...start };
  let errors = new Map(); // parameter name → the site's message
  const fields = new Map(); // parameter name → its drawn field

  const visible = () => specs.filter(p => p.isVisible !== false && p.type !== 'input-step');
  const idOf = name => idPrefix + '-' + name;
  const organismKey = () => 'strategylab.organism.' + site;

  function rememberedOrganism() {
    if (!site) return null;
    try {
      return window.localStorage.getItem(organismKey());
    } catch (e) {
      return null; // storage refused (private mode): the first organism then
    }
  }

  function rememberOrganism(p) {
    const value = values[p.name];
    if (site && /organism/i.test(p.name) && Array.isArray(value) && value.length === 1) {
      try {
        window.localStorage.setItem(organismKey(), value[0]);
      } catch (e) {
        // not remembered: nothing else depends on it
      }
    }
  }

  /**
   * The site's default, except that an organism multi-pick starts at one organism (the one chosen
   * last on the site, else the vocabulary's first), not every organism of the site.
   */
  function startValue(p) {
    const value = initialValue(p);
    if (p.type !== 'multi-pick-vocabulary' || !/organism/i.test(p.name) || !Array.isArray(value) || value.length <= 1) {
      return value;
    }
    const leaves = vocabularyTerms(p.vocabulary).filter(t => t.leaf).map(t => t.term);
    const remembered = rememberedOrganism();
    if (remembered && leaves.includes(remembered)) return [remembered];
    return leaves.length ? [leaves[0]] : value;
  }

  async function load() {
    replace(box, el('p', { class: 'muted' }, 'Loading the parameters…'));
    const answer = await api('GET', specsPath + '/param-specs');
    specs = answer.parameters || [];
    for (const p of specs) {
      if (!(p.name in values)) values[p.name] = startValue(p);
    }
    draw();
  }

  async function changed(p) {
    clearError(p.name);
    rememberOrganism(p);
    if (!p.dependentParams || !p.dependentParams.length) return;
    try {
      const answer = await api('POST', specsPath + '/dependent-params',
        { changedParam: { name: p.name, value: values[p.name] }, contextValues: current() });
      const shownBefore = visible().map(x => x.name).join();
      const updated = Array.isArray(answer) ? answer : answer.parameters || [];
      for (const u of updated) {
        const i = specs.findIndex(x => x.name === u.name);
        if (i >= 0) specs[i] = u;
        values[u.name] = startValue(u);
      }
      // only the refreshed fields are drawn again, so the control just changed keeps its focus
      if (visible().map(x => x.name).join() !== shownBefore) draw(); else updated.forEach(u => redraw(u.name));
    } catch (e) {
      errors.set(p.name, 'The parameters that depend on this one could not be refreshed.');
      redraw(p.name);
    }
  }

  /** Takes a refusal off a field the person has changed, in place (the control keeps its focus). */
  function clearError(name) {
    if (!errors.delete(name) || !fields.has(name)) return;
    const field = fields.get(name);
    const errId = idOf(name) + '-error';
    field.classList.remove('invalid');
    field.querySelectorAll('.field-error').forEach(n => n.remove());
    field.querySelectorAll('[aria-invalid]').forEach(n => {
      n.removeAttribute('aria-invalid');
      const rest = (n.getAttribute('aria-describedby') || '').split(' ').filter(x => x && x !== errId).join(' ');
      if (rest) n.setAttribute('aria-describedby', rest); else n.removeAttribute('aria-describedby');
    });
  }

  /** The label's words with the required mark (seen as *, heard from the control's aria-required). */
  function labelText(p, spoken) {
    return [p.displayName || p.name, required(p) ? el('span', { class: 'required-mark' },
      el('span', { 'aria-hidden': 'true' }, ' *'), spoken ? el('span', { class: 'visually-hidden' }, ' (required)') : null) : null];
  }

  function field(p) {
    const id = idOf(p.name);
    const err = errors.get(p.name);
    const errId = id + '-error';
    const helpId = id + '-help';
    const describedBy = [err ? errId : null, p.help ? helpId : null].filter(Boolean).join(' ') || null;
    const aria = { 'aria-invalid': err ? 'true' : null, 'aria-describedby': describedBy };
    const ariaRequired = required(p) ? 'true' : null;
    const notes = [err ? el('p', { id: errId, class: 'error field-error' }, err) : null,
      p.help ? el('small', { id: helpId, class: 'muted param-help' }, p.help) : null];
    const wrap = (...content) => el('div', { class: 'param-field' + (err ? ' invalid' : ''), 'data-param': p.name }, content, notes);
    const set = value => { values[p.name] = value; changed(p); };

    if (p.type === 'single-pick-vocabulary' || p.type === 'multi-pick-vocabulary') {
      const multiple = p.type === 'multi-pick-vocabulary';
      const terms = vocabularyTerms(p.vocabulary);
      if (wantsTypeahead(p, terms)) {
        const chosen = multiple ? values[p.name] || [] : (values[p.name] ? [values[p.name]] : []);
        return wrap(termPicker({
          id, parameter: p, terms, chosen, multiple, legend: labelText(p, true),
          vocabularyPath: `${specsPath}/param-specs/${encodeURIComponent(p.name)}/vocabulary`,
          onChange: picked => set(multiple ? picked : (picked[0] || '')),
          invalid: Boolean(err), describedBy,
        }));
      }
      if (multiple) {
        return wrap(checkboxTree({ name: p.name, legend: labelText(p, true), terms, chosen: values[p.name] || [],
          onChange: set, attrs: { id, ...aria } }));
      }
      const select = el('select', { id, name: p.name, ...aria, 'aria-required': ariaRequired,
        onchange: e => set(e.target.value) },
      p.allowEmptyValue ? el('option', { value: '' }, '(none)') : null,
      terms.map(t => el('option', { value: t.term }, '\u00a0'.repeat(t.depth * 2) + t.display)));
      select.value = values[p.name];
      return wrap(el('label', { for: id }, labelText(p)), select);
    }
    let input;
    if (p.type === 'input-dataset' || p.isMultiLine) {
      input = el('textarea', { id, name: p.name, rows: p.type === 'input-dataset' ? 4 : 3, ...aria,
        'aria-required': ariaRequired, oninput: e => { values[p.name] = e.target.value; }, onchange: () => changed(p) });
    } else if (p.type === 'number') {
      input = el('input', { id, name: p.name, type: 'number', ...aria, 'aria-required': ariaRequired,
        step: p.increment || (p.isInteger ? 1 : 'any'), min: p.min, max: p.max,
        oninput: e => { values[p.name] = e.target.value; }, onchange: () => changed(p) });
    } else {
      input = el('input', { id, name: p.name, type: 'text', ...aria, 'aria-required': ariaRequired,
        maxlength: p.length > 0 ? p.length : null,
        oninput: e => { values[p.name] = e.target.value; }, onchange: () => changed(p) });
    }
    input.value = values[p.name] === undefined || values[p.name] === null ? '' : values[p.name];
    return wrap(el('label', { for: id }, labelText(p)), input);
  }

  function draw() {
    const shown = visible();
    fields.clear();
    for (const p of shown) fields.set(p.name, field(p));
    replace(box, shown.length ? [
      shown.some(required) ? el('p', { class: 'muted small param-required-note' }, 'Fields marked * need a value.') : null,
      [...fields.values()],
    ] : el('p', { class: 'muted' }, 'This search has no parameters to set.'));
  }

  /** Draws one field again (its spec or its error changed), where it stands. */
  function redraw(name) {
    const p = visible().find(x => x.name === name);
    const old = fields.get(name);
    if (!p || !old) return;
    const fresh = field(p);
    old.replaceWith(fresh);
    fields.set(name, fresh);
  }

  /** The values of the visible parameters, as the API takes them. */
  function current() {
    const out = {};
    for (const p of visible()) {
      if (values[p.name] !== undefined) out[p.name] = values[p.name];
    }
    return out;
  }

  /** The refusals as parameter name → message, and those that name no parameter of the form. */
  function sortErrors(source) {
    const placed = new Map();
    const unplaced = [];
    const shown = new Set(visible().map(p => p.name));
    const list = source instanceof Map
      ? [...source].map(([pointer, message]) => ({ pointer, message }))
      : ((source && (source.problem || source).errors) || []);
    for (const e of list) {
      const name = parameterNamed(e) || (shown.has(e.pointer) ? e.pointer : null);
      if (name && shown.has(name)) {
        placed.set(name, placed.has(name) ? placed.get(name) + '; ' + e.message : e.message);
      } else {
        unplaced.push(e.message);
      }
    }
    return { placed, unplaced };
  }

  return {
    element: box,
    load,
    values: current,
    /**
     * Marks the fields the site refused, beside each field, and focuses the first. Takes the error
     * `api()` threw (or its problem+json: `errors[].pointer` `/parameters/<name>` or
     * `/contextValues/<name>`, or `errors[].field`), or a Map pointer → message; answers the messages
     * that name no parameter of the form, for the caller to show. Marks from before are cleared.
     */
    showErrors(source) {
      const { placed, unplaced } = sortErrors(source);
      errors = placed;
      draw();
      const first = box.querySelector('[aria-invalid="true"]');
      const target = first && first.tagName === 'FIELDSET' ? first.querySelector('input') : first;
      if (target) target.focus();
      return unplaced;
    },
  };
}

/**
 * A multi-pick vocabulary as a checkbox tree, as the site shows one: a branch's box stands for the
 * leaves under it (ticked when all are chosen, mixed when some are; ticking it chooses them all,
 * unticking it none), and the value is the chosen leaves (a branch term only as it came, until the
 * field is changed).
 */
export function checkboxTree({ name, legend, terms, chosen, onChange, attrs }) {
  const under = branchLeaves(terms);
  const boxes = new Map();
  let picked = new Set(chosen);
  // a branch term stands for the leaves under it
  const asLeaves = chosen => new Set([...chosen].flatMap(term => under.get(term) || [term]));
  const draw = () => {
    const leavesChosen = asLeaves(picked);
    for (const [term, box] of boxes) {
      const leaves = under.get(term);
      if (!leaves) {
        box.checked = leavesChosen.has(term);
        continue;
      }
      const some = leaves.filter(l => leavesChosen.has(l)).length;
      box.checked = some === leaves.length;
      box.indeterminate = some > 0 && some < leaves.length;
    }
  };
  const toggle = (t, on) => {
    // once changed, the value is leaves
    picked = asLeaves(picked);
    for (const term of under.get(t.term) || [t.term]) {
      if (on) picked.add(term); else picked.delete(term);
    }
    picked = new Set(terms.map(x => x.term).filter(x => picked.has(x)));
    draw();
    onChange([...picked]);
  };
  const fieldset = el('fieldset', { class: 'param-checks', ...attrs },
    el('legend', null, legend),
    terms.map(t => {
      const box = el('input', { type: 'checkbox', value: t.term, name,
        'data-branch': under.has(t.term) ? 'true' : null, onchange: e => toggle(t, e.target.checked) });
      boxes.set(t.term, box);
      return el('label', { class: 'depth-' + Math.min(t.depth, 3) }, box, ' ', t.display);
    }));
  draw();
  return fieldset;
}

/** Each branch term of a vocabulary (in `vocabularyTerms` order, with depths) → the leaf terms under it. */
export function branchLeaves(terms) {
  const under = new Map();
  terms.forEach((t, i) => {
    if (t.leaf) return;
    const leaves = [];
    for (let j = i + 1; j < terms.length && terms[j].depth > t.depth; j++) {
      if (terms[j].leaf) leaves.push(terms[j].term);
    }
    // a branch with nothing under it is chosen as a term of its own
    if (leaves.length) under.set(t.term, leaves);
  });
  return under;
}
