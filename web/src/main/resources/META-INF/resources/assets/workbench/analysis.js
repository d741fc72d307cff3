// The analysis panels of a completed experiment: cross-validation (per fold), enrichment (five
// types, sortable), custom enrichment, threshold sweep (points drawn as they arrive), step
// analysis (verdict per step) and tree optimisation trials; parameter optimisation, batch and
// benchmark are panels of their own modules. Long analyses are operations: their events are followed
// and the experiment is read again at the end.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { analysisTypeName, caveats, ENRICHMENT_TYPES, errorText, field, messageOf, num, parseIds, pct, pval, recordNoun, sortableTable } from './util.js';
import { lineChart } from './charts.js';
import { readTree, searchNodes } from './tree-steps.js';
import { liveTreeTrials, parameterOptimisationPanel, storedTreeTrials } from './optimisation-panel.js';
import { batchPanel } from './batch-panel.js';
import { benchmarkPanel } from './benchmark-panel.js';
import { geneCount } from '/assets/components/gene-count.js';


/** The panels a person has opened stay open when the experiment is read again after an analysis. */
const openPanels = new Set(['cv']);

export function renderAnalysis(panel, experiment, view, reload) {
  const path = '/api/v1/experiments/' + encodeURIComponent(experiment.id);
  const context = { experiment, view, reload, path };
  const panels = [
    ['cv', 'Cross-validation', crossValidation],
    ['enrichment', 'Enrichment', enrichment],
    ['custom', 'Custom gene-set enrichment', customEnrichment],
    ['sweep', 'Threshold sweep', thresholdSweep],
    ['steps', 'Step analysis', stepAnalysis],
    ['trials', 'Tree optimisation', optimisation],
    ['popt', 'Parameter optimisation', parameterOptimisationPanel],
    ['batch', 'Run across organisms (batch)', batchPanel],
    ['benchmark', 'Benchmark against control sets', benchmarkPanel],
  ];
  replace(panel, panels.map(([key, title, build]) => {
    const details = el('details', { class: 'wb-panel', id: 'wb-panel-' + key, open: openPanels.has(key) },
      el('summary', {}, el('h3', {}, title)));
    details.addEventListener('toggle', () => { details.open ? openPanels.add(key) : openPanels.delete(key); });
    details.append(build(context));
    return details;
  }));
}

/** Starts an operation and follows it: progress lines into `log`, then `done()` after its end. */
function runOperation(context, started, log, { onEvent, done } = {}) {
  const stream = followOperation(started.operationId, {
    onEvent(type, data) {
      if (onEvent) onEvent(type, data);
      if (type === 'experiment_progress') {
        const p = data.stepAnalysisProgress || data.trialProgress;
        const text = data.cvFoldIndex !== undefined && data.cvFoldIndex !== null ? `fold ${data.cvFoldIndex + 1} of ${data.cvTotalFolds}`
          : p ? [p.phase || p.status, p.message, p.currentTrial !== undefined ? `${p.currentTrial}/${p.totalTrials}` : null].filter(Boolean).join(' · ')
            : (data.message || data.phase);
        log.append(el('li', {}, text));
      } else if (type === 'experiment_error') {
        log.append(el('li', { class: 'error' }, 'Failed: ' + (data.error || '')));
      } else if (type === 'experiment_end' || type === 'sweep_complete') {
        if (done) done(type, data);
      }
    },
  });
  context.view.onClose(() => stream.close());
  return stream;
}

// cross-validation --------------------------------------------------------------------------------

