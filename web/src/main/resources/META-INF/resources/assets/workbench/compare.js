// Several experiments side by side: the overlap of their genes (a Jaccard heatmap, the pairs, each
// experiment's unique and shared genes) and their enrichment terms compared.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { analysisTypeName, errorText, messageOf, num, sortableTable } from './util.js';
import { heatmap } from './charts.js';

export async function renderCompare(root, ids, context) {
  const overlapBox = el('section', { id: 'wb-overlap', 'aria-labelledby': 'wb-overlap-title' },
    el('h3', { id: 'wb-overlap-title' }, 'Gene overlap'), el('p', { class: 'muted' }, 'Computing the overlap…'));
  const enrichBox = el('section', { id: 'wb-enrichment-compare', 'aria-labelledby': 'wb-ec-title' },
    el('h3', { id: 'wb-ec-title' }, 'Enrichment compared'), el('p', { class: 'muted' }, 'Loading…'));
  replace(root, el('h2', {}, `Comparing ${ids.length} experiments`), overlapBox, enrichBox);

  // What an experiment's genes are: the spec's predicted positives (the controls its result
  // contains), or every gene of its result. The two answer different questions, so the page names
  // the one shown and offers the other.
  const bases = [
    { value: 'predicted-positives', label: 'Controls found (true and false positives)' },
    { value: 'result', label: 'Every gene in the result' },
  ];
  const basisChoice = el('fieldset', { class: 'wb-overlap-basis', id: 'wb-overlap-basis' },
    el('legend', {}, 'Compare'),
    ...bases.map((b, i) => el('label', {},
      el('input', { type: 'radio', name: 'wb-overlap-basis', value: b.value, ...(i === 0 ? { checked: '' } : {}) }),
      ' ' + b.label)));
  let asked = 0; // the latest basis asked for: an answer to an earlier one is not drawn
  const overlapBody = el('div', { id: 'wb-overlap-body' }, el('p', { class: 'muted' }, 'Computing the overlap…'));
  replace(overlapBox, overlapBox.firstChild, basisChoice, overlapBody);
  basisChoice.addEventListener('change', event => {
    if (event.target.name === 'wb-overlap-basis') {
      showOverlap(event.target.value);
    }
  });
  if (!(await showOverlap('predicted-positives'))) {
    return;
  }

  async function showOverlap(basis) {
    const ask = ++asked;
    replace(overlapBody, el('p', { class: 'muted' }, 'Computing the overlap…'));
    try {
      const o = await api('POST', '/api/v1/experiments/overlap', { experimentIds: ids, basis });
      if (ask !== asked) {
        return true; // the basis was changed meanwhile: the newer answer is drawn, not this one
      }
      renderOverlap(o);
      return true;
    } catch (e) {
      if (e.status === 401) {
        context.signInNeeded();
        replace(root, el('p', { class: 'muted', id: 'wb-sign-in-needed' }, 'Sign in (top right) to compare these experiments.'));
        return false;
      }
      if (ask === asked) {
        replace(overlapBody, errorText('The overlap cannot be computed: ' + messageOf(e)));
      }
      return true;
    }
  }

  function renderOverlap(o) {
    const order = o.experimentIds || ids;
    const labels = order.map(id => (o.experimentLabels || {})[id] || id);
    const pair = new Map();
    for (const p of o.pairwise || []) {
      pair.set(p.experimentA + ' ' + p.experimentB, p.jaccard);
      pair.set(p.experimentB + ' ' + p.experimentA, p.jaccard);
    }
    replace(overlapBody,
      el('p', { id: 'wb-overlap-basis-note' }, `Genes compared: ${o.basisDescription || 'the controls each result contains'}.`),
      el('p', { class: 'muted' }, `${num(o.totalUniqueGenes)} distinct genes; ${(o.universalGenes || []).length} in every experiment.`),
      el('figure', { class: 'wb-heatmap-box' }, heatmap({ title: 'Jaccard index of the experiments’ genes', labels,
        value: (r, c) => pair.get(order[r] + ' ' + order[c]) || 0 }), el('figcaption', {}, 'Jaccard index (shared ÷ all genes of the pair)')),
      sortableTable([
        { key: 'a', label: 'Experiment A', value: p => p.labelA },
        { key: 'b', label: 'Experiment B', value: p => p.labelB },
        { key: 'shared', label: 'Shared', value: p => p.intersection, numeric: true },
        { key: 'union', label: 'Union', value: p => p.union, numeric: true },
        { key: 'jaccard', label: 'Jaccard', value: p => p.jaccard, numeric: true },
      ], o.pairwise || [], { caption: 'Pairs', initialSort: { key: 'jaccard', dir: -1 } }),
      sortableTable([
        { key: 'label', label: 'Experiment', value: p => p.label },
        { key: 'total', label: 'Genes', value: p => p.totalGenes, numeric: true },
        { key: 'unique', label: 'Only here', value: p => p.uniqueGenes, numeric: true },
        { key: 'shared', label: 'Shared', value: p => p.sharedGenes, numeric: true },
      ], o.perExperiment || [], { caption: 'Per experiment' }));
  }

  try {
    const c = await api('POST', '/api/v1/experiments/enrichment-compare', { experimentIds: ids });
    const order = c.experimentIds || ids;
    replace(enrichBox, enrichBox.firstChild, (c.rows || []).length ? sortableTable([
      { key: 'term', label: 'Term', value: r => r.termName || r.termKey },
      { key: 'type', label: 'Type', value: r => analysisTypeName(r.analysisType) },
      ...order.map(id => ({ key: id, label: (c.experimentLabels || {})[id] || id, numeric: true, value: r => (r.scores || {})[id] })),
      { key: 'max', label: 'Best fold', value: r => r.maxScore, numeric: true },
    ], c.rows, { pageSize: 20, initialSort: { key: 'max', dir: -1 } })
      : el('p', { class: 'muted' }, 'None of these experiments has enrichment results yet (run enrichment in their Analysis tab).'));
  } catch (e) {
    replace(enrichBox, enrichBox.firstChild, errorText('Enrichment cannot be compared: ' + messageOf(e)));
  }
  context.setDispose(() => {});
}
