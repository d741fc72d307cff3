// An experiment's results: metric cards (with bootstrap intervals when computed), the confusion
// matrix, the rank charts (precision at K, PR curve, list size vs recall) and the records: the
// site's result records (sorted and paged by the site) or the control genes of one class
// (TP/FP/FN/TN), with a record's detail.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { analysisTypeName, caveats, errorText, messageOf, num, pct, pager, recordNoun, sortableTable } from './util.js';
import { barChart, histogram, lineChart } from './charts.js';
import { resolutionView } from './resolution.js';
import { downloadLinks } from './export.js';
import { geneCount } from '/assets/components/gene-count.js';
import { saveGeneSetControl } from './save-gene-set.js';

const CARDS = [['sensitivity', 'Sensitivity (recall)'], ['specificity', 'Specificity'], ['precision', 'Precision'],
  ['f1Score', 'F1 score'], ['mcc', 'MCC'], ['balancedAccuracy', 'Balanced accuracy']];
const CLASSES = [['', 'Result records'], ['TP', 'True positives'], ['FP', 'False positives'], ['FN', 'False negatives'],
  ['TN', 'True negatives']];
const GENE_LISTS = { TP: 'truePositiveGenes', FP: 'falsePositiveGenes', FN: 'falseNegativeGenes', TN: 'trueNegativeGenes' };
const PAGE = 25;
const KEY_COLUMNS = new Set(['primary_key', 'source_id', 'gene_source_id', 'project_id']);

/**
 * `options.earlier`: an earlier version of the experiment, read as it was kept: its figures and control
 * genes, not the site's records (the result endpoints act on the current version).
 */
export function renderResults(panel, experiment, options = {}) {
  const m = experiment.metrics;
  if (!m) {
    replace(panel, el('p', { class: 'muted' }, experiment.status === 'completed' ? 'No metrics.' : 'This experiment has no results.'));
    return;
  }
  const cis = (experiment.robustness && experiment.robustness.metricCis) || {};
  const cards = el('div', { class: 'wb-cards', id: 'wb-metric-cards' }, CARDS.map(([key, label]) => {
    const ci = cis[key];
    return el('div', { class: 'wb-card', dataset: { metric: key } },
      el('div', { class: 'wb-card-label' }, label),
      el('div', { class: 'wb-card-value' }, key === 'mcc' ? num(m[key]) : pct(m[key])),
      ci ? el('div', { class: 'wb-card-ci muted' }, `95% CI ${key === 'mcc' ? num(ci.lower) : pct(ci.lower)} – ${key === 'mcc' ? num(ci.upper) : pct(ci.upper)}`) : null);
  }));
  const cm = m.confusionMatrix || {};
  const matrix = el('table', { class: 'wb-confusion', id: 'wb-confusion' },
    el('caption', {}, 'Confusion matrix (control genes)'),
    el('thead', {}, el('tr', {}, el('td', {}), el('th', { scope: 'col' }, 'In the result'), el('th', { scope: 'col' }, 'Not in the result'))),
    el('tbody', {},
      el('tr', {}, el('th', { scope: 'row' }, 'Positive controls'), el('td', { class: 'tp' }, 'TP ' + num(cm.truePositives)),
        el('td', { class: 'fn' }, 'FN ' + num(cm.falseNegatives))),
      el('tr', {}, el('th', { scope: 'row' }, 'Negative controls'), el('td', { class: 'fp' }, 'FP ' + num(cm.falsePositives)),
        el('td', { class: 'tn' }, 'TN ' + num(cm.trueNegatives)))));
  const noun = recordNoun((experiment.config || {}).recordType);
  // counts are genes, with the site's transcript rows beside them where they differ
  const size = noun === 'genes' ? geneCount(m.totalResults, m.totalTranscripts) : geneCount(m.totalResults, null, noun);
  const facts = el('p', { class: 'muted', id: 'wb-result-facts' }, size, ` in the result · ${num(m.totalPositives)} positive and `
    + `${num(m.totalNegatives)} negative controls` + (experiment.totalTimeSeconds ? ` · ran in ${num(experiment.totalTimeSeconds, 1)} s` : ''));

  if (experiment.metricsStale) {
    cards.classList.add('stale');
  }
  const stale = experiment.metricsStale ? el('p', { class: 'warning-text', id: 'wb-metrics-stale' },
    'Stale: these figures were computed on the result before the latest refinement, not on this one. Re-evaluate to replace them.') : null;
  const below = options.earlier
    ? [storedGenes(experiment), enrichmentTables(experiment.enrichmentResults)]
    : [records(experiment, options.site), (experiment.config || {}).mode === 'gene-ids' ? null : distributions(experiment)];
  // the result kept as a gene set (the current version's result only: an earlier one is read only)
  const saveAsSet = options.earlier || experiment.status !== 'completed' ? null : saveGeneSetControl(experiment);
  replace(panel, facts, saveAsSet, resolvedControls(experiment.controlResolution),
    caveats(experiment.robustness && experiment.robustness.warnings, 'wb-ci-caveats'), stale, cards, el('div', { class: 'wb-row-wrap' }, matrix), rankCharts(experiment.rankMetrics),
    ...below);
}