function crossValidation(context) {
  const cv = context.experiment.crossValidation;
  const k = el('input', { id: 'wb-cv-k', type: 'number', min: 2, max: 10, value: cv ? cv.k : 5 });
  const log = el('ol', { class: 'wb-progress' });
  const message = el('div', {});
  const form = el('form', { class: 'wb-row', onsubmit: async e => {
    e.preventDefault();
    replace(message);
    try {
      const started = await api('POST', context.path + '/cross-validate', { kFolds: Number(k.value) });
      runOperation(context, started, log, { done: () => context.reload() });
    } catch (err) {
      replace(message, errorText(messageOf(err)));
    }
  } }, field('Folds', k), el('button', { type: 'submit' }, cv ? 'Run again' : 'Cross-validate'));
  if (!cv) {
    return el('div', {}, el('p', { class: 'muted' }, 'Not cross-validated yet.'), form, message, log);
  }
  const metrics = ['sensitivity', 'specificity', 'precision', 'f1Score'];
  return el('div', {},
    caveats(cv.warnings, 'wb-cv-caveats'),
    el('p', {}, `${cv.k} folds used` + (cv.requestedK && cv.requestedK !== cv.k ? ` (${cv.requestedK} asked for)` : '') + '. Overfitting: ',
      el('strong', { class: 'wb-level l-' + cv.overfittingLevel }, cv.overfittingLevel || '–'),
      ` (score ${num(cv.overfittingScore)})`),
    sortableTable([{ key: 'fold', label: 'Fold', value: f => f.foldIndex + 1, numeric: true },
      ...metrics.map(name => ({ key: name, label: name, numeric: true, value: f => (f.metrics || {})[name], render: f => pct((f.metrics || {})[name]) }))],
    cv.folds || [], { caption: 'Held-out folds' }),
    el('p', { class: 'muted' }, 'Mean ± SD: ' + metrics.map(name => `${name} ${pct((cv.meanMetrics || {})[name])} ± ${pct((cv.stdMetrics || {})[name])}`).join(' · ')),
    form, message, log);
}

// enrichment --------------------------------------------------------------------------------------

function enrichmentTable(result) {
  if (result.error) {
    return el('div', {}, el('h4', {}, analysisTypeName(result.analysisType)), errorText(result.error));
  }
  return el('div', {}, el('h4', {}, analysisTypeName(result.analysisType)), sortableTable([
    { key: 'termName', label: 'Term', value: t => t.termName, render: t => el('span', { title: t.termId }, t.termName || t.termId) },
    { key: 'geneCount', label: 'Genes', value: t => t.geneCount, numeric: true },
    { key: 'foldEnrichment', label: 'Fold enrichment', value: t => t.foldEnrichment, numeric: true },
    { key: 'oddsRatio', label: 'Odds ratio', value: t => t.oddsRatio, numeric: true },
    { key: 'pValue', label: 'p-value', value: t => t.pValue, numeric: true, render: t => pval(t.pValue) },
    { key: 'fdr', label: 'FDR', value: t => t.fdr, numeric: true, render: t => pval(t.fdr) },
  ], result.terms || [], { pageSize: 15, initialSort: { key: 'pValue', dir: 1 } }));
}

function enrichment(context) {
  const chosen = new Set(['go_process']);
  const results = el('div', { id: 'wb-enrichment-results' }, (context.experiment.enrichmentResults || []).map(enrichmentTable));
  const message = el('div', {});
  const button = el('button', { type: 'submit' }, 'Run enrichment');
  return el('div', {}, el('form', { onsubmit: async e => {
    e.preventDefault();
    button.disabled = true;
    replace(message, el('p', { class: 'muted' }, 'Asking the site’s enrichment tools (this can take a minute)…'));
    try {
      const answer = await api('POST', context.path + '/enrich', { enrichmentTypes: [...chosen] });
      replace(message);
      replace(results, (Array.isArray(answer) ? answer : answer.results || []).map(enrichmentTable));
    } catch (err) {
      replace(message, errorText(messageOf(err)));
    }
    button.disabled = false;
  } }, el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Types'),
    ENRICHMENT_TYPES.map(([type, label]) => el('label', {}, el('input', { type: 'checkbox', value: type, checked: chosen.has(type),
      onchange: ev => { ev.target.checked ? chosen.add(type) : chosen.delete(type); } }), ' ', label))), button),
  message, results);
}

// custom enrichment -------------------------------------------------------------------------------

