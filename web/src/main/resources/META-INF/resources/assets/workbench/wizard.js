// The guided run: search → parameters → controls → run, then the experiment's results and
// analyses (experiment.js). One module per step under wizard/; their shared state in wizard/state.js.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText } from './util.js';
import { site, startWizard, state } from './wizard/state.js';
import { searchStep } from './wizard/search-step.js';
import { parameterStep } from './wizard/parameter-step.js';
import { controlStep } from './wizard/control-step.js';
import { runStep } from './wizard/run-step.js';

export { resetWizard } from './wizard/state.js';
export { recordTypeChoices } from './wizard/search-step.js';

const STEPS = ['search', 'parameters', 'controls', 'run', 'results', 'analysis'];

export function renderWizard(root, context, fromStrategy) {
  if (!state || !site(context.sites, state.siteId) || (fromStrategy && (!state.strategy || state.strategy.id !== fromStrategy))
      || (!fromStrategy && state.strategy)) {
    startWizard(context.sites);
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
