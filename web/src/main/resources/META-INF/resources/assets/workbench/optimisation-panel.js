// Parameter optimisation of an experiment's search (or of one search of its tree) from the page:
// which parameters to vary and over what, the objective, the trials and the method; the operation's
// trials followed on its stream and drawn as they arrive (trials-chart.js); then the stored result
// (`optimizationResult`) with its trials, best trial, frontier and what each parameter explains.
// Also the live part of the tree optimisation panel (analysis.js): its trials as they arrive.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { errorText, field, messageOf, num, pct, sortableTable } from './util.js';
import { readTree, searchNodes } from './tree-steps.js';
import { trialParameters, trialsView } from './trials-chart.js';
import { geneCount } from '/assets/components/gene-count.js';

/**
 * What a parameter optimisation may score trials by (evaluation-core's Objective); the first is the
 * service's default for it.
 */
const OBJECTIVES = [
  ['balanced_accuracy', 'Balanced accuracy (default)'], ['f1', 'F1'], ['mcc', 'Matthews correlation (MCC)'],
  ['youdens_j', "Youden's J"], ['sensitivity', 'Sensitivity (recall)'], ['specificity', 'Specificity'],
  ['precision', 'Precision'], ['precision_at_50', 'Precision among the top 50'], ['recall_at_50', 'Recall among the top 50'],
  ['enrichment_at_50', 'Enrichment among the top 50'],
];
const METHODS = [['adaptive', 'Adaptive (default)'], ['random', 'Random'], ['grid', 'Grid']];
const MOST_CHOICES = 30;

/** Why a stopped optimisation stopped early, for people. */
function stopText(reason) {
  return { target_reached: 'stopped early: a trial scored perfectly', no_improvement: 'stopped early: no better trial for a while' }[reason]
    || (reason ? 'stopped early: ' + reason : '');
}

/** A parameter whose values are numbers: WDK's number params and strings marked isNumber. */
function numeric(p) {
  return p.type === 'number' || (p.type === 'string' && p.isNumber === true);
}

/** The terms of a single-pick vocabulary (rows [[term, display]] or objects), for a categorical spec. */
function terms(p) {
  const vocabulary = p.vocabulary;
  if (Array.isArray(vocabulary)) {
    return vocabulary.map(row => (Array.isArray(row) ? { term: row[0], display: row[1] || row[0] }
      : { term: row.term, display: row.display || row.term })).filter(t => t.term !== undefined);
  }
  return [];
}

/** A trials table: number, what it tried, its score, recall, false-positive rate, result size, status. */
function trialsTable(trials, objective) {
  return sortableTable([
    { key: 'n', label: 'Trial', value: t => t.trialNumber, numeric: true },
    { key: 'params', label: 'Parameters', value: t => trialParameters(t) },
    { key: 'score', label: objective, value: t => t.score, numeric: true },
    { key: 'recall', label: 'Recall', value: t => t.recall, numeric: true, render: t => pct(t.recall) },
    { key: 'fpr', label: 'False-positive rate', value: t => t.falsePositiveRate, numeric: true, render: t => pct(t.falsePositiveRate) },
    { key: 'size', label: 'Result', value: t => t.resultCount, numeric: true,
      render: t => geneCount(t.resultCount) },
    { key: 'status', label: 'Status', value: t => (t.status === 'complete' ? 'counted' : (t.status || '') + (t.error ? ': ' + t.error : '')) },
  ], trials, { pageSize: 15, initialSort: { key: 'n', dir: 1 }, caption: 'Trials' });
}

/** The stored result of the latest parameter optimisation. */
function storedResult(result) {
  const objective = result.objective || 'score';
  const view = trialsView({ idPrefix: 'wb-popt', objective });
  view.update({ trials: result.allTrials || [], bestTrial: result.bestTrial, paretoFrontier: result.paretoFrontier || [],
    total: result.totalTrials, objective });
  const best = result.bestTrial;
  const importance = Object.entries(result.sensitivity || {});
  return el('div', {},
    el('p', { id: 'wb-popt-summary' }, `${(result.allTrials || []).length} of ${result.totalTrials} trials, scored by `,
      el('strong', {}, objective), best ? `. Best: trial ${best.trialNumber} (${objective} ${num(best.score)}; ${trialParameters(best)})`
        : '. No trial was counted.', result.status && result.status !== 'completed' ? ` · ${result.status}` : '',
      result.stopReason ? ' · ' + stopText(result.stopReason) : ''),
    result.errorMessage ? errorText(result.errorMessage) : null,
    view.node,
    importance.length ? el('p', { class: 'muted', id: 'wb-popt-importance' }, 'Share of the score’s variation each parameter explains: '
      + importance.map(([name, share]) => `${name} ${pct(share)}`).join(', ')) : null,
    trialsTable(result.allTrials || [], objective));
}

