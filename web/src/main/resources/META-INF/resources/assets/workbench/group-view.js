// A batch (#/batches/<id>: one search per organism) or a benchmark (#/benchmarks/<id>: one search
// against several control sets, one primary) with its members side by side: each member's status,
// result size and metrics in one table and as grouped bars, the primary marked. While the group runs,
// its operation's stream is followed: a member's row follows its progress and is read again when it
// ends, and the whole group once the operation has ended.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { withValues } from './charts.js';
import { errorText, messageOf, num, pct, svg } from './util.js';
import '/assets/components/stream-status.js';
import { geneCount } from '/assets/components/gene-count.js';

const KINDS = {
  batch: { query: 'batchId', title: 'Batch across organisms', member: 'Organism', end: ['batch_complete', 'batch_error'] },
  benchmark: { query: 'benchmarkId', title: 'Benchmark across control sets', member: 'Control set', end: ['benchmark_complete', 'benchmark_error'] },
};
const METRICS = [['sensitivity', 'Sensitivity'], ['specificity', 'Specificity'], ['precision', 'Precision'], ['f1Score', 'F1']];

/**
 * What a member stands for: a benchmark member's control set label; a batch member's organism, which
 * the service writes after the base's name ("<name> — <organism>").
 */
function memberLabel(kind, x) {
  if (kind === 'benchmark' && x.controlSetLabel) return x.controlSetLabel;
  const name = x.name || '';
  const at = name.lastIndexOf(' — ');
  return at >= 0 ? name.slice(at + 3) : name || x.id;
}

/** The members' metrics as grouped bars: one group per member, one bar per metric (0..1). */
function membersChart(title, members) {
  const W = 420;
  const H = 240;
  const PAD = { left: 40, right: 8, top: 28, bottom: 48 };
  const band = (W - PAD.left - PAD.right) / Math.max(1, members.length);
  const bar = Math.min(18, band * 0.8 / METRICS.length);
  const sy = v => H - PAD.bottom - v * (H - PAD.bottom - PAD.top);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'wb-chart wb-group-chart', role: 'img', 'aria-label': title }, svg('title', {}, title));
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    root.append(svg('line', { x1: PAD.left, x2: W - PAD.right, y1: sy(t).toFixed(1), y2: sy(t).toFixed(1), class: 'grid' }));
    root.append(svg('text', { x: PAD.left - 4, y: (sy(t) + 4).toFixed(1), 'text-anchor': 'end', class: 'tick' }, pct(t).replace('.0%', '%')));
  }
  METRICS.forEach(([, label], j) => {
    const x = PAD.left + j * 100;
    root.append(svg('rect', { x, y: 6, width: 10, height: 10, class: 'wb-metric-bar m' + j }));
    root.append(svg('text', { x: x + 14, y: 15, class: 'tick' }, label));
  });
  members.forEach((m, i) => {
    const left = PAD.left + i * band + (band - bar * METRICS.length) / 2;
    METRICS.forEach(([key, label], j) => {
      const v = (m.metrics || {})[key];
      if (typeof v !== 'number') return;
      root.append(svg('rect', { x: (left + j * bar).toFixed(1), y: sy(v).toFixed(1), width: (bar - 1).toFixed(1),
        height: (H - PAD.bottom - sy(v)).toFixed(1), class: 'wb-metric-bar m' + j }, svg('title', {}, `${m.label}: ${label} ${pct(v)}`)));
    });
    const short = m.label.length > 16 ? m.label.slice(0, 15) + '…' : m.label;
    root.append(svg('text', { x: (PAD.left + i * band + band / 2).toFixed(1), y: H - PAD.bottom + 14, 'text-anchor': 'middle',
      class: 'tick' + (m.primary ? ' wb-primary-tick' : '') }, short + (m.primary ? ' ★' : '')));
  });
  return withValues(root, title, ['member', ...METRICS.map(([, label]) => label)],
    members.map(m => [m.label + (m.primary ? ' (primary)' : ''), ...METRICS.map(([key]) => pct((m.metrics || {})[key]))]));
}

