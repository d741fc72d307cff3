// The guided run: search → parameters → controls → run, then the experiment's results and
// analyses (experiment.js). The parameter form is generated from the site's parameter specs:
// vocabularies as selects or checkbox lists, dependent parameters refreshed when their parent
// changes, and the site's validation messages shown on the field they name.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { ENRICHMENT_TYPES, errorText, field, fieldErrors, messageOf, parseIds, recordNoun } from './util.js';
import { resolutionView } from './resolution.js';
import { termPicker, wantsTypeahead } from './term-picker.js';

const STEPS = ['search', 'parameters', 'controls', 'run', 'results', 'analysis'];

/** Whether the wizard's record type is a gene's (its controls are gene IDs the site can resolve). */
function geneRecords() {
  return state.recordType === 'transcript' || state.recordType === 'gene';
}

function site(sites, id) {
  return sites.find(s => s.id === id);
}

/** The wizard's state, kept while the person moves between its steps. */
function freshState(sites) {
  return {
    step: 'search', siteId: (sites.find(s => !s.isPortal) || sites[0] || {}).id || '', recordType: 'transcript',
    mode: 'search', recordTypes: null, query: '', searches: null, search: null, specs: null, values: {}, errors: new Map(),
    geneIds: '', controls: { source: 'paste', controlSetId: '', positives: '', negatives: '', newName: '', sets: null, resolution: null },
    name: '', enrichmentTypes: new Set(), enableRobustness: true, enableCrossValidation: false, enableStepAnalysis: false,
  };
}

let state = null;

export function renderWizard(root, context, fromStrategy, preset) {
  const presetKey = preset ? preset.kind + '/' + preset.setId : null;
  if (!state || !site(context.sites, state.siteId) || (fromStrategy && (!state.strategy || state.strategy.id !== fromStrategy))
      || (!fromStrategy && state.strategy) || (presetKey && state.presetKey !== presetKey)) {
    state = freshState(context.sites);
  }
  if (presetKey && state.presetKey !== presetKey) {
    replace(root, el('h2', {}, 'New experiment'), el('p', { class: 'muted' }, 'Loading the gene set…'));
    applyPreset(preset).then(() => { state.presetKey = presetKey; renderWizard(root, context, undefined, preset); }, e => replace(root,
      el('h2', {}, 'New experiment'), el('p', { class: 'error', role: 'alert' }, 'The gene set could not be read: ' + messageOf(e))));
    return;
  }
  if (fromStrategy && !state.strategy) {
    replace(root, el('h2', {}, 'New experiment'), el('p', { class: 'muted' }, 'Loading the strategy…'));
    loadStrategy(fromStrategy).then(() => renderWizard(root, context, fromStrategy), e => replace(root,
      el('h2', {}, 'New experiment'), el('p', { class: 'error', role: 'alert' }, 'The strategy could not be read: ' + errorText(e))));
    return;
  }
  const body = el('div', { class: 'wb-wizard-body' });
  const stepper = el('ol', { class: 'wb-stepper', 'aria-label': 'Experiment steps' });
  replace(root, el('h2', {}, 'New experiment'), stepper, body);

  function go(step) {
    state.step = step;
    draw();
  }

  function draw() {
    const current = STEPS.indexOf(state.step);
    replace(stepper, STEPS.map((s, i) => el('li', {
      class: i === current ? 'current' : i < current ? 'done' : null, 'aria-current': i === current ? 'step' : null,
    }, el('span', { class: 'wb-step-no' }, String(i + 1)), ' ', s)));
    const views = { search: searchStep, parameters: parameterStep, controls: controlStep, run: runStep };
    replace(body, views[state.step](go, context));
  }
  draw();
}

/**
 * A strategy built in the chat, as the experiment's step tree (the plan nodes of api-contract §6.6):
 * the wizard starts at its controls.
 */