/**
 * The trials of a running optimisation as its `experiment_progress` events bring them
 * (`trialProgress`: `started`, then `running` with each trial and the best so far, then the end with
 * every trial and the frontier). Returns {node, onEvent(type, data)}.
 */
function liveTrials({ idPrefix, objective, total, noFrontier, progressId }) {
  const view = trialsView({ idPrefix, objective, noFrontier });
  const progress = el('p', { class: 'muted', id: progressId, role: 'status' }, 'Starting…');
  const trials = new Map();
  let best = null;
  let frontier = null;
  let budget = total;
  let shownObjective = objective;
  const node = el('div', {}, progress, view.node);

  function onEvent(type, data) {
    const p = type === 'experiment_progress' ? data.trialProgress : null;
    if (!p) return;
    if (p.objective) shownObjective = p.objective;
    if (typeof p.totalTrials === 'number') budget = p.totalTrials;
    if (p.trial) trials.set(p.trial.trialNumber, p.trial);
    for (const t of p.allTrials || []) trials.set(t.trialNumber, t);
    if (p.bestTrial !== undefined) best = p.bestTrial;
    if (p.paretoFrontier) frontier = p.paretoFrontier;
    const done = p.status && p.status !== 'started' && p.status !== 'running';
    progress.textContent = done ? `Optimisation ${p.status}: ${trials.size} trials.`
      : `${p.currentTrial || 0} of ${budget} trials counted…`;
    progress.dataset.status = p.status || '';
    view.update({ trials: [...trials.values()], bestTrial: best, paretoFrontier: frontier, total: budget, objective: shownObjective });
  }
  return { node, onEvent };
}

/**
 * The live part of the tree optimisation panel: the progress in trees counted, then the trials once
 * the optimisation has them (a tree optimisation's progress carries no trial until its end, and its
 * trials no recall or false-positive rate).
 */
export function liveTreeTrials(objective, total) {
  return liveTrials({ idPrefix: 'wb-topt', objective, total, progressId: 'wb-topt-progress',
    noFrontier: 'A tree optimisation’s trials carry no recall or false-positive rate, so there is no frontier to draw.' });
}

/** The stored trials of a tree optimisation, drawn as the live ones were. */
export function storedTreeTrials(result) {
  const view = trialsView({ idPrefix: 'wb-topt', objective: result.objective || 'score',
    noFrontier: 'A tree optimisation’s trials carry no recall or false-positive rate, so there is no frontier to draw.' });
  view.update({ trials: result.allTrials || [], bestTrial: result.bestTrial, total: (result.allTrials || []).length,
    objective: result.objective || 'score' });
  return view.node;
}