function customEnrichment(context) {
  const name = el('input', { id: 'wb-custom-name', type: 'text', maxlength: 200 });
  const ids = el('textarea', { id: 'wb-custom-ids', rows: 4, placeholder: 'Gene IDs of the set' });
  const organism = el('select', { id: 'wb-custom-organism' }, el('option', { value: '' }, 'The experiment’s organism'));
  const out = el('div', { 'aria-live': 'polite' });
  api('GET', `/api/v1/sites/${encodeURIComponent((context.experiment.config || {}).siteId)}/organisms?limit=500`)
    .then(answer => organism.append(...(answer.items || []).map(o => el('option', { value: o.name }, o.display || o.name))))
    .catch(() => null);
  return el('form', { onsubmit: async e => {
    e.preventDefault();
    replace(out, el('p', { class: 'muted' }, 'Computing…'));
    try {
      const body = { geneSetName: name.value.trim(), geneIds: parseIds(ids.value) };
      if (organism.value) body.organism = organism.value;
      const r = await api('POST', context.path + '/custom-enrich', body);
      replace(out, el('dl', { class: 'wb-summary', id: 'wb-custom-result' },
        [['Gene set', r.geneSetName], ['Set size', num(r.geneSetSize)], ['In the result', num(r.overlapCount)],
          ['Background', num(r.backgroundSize)], ['Fold enrichment', num(r.foldEnrichment)], ['Odds ratio', num(r.oddsRatio)],
          ['p-value (hypergeometric)', pval(r.pValue)], ['Overlap genes', (r.overlapGenes || []).join(', ') || '–'],
          // the set's IDs as resolved against the site before they were counted
          ['IDs typed otherwise', ((r.geneSetResolution || {}).renamed || []).map(x => `${x.input} → ${x.geneId}`).join(', ') || '–'],
          ['Not genes of the site (not counted)', ((r.geneSetResolution || {}).unknown || []).join(', ') || '–'],
          ['Duplicates merged', ((r.geneSetResolution || {}).duplicates || []).join(', ') || '–']]
          .map(([k, v]) => [el('dt', {}, k), el('dd', {}, v)])));
    } catch (err) {
      replace(out, errorText(messageOf(err)));
    }
  } }, el('div', { class: 'wb-two' }, field('Name of the gene set', name), field('Gene IDs', ids)),
  field('Background: every gene of', organism), el('button', { type: 'submit' }, 'Test enrichment'), out);
}

// threshold sweep ---------------------------------------------------------------------------------

/** The parameter specs of the experiment's search, or of `searchName` (a step of its tree). */
async function numericParameters(experiment, searchName) {
  const config = experiment.config || {};
  const search = searchName || config.searchName;
  if (!search) {
    return [];
  }
  try {
    const specs = await api('GET', `/api/v1/sites/${encodeURIComponent(config.siteId)}/searches/${encodeURIComponent(config.recordType || 'transcript')}/${encodeURIComponent(search)}/param-specs`);
    return (specs.parameters || []).filter(p => p.isVisible !== false);
  } catch (e) {
    return [];
  }
}

/** A parameter whose values are numbers: WDK's number params and strings marked isNumber. */
function isNumeric(p) {
  return p.type === 'number' || p.type === 'number-range' || (p.type === 'string' && p.isNumber === true);
}