async function loadStrategy(id) {
  const view = await api('GET', '/api/v1/strategies/' + encodeURIComponent(id));
  const graph = view.graph || {};
  const steps = new Map((graph.steps || []).map(s => [s.id, s]));
  if (!graph.rootStepId || !steps.has(graph.rootStepId)) {
    throw new Error('the strategy has no single root step yet; finish it in the chat');
  }
  const node = id => {
    const step = steps.get(id);
    const kind = String(step.kind || '').toLowerCase();
    const out = { displayName: step.displayName || undefined };
    if (kind === 'combine') {
      out.operator = step.operator;
      out.primaryInput = node(step.primaryInputStepId);
      out.secondaryInput = node(step.secondaryInputStepId);
    } else {
      out.searchName = step.searchName;
      out.parameters = step.parameters || {};
      if (kind === 'transform') out.primaryInput = node(step.primaryInputStepId);
    }
    return out;
  };
  state.strategy = { id, name: (view.strategy && view.strategy.name) || graph.name || 'strategy', tree: node(graph.rootStepId) };
  state.siteId = (view.strategy && view.strategy.siteId) || state.siteId;
  state.recordType = graph.recordType || state.recordType;
  state.mode = 'strategy';
  state.step = 'controls';
}

/**
 * A gene set (a control set tagged gene-set, #/gene-sets) as the experiment's controls (the saved set
 * chosen, #/new/controls/<id>) or as its gene list (its genes pasted, #/new/gene-list/<id>); the site is
 * the set's, and the wizard starts at its first step.
 */
async function applyPreset({ kind, setId }) {
  const set = await api('GET', '/api/v1/control-sets/' + encodeURIComponent(setId));
  state.siteId = set.siteId;
  if (kind === 'controls') {
    state.controls.source = 'set';
    state.controls.controlSetId = set.id;
  } else {
    state.mode = 'geneIds';
    state.geneIds = (set.positiveIds || []).join('\n');
  }
}

/** Restarts the wizard from its first step (after a run has been started). */
export function resetWizard() {
  state = null;
}

function nav(back, nextLabel, onNext, { nextId } = {}) {
  return el('div', { class: 'wb-nav' },
    back ? el('button', { type: 'button', onclick: back }, 'Back') : null,
    el('button', { type: 'submit', class: 'primary', id: nextId || null, onclick: onNext }, nextLabel));
}

// 1. search ---------------------------------------------------------------------------------------

