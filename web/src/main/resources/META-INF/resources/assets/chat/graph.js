// The strategy beside the chat, drawn as a tree the way VEuPathDB's strategy panel reads: the
// result (root) on top, each combine with its operator and the two steps it joins beneath it, each
// transform above its input, every step with its result count (genes; the transcripts beside them
// in its title and detail where the site counted more transcripts than genes). Steps are buttons: choosing one
// shows its search and parameters. Built from graph_snapshot / strategy_update payloads and the
// graph of GET /api/v1/strategies/{id}.
import { el, formatCount, genesAndTranscripts, replace } from '../shared/dom.js';
import { geneCount } from '../components/gene-count.js';

const OPERATOR_WORDS = {
  INTERSECT: 'intersect (in both)',
  UNION: 'union (in either)',
  MINUS: 'minus (left, not right)',
  RMINUS: 'minus (right, not left)',
  LONLY: 'left only',
  RONLY: 'right only',
};

/** The live graph of one conversation: steps by id, merged from events. */
export class StrategyGraph {
  constructor() {
    this.steps = new Map();
    this.rootStepId = null;
    this.recordType = null;
    this.name = '';
  }

  /** Replaces everything with a graph_snapshot's graphSnapshot (or a strategy view's graph). */
  snapshot(graph) {
    this.steps = new Map();
    for (const step of (graph && graph.steps) || []) {
      this.steps.set(step.id, step);
    }
    this.rootStepId = (graph && graph.rootStepId) || null;
    this.recordType = (graph && graph.recordType) || this.recordType;
    this.name = (graph && (graph.graphName || graph.name)) || this.name;
  }

  /** Applies a strategy_update: the step as it is now, and the ids that still exist. */
  update(event) {
    const step = event && event.step;
    if (step && step.id) {
      if (event.action === 'deleted') {
        this.steps.delete(step.id);
      } else {
        this.steps.set(step.id, { ...(this.steps.get(step.id) || {}), ...step });
      }
    }
    if (event && Array.isArray(event.allSteps)) {
      const alive = new Set(event.allSteps.map(s => s.stepId));
      for (const id of [...this.steps.keys()]) {
        if (!alive.has(id)) {
          this.steps.delete(id);
        }
      }
    }
  }

  /** Steps no other step consumes, the declared root first. */
  roots() {
    const consumed = new Set();
    for (const step of this.steps.values()) {
      if (step.primaryInputStepId) consumed.add(step.primaryInputStepId);
      if (step.secondaryInputStepId) consumed.add(step.secondaryInputStepId);
    }
    const roots = [...this.steps.values()].filter(s => !consumed.has(s.id));
    roots.sort((a, b) => (a.id === this.rootStepId ? -1 : b.id === this.rootStepId ? 1 : 0));
    return roots;
  }

  get size() {
    return this.steps.size;
  }
}

/** Draws `graph` into `container`; onSelect(step) when a step is chosen; `selectedId` is highlighted. */
export function drawGraph(container, graph, onSelect, selectedId) {
  if (graph.size === 0) {
    replace(container, el('p', { class: 'muted' }, 'No steps yet. Ask for genes and the strategy appears here.'));
    return;
  }
  const roots = graph.roots();
  const seen = new Set();
  const tree = el('ul', { class: 'tree', role: 'tree', 'aria-label': 'Strategy steps' },
    roots.map(root => node(graph, root, onSelect, selectedId, seen)));
  const notes = [];
  if (roots.length > 1) {
    notes.push(el('p', { class: 'muted small' },
      roots.length + ' separate parts: combine them into one strategy to run it on the site.'));
  }
  replace(container, tree, notes);
}