function thresholdSweep(context) {
  const config = context.experiment.config || {};
  const parameter = el('select', { id: 'wb-sweep-param' }, el('option', { value: '' }, 'Loading…'));
  const kind = el('select', { id: 'wb-sweep-type' }, el('option', { value: 'numeric' }, 'numeric'), el('option', { value: 'categorical' }, 'categorical'));
  const min = el('input', { id: 'wb-sweep-min', type: 'number', step: 'any' });
  const max = el('input', { id: 'wb-sweep-max', type: 'number', step: 'any' });
  const steps = el('input', { id: 'wb-sweep-steps', type: 'number', min: 3, max: 50, value: 5 });
  const values = el('input', { id: 'wb-sweep-values', type: 'text', placeholder: 'comma-separated values' });
  const chart = el('div', { class: 'wb-sweep-chart', id: 'wb-sweep-chart' });
  const status = el('p', { class: 'muted', id: 'wb-sweep-status', 'aria-live': 'polite' });
  const table = el('div', {});
  const message = el('div', {});
  let params = [];
  const points = [];
  let requested = [];

  numericParameters(context.experiment).then(list => {
    params = list;
    replace(parameter, list.length ? list.map(p => el('option', { value: p.name, dataset: { type: p.type } },
      `${p.displayName || p.name} (${p.type})`)) : el('option', { value: '' }, 'This experiment has no search parameters'));
    const firstNumber = list.find(isNumeric);
    if (firstNumber) {
      parameter.value = firstNumber.name;
    }
    fill();
  });

  function fill() {
    const p = params.find(x => x.name === parameter.value);
    if (!p) return;
    kind.value = isNumeric(p) ? 'numeric' : 'categorical';
    if (p.min !== undefined) min.value = p.min;
    if (p.max !== undefined) max.value = p.max;
  }
  parameter.addEventListener('change', fill);

  function draw() {
    const numeric = points.every(p => typeof p.value === 'number');
    // categorical values keep the order they were asked in
    const categories = numeric ? null : requested.filter(v => points.some(p => String(p.value) === v));
    const x = p => (numeric ? p.value : categories.indexOf(String(p.value)));
    const series = ['sensitivity', 'precision', 'f1Score'].map(name => ({ name,
      points: points.filter(p => p.metrics).map(p => [x(p), p.metrics[name] || 0]) }));
    replace(chart, lineChart({ title: 'Sweep of ' + parameter.value, xLabel: parameter.value, yLabel: 'metric', series,
      categories: categories || undefined, xMin: numeric ? undefined : -0.3, xMax: numeric ? undefined : Math.max(1, categories.length - 1) + 0.3 }));
    replace(table, sortableTable([
      { key: 'value', label: 'Value', value: p => p.value },
      { key: 'sens', label: 'Sensitivity', numeric: true, value: p => p.metrics && p.metrics.sensitivity, render: p => p.metrics ? pct(p.metrics.sensitivity) : p.error || 'failed' },
      { key: 'prec', label: 'Precision', numeric: true, value: p => p.metrics && p.metrics.precision, render: p => p.metrics ? pct(p.metrics.precision) : '–' },
      { key: 'f1', label: 'F1', numeric: true, value: p => p.metrics && p.metrics.f1Score, render: p => p.metrics ? pct(p.metrics.f1Score) : '–' },
      { key: 'total', label: 'Result', numeric: true, value: p => p.metrics && p.metrics.totalResults,
        render: p => p.metrics ? geneCount(p.metrics.totalResults, p.metrics.totalTranscripts) : '–' },
    ], points, { initialSort: { key: 'value', dir: 1 } }));
  }

  const form = el('form', { onsubmit: async e => {
    e.preventDefault();
    replace(message);
    points.length = 0;
    const body = { parameterName: parameter.value, sweepType: kind.value };
    if (kind.value === 'numeric') {
      if (min.value !== '') body.minValue = Number(min.value);
      if (max.value !== '') body.maxValue = Number(max.value);
      if (steps.value !== '') body.steps = Number(steps.value);
    } else {
      body.values = values.value.split(',').map(s => s.trim()).filter(Boolean);
    }
    requested = body.values || [];
    try {
      const started = await api('POST', context.path + '/threshold-sweep', body);
      replace(status, 'Sweeping…');
      draw();
      runOperation(context, started, el('ol'), {
        onEvent(type, data) {
          if (type === 'sweep_point') {
            points.push(data.point);
            replace(status, `${data.completedCount} of ${data.totalCount} points`);
            draw();
          }
        },
        done(type, data) {
          if (type === 'sweep_complete') {
            replace(status, data.cancelled ? 'Cancelled.' : data.timedOut ? 'Timed out; missing: ' + (data.missingValues || []).join(', ')
              : `Done: ${(data.points || []).length} points.`);
          }
        },
      });
    } catch (err) {
      replace(message, errorText(messageOf(err)));
    }
  } },
  config.searchName ? null : el('p', { class: 'muted' }, 'A gene-list experiment has no parameter to sweep.'),
  el('div', { class: 'wb-grid' }, field('Parameter', parameter), field('Kind', kind), field('From', min), field('To', max),
    field('Points', steps), field('Values (categorical)', values)),
  el('button', { type: 'submit', id: 'wb-sweep-run' }, 'Run the sweep'));
  return el('div', {}, form, message, status, chart, table);
}

