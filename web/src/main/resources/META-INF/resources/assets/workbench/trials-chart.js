// The trials of an optimisation (parameter or tree) as two SVG charts drawn again as trials arrive:
// the score of each trial by its number with the best score so far as a step line (the best trial
// ringed), and each trial's recall against its false-positive rate with the frontier of the trials
// no other beats on both. Each chart is followed by a visually hidden table of its values, as the
// workbench's other charts are (charts.js), so a screen reader reads the numbers.
import { el, replace } from '/assets/shared/dom.js';
import { withValues } from './charts.js';
import { num, svg } from './util.js';

const W = 420;
const H = 240;
const PAD = { left: 48, right: 16, top: 32, bottom: 40 };

/** Whether a trial was counted (a failed or rejected trial scores 0 and is drawn apart). */
export function counted(trial) {
  return !trial.status || trial.status === 'complete';
}

/** Each trial's best score up to and including it: [[trialNumber, best]], only once a trial counted. */
export function bestSoFar(trials) {
  let best = null;
  const out = [];
  for (const t of [...trials].sort((a, b) => a.trialNumber - b.trialNumber)) {
    if (counted(t) && typeof t.score === 'number' && (best === null || t.score > best)) {
      best = t.score;
    }
    if (best !== null) {
      out.push([t.trialNumber, best]);
    }
  }
  return out;
}

/**
 * The counted trials no other counted trial beats on both recall (at least as high) and false-positive
 * rate (at least as low, one of the two strictly), by false-positive rate: what the page draws while
 * the trials arrive; at the end the service's own `paretoFrontier` replaces it.
 */
export function frontierOf(trials) {
  const points = trials.filter(t => counted(t) && typeof t.recall === 'number' && typeof t.falsePositiveRate === 'number');
  return points.filter(t => !points.some(o => o !== t && o.recall >= t.recall && o.falsePositiveRate <= t.falsePositiveRate
    && (o.recall > t.recall || o.falsePositiveRate < t.falsePositiveRate)))
    .sort((a, b) => a.falsePositiveRate - b.falsePositiveRate || a.recall - b.recall);
}

function scale(domainMin, domainMax, rangeMin, rangeMax) {
  const span = domainMax - domainMin || 1;
  return v => rangeMin + (v - domainMin) / span * (rangeMax - rangeMin);
}

function frame(title, xLabel, yLabel, xTicks, yTicks, sx, sy) {
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'wb-chart wb-trials-svg', role: 'img', 'aria-label': title },
    svg('title', {}, title));
  root.append(svg('line', { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: 'axis' }));
  root.append(svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, class: 'axis' }));
  for (const t of xTicks) {
    root.append(svg('text', { x: sx(t).toFixed(1), y: H - PAD.bottom + 14, 'text-anchor': 'middle', class: 'tick' }, num(t, 2)));
  }
  for (const t of yTicks) {
    root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: sy(t).toFixed(1), y2: sy(t).toFixed(1), class: 'grid' }));
    root.append(svg('text', { x: PAD.left - 6, y: (sy(t) + 4).toFixed(1), 'text-anchor': 'end', class: 'tick' }, num(t, 2)));
  }
  root.append(svg('text', { x: (PAD.left + W - PAD.right) / 2, y: H - 6, 'text-anchor': 'middle', class: 'label' }, xLabel));
  const middle = (PAD.top + H - PAD.bottom) / 2;
  root.append(svg('text', { x: 12, y: middle, 'text-anchor': 'middle', class: 'label', transform: `rotate(-90 12 ${middle})` }, yLabel));
  return root;
}

function legend(root, entries) {
  entries.forEach(([name, cls], i) => {
    const x = PAD.left + i * 130;
    root.append(svg('rect', { x, y: 6, width: 10, height: 10, class: 'swatch ' + cls }));
    root.append(svg('text', { x: x + 14, y: 15, class: 'tick' }, name));
  });
}