function node(graph, step, onSelect, selectedId, seen) {
  if (seen.has(step.id)) {
    return el('li', { role: 'treeitem' }, el('span', { class: 'muted' }, 'see ' + step.id));
  }
  seen.add(step.id);
  const kind = String(step.kind || 'search').toLowerCase();
  const children = [];
  for (const inputId of [step.primaryInputStepId, step.secondaryInputStepId]) {
    if (inputId) {
      const input = graph.steps.get(inputId);
      children.push(input ? node(graph, input, onSelect, selectedId, seen)
        : el('li', { role: 'treeitem' }, el('span', { class: 'muted' }, 'missing step ' + inputId)));
    }
  }
  // the visible words are the start of the button's name (WCAG 2.5.3, label in name); the full
  // description follows for screen readers
  const label = [
    el('span', { class: 'step-kind kind-' + kind }, kind === 'combine' ? (step.operator || 'combine') : kind),
    el('span', { class: 'step-name' }, step.displayName || step.searchName || step.id),
    el('span', { class: 'step-count', title: size(step) }, formatCount(step.resultCount)),
  ];
  if (step.validationError) {
    label.push(el('span', { class: 'step-warning', title: step.validationError }, '!'));
  }
  const button = el('button', {
    type: 'button',
    class: 'step step-' + kind + (step.id === selectedId ? ' selected' : ''),
    'data-step-id': step.id,
    'data-kind': kind,
    'aria-pressed': step.id === selectedId ? 'true' : 'false',
    onclick: () => onSelect(step),
  }, label, el('span', { class: 'visually-hidden' }, ' — ' + describe(step, kind)));
  return el('li', { role: 'treeitem', 'aria-expanded': children.length ? 'true' : false },
    button, children.length ? el('ul', { role: 'group' }, children) : null);
}

/** A step's size: counts are genes, with the transcripts beside them where they differ. */
function size(step) {
  const genes = !step.recordType || step.recordType === 'transcript' || step.recordType === 'gene';
  return genes ? genesAndTranscripts(step.resultCount, step.transcriptCount) : formatCount(step.resultCount) + ' results';
}

/** The same size as an element that keeps its numbers (components/gene-count.js). */
function count(step) {
  const genes = !step.recordType || step.recordType === 'transcript' || step.recordType === 'gene';
  return genes ? geneCount(step.resultCount, step.transcriptCount) : geneCount(step.resultCount, null, 'results');
}

function describe(step, kind) {
  const count = typeof step.resultCount === 'number' ? size(step) : 'not counted';
  const what = kind === 'combine' ? (step.operator || 'combine') + ' step' : kind + ' step';
  return what + ' ' + (step.displayName || step.id) + ', ' + count;
}

/** The detail of one step: its search (or operator) and parameters. */
export function stepDetail(step) {
  const kind = String(step.kind || 'search').toLowerCase();
  const rows = [['Step', step.id], ['Kind', kind]];
  if (kind === 'combine') {
    rows.push(['Operator', (step.operator || '') + (OPERATOR_WORDS[step.operator] ? ' — ' + OPERATOR_WORDS[step.operator] : '')]);
    rows.push(['Left input', step.primaryInputStepId || '–'], ['Right input', step.secondaryInputStepId || '–']);
  } else {
    rows.push(['Search', step.searchName || '–']);
    if (step.primaryInputStepId) {
      rows.push(['Input', step.primaryInputStepId]);
    }
  }
  rows.push(['Result', typeof step.resultCount === 'number' ? count(step) : '–']);
  if (step.recordType) rows.push(['Record type', step.recordType]);
  if (step.validationError) rows.push(['Problem', step.validationError]);
  const parameters = Object.entries(step.parameters || {});
  return el('div', { class: 'step-detail' },
    el('h3', null, step.displayName || step.id),
    el('dl', null, rows.map(([k, v]) => [el('dt', null, k), el('dd', null, v instanceof Node ? v : String(v))])),
    parameters.length ? [
      el('h4', null, 'Parameters'),
      el('table', { class: 'params' },
        el('thead', null, el('tr', null, el('th', { scope: 'col' }, 'Parameter'), el('th', { scope: 'col' }, 'Value'))),
        el('tbody', null, parameters.map(([name, value]) =>
          el('tr', null, el('td', null, name), el('td', null, Array.isArray(value) ? value.join(', ')
            : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)))))),
    ] : null);
}