/** The parameter optimisation panel of a completed experiment (analysis.js). */
export function parameterOptimisationPanel(context) {
  const experiment = context.experiment;
  const config = experiment.config || {};
  const result = experiment.optimizationResult;
  const resultBox = el('div', { id: 'wb-popt-result' }, result ? storedResult(result)
    : el('p', { class: 'muted' }, 'No parameter optimisation yet.'));
  const message = el('div', {});
  if (!config.searchName && !config.stepTree) {
    return el('div', {}, resultBox, el('p', { class: 'muted' }, 'A gene-list experiment has no search whose parameters could be tuned.'));
  }
  const nodes = searchNodes(readTree(config.stepTree));
  const target = nodes.length ? el('select', { id: 'wb-popt-step' }, nodes.map(n => el('option', { value: n.id },
    `${n.json.displayName || n.json.searchName} (${n.id})`))) : null;
  const rows = el('div', { class: 'wb-popt-params', id: 'wb-popt-params' }, el('p', { class: 'muted' }, 'Loading the parameters…'));
  const objective = el('select', { id: 'wb-popt-objective' }, OBJECTIVES.map(([value, label]) => el('option', { value }, label)));
  const budget = el('input', { id: 'wb-popt-budget', type: 'number', min: 5, max: 200, value: 12 });
  const method = el('select', { id: 'wb-popt-method' }, METHODS.map(([value, label]) => el('option', { value }, label)));
  const submit = el('button', { type: 'submit', id: 'wb-popt-submit', disabled: true }, 'Optimise the parameters');
  let specs = [];

  /** One row per parameter that can be varied: a number (a range) or a single choice (its values). */
  function row(p, current) {
    const id = 'wb-popt-' + p.name;
    const tune = el('input', { type: 'checkbox', id: id + '-tune', dataset: { param: p.name } });
    if (numeric(p)) {
      const value = Number(current);
      const lowBound = typeof p.min === 'number' ? p.min : -Infinity;
      const highBound = typeof p.max === 'number' ? p.max : Infinity;
      const lo = el('input', { id: id + '-min', type: 'number', step: p.isInteger ? 1 : 'any',
        value: Number.isFinite(value) && value > 0 ? Math.max(lowBound, value / 2) : (Number.isFinite(lowBound) ? lowBound : 0) });
      const hi = el('input', { id: id + '-max', type: 'number', step: p.isInteger ? 1 : 'any',
        value: Number.isFinite(value) && value > 0 ? Math.min(highBound, value * 2) : (Number.isFinite(highBound) ? highBound : 100) });
      const box = el('fieldset', { class: 'wb-popt-param', dataset: { param: p.name } },
        el('legend', {}, el('label', {}, tune, ' ', p.displayName || p.name), el('span', { class: 'muted' },
          ` now ${current ?? '–'}` + (p.isInteger ? ' · whole numbers' : ''))),
        el('div', { class: 'wb-row' }, field('From', lo), field('To', hi)));
      return { box, spec: () => (tune.checked ? { name: p.name, type: p.isInteger ? 'integer' : 'numeric', min: Number(lo.value), max: Number(hi.value) } : null) };
    }
    const choices = terms(p).slice(0, MOST_CHOICES);
    const boxes = choices.map(t => el('input', { type: 'checkbox', value: t.term, checked: true, dataset: { param: p.name } }));
    const box = el('fieldset', { class: 'wb-popt-param', dataset: { param: p.name } },
      el('legend', {}, el('label', {}, tune, ' ', p.displayName || p.name), el('span', { class: 'muted' }, ` now ${current ?? '–'}`)),
      el('div', { class: 'wb-inline' }, choices.map((t, i) => el('label', {}, boxes[i], ' ', t.display))));
    return { box, spec: () => (tune.checked ? { name: p.name, type: 'categorical', choices: boxes.filter(b => b.checked).map(b => b.value) } : null) };
  }

  async function loadParameters() {
    const node = target ? nodes.find(n => n.id === target.value) : null;
    const search = node ? node.json.searchName : config.searchName;
    const values = (node ? node.json.parameters : config.parameters) || {};
    replace(rows, el('p', { class: 'muted' }, 'Loading the parameters…'));
    submit.disabled = true;
    try {
      const answer = await api('GET', `/api/v1/sites/${encodeURIComponent(config.siteId)}/searches/${encodeURIComponent(config.recordType || 'transcript')}/${encodeURIComponent(search)}/param-specs`);
      const tunable = (answer.parameters || []).filter(p => p.isVisible !== false
        && (numeric(p) || (p.type === 'single-pick-vocabulary' && terms(p).length > 1)));
      specs = tunable.map(p => row(p, values[p.name]));
      replace(rows, specs.length ? specs.map(s => s.box)
        : el('p', { class: 'muted', id: 'wb-popt-nothing' }, `${search} has no number or single choice to tune.`));
      submit.disabled = !specs.length;
    } catch (err) {
      replace(rows, errorText('The parameters cannot be loaded: ' + messageOf(err)));
    }
  }
  if (target) target.addEventListener('change', loadParameters);
  loadParameters();

  const form = el('form', { onsubmit: async e => {
    e.preventDefault();
    replace(message);
    const chosen = specs.map(s => s.spec()).filter(Boolean);
    if (!chosen.length) {
      replace(message, errorText('Tick at least one parameter to vary.'));
      return;
    }
    const body = { specs: chosen, objective: objective.value, budget: Number(budget.value), method: method.value };
    if (target) body.targetStep = target.value;
    submit.disabled = true;
    let started;
    try {
      started = await api('POST', context.path + '/parameter-optimization', body);
    } catch (err) {
      replace(message, errorText(messageOf(err)));
      submit.disabled = false;
      return;
    }
    const live = liveTrials({ idPrefix: 'wb-popt', objective: objective.value, total: body.budget, progressId: 'wb-popt-progress' });
    replace(resultBox, live.node);
    const stream = followOperation(started.operationId, {
      onEvent(type, data) {
        live.onEvent(type, data);
        if (type === 'experiment_error') {
          replace(message, errorText('The optimisation failed: ' + (data.error || '')));
        } else if (type === 'experiment_end') {
          context.reload();
        }
      },
    });
    context.view.onClose(() => stream.close());
  } },
  target ? field('Search to tune', target) : null, rows,
  el('div', { class: 'wb-grid' }, field('Score trials by', objective), field('Trials', budget), field('Method', method)), submit);
  return el('div', {}, resultBox, form, message);
}
