// The wizard's fourth step: the experiment's name and options, then the run started and followed.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { ENRICHMENT_TYPES, errorText, field, messageOf, parseIds, recordNoun } from '../util.js';
import { nav, resetWizard, site, state } from './state.js';
import { contextValues } from './parameter-step.js';
import { followRun } from '../run-progress.js';

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

export function runStep(go, context) {
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
    const cancel = el('button', { type: 'button', id: 'wb-run-cancel' }, 'Cancel the run');
    const connection = el('sl-stream-status', { class: 'muted', 'live-text': '' });
    replace(message, el('div', { class: 'wb-row' }, cancel, connection));
    const stream = followRun(started.operationId, { progress, status: connection, cancel, onEnd: data => {
      progress.append(el('li', {}, 'Finished: ' + (data.status || 'done')));
      cancel.remove();
      context.refreshList();
      if (!data.status || data.status === 'completed') {
        resetWizard();
        location.hash = '#/experiments/' + encodeURIComponent(id) + '/results';
      }
    } });
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