// step analysis -----------------------------------------------------------------------------------

function stepAnalysis(context) {
  const result = context.experiment.stepAnalysis;
  const log = el('ol', { class: 'wb-progress' });
  const message = el('div', {});
  const start = el('button', { type: 'button', onclick: async () => {
    replace(message);
    try {
      const started = await api('POST', context.path + '/step-analysis', {});
      runOperation(context, started, log, { done: () => context.reload() });
    } catch (err) {
      replace(message, errorText(messageOf(err)));
    }
  } }, result ? 'Analyse again' : 'Analyse the steps');
  if (!result) {
    return el('div', {}, el('p', { class: 'muted' }, 'No step analysis yet.'), start, message, log);
  }
  return el('div', {},
    caveats(result.warnings, 'wb-steps-caveats'),
    stepTree(context.experiment, result),
    (result.parameterSensitivities || []).map(p => el('p', {}, `${p.paramName} of ${p.stepId}: now ${p.currentValue}, recommended `,
      el('strong', {}, String(p.recommendedValue ?? '–')), p.recommendation ? ' — ' + p.recommendation : '')),
    start, message, log);
}

/**
 * The experiment's step tree with each node's verdict, drawn like the chat page's strategy tree:
 * the result on top, a combine over the two steps it joins. Ids follow the service's rule (a node's
 * own id, else step-1, step-2, … depth first: the node, then its primary and secondary input), so
 * the analysis's stepIds land on their nodes.
 */
function stepTree(experiment, result) {
  const evaluations = new Map((result.stepEvaluations || []).map(s => [s.stepId, s]));
  const contributions = new Map((result.stepContributions || []).map(c => [c.stepId, c]));
  const operators = new Map((result.operatorComparisons || []).map(o => [o.combineNodeId, o]));
  const root = readTree((experiment.config || {}).stepTree);
  // a single search (or a tree the page cannot read): the evaluated steps as leaves
  const noun = recordNoun((experiment.config || {}).recordType);
  const roots = root ? [root] : [...evaluations.keys()].map(id => ({ id, combine: false, transform: false, json: {}, inputs: [] }));
  const item = n => {
    const s = evaluations.get(n.id) || {};
    const c = contributions.get(n.id);
    const o = operators.get(n.id);
    const kind = n.combine ? 'combine' : n.transform ? 'transform' : 'search';
    const name = n.json.displayName || s.displayName || s.searchName || n.json.searchName || (n.combine ? 'Combine' : n.id);
    const badge = n.combine ? (o ? o.currentOperator : n.json.operator) || 'combine' : kind;
    // counts are genes, with the site's transcript rows beside them where they differ
    const size = noun === 'genes' ? geneCount(s.resultCount, s.transcriptCount) : geneCount(s.resultCount, null, noun);
    const facts = typeof s.resultCount === 'number'
      ? [size, ` · recall ${pct(s.recall)} · FPR ${pct(s.falsePositiveRate)}`] : null;
    const box = el('div', { class: 'step step-' + kind + (c ? ' wb-step-' + c.verdict : ''), dataset: { stepId: n.id, verdict: c ? c.verdict : '' } },
      el('span', { class: 'step-kind kind-' + kind }, badge),
      el('span', { class: 'step-name' }, name),
      c ? el('span', { class: 'wb-verdict v-' + c.verdict, title: 'recall change without this step ' + pct(c.recallDelta) }, c.verdict) : null,
      typeof s.resultCount === 'number' ? el('span', { class: 'step-count', title: size.textContent }, num(s.resultCount)) : null);
    const notes = [
      facts ? el('div', { class: 'muted small wb-step-facts' }, facts) : null,
      c ? el('div', { class: 'muted small' }, `Without it: recall ${pct(c.ablatedRecall)} (${signed(c.recallDelta)}), FPR ${pct(c.ablatedFpr)} (${signed(c.fprDelta)})`) : null,
      c && c.narrative ? el('p', { class: 'muted small' }, c.narrative) : null,
      o ? el('p', { class: 'small wb-operator' }, `${o.currentOperator} → recommended `, el('strong', {}, o.recommendedOperator || '–'),
        o.recommendation ? ' — ' + o.recommendation : '') : null,
    ];
    return el('li', { role: 'treeitem', 'aria-expanded': n.inputs.length ? 'true' : false }, box, notes,
      n.inputs.length ? el('ul', { role: 'group' }, n.inputs.map(item)) : null);
  };
  return el('ul', { class: 'tree wb-steps-tree', id: 'wb-step-verdicts', role: 'tree', 'aria-label': 'Steps with their verdicts' }, roots.map(item));
}