/** An earlier version's control genes by class, as they were kept. */
function storedGenes(experiment) {
  const rows = [];
  for (const [cls, key] of Object.entries(GENE_LISTS)) {
    for (const gene of experiment[key] || []) {
      rows.push({ cls, ...gene });
    }
  }
  return el('section', { id: 'wb-version-genes' }, el('h3', {}, 'Control genes of this version'),
    sortableTable([
      { key: 'cls', label: 'Class', value: r => r.cls },
      { key: 'id', label: 'Gene', value: r => r.id },
      { key: 'name', label: 'Name', value: r => r.name },
      { key: 'product', label: 'Product', value: r => r.product },
    ], rows, { pageSize: PAGE }));
}

/** An earlier version's enrichment tables, as they were kept (the terms by p-value). */
function enrichmentTables(results) {
  if (!results || !results.length) {
    return el('p', { class: 'muted' }, 'No enrichment was computed for this version.');
  }
  return el('section', { id: 'wb-version-enrichment' }, el('h3', {}, 'Enrichment of this version'),
    results.map(r => el('div', { class: 'wb-version-enrichment', dataset: { type: r.analysisType } },
      r.error ? errorText(analysisTypeName(r.analysisType) + ': ' + r.error) : null,
      sortableTable([
        { key: 'termId', label: 'Term', value: t => t.termId },
        { key: 'termName', label: 'Name', value: t => t.termName },
        { key: 'geneCount', label: 'Genes', value: t => t.geneCount, numeric: true },
        { key: 'foldEnrichment', label: 'Fold', value: t => t.foldEnrichment, numeric: true },
        { key: 'pValue', label: 'p-value', value: t => t.pValue, numeric: true },
        { key: 'fdr', label: 'FDR', value: t => t.fdr, numeric: true },
      ], r.terms || [], { caption: analysisTypeName(r.analysisType) + ` (${num((r.terms || []).length)} terms)`, pageSize: 10,
        initialSort: { key: 'pValue', dir: 1 } }))));
}

/** The controls as resolved before the run, open, with a one-line summary to fold it under. */
function resolvedControls(resolution) {
  if (!resolution) {
    return null;
  }
  const lists = [resolution.positives, resolution.negatives].filter(Boolean);
  const count = key => lists.reduce((sum, list) => sum + (list[key] || []).length, 0);
  return el('details', { class: 'wb-resolution', open: true },
    el('summary', {}, `Controls as counted: ${num((resolution.positives || {}).resolved)} positive and `
      + `${num((resolution.negatives || {}).resolved)} negative genes; ${num(count('renamed'))} typed otherwise, `
      + `${num(count('unknown'))} not counted, ${num(count('duplicates'))} merged`),
    resolutionView(resolution, 'wb-control-resolution'));
}