/** The group's page: its members side by side, followed live while it runs. */
export async function renderGroup(root, kind, groupId, context) {
  const spec = KINDS[kind];
  const closers = [];
  context.setDispose(() => closers.forEach(c => c()));
  const state = el('sl-stream-status', { class: 'muted', id: 'wb-group-state', 'live-text': 'Running: each member’s row follows it.' });
  const table = el('div', { id: 'wb-group-members' });
  const chart = el('figure', { class: 'wb-group-figure', id: 'wb-group-chart' });
  const cancelBox = el('div', {});
  const heading = el('h2', { id: 'wb-group-title' }, spec.title);
  const intro = el('p', { class: 'muted', id: 'wb-group-intro' });
  replace(root, heading, intro, el('div', { class: 'wb-row' }, state, cancelBox), table, chart);
  replace(state, 'Loading the members…');

  const members = new Map(); // id → {id, label, primary, status, phase, metrics, experiment}
  let following = null;

  async function readMember(id) {
    try {
      const x = await api('GET', '/api/v1/experiments/' + encodeURIComponent(id));
      const m = members.get(id);
      Object.assign(m, { status: x.status, phase: x.status, metrics: x.metrics || null, error: x.error || null,
        resultCount: x.resultCount ?? (x.metrics || {}).totalResults, transcripts: (x.metrics || {}).totalTranscripts });
    } catch (e) {
      // a member deleted meanwhile stays as the list had it
    }
  }

  async function load() {
    let page;
    try {
      page = await api('GET', `/api/v1/experiments?${spec.query}=${encodeURIComponent(groupId)}&limit=500`);
    } catch (e) {
      if (e.status === 401) {
        context.signInNeeded();
        replace(state, 'Sign in (top right) to see this ' + kind + '.');
        return null;
      }
      replace(root, errorText('The ' + kind + ' cannot be loaded: ' + messageOf(e)));
      return null;
    }
    const items = page.items || [];
    if (!items.length) {
      replace(root, errorText('There is no such ' + kind + ' of yours.'));
      return null;
    }
    for (const x of items) {
      const m = members.get(x.id) || { id: x.id };
      Object.assign(m, { label: memberLabel(kind, x), primary: Boolean(x.isPrimaryBenchmark), status: x.status,
        phase: m.phase || x.status, operationId: x.operationId, name: x.name, siteId: x.siteId, searchName: x.searchName });
      members.set(x.id, m);
    }
    await Promise.all(items.map(x => readMember(x.id)));
    return items;
  }

  function ordered() {
    // the primary first, then by label
    return [...members.values()].sort((a, b) => Number(b.primary) - Number(a.primary) || a.label.localeCompare(b.label));
  }

  function draw() {
    const list = ordered();
    const first = list[0] || {};
    const base = (first.name || '').includes(' — ') ? first.name.slice(0, first.name.lastIndexOf(' — ')) : first.name;
    replace(heading, `${spec.title}: ${base || ''}`);
    replace(intro, [first.siteId, first.searchName, `${list.length} members`].filter(Boolean).join(' · '));
    const running = list.filter(m => m.status === 'pending' || m.status === 'running').length;
    const head = el('tr', {}, el('th', { scope: 'col' }, spec.member), el('th', { scope: 'col' }, 'Status'),
      el('th', { scope: 'col', class: 'num' }, 'Result'),
      METRICS.map(([, label]) => el('th', { scope: 'col', class: 'num' }, label)),
      ['TP', 'FP', 'FN', 'TN'].map(c => el('th', { scope: 'col', class: 'num' }, c)));
    const rows = list.map(m => {
      const cm = (m.metrics || {}).confusionMatrix || {};
      return el('tr', { class: m.primary ? 'wb-primary' : null, dataset: { id: m.id, label: m.label, primary: String(m.primary), status: m.status } },
        el('th', { scope: 'row' }, el('a', { href: '#/experiments/' + encodeURIComponent(m.id) }, m.label),
          m.primary ? [' ', el('span', { class: 'wb-primary-badge' }, 'primary')] : null),
        el('td', {}, el('span', { class: 'wb-status s-' + m.status }, m.status),
          m.status === 'running' && m.phase && m.phase !== 'running' ? el('span', { class: 'muted' }, ' ' + m.phase) : null,
          m.error ? el('span', { class: 'error' }, ' ' + m.error) : null),
        el('td', { class: 'num' }, geneCount(m.resultCount, m.transcripts)),
        METRICS.map(([key]) => el('td', { class: 'num', dataset: { metric: key } }, pct((m.metrics || {})[key]))),
        ['truePositives', 'falsePositives', 'falseNegatives', 'trueNegatives'].map(k => el('td', { class: 'num' }, num(cm[k]))));
    });
    replace(table, el('div', { class: 'wb-table-wrap' }, el('table', { class: 'wb-group-table' },
      el('caption', {}, kind === 'batch' ? 'The search in each organism' : 'The search against each control set (the primary first)'),
      el('thead', {}, head), el('tbody', {}, rows))));
    const measured = list.filter(m => m.metrics);
    replace(chart, measured.length ? [membersChart(`${spec.title}: metrics of each member`, measured),
      el('figcaption', {}, 'Sensitivity, specificity, precision and F1 of each member' + (kind === 'benchmark' ? ' (★ the primary)' : ''))] : null);
    if (!following) {
      replace(state, running ? `${running} of ${list.length} still running.` : `All ${list.length} members have ended.`);
    }
  }

  const items = await load();
  if (!items) return;
  context.refreshList();
  draw();
  context.reveal();
  const active = ordered().find(m => (m.status === 'pending' || m.status === 'running') && m.operationId);
  if (!active) return;

  // the group is running: its operation's events, each member's by its experimentId
  const operationId = active.operationId;
  const cancel = el('button', { type: 'button', id: 'wb-group-cancel', onclick: async () => {
    cancel.disabled = true;
    await api('POST', `/api/v1/operations/${encodeURIComponent(operationId)}/cancel`).catch(() => null);
  } }, 'Cancel the ' + kind);
  replace(cancelBox, cancel);
  following = followOperation(operationId, {
    async onEvent(type, data) {
      if (type === 'experiment_progress' && data.experimentId && members.has(data.experimentId)) {
        const m = members.get(data.experimentId);
        m.phase = data.phase;
        if (data.phase === 'completed' || data.phase === 'error') {
          await readMember(data.experimentId);
        } else if (m.status === 'pending') {
          m.status = 'running';
        }
        draw();
      } else if (spec.end.includes(type)) {
        replace(cancelBox);
        await load();
        following = null;
        draw();
        state.show('ended', type.endsWith('_error') ? `The ${kind} ended: ${data.error || 'no member completed'}.`
          : `All ${members.size} members have ended.`);
        context.refreshList();
      }
    },
    onState(s) {
      if (following && s !== 'ended') {
        state.show(s === 'reconnecting' ? s : 'live');
      }
    },
  });
  closers.push(() => following && following.close());
}
