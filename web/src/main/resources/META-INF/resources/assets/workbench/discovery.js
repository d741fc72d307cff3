// Strategy discovery in the workbench: control genes in, the strategy that separates them out
// (POST /api/v1/strategy-discovery). #/discover is the form; #/discoveries/<id> follows one on its
// operation's stream (each phase, each candidate as the site counts it) and shows the strategies it
// proposes, each openable as a conversation in the chat or runnable as an experiment, and the report of
// a finished one.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation, problemMessage } from '/assets/shared/operation-stream.js';
import { errorText, field, num, parseIds, pct } from './util.js';

const PHASE_NAMES = { profiling: 'Profiling your genes', candidates: 'Finding candidate searches',
  counting: 'Counting candidates against your genes', tuning: 'Tuning parameters', combining: 'Combining under cross-validation',
  result: 'Sizing the strategies on the site' };

/** The form: site, the two lists, the objective and the limits. */
export function renderDiscoveryForm(main, context) {
  const sites = context.sites || [];
  const site = el('select', { id: 'wb-disc-site' }, sites.map(s => el('option', { value: s.id || s.siteId }, s.displayName)));
  if (sites.some(s => (s.id || s.siteId) === 'plasmodb')) site.value = 'plasmodb';
  const positives = el('textarea', { id: 'wb-disc-positives', rows: 5, required: true, 'aria-required': 'true' });
  const negatives = el('textarea', { id: 'wb-disc-negatives', rows: 5 });
  const objective = el('select', { id: 'wb-disc-objective' },
    [['f1', 'F1 (default)'], ['mcc', 'MCC'], ['precision', 'Precision'], ['recall_at_precision', 'Recall at a precision floor']]
      .map(([value, label]) => el('option', { value }, label)));
  const floor = el('input', { id: 'wb-disc-floor', type: 'number', min: '0.05', max: '1', step: '0.05', value: '0.8' });
  const maxSteps = el('input', { id: 'wb-disc-steps', type: 'number', min: '1', max: '5', value: '3' });
  const budget = el('input', { id: 'wb-disc-budget', type: 'number', min: '20', max: '2000', value: '300' });
  const status = el('div', { id: 'wb-disc-status', role: 'status' });
  const form = el('form', { class: 'wb-discovery-form', novalidate: true, onsubmit: async e => {
    e.preventDefault();
    const body = { siteId: site.value, positiveControls: parseIds(positives.value), objective: objective.value,
      maxSteps: Number(maxSteps.value), budget: Number(budget.value) };
    const negativeIds = parseIds(negatives.value);
    if (negativeIds.length) body.negativeControls = negativeIds;
    if (objective.value === 'recall_at_precision') body.precisionFloor = Number(floor.value);
    replace(status, el('p', { class: 'muted' }, 'Starting…'));
    try {
      const started = await api('POST', '/api/v1/strategy-discovery', body);
      location.hash = '#/discoveries/' + encodeURIComponent(started.discoveryId);
    } catch (error) {
      if (error.status === 401) context.signInNeeded();
      replace(status, errorText(problemMessage(error)));
    }
  } },
  field('Site', site),
  field('Positive control genes', positives, 'Genes the strategy should find: at least 3, one per line or separated by commas.'),
  field('Negative control genes', negatives, 'Genes it should leave out (optional, but they make the choice much better).'),
  field('Objective', objective), field('Precision floor', floor, 'Only for recall at a precision floor.'),
  field('Most searches to combine', maxSteps), field('Site calls it may make', budget),
  el('button', { type: 'submit', class: 'wb-button primary', id: 'wb-disc-start' }, 'Find the strategy'), status);
  replace(main, el('section', { class: 'wb-discovery', 'aria-labelledby': 'wb-disc-title' },
    el('h2', { id: 'wb-disc-title' }, 'Start from control genes'),
    el('p', {}, 'Give genes you know belong (and genes you know do not). StrategyLab profiles them on the site, counts '
      + 'candidate searches against them, tunes and combines the best, and proposes the strategies that separate them, '
      + 'scored under cross-validation so that the choice is not fitted to your genes.'), form));
  context.reveal();
}

/** One discovery: its progress while it runs, then what it proposes. */
export async function renderDiscovery(main, id, context) {
  const progress = el('ol', { class: 'wb-disc-phases', id: 'wb-disc-phases' });
  const candidates = el('tbody', {});
  const outcome = el('div', { id: 'wb-disc-result', 'aria-live': 'polite' });
  const state = el('p', { class: 'muted', id: 'wb-disc-state', role: 'status' }, 'Loading…');
  replace(main, el('section', { class: 'wb-discovery', 'aria-labelledby': 'wb-disc-title' },
    el('h2', { id: 'wb-disc-title' }, 'Strategy discovery'), state, progress,
    el('table', { class: 'wb-disc-candidates', id: 'wb-disc-candidates' },
      el('caption', {}, 'Candidate searches, as the site counts them against your genes'),
      el('thead', {}, el('tr', {}, ['Search', 'Positives', 'Negatives', 'Result size', 'Score']
        .map(h => el('th', { scope: 'col' }, h)))), candidates), outcome));
  let discovery;
  try {
    discovery = await api('GET', '/api/v1/strategy-discovery/' + encodeURIComponent(id));
  } catch (error) {
    if (error.status === 401) context.signInNeeded();
    replace(state, errorText(error.status === 404 ? 'No such discovery of yours.' : problemMessage(error)));
    return;
  }
  const phases = new Map();
  function phase(data) {
    let line = phases.get(data.phase);
    if (!line) {
      line = el('li', { dataset: { phase: data.phase } });
      phases.set(data.phase, line);
      progress.append(line);
    }
    const count = typeof data.current === 'number' && typeof data.total === 'number' ? ` (${data.current} of ${data.total})` : '';
    replace(line, el('strong', {}, (PHASE_NAMES[data.phase] || data.phase) + count), data.message ? ' — ' + data.message : '');
    if (data.candidate) candidates.append(candidateRow(data.candidate));
    if (typeof data.siteCalls === 'number') replace(state, `Running: ${data.siteCalls} of ${data.budget} site calls so far.`);
  }
  if (discovery.status === 'completed' || discovery.status === 'error' || discovery.status === 'cancelled') {
    (discovery.result && discovery.result.candidates || []).forEach(c => candidates.append(candidateRow(c)));
    drawOutcome(discovery, state, outcome);
    return;
  }
  const stream = followOperation(discovery.operationId, {
    onEvent: (type, data) => {
      if (type === 'discovery_progress') {
        phase(data);
      } else if (type === 'discovery_complete' || type === 'operation_failed' || type === 'operation_cancelled') {
        api('GET', '/api/v1/strategy-discovery/' + encodeURIComponent(id))
          .then(done => drawOutcome(done, state, outcome))
          .catch(error => replace(state, errorText(problemMessage(error))));
      }
    },
    onError: error => replace(state, errorText(problemMessage(error))),
  });
  context.setDispose(() => stream.close());
}