function searchStep(go, context) {
  const results = el('div', { class: 'wb-search-results', id: 'wb-search-results' });
  const siteSelect = el('select', { id: 'wb-site', value: state.siteId,
    onchange: e => {
      state.siteId = e.target.value;
      state.searches = null;
      state.recordTypes = null;
      state.recordType = 'transcript';
      state.search = null;
      state.controls.sets = null;
      if (state.mode === 'search') find(); else drawResults();
    } },
  context.sites.map(s => el('option', { value: s.id }, s.displayName)));
  const query = el('input', { id: 'wb-search-q', type: 'search', value: state.query, placeholder: 'e.g. kinase, secreted, organism',
    autocomplete: 'off' });
  const geneIds = el('textarea', { id: 'wb-gene-ids', rows: 6, placeholder: 'One gene ID per line, best first' });
  geneIds.value = state.geneIds;
  const modeSearch = el('input', { type: 'radio', name: 'wb-mode', id: 'wb-mode-search', value: 'search', checked: state.mode === 'search' });
  const modeIds = el('input', { type: 'radio', name: 'wb-mode', id: 'wb-mode-ids', value: 'geneIds', checked: state.mode === 'geneIds' });
  const searchPart = el('div', {});
  const error = el('div', {});
  const recordType = el('select', { id: 'wb-record-type', onchange: e => {
    state.recordType = e.target.value;
    state.searches = null;
    state.search = null;
    find();
  } });

  /** The site's record types (GET …/record-types); the searches listed are those of the chosen one. */
  async function loadRecordTypes() {
    if (!state.recordTypes) {
      try {
        const answer = await api('GET', `/api/v1/sites/${encodeURIComponent(state.siteId)}/record-types`);
        state.recordTypes = Array.isArray(answer) ? answer : answer.items || [];
      } catch (e) {
        state.recordTypes = [];
      }
    }
    replace(recordType, recordTypeChoices(state.recordTypes, state.recordType)
      .map(t => el('option', { value: t.name }, t.label)));
    recordType.value = state.recordType;
  }

  async function find(event) {
    if (event) event.preventDefault();
    state.query = query.value.trim();
    const params = new URLSearchParams({ recordType: state.recordType });
    if (state.query) params.set('q', state.query);
    replace(results, el('p', { class: 'muted' }, 'Searching…'));
    try {
      const answer = await api('GET', `/api/v1/sites/${encodeURIComponent(state.siteId)}/searches?${params}`);
      state.searches = (Array.isArray(answer) ? answer : answer.items || answer.searches || []).filter(s => !s.kind || s.kind === 'search');
      drawResults();
    } catch (e) {
      replace(results, errorText('The searches cannot be listed: ' + messageOf(e)));
    }
  }

  function drawResults() {
    if (!state.searches) {
      replace(results);
      return;
    }
    replace(results, state.searches.length ? el('ul', { class: 'wb-choices', 'aria-label': 'Searches' },
      state.searches.slice(0, 40).map(s => el('li', {}, el('button', {
        type: 'button', class: state.search && state.search.name === s.name ? 'wb-choice chosen' : 'wb-choice',
        'data-search': s.name, 'aria-pressed': Boolean(state.search && state.search.name === s.name),
        onclick: () => { state.search = s; state.specs = null; state.values = {}; state.errors = new Map(); go('parameters'); },
      }, el('strong', {}, s.displayName || s.name), el('span', { class: 'visually-hidden' }, ': '),
      el('span', { class: 'muted' }, s.description || s.name)))))
      : el('p', { class: 'muted' }, 'No search matches those words.'));
  }

  function drawMode() {
    state.mode = modeIds.checked ? 'geneIds' : 'search';
    if (state.mode === 'geneIds') {
      state.recordType = 'transcript'; // a pasted list is of genes
    } else {
      loadRecordTypes();
    }
    replace(searchPart, state.mode === 'search'
      ? el('form', { class: 'wb-row', onsubmit: find }, field('Record type', recordType), field('Find a search', query),
        el('button', { type: 'submit' }, 'Find'))
      : el('form', { onsubmit: e => { e.preventDefault(); next(); } },
        field('Gene IDs (the ranked result to evaluate)', geneIds, 'The order is the ranking: the first ID is the best hit.'),
        nav(null, 'Next: controls', null, { nextId: 'wb-next' })));
    if (state.mode === 'search') {
      drawResults();
      searchPart.append(results);
    }
  }

  function next() {
    state.geneIds = geneIds.value;
    if (!parseIds(geneIds.value).length) {
      replace(error, errorText('Paste at least one gene ID.'));
      geneIds.setAttribute('aria-invalid', 'true');
      return;
    }
    go('controls');
  }
  modeSearch.addEventListener('change', drawMode);
  modeIds.addEventListener('change', drawMode);
  drawMode();
  if (state.mode === 'search' && !state.searches) {
    find();
  }
  return el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, '1. What to evaluate'),
    field('Site', siteSelect),
    el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Mode'),
      el('label', {}, modeSearch, ' A search on the site'), el('label', {}, modeIds, ' A list of gene IDs')),
    searchPart, error);
}

/**
 * The record types a person can choose from, each with a label of its own: types with no search
 * are left out (VEuPathDB's "gene" type, whose gene searches are the "transcript" type's, is called
 * "Gene" too), and two types that still share a display name are told apart by their names.
 */
export function recordTypeChoices(types, current) {
  const listed = types.filter(t => t.name === current || t.searchCount === undefined || t.searchCount > 0);
  if (!listed.some(t => t.name === current)) listed.unshift({ name: current, displayName: current });
  const shown = t => t.displayName || t.name;
  return listed.map(t => ({ name: t.name,
    label: listed.filter(o => shown(o) === shown(t)).length > 1 ? `${shown(t)} (${t.name})` : shown(t) }));
}

// 2. parameters -----------------------------------------------------------------------------------

function specsPath() {
  return `/api/v1/sites/${encodeURIComponent(state.siteId)}/searches/${encodeURIComponent(state.search.recordType || state.recordType)}/${encodeURIComponent(state.search.name)}`;
}

/** The terms of a vocabulary in any of WDK's shapes: rows [[term, display]], objects, or a tree. */
function vocabularyTerms(vocabulary) {
  const out = [];
  function walk(node, depth) {
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
  }
  if (Array.isArray(vocabulary) && vocabulary.length && Array.isArray(vocabulary[0])) {
    return vocabulary.map(row => ({ term: row[0], display: row[1] || row[0], depth: 0, leaf: true }));
  }
  walk(vocabulary, 0);
  return out;
}