function ticks(min, max, count) {
  if (max === min) return [min];
  return Array.from({ length: count + 1 }, (_, i) => min + (max - min) * i / count);
}

function wholeTicks(max) {
  const step = Math.max(1, Math.ceil(max / 8));
  const out = [];
  for (let t = 1; t <= max; t += step) out.push(t);
  return out;
}

/** What a trial tried: "max_molecular_weight = 40000, operator = UNION". */
export function trialParameters(trial) {
  return Object.entries((trial && trial.parameters) || {}).map(([k, v]) => `${k} = ${v}`).join(', ');
}

/** Score by trial, the best so far as a step line, the best trial ringed. */
function scoreChart(trials, best, objective, total) {
  const title = `${objective} by trial`;
  const scores = trials.map(t => (typeof t.score === 'number' ? t.score : 0));
  const lo = Math.min(0, ...scores);
  const hi = Math.max(1, ...scores);
  const last = Math.max(total || 0, ...trials.map(t => t.trialNumber), 1);
  const sx = scale(last > 1 ? 1 : 0, last, PAD.left + 8, W - PAD.right - 8);
  const sy = scale(lo, hi, H - PAD.bottom, PAD.top);
  const root = frame(title, 'trial', objective, wholeTicks(last), ticks(lo, hi, 4), sx, sy);
  legend(root, [['trial score', 's0'], ['best so far', 's1']]);
  const line = bestSoFar(trials);
  if (line.length) {
    // a step line: the best holds until a later trial beats it
    const steps = line.flatMap(([x, y], i) => (i === 0 ? [[x, y]] : [[x, line[i - 1][1]], [x, y]]));
    root.append(svg('polyline', { class: 'series s1 wb-best-line',
      points: steps.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ') }));
  }
  for (const t of [...trials].sort((a, b) => a.trialNumber - b.trialNumber)) {
    const score = typeof t.score === 'number' ? t.score : 0;
    root.append(svg('circle', { cx: sx(t.trialNumber).toFixed(1), cy: sy(score).toFixed(1), r: 3.5,
      class: 'point trial ' + (counted(t) ? 's0' : 'wb-trial-failed'), 'data-trial': t.trialNumber },
    svg('title', {}, `trial ${t.trialNumber}: ${objective} ${num(score)}${counted(t) ? '' : ' (' + (t.status || 'failed') + ')'}`
      + (trialParameters(t) ? ' — ' + trialParameters(t) : ''))));
  }
  if (best && typeof best.score === 'number') {
    root.append(svg('circle', { cx: sx(best.trialNumber).toFixed(1), cy: sy(best.score).toFixed(1), r: 7,
      class: 'wb-best-mark', 'data-trial': best.trialNumber }, svg('title', {}, `best: trial ${best.trialNumber}, ${objective} ${num(best.score)}`)));
  }
  const bestAt = new Map(line);
  const rows = [...trials].sort((a, b) => a.trialNumber - b.trialNumber).map(t => [t.trialNumber,
    num(typeof t.score === 'number' ? t.score : 0), num(bestAt.get(t.trialNumber)), trialParameters(t) || '–',
    counted(t) ? 'counted' : (t.status || 'failed') + (t.error ? ': ' + t.error : '')]);
  return withValues(root, title, ['trial', objective, 'best so far', 'parameters', 'status'], rows);
}

/** Recall against false-positive rate, the frontier joined. */
function frontierChart(trials, frontier) {
  const title = 'Recall by false-positive rate';
  const sx = scale(0, 1, PAD.left + 4, W - PAD.right);
  const sy = scale(0, 1, H - PAD.bottom, PAD.top);
  const root = frame(title, 'false-positive rate', 'recall', ticks(0, 1, 5), ticks(0, 1, 4), sx, sy);
  legend(root, [['trial', 's0'], ['frontier', 's1']]);
  const on = new Set(frontier.map(t => t.trialNumber));
  if (frontier.length > 1) {
    root.append(svg('polyline', { class: 'series s1 wb-frontier-line', points: [...frontier]
      .sort((a, b) => a.falsePositiveRate - b.falsePositiveRate || a.recall - b.recall)
      .map(t => `${sx(t.falsePositiveRate).toFixed(1)},${sy(t.recall).toFixed(1)}`).join(' ') }));
  }
  const drawn = trials.filter(t => counted(t) && typeof t.recall === 'number' && typeof t.falsePositiveRate === 'number')
    .sort((a, b) => a.trialNumber - b.trialNumber);
  for (const t of drawn) {
    root.append(svg('circle', { cx: sx(t.falsePositiveRate).toFixed(1), cy: sy(t.recall).toFixed(1), r: on.has(t.trialNumber) ? 5 : 3.5,
      class: 'point trial ' + (on.has(t.trialNumber) ? 's1 wb-on-frontier' : 's0'), 'data-trial': t.trialNumber },
    svg('title', {}, `trial ${t.trialNumber}: recall ${num(t.recall)}, false-positive rate ${num(t.falsePositiveRate)}`
      + (on.has(t.trialNumber) ? ' (on the frontier)' : ''))));
  }
  return withValues(root, title, ['trial', 'false-positive rate', 'recall', 'on the frontier'],
    drawn.map(t => [t.trialNumber, num(t.falsePositiveRate), num(t.recall), on.has(t.trialNumber) ? 'yes' : 'no']));
}

/**
 * The trials' charts, drawn again by update() as trials arrive.
 *
 * idPrefix names the parts: `<prefix>-best` (the best so far, in words), `<prefix>-score-chart`,
 * `<prefix>-frontier-chart`. noFrontier: why there is no recall / false-positive chart (tree
 * optimisation trials carry neither), shown instead of it.
 */
export function trialsView({ idPrefix, objective, noFrontier }) {
  const best = el('p', { class: 'wb-trials-best', id: idPrefix + '-best' });
  const score = el('figure', { class: 'wb-trials-figure', id: idPrefix + '-score-chart' });
  const frontier = el('figure', { class: 'wb-trials-figure', id: idPrefix + '-frontier-chart' });
  const node = el('div', { class: 'wb-trials', id: idPrefix + '-trials' }, best, el('div', { class: 'wb-trials-charts' }, score, frontier));
  let shownObjective = objective;

  /**
   * trials: every trial so far ({trialNumber, parameters, score, recall?, falsePositiveRate?, status});
   * bestTrial: the service's best so far (null while none counted); paretoFrontier: the service's, once
   * it has one (else the page's from the trials); total: the trials asked for.
   */
  function update({ trials = [], bestTrial = null, paretoFrontier = null, total = 0, objective: named } = {}) {
    if (named) shownObjective = named;
    replace(best, bestTrial
      ? [`Best so far: trial ${bestTrial.trialNumber} · ${shownObjective} `, el('strong', {}, num(bestTrial.score)),
        trialParameters(bestTrial) ? ` (${trialParameters(bestTrial)})` : '', ` · ${trials.length}${total ? ' of ' + total : ''} trials`]
      : trials.length ? `No trial counted yet · ${trials.length}${total ? ' of ' + total : ''} trials` : 'No trial yet.');
    best.dataset.bestTrial = bestTrial ? String(bestTrial.trialNumber) : '';
    replace(score, trials.length ? scoreChart(trials, bestTrial, shownObjective, total) : null,
      el('figcaption', {}, `${shownObjective} of each trial and the best so far`));
    if (noFrontier) {
      replace(frontier, el('p', { class: 'muted' }, noFrontier));
    } else {
      const line = paretoFrontier || frontierOf(trials);
      replace(frontier, trials.length ? frontierChart(trials, line) : null,
        el('figcaption', {}, 'Recall and false-positive rate of each trial; the frontier joins those no other trial beats on both'));
    }
  }
  update();
  return { node, update };
}
