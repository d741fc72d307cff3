// The wizard's second step: the parameter form generated from the site's parameter specs (vocabularies
// as selects, checkbox trees or a typeahead; dependent parameters refreshed when their parent changes),
// the values checked by the site and each refusal shown on its field.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, field, fieldErrors, messageOf } from '../util.js';
import { termPicker, wantsTypeahead } from '../term-picker.js';
import { initialValue, vocabularyTerms } from '/assets/shared/param-form.js';
import { nav, state } from './state.js';

function specsPath() {
  return `/api/v1/sites/${encodeURIComponent(state.siteId)}/searches/${encodeURIComponent(state.search.recordType || state.recordType)}/${encodeURIComponent(state.search.name)}`;
}

/**
 * An organism parameter starts at one organism, not at every organism of the site (the site's own
 * default): the one this person chose last on the site, else the vocabulary's first.
 */
function oneOrganism(p, value) {
  if (p.type !== 'multi-pick-vocabulary' || !/organism/i.test(p.name) || !Array.isArray(value) || value.length <= 1) {
    return value;
  }
  const leaves = vocabularyTerms(p.vocabulary).filter(t => t.leaf).map(t => t.term);
  const remembered = rememberedOrganism();
  if (remembered && leaves.includes(remembered)) return [remembered];
  return leaves.length ? [leaves[0]] : value;
}

function organismKey() {
  return 'strategylab.organism.' + state.siteId;
}

function rememberedOrganism() {
  try {
    return localStorage.getItem(organismKey());
  } catch (e) {
    return null; // storage refused (private mode): the first organism then
  }
}

function rememberOrganism(p) {
  const value = state.values[p.name];
  if (/organism/i.test(p.name) && Array.isArray(value) && value.length === 1) {
    try {
      localStorage.setItem(organismKey(), value[0]);
    } catch (e) {
      // not remembered: nothing else depends on it
    }
  }
}