function rankCharts(rank) {
  if (!rank) {
    return el('p', { class: 'muted' }, 'No rank metrics (the result has no order).');
  }
  const atK = Object.entries(rank.precisionAtK || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  return el('div', { class: 'wb-charts', id: 'wb-rank-charts' },
    el('figure', {}, barChart({ title: 'Precision at K', yLabel: 'precision', bars: atK.map(([k, v]) => ({ label: k, value: v })) }),
      el('figcaption', {}, 'Precision at K')),
    el('figure', {}, lineChart({ title: 'Precision–recall curve', xLabel: 'recall', yLabel: 'precision',
      series: [{ name: 'PR', points: (rank.prCurve || []).map(([p, r]) => [r, p]) }], xMin: 0, xMax: 1 }),
    el('figcaption', {}, 'Precision–recall curve')),
    el('figure', {}, lineChart({ title: 'List size vs recall', xLabel: 'list size', yLabel: 'recall',
      series: [{ name: 'recall', points: rank.listSizeVsRecall || [] }], xMin: 0, integerX: true }),
    el('figcaption', {}, 'List size vs recall')));
}

/** The records part: class filter buttons, the table and the detail beside it. */
function records(experiment, site) {
  const id = encodeURIComponent(experiment.id);
  const table = el('div', { id: 'wb-records' });
  const detail = el('div', { class: 'wb-detail', id: 'wb-record-detail', 'aria-live': 'polite' });
  // a gene-list experiment has no result on the site: its control genes by class are what there is
  const geneList = (experiment.config || {}).mode === 'gene-ids';
  const geneRecords = recordNoun((experiment.config || {}).recordType) === 'genes';
  const state = { cls: geneList ? 'TP' : '', offset: 0, sort: '', dir: 'ASC', attributes: null };
  const filter = el('div', { class: 'wb-filter-buttons', role: 'group', 'aria-label': 'Show' });

  function drawFilter() {
    replace(filter, CLASSES.filter(([key]) => key || !geneList).map(([key, label]) => {
      const count = key ? (experiment[GENE_LISTS[key]] || []).length : null;
      return el('button', { type: 'button', 'aria-pressed': state.cls === key ? 'true' : 'false', dataset: { cls: key || 'all' },
        onclick: () => { state.cls = key; state.offset = 0; drawFilter(); load(); } },
      label, count !== null ? ` (${count})` : '');
    }));
  }

  // a gene's page on the site (VEuPathDB's /app/record/gene/<id>), beside its ID
  const sitePage = geneId => geneRecords && site && site.webUrl && geneId
    ? el('a', { class: 'wb-site-link', href: `${site.webUrl}/app/record/gene/${encodeURIComponent(geneId)}`,
      target: '_blank', rel: 'noopener noreferrer', title: `${geneId} on ${site.displayName}` },
    '↗', el('span', { class: 'visually-hidden' }, ` ${geneId} on ${site.displayName}`)) : null;

  async function showRecord(primaryKey, label) {
    replace(detail, el('p', { class: 'muted' }, 'Loading the record…'));
    try {
      const body = { primaryKey };
      if (state.detailAttributes && state.detailAttributes.length) body.attributes = state.detailAttributes;
      const record = await api('POST', `/api/v1/experiments/${id}/results/record`, body);
      const attrs = record.attributes || {};
      const names = new Map((state.allAttributes || []).map(a => [a.name, a.displayName || a.name]));
      replace(detail, el('h4', {}, 'Record ', el('span', { id: 'wb-record-id' }, record.displayName || label)),
        record._classification ? el('p', {}, el('span', { class: 'wb-class c-' + record._classification }, record._classification)) : null,
        el('dl', {}, Object.entries(attrs).map(([k, v]) => [el('dt', {}, names.get(k) || k), el('dd', {}, plain(v))])),
        el('button', { type: 'button', onclick: () => replace(detail) }, 'Close'));
    } catch (e) {
      replace(detail, errorText('The record cannot be loaded: ' + messageOf(e)));
    }
  }

  function showGene(gene) {
    replace(detail, el('h4', {}, geneRecords ? 'Gene ' : 'Record ', el('span', { id: 'wb-record-id' }, gene.id)),
      el('p', {}, el('span', { class: 'wb-class c-' + state.cls }, state.cls)),
      el('dl', {}, [['Name', gene.name], ['Organism', gene.organism], ['Product', gene.product]]
        .map(([k, v]) => [el('dt', {}, k), el('dd', {}, plain(v))])),
      el('button', { type: 'button', onclick: () => replace(detail) }, 'Close'));
  }

  async function load() {
    if (state.cls) {
      const genes = experiment[GENE_LISTS[state.cls]] || [];
      replace(table, sortableTable([
        { key: 'id', label: geneRecords ? 'Gene' : 'ID', value: g => g.id,
          render: g => [el('button', { type: 'button', class: 'wb-link', onclick: () => showGene(g) }, g.id), ' ', sitePage(g.id)] },
        { key: 'name', label: 'Name', value: g => g.name },
        { key: 'organism', label: 'Organism', value: g => g.organism },
        { key: 'product', label: 'Product', value: g => g.product },
      ], genes, { pageSize: PAGE }));
      return;
    }
    replace(table, el('p', { class: 'muted' }, 'Loading records…'));
    const params = new URLSearchParams({ offset: String(state.offset), limit: String(PAGE) });
    if (state.sort) {
      params.set('sort', state.sort);
      params.set('dir', state.dir);
    }
    try {
      if (!state.attributes) {
        const answer = await api('GET', `/api/v1/experiments/${id}/results/attributes`);
        state.allAttributes = (answer.attributes || []).filter(a => a.isDisplayable !== false);
        // the ID column shows the record's key already
        const columns = state.allAttributes.filter(a => !KEY_COLUMNS.has(a.name));
        const suggested = columns.filter(a => a.isSuggested);
        // the product first after the ID and class: what a gene is, in view even at phone width
        const product = columns.find(a => /(^|_)product$/.test(a.name)); // product, gene_product (transcripts)
        const others = (suggested.length ? suggested : columns).filter(a => a !== product).slice(0, product ? 3 : 4);
        state.attributes = product ? [product, ...others] : others;
        state.detailAttributes = state.allAttributes.slice(0, 30).map(a => a.name);
      }
      params.set('attributes', state.attributes.map(a => a.name).join(','));
      const page = await api('GET', `/api/v1/experiments/${id}/results/records?${params}`);
      drawRecords(page);
    } catch (e) {
      replace(table, e.status === 409
        ? el('p', { class: 'muted' }, 'This experiment has no result on the site to browse (a gene list); pick a class above.')
        : errorText('The records cannot be loaded: ' + messageOf(e)));
    }
  }

  /** The columns a person can show: every displayable attribute but the key, ticked when shown. */
  function columnChooser() {
    const shown = new Set(state.attributes.map(a => a.name));
    return el('details', { class: 'wb-columns', id: 'wb-columns' }, el('summary', {}, 'Columns'),
      el('fieldset', {}, el('legend', { class: 'visually-hidden' }, 'Columns shown'),
        state.allAttributes.filter(a => !KEY_COLUMNS.has(a.name)).map(a => el('label', {}, el('input', {
          type: 'checkbox', value: a.name, checked: shown.has(a.name),
          onchange: e => {
            state.attributes = e.target.checked ? [...state.attributes, a]
              : state.attributes.filter(x => x.name !== a.name);
            state.columnsOpen = true;
            load();
          },
        }), ' ', a.displayName || a.name))));
  }

  function drawRecords(page) {
    const meta = page.meta || {};
    const total = meta.totalCount || 0;
    const head = el('tr', {}, el('th', { scope: 'col' }, 'ID'), el('th', { scope: 'col' }, 'Class'), state.attributes.map(a => {
      const sorted = state.sort === a.name;
      return el('th', { scope: 'col', 'data-col': a.name, 'aria-sort': sorted ? (state.dir === 'ASC' ? 'ascending' : 'descending') : 'none' },
        a.isSortable === false ? (a.displayName || a.name) : el('button', { type: 'button', class: 'wb-sort',
          onclick: () => {
            state.dir = sorted && state.dir === 'ASC' ? 'DESC' : 'ASC';
            state.sort = a.name;
            state.offset = 0;
            load();
          } }, a.displayName || a.name, sorted ? (state.dir === 'ASC' ? ' ▲' : ' ▼') : ''));
    }));
    const rows = (page.records || []).map(r => {
      const key = Object.entries(r.primaryKey || {}).map(([name, value]) => ({ name, value }));
      const label = r.displayName || r.id || '?';
      const cls = r._classification;
      return el('tr', { class: cls ? 'c-' + cls : null },
        el('td', {}, el('button', { type: 'button', class: 'wb-link', onclick: () => showRecord(key, label) }, label), ' ',
          sitePage(geneIdOf(r))),
        el('td', {}, cls ? el('span', { class: 'wb-class c-' + cls }, cls) : el('span', { class: 'muted' }, '–')),
        state.attributes.map(a => el('td', { 'data-col': a.name }, plain((r.attributes || {})[a.name]))));
    });
    const pages = Math.max(1, Math.ceil(total / PAGE));
    // the site pages its rows (a transcript each for genes); the total says genes, with the rows beside
    const genes = meta.displayTotalCount;
    const size = typeof genes === 'number' && genes > 0 && genes !== total
      ? geneCount(genes, total) : null;
    const chooser = columnChooser();
    chooser.open = Boolean(state.columnsOpen);
    const narrow = state.attributes.some(a => /(^|_)product$/.test(a.name))
      ? el('p', { class: 'muted wb-narrow-note' }, 'On a narrow screen each row shows the product; choose a record for its other columns.') : null;
    replace(table, size ? el('p', { class: 'muted', id: 'wb-records-size' }, size, '; one row per transcript') : null, chooser, narrow, el('div', { class: 'wb-table-wrap' }, el('table', { id: 'wb-records-table' }, el('thead', {}, head), el('tbody', {}, rows))),
      meta.metricsStale ? el('p', { class: 'warning-text' }, 'The result changed since the metrics were computed: re-evaluate.') : null,
      pager(Math.floor(state.offset / PAGE), pages, total, p => { state.offset = p * PAGE; load(); }));
  }

  drawFilter();
  load();
  return el('section', { class: 'wb-records', 'aria-labelledby': 'wb-records-title' },
    el('h3', { id: 'wb-records-title' }, 'Records'), filter, downloadLinks(experiment), el('div', { class: 'wb-records-split' }, table, detail));
}

/** A result row's gene: its gene_source_id key (one row per transcript), else its source_id. */
function geneIdOf(record) {
  const key = record.primaryKey || {};
  return key.gene_source_id || key.source_id || record.id || null;
}

/** A site's attribute value as plain text: WDK puts markup (<i>…</i>) in some; it is dropped, never parsed. */
function plain(value) {
  if (value === null || value === undefined || value === '') {
    return '–';
  }
  return String(typeof value === 'object' ? JSON.stringify(value) : value).replace(/<[^>]*>/g, '');
}

/** The distribution of one column over the result (the site's histogram), column chosen by the person. */
function distributions(experiment) {
  const id = encodeURIComponent(experiment.id);
  const select = el('select', { id: 'wb-distribution-column' });
  const chart = el('div', { id: 'wb-distribution', class: 'wb-sweep-chart' });
  async function draw() {
    if (!select.value) return;
    replace(chart, el('p', { class: 'muted' }, 'Loading…'));
    try {
      const d = await api('GET', `/api/v1/experiments/${id}/results/distributions/${encodeURIComponent(select.value)}`);
      const bins = (d.histogram || []).map(b => ({ label: plain(b.binLabel ?? b.binStart), value: b.value }));
      replace(chart, d.supported === false || !bins.length ? el('p', { class: 'muted' }, 'The site cannot summarise this column.')
        : histogram({ title: 'Distribution of ' + select.selectedOptions[0].textContent, bins }),
      d.statistics && d.statistics.numDistinctValues !== undefined
        ? el('p', { class: 'muted' }, `${num(d.statistics.numDistinctValues)} distinct values, ${num(d.statistics.numMissingCases || 0)} missing`) : null);
    } catch (e) {
      replace(chart, errorText('The distribution cannot be loaded: ' + messageOf(e)));
    }
  }
  select.addEventListener('change', draw);
  api('GET', `/api/v1/experiments/${id}/results/attributes`).then(answer => {
    const columns = (answer.attributes || []).filter(a => a.hasDistribution && !KEY_COLUMNS.has(a.name));
    replace(select, columns.map(a => el('option', { value: a.name }, a.displayName || a.name)));
    if (columns.some(a => a.name === 'organism')) select.value = 'organism';
    draw();
  }).catch(() => replace(chart));
  return el('section', { class: 'wb-distributions', 'aria-labelledby': 'wb-dist-title' },
    el('h3', { id: 'wb-dist-title' }, 'Distributions'), el('label', { for: 'wb-distribution-column' }, 'Column '), select, chart);
}