function candidateRow(c) {
  return el('tr', {}, el('td', {}, c.label || c.searchName), el('td', {}, String(c.positiveHits ?? '–')),
    el('td', {}, String(c.negativeHits ?? '–')), el('td', {}, c.resultSize === null || c.resultSize === undefined ? '–' : String(c.resultSize)),
    el('td', {}, c.score === null || c.score === undefined ? '–' : num(c.score)));
}

function drawOutcome(discovery, state, outcome) {
  if (discovery.status !== 'completed' || !discovery.result) {
    replace(state, errorText('The discovery ended ' + discovery.status + (discovery.error ? ': ' + discovery.error : '') + '.'));
    return;
  }
  const r = discovery.result;
  replace(state, `Completed: ${r.siteCalls} of ${r.budget} site calls` + (r.budgetExhausted ? ' — the budget ran out, so these are the best found so far.' : '.'));
  const rows = (r.strategies || []).map(s => el('tr', { class: s.chosen ? 'wb-disc-chosen' : null, dataset: { rank: String(s.rank) } },
    el('td', {}, String(s.rank), s.chosen ? el('span', { class: 'wb-class' }, ' recommended') : null),
    el('td', {}, s.description), el('td', {}, num(s.score)),
    el('td', {}, num(s.foldMean) + ' ± ' + num(s.foldStdDev)),
    el('td', {}, s.metrics ? pct(s.metrics.sensitivity) : '–'), el('td', {}, s.metrics ? pct(s.metrics.specificity) : '–'),
    el('td', {}, s.resultSize === null || s.resultSize === undefined ? '–' : String(s.resultSize)),
    el('td', {}, el('button', { type: 'button', class: 'wb-disc-open', onclick: e => openInChat(discovery, s, e.target) }, 'Open in the chat'),
      ' ', el('button', { type: 'button', class: 'wb-disc-run', onclick: e => runAsExperiment(discovery, s, e.target) }, 'Run as an experiment'))));
  replace(outcome,
    r.profile && r.profile.summary ? el('p', { id: 'wb-disc-profile' }, el('strong', {}, 'What distinguishes your positives: '), r.profile.summary) : null,
    el('p', { id: 'wb-disc-cv' }, `Cross-validated ${r.objective}: ${num(r.crossValidatedScore)} · overfitting ${r.overfittingLevel}`
      + ` · ${r.positives} positives, ${r.negatives} negatives`),
    (r.warnings || []).length ? el('ul', { class: 'warning-text' }, r.warnings.map(w => el('li', {}, typeof w === 'string' ? w : (w.message || JSON.stringify(w))))) : null,
    el('table', { id: 'wb-disc-strategies' }, el('caption', {}, 'Proposed strategies, best first'),
      el('thead', {}, el('tr', {}, ['Rank', 'Strategy', 'Score', 'Across folds', 'Sensitivity', 'Specificity', 'Genes on the site', '']
        .map(h => el('th', { scope: 'col' }, h)))), el('tbody', {}, rows)),
    el('p', {}, el('a', { class: 'wb-button', id: 'wb-disc-report',
      href: `/api/v1/strategy-discovery/${encodeURIComponent(discovery.discoveryId)}/report`,
      download: `discovery-${discovery.discoveryId}-report.html` }, 'Export report')),
    el('p', { id: 'wb-disc-action', role: 'status' }));
}

async function openInChat(discovery, strategy, button) {
  button.disabled = true;
  try {
    const opened = await api('POST', '/api/v1/strategies/from-discovery', { discoveryId: discovery.discoveryId, rank: strategy.rank });
    location.href = '/#' + encodeURIComponent(opened.strategy.id);
  } catch (error) {
    button.disabled = false;
    replace(document.getElementById('wb-disc-action'), errorText(problemMessage(error)));
  }
}

async function runAsExperiment(discovery, strategy, button) {
  button.disabled = true;
  const request = discovery.request || {};
  const body = { siteId: discovery.siteId, recordType: discovery.result.recordType, name: 'Discovered: ' + strategy.description,
    mode: 'multi-step', stepTree: strategy.stepTree, positiveControls: request.positiveControls || [] };
  if ((request.negativeControls || []).length) body.negativeControls = request.negativeControls;
  try {
    const started = await api('POST', '/api/v1/experiments', body);
    location.hash = '#/experiments/' + encodeURIComponent(started.experimentId);
  } catch (error) {
    button.disabled = false;
    replace(document.getElementById('wb-disc-action'), errorText(problemMessage(error)));
  }
}