/** A change of a ratio, in percentage points with its sign. */
function signed(delta) {
  if (typeof delta !== 'number') return '–';
  return (delta > 0 ? '+' : delta < 0 ? '−' : '±') + pct(Math.abs(delta));
}

// optimisation trials -----------------------------------------------------------------------------

/**
 * The objectives a tree optimisation scores trials by (evaluation-core's Objective); the first is the
 * service's documented default, preselected so that what is shown is what was asked for.
 */
const OBJECTIVES = [
  ['precision_at_50', 'Precision among the top 50 (default)'], ['recall_at_50', 'Recall among the top 50'],
  ['enrichment_at_50', 'Enrichment among the top 50'], ['f1', 'F1'], ['mcc', 'Matthews correlation (MCC)'],
  ['balanced_accuracy', 'Balanced accuracy'], ['sensitivity', 'Sensitivity (recall)'], ['specificity', 'Specificity'],
  ['precision', 'Precision'], ['youdens_j', "Youden's J"],
];

function optimisation(context) {
  const result = context.experiment.treeOptimization;
  // the knob's step: a search of the tree (its id as the service numbers it), or the search itself
  const steps = searchNodes(readTree((context.experiment.config || {}).stepTree));
  const step = el('select', { id: 'wb-opt-step' }, steps.length
    ? steps.map(n => el('option', { value: n.id, dataset: { search: n.json.searchName || '' } }, `${n.json.displayName || n.json.searchName} (${n.id})`))
    : el('option', { value: 'step-1', dataset: { search: '' } }, (context.experiment.config || {}).searchName || 'step-1'));
  const param = el('select', { id: 'wb-opt-param' }, el('option', { value: '' }, 'Loading…'));
  const lo = el('input', { id: 'wb-opt-min', type: 'number', step: 'any' });
  const hi = el('input', { id: 'wb-opt-max', type: 'number', step: 'any' });
  const budget = el('input', { id: 'wb-opt-budget', type: 'number', min: 5, max: 200, value: 10 });
  const objective = el('select', { id: 'wb-opt-objective' }, OBJECTIVES.map(([value, label]) => el('option', { value }, label)));
  if (result && result.objective && OBJECTIVES.some(([value]) => value === result.objective)) objective.value = result.objective;
  const submit = el('button', { type: 'submit', id: 'wb-opt-submit' }, 'Optimise');
  const nothing = el('p', { class: 'muted', id: 'wb-opt-nothing', hidden: true });
  const log = el('ol', { class: 'wb-progress' });
  const message = el('div', {});
  const trialsBox = el('div', {}, result ? storedTreeTrials(result) : null);
  // the knob: a numeric parameter of the search, its range from the spec when it has one; a search with
  // none cannot be optimised, and says so instead of running trials of nothing
  const loadParameters = () => numericParameters(context.experiment, (step.selectedOptions[0] || { dataset: {} }).dataset.search).then(list => {
    const numeric = list.filter(isNumeric);
    replace(param, numeric.length ? numeric.map(p => el('option', { value: p.name, dataset: { min: p.min ?? '', max: p.max ?? '', integer: p.isInteger ? 'true' : '' } },
      (p.displayName || p.name) + (p.isInteger ? ' (whole numbers)' : ''))) : el('option', { value: '' }, 'No numeric parameter'));
    submit.disabled = !numeric.length;
    nothing.hidden = numeric.length > 0;
    replace(nothing, numeric.length ? '' : 'This search has no numeric parameter to tune, so it cannot be optimised.');
    const fill = () => {
      const chosen = param.selectedOptions[0];
      const whole = chosen && chosen.dataset.integer === 'true';
      lo.step = hi.step = whole ? '1' : 'any';
      if (chosen && chosen.dataset.min !== undefined && chosen.dataset.min !== '') lo.value = chosen.dataset.min;
      if (chosen && chosen.dataset.max !== undefined && chosen.dataset.max !== '') hi.value = chosen.dataset.max;
    };
    param.onchange = fill;
    fill();
  });
  step.addEventListener('change', loadParameters);
  loadParameters();
  const form = el('form', { onsubmit: async e => {
    e.preventDefault();
    replace(message);
    if (!param.value) {
      replace(message, errorText('This search has no numeric parameter to tune.'));
      return;
    }
    try {
      const started = await api('POST', context.path + '/tree-optimization', {
        thresholdKnobs: [{ stepId: step.value.trim(), paramName: param.value, minVal: Number(lo.value), maxVal: Number(hi.value) }],
        objective: objective.value,
        budget: Number(budget.value),
      });
      // the trials drawn as they arrive, then the experiment read again with them
      const live = liveTreeTrials(objective.value, Number(budget.value));
      replace(trialsBox, live.node);
      runOperation(context, started, log, { onEvent: live.onEvent, done: () => context.reload() });
    } catch (err) {
      replace(message, errorText(messageOf(err)));
    }
  } }, el('div', { class: 'wb-grid' }, field('Step', step), field('Parameter', param), field('From', lo), field('To', hi),
    field('Score trials by', objective), field('Trials', budget)), nothing, submit);
  const scoreLabel = result && result.objective ? result.objective : 'score';
  const trials = result ? sortableTable([
    { key: 'n', label: 'Trial', value: t => t.trialNumber, numeric: true },
    { key: 'params', label: 'Parameters', value: t => Object.entries(t.parameters || {}).map(([k, v]) => `${k} = ${v}`).join(', ') },
    { key: 'score', label: scoreLabel, value: t => t.score, numeric: true },
    { key: 'size', label: 'List size (genes)', value: t => t.listSize ?? t.resultCount, numeric: true },
  ], result.allTrials || [], { pageSize: 15, initialSort: { key: 'score', dir: -1 } }) : el('p', { class: 'muted' }, 'No optimisation yet.');
  return el('div', {}, result ? el('p', { id: 'wb-opt-objective-shown' }, 'Trials scored by ', el('strong', {}, scoreLabel),
    result.bestTrial ? `. Best: trial ${result.bestTrial.trialNumber} (${scoreLabel} ${num(result.bestTrial.score)})` : '. No trial completed.') : null,
  trialsBox, result ? trialChart(result, scoreLabel) : null, trials, form, message, log);
}

/**
 * The trials as a chart: score by the parameter's value when the trials vary one number (a response
 * curve), else score by trial number.
 */
function trialChart(result, scoreLabel) {
  const all = (result.allTrials || []).filter(t => typeof t.score === 'number');
  if (!all.length) return null;
  const keys = Object.keys(all[0].parameters || {});
  const byValue = keys.length === 1 && all.every(t => typeof (t.parameters || {})[keys[0]] === 'number');
  const points = all.map(t => [byValue ? t.parameters[keys[0]] : t.trialNumber, t.score]);
  const top = Math.max(1, ...all.map(t => t.score));
  return el('div', { class: 'wb-opt-chart', id: 'wb-opt-chart' }, lineChart({
    title: `${scoreLabel} by ${byValue ? keys[0] : 'trial'}`, xLabel: byValue ? keys[0] : 'trial', yLabel: scoreLabel,
    series: [{ name: scoreLabel, points }], yMax: top, integerX: !byValue,
  }));
}