/** A parameter's value from WDK's display value: multi-picks are JSON-array strings. */
function initialValue(p) {
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
function contextValues() {
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

function parameterStep(go) {
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

// 3. controls -------------------------------------------------------------------------------------

function controlStep(go) {
  const c = state.controls;
  const message = el('div', {});
  const part = el('div', {});
  const noun = recordNoun(state.recordType, state.recordTypes);
  const sources = [['set', 'A saved control set'], ['paste', geneRecords() ? 'Paste gene IDs' : 'Paste IDs'], ['new', 'Paste and save as a new set']];
  const radios = sources.map(([value, label]) => el('label', {}, el('input', {
    type: 'radio', name: 'wb-controls', value, id: 'wb-controls-' + value, checked: c.source === value,
    onchange: () => { c.source = value; draw(); },
  }), ' ', label));

  const positives = el('textarea', { id: 'wb-positives', rows: 5, placeholder: `${noun[0].toUpperCase()}${noun.slice(1)} the search should find`,
    oninput: e => { c.positives = e.target.value; replace(resolution); } });
  positives.value = c.positives;
  const negatives = el('textarea', { id: 'wb-negatives', rows: 5, placeholder: `${noun[0].toUpperCase()}${noun.slice(1)} the search should not find`,
    oninput: e => { c.negatives = e.target.value; replace(resolution); } });
  negatives.value = c.negatives;
  const resolution = el('div', { class: 'wb-resolution', 'aria-live': 'polite' });

  // the lists resolved as a run would resolve them (nothing runs): renamed, unknown, merged, refusals
  async function resolve(body) {
    replace(resolution, el('p', { class: 'muted' }, 'Looking the IDs up on the site…'));
    try {
      const answer = await api('POST', '/api/v1/control-resolutions', { siteId: state.siteId, ...body });
      c.resolution = answer;
      replace(resolution, resolutionView(answer.controlResolution, 'wb-resolution-result', answer));
    } catch (e) {
      replace(resolution, errorText('The IDs cannot be looked up: ' + messageOf(e)));
    }
  }

  function resolvePasted() {
    const positiveControls = parseIds(c.positives);
    const negativeControls = parseIds(c.negatives);
    if (!positiveControls.length && !negativeControls.length) {
      replace(resolution, errorText('Paste some IDs first.'));
      return;
    }
    resolve({ positiveControls, negativeControls });
  }

  async function loadSets() {
    replace(part, el('p', { class: 'muted' }, 'Loading control sets…'));
    try {
      const answer = await api('GET', '/api/v1/control-sets?limit=200&siteId=' + encodeURIComponent(state.siteId));
      c.sets = answer.items || [];
      draw();
    } catch (e) {
      replace(part, errorText('Control sets cannot be loaded: ' + messageOf(e)));
    }
  }

  function draw() {
    if (c.source === 'set') {
      if (!c.sets) {
        loadSets();
        return;
      }
      const chosen = c.sets.find(s => s.id === c.controlSetId);
      replace(part, c.sets.length
        ? field('Control set', el('select', { id: 'wb-control-set', value: c.controlSetId,
          onchange: e => { c.controlSetId = e.target.value; replace(resolution); draw(); } },
        el('option', { value: '' }, 'Choose a set…'),
        c.sets.map(s => el('option', { value: s.id }, `${s.name} (${(s.positiveIds || []).length} positive, ${(s.negativeIds || []).length} negative)`))))
        : el('p', { class: 'muted' }, 'No control set on this site yet: paste IDs and save them as a new set.'),
      chosen ? el('dl', { class: 'wb-set-detail' },
        el('dt', {}, 'Name'), el('dd', { id: 'wb-control-set-name' }, chosen.name),
        el('dt', {}, 'Positives'), el('dd', {}, (chosen.positiveIds || []).slice(0, 12).join(', ') + ((chosen.positiveIds || []).length > 12 ? ' …' : '')),
        el('dt', {}, 'Negatives'), el('dd', {}, (chosen.negativeIds || []).slice(0, 12).join(', ') + ((chosen.negativeIds || []).length > 12 ? ' …' : '')),
        chosen.provenanceNotes ? [el('dt', {}, 'Notes'), el('dd', {}, chosen.provenanceNotes)] : null) : null,
      chosen && chosen.resolution && chosen.resolution.status === 'unknown'
        ? el('p', { class: 'warning-text' }, 'When this set was saved its IDs could not be checked: ' + (chosen.resolution.reason || '')) : null,
      // a saved set keeps its IDs as typed: resolved now, as the run will resolve them
      chosen && geneRecords() ? [el('button', { type: 'button', id: 'wb-resolve', onclick: () => resolve({ controlSetId: chosen.id }) },
        'Check the set’s IDs on the site'), resolution] : null);
    } else {
      const nameInput = el('input', { id: 'wb-set-name', type: 'text', maxlength: 255, value: c.newName,
        oninput: e => { c.newName = e.target.value; } });
      replace(part, c.source === 'new' ? field('Name of the new set', nameInput) : null,
        el('div', { class: 'wb-two' }, field('Positive controls', positives), field('Negative controls', negatives)),
        // ID resolution is the site's gene lookup: other records' IDs are checked by the run itself
        geneRecords() ? [el('button', { type: 'button', id: 'wb-resolve', onclick: resolvePasted }, 'Check the IDs on the site'), resolution] : null);
    }
  }

  async function next(e) {
    e.preventDefault();
    if (c.source === 'set' && !c.controlSetId) {
      replace(message, errorText('Choose a control set.'));
      return;
    }
    if (c.source !== 'set' && !parseIds(c.positives).length) {
      replace(message, errorText('Paste at least one positive control.'));
      positives.setAttribute('aria-invalid', 'true');
      positives.focus();
      return;
    }
    if (c.source === 'new') {
      if (!c.newName.trim()) {
        replace(message, errorText('Give the new set a name.'));
        return;
      }
      try {
        const saved = await api('POST', '/api/v1/control-sets', { name: c.newName.trim(), siteId: state.siteId,
          recordType: state.recordType, positiveIds: parseIds(c.positives), negativeIds: parseIds(c.negatives) });
        c.sets = null;
        c.controlSetId = saved.id;
        c.source = 'set';
      } catch (err) {
        replace(message, errorText('The set cannot be saved: ' + messageOf(err)));
        return;
      }
    }
    go('run');
  }
  draw();
  return el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, geneRecords() ? '3. Control genes' : '3. Controls (' + noun + ')'),
    el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Where the controls come from'), radios),
    part, message,
    el('form', { onsubmit: next }, nav(() => state.mode === 'strategy' ? location.assign('/#' + encodeURIComponent(state.strategy.id))
      : go(state.mode === 'search' ? 'parameters' : 'search'), 'Next: run', null, { nextId: 'wb-next' })));
}

// 4. run ------------------------------------------------------------------------------------------

function defaultName() {
  return state.mode === 'geneIds' ? `Gene list (${parseIds(state.geneIds).length} IDs)`
    : state.mode === 'strategy' ? state.strategy.name : (state.search.displayName || state.search.name);
}

/** The experiment body (api-contract §6.1) from the wizard's state. */
function experimentBody() {
  // an unnamed experiment is named after what it evaluates, so the list tells them apart
  const body = { siteId: state.siteId, recordType: (state.mode === 'search' && state.search.recordType) || state.recordType, name: state.name.trim() || defaultName() };
  if (state.mode === 'geneIds') {
    body.targetGeneIds = parseIds(state.geneIds);
  } else if (state.mode === 'strategy') {
    body.mode = 'multi-step';
    body.stepTree = state.strategy.tree;
  } else {
    body.searchName = state.search.name;
    body.parameters = contextValues();
  }
  const c = state.controls;
  if (c.source === 'set') {
    body.controlSetId = c.controlSetId;
  } else {
    body.positiveControls = parseIds(c.positives);
    body.negativeControls = parseIds(c.negatives);
  }
  if (state.enrichmentTypes.size) body.enrichmentTypes = [...state.enrichmentTypes];
  if (state.enableRobustness) body.enableRobustness = true;
  if (state.enableCrossValidation) body.enableCrossValidation = true;
  if (state.enableStepAnalysis && state.mode !== 'geneIds') body.enableStepAnalysis = true;
  return body;
}

function runStep(go, context) {
  const message = el('div', {});
  const progress = el('ol', { class: 'wb-progress', id: 'wb-run-progress', 'aria-live': 'polite' });
  const name = el('input', { id: 'wb-exp-name', type: 'text', maxlength: 200, value: state.name,
    placeholder: defaultName(),
    oninput: e => { state.name = e.target.value; } });
  const check = (key, label, id) => el('label', {}, el('input', { type: 'checkbox', id, checked: state[key],
    onchange: e => { state[key] = e.target.checked; } }), ' ', label);
  const enrich = ENRICHMENT_TYPES.map(([type, label]) => el('label', {}, el('input', {
    type: 'checkbox', value: type, checked: state.enrichmentTypes.has(type),
    onchange: e => { e.target.checked ? state.enrichmentTypes.add(type) : state.enrichmentTypes.delete(type); },
  }), ' ', label));
  const summary = el('dl', { class: 'wb-summary' },
    el('dt', {}, 'Site'), el('dd', {}, (site(context.sites, state.siteId) || {}).displayName || state.siteId),
    el('dt', {}, 'Record type'), el('dd', { id: 'wb-summary-record-type' }, recordNoun(state.recordType, state.recordTypes) === 'genes'
      ? 'genes (' + state.recordType + ')' : recordNoun(state.recordType, state.recordTypes) + ' (' + state.recordType + ')'),
    el('dt', {}, 'Evaluates'), el('dd', {}, state.mode === 'strategy' ? 'the strategy ' + state.strategy.name
      : state.mode === 'search' ? (state.search.displayName || state.search.name)
      : parseIds(state.geneIds).length + ' gene IDs'),
    el('dt', {}, 'Controls'), el('dd', {}, state.controls.source === 'set'
      ? 'control set ' + ((state.controls.sets || []).find(s => s.id === state.controls.controlSetId) || { name: state.controls.controlSetId }).name
      : `${parseIds(state.controls.positives).length} positive, ${parseIds(state.controls.negatives).length} negative`));

  async function run(e) {
    e.preventDefault();
    const button = e.submitter || e.target.querySelector('button[type=submit]');
    if (button) button.disabled = true;
    replace(message);
    let started;
    try {
      started = await api('POST', '/api/v1/experiments', experimentBody());
    } catch (err) {
      replace(message, errorText('The experiment cannot start: ' + messageOf(err)));
      if (button) button.disabled = false;
      return;
    }
    replace(progress, el('li', {}, 'Queued.'));
    context.refreshList();
    const id = started.experimentId;
    const cancel = el('button', { type: 'button', id: 'wb-run-cancel', onclick: async () => {
      cancel.disabled = true;
      await api('POST', `/api/v1/operations/${encodeURIComponent(started.operationId)}/cancel`).catch(() => null);
    } }, 'Cancel the run');
    const connection = el('span', { class: 'muted', role: 'status' });
    replace(message, el('div', { class: 'wb-row' }, cancel, connection));
    const stream = followOperation(started.operationId, {
      onEvent(type, data) {
        if (type === 'experiment_progress') {
          progress.append(el('li', { class: 'phase-' + data.phase }, data.message || data.phase));
        } else if (type === 'experiment_error') {
          progress.append(el('li', { class: 'error' }, 'Failed: ' + (data.error || 'unknown error')));
        } else if (type === 'experiment_end') {
          progress.append(el('li', {}, 'Finished: ' + (data.status || 'done')));
          cancel.remove();
          context.refreshList();
          if (!data.status || data.status === 'completed') {
            resetWizard();
            location.hash = '#/experiments/' + encodeURIComponent(id) + '/results';
          }
        }
      },
      onState(s) {
        progress.dataset.state = s;
        connection.textContent = s === 'reconnecting' ? 'Connection lost; reconnecting…' : '';
      },
    });
    context.setDispose(() => stream.close());
  }

  return el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, '4. Run'), summary,
    el('form', { onsubmit: run },
      field('Experiment name', name),
      el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Also compute'),
        check('enableRobustness', 'Confidence intervals (bootstrap)', 'wb-opt-robustness'),
        check('enableCrossValidation', 'Cross-validation', 'wb-opt-cv'),
        state.mode !== 'geneIds' ? check('enableStepAnalysis', 'Step analysis', 'wb-opt-steps') : null),
      el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Enrichment'), enrich),
      el('div', { class: 'wb-nav' }, el('button', { type: 'button', onclick: () => go('controls') }, 'Back'),
        el('button', { type: 'submit', class: 'primary', id: 'wb-run' }, 'Run experiment'))),
    message, progress);
}