/** The values as the experiment and /validate take them: arrays for multi-picks, strings else. */
export function contextValues() {
  const out = {};
  for (const p of visibleParams()) {
    const v = state.values[p.name];
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}

function visibleParams() {
  return (state.specs && state.specs.parameters || []).filter(p => p.isVisible !== false && p.type !== 'input-step');
}

export function parameterStep(go) {
  const form = el('form', { class: 'wb-params', id: 'wb-params', novalidate: true });
  const message = el('div', {});
  const box = el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, '2. Parameters of ', el('q', {}, state.search.displayName || state.search.name)),
    state.search.description ? el('p', { class: 'muted' }, state.search.description) : null, form, message);

  async function load() {
    replace(form, el('p', { class: 'muted' }, 'Loading the parameters…'));
    try {
      state.specs = await api('GET', specsPath() + '/param-specs');
      for (const p of state.specs.parameters || []) {
        if (!(p.name in state.values)) state.values[p.name] = oneOrganism(p, initialValue(p));
      }
      drawForm();
    } catch (e) {
      replace(form, errorText('The parameters cannot be loaded: ' + messageOf(e)));
    }
  }

  async function changed(p) {
    state.errors.delete('/contextValues/' + p.name);
    rememberOrganism(p);
    if (p.dependentParams && p.dependentParams.length) {
      try {
        const answer = await api('POST', specsPath() + '/dependent-params',
          { changedParam: { name: p.name, value: state.values[p.name] }, contextValues: contextValues() });
        const updated = Array.isArray(answer) ? answer : answer.parameters || [];
        for (const u of updated) {
          const i = state.specs.parameters.findIndex(x => x.name === u.name);
          if (i >= 0) state.specs.parameters[i] = u;
          state.values[u.name] = initialValue(u);
        }
        drawForm();
      } catch (e) {
        replace(message, errorText('The dependent parameters cannot be refreshed: ' + messageOf(e)));
      }
    }
  }

  function control(p) {
    const id = 'wb-param-' + p.name;
    const err = state.errors.get('/contextValues/' + p.name) || state.errors.get('/parameters/' + p.name);
    const errId = id + '-error';
    const common = { id, name: p.name, 'aria-invalid': err ? 'true' : null, 'aria-describedby': err ? errId : null };
    let input;
    if (p.type === 'single-pick-vocabulary' || p.type === 'multi-pick-vocabulary') {
      const terms = vocabularyTerms(p.vocabulary);
      if (p.type === 'multi-pick-vocabulary' && wantsTypeahead(p, terms)) {
        return el('div', { class: 'wb-field' + (err ? ' invalid' : '') }, termPicker({
          id, parameter: p, terms, chosen: state.values[p.name] || [],
          vocabularyPath: `${specsPath()}/param-specs/${encodeURIComponent(p.name)}/vocabulary`,
          onChange: picked => { state.values[p.name] = picked; changed(p); },
          invalid: err ? { describedBy: errId } : null,
        }), err ? el('p', { id: errId, class: 'error field-error' }, err) : null);
      }
      if (p.type === 'multi-pick-vocabulary') {
        const chosen = new Set(state.values[p.name] || []);
        input = el('fieldset', { id, class: 'wb-checks', 'aria-invalid': common['aria-invalid'], 'aria-describedby': common['aria-describedby'] },
          el('legend', {}, p.displayName || p.name),
          terms.map(t => el('label', { class: 'depth-' + Math.min(t.depth, 3) }, el('input', {
            type: 'checkbox', value: t.term, checked: chosen.has(t.term),
            onchange: e => {
              const set = new Set(state.values[p.name] || []);
              e.target.checked ? set.add(t.term) : set.delete(t.term);
              state.values[p.name] = terms.map(x => x.term).filter(x => set.has(x));
              changed(p);
            },
          }), ' ', t.display)));
        return el('div', { class: 'wb-field' }, input, err ? el('p', { id: errId, class: 'error field-error' }, err) : null,
          p.help ? el('small', { class: 'muted' }, p.help) : null);
      }
      input = el('select', { ...common, value: state.values[p.name],
        onchange: e => { state.values[p.name] = e.target.value; changed(p); } },
      p.allowEmptyValue ? el('option', { value: '' }, '(none)') : null,
      terms.map(t => el('option', { value: t.term }, '\u00a0'.repeat(t.depth * 2) + t.display)));
    } else if (p.type === 'number') {
      input = el('input', { ...common, type: 'number', step: p.increment || 'any', min: p.min, max: p.max, value: state.values[p.name],
        oninput: e => { state.values[p.name] = e.target.value; }, onchange: () => changed(p) });
    } else if (p.type === 'input-dataset') {
      input = el('textarea', { ...common, rows: 4, oninput: e => { state.values[p.name] = e.target.value; } });
      input.value = state.values[p.name] || '';
    } else {
      input = el('input', { ...common, type: 'text', value: state.values[p.name],
        oninput: e => { state.values[p.name] = e.target.value; }, onchange: () => changed(p) });
    }
    return el('div', { class: 'wb-field' + (err ? ' invalid' : '') }, el('label', { for: id }, p.displayName || p.name), input,
      err ? el('p', { id: errId, class: 'error field-error' }, err) : null, p.help ? el('small', { class: 'muted' }, p.help) : null);
  }

  function drawForm() {
    replace(form, visibleParams().map(control),
      nav(() => go('search'), 'Next: controls', async e => {
        e.preventDefault();
        replace(message, el('p', { class: 'muted' }, 'Checking the values with the site…'));
        try {
          const answer = await api('POST', specsPath() + '/validate', { contextValues: contextValues() });
          state.errors = new Map();
          state.normalized = answer.normalizedContextValues || null;
          go('controls');
        } catch (err) {
          state.errors = fieldErrors(err);
          replace(message, errorText(err.status === 422 ? 'The site refused some values; see the fields marked.' : messageOf(err)));
          drawForm();
          // keyboard users land on the first refused field (a checkbox list: its first box)
          const first = form.querySelector('[aria-invalid="true"]');
          const target = first && first.tagName === 'FIELDSET' ? first.querySelector('input') : first;
          if (target) target.focus();
        }
      }, { nextId: 'wb-next' }));
  }
  if (state.specs) {
    drawForm();
  } else {
    load();
  }
  return box;
}
