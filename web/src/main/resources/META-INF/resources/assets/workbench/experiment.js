// One experiment: its header (status, re-evaluate, export, delete), live progress while it runs,
// and three tabs — results, analysis, chat (the workbench assistant scoped to it).
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { errorText, messageOf, when } from './util.js';
import { renderResults } from './results.js';
import { renderAnalysis } from './analysis.js';
import { renderChat } from './chat.js';

const TABS = [['results', 'Results'], ['analysis', 'Analysis'], ['chat', 'Assistant']];

export async function renderExperiment(root, id, tab, context) {
  const closers = [];
  context.setDispose(() => closers.forEach(c => c()));
  const view = { onClose: fn => closers.push(fn) };
  replace(root, el('p', { class: 'muted' }, 'Loading the experiment…'));
  let experiment;
  try {
    experiment = await api('GET', '/api/v1/experiments/' + encodeURIComponent(id));
  } catch (e) {
    if (e.status === 401) {
      context.signInNeeded();
      replace(root, el('p', { class: 'muted', id: 'wb-sign-in-needed' }, 'Sign in (top right) to see this experiment.'));
      return;
    }
    replace(root, errorText(e.status === 404 ? 'There is no such experiment of yours.' : 'The experiment cannot be loaded: ' + messageOf(e)));
    return;
  }
  const config = experiment.config || {};
  const message = el('div', {});
  const panel = el('div', { class: 'wb-tabpanel', role: 'tabpanel', id: 'wb-tabpanel', tabindex: '-1' });
  const base = '#/experiments/' + encodeURIComponent(id);

  const reEvaluate = el('button', { type: 'button', id: 'wb-reevaluate', disabled: experiment.status !== 'completed',
    onclick: async () => {
      reEvaluate.disabled = true;
      replace(message, el('p', { class: 'muted' }, 'Re-evaluating against the current controls…'));
      try {
        await api('POST', `/api/v1/experiments/${encodeURIComponent(id)}/re-evaluate`);
        context.refreshList();
        renderExperiment(root, id, tab, context);
      } catch (e) {
        replace(message, errorText('Re-evaluation failed: ' + messageOf(e)));
        reEvaluate.disabled = false;
      }
    } }, 'Re-evaluate');
  const remove = el('button', { type: 'button', class: 'danger', onclick: async () => {
    if (!window.confirm('Delete this experiment?')) return;
    try {
      await api('DELETE', '/api/v1/experiments/' + encodeURIComponent(id));
      context.refreshList();
      location.hash = '#/';
    } catch (e) {
      replace(message, errorText('It cannot be deleted: ' + messageOf(e)));
    }
  } }, 'Delete');

  const tabs = el('div', { class: 'wb-tabs', role: 'tablist', 'aria-label': 'Experiment views' },
    TABS.map(([key, label]) => el('a', { role: 'tab', id: 'wb-tab-' + key, href: base + '/' + key,
      'aria-selected': key === tab ? 'true' : 'false', 'aria-controls': 'wb-tabpanel', class: key === tab ? 'current' : null }, label)));
  tabs.addEventListener('keydown', e => {
    const keys = TABS.map(t => t[0]);
    const i = keys.indexOf(tab);
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const next = keys[(i + (e.key === 'ArrowRight' ? 1 : keys.length - 1)) % keys.length];
      location.hash = base + '/' + next;
      e.preventDefault();
    }
  });

  replace(root,
    el('div', { class: 'wb-exp-head' },
      el('div', {},
        el('h2', { id: 'wb-exp-title' }, experiment.name || config.name || 'Untitled experiment'),
        el('p', { class: 'muted' }, [config.siteId, config.searchName || (config.mode === 'gene-ids' ? 'gene IDs' : config.mode),
          experiment.controlSetLabel ? 'controls: ' + experiment.controlSetLabel : null, 'created ' + when(experiment.createdAt)]
          .filter(Boolean).join(' · '))),
      el('div', { class: 'wb-actions' },
        el('span', { class: 'wb-status s-' + experiment.status, id: 'wb-exp-status' }, experiment.status),
        reEvaluate,
        el('a', { class: 'wb-button', id: 'wb-export', href: `/api/v1/experiments/${encodeURIComponent(id)}/export`,
          download: `experiment-${id}-report.html` }, 'Export report'),
        remove)),
    experiment.error ? errorText(experiment.error) : null,
    experiment.metricsStale ? el('p', { class: 'warning-text', role: 'status' },
      'The result changed since these metrics were computed: re-evaluate to bring them up to date.') : null,
    message, tabs, panel);

  if (experiment.status === 'pending' || experiment.status === 'running') {
    followRun(panel, experiment, view, () => renderExperiment(root, id, tab, context));
    context.reveal();
    return;
  }
  if (tab === 'analysis') {
    renderAnalysis(panel, experiment, view, () => renderExperiment(root, id, 'analysis', context));
  } else if (tab === 'chat') {
    renderChat(panel, experiment, view);
  } else {
    renderResults(panel, experiment, view);
  }
  // after the panel has its height, so that the page can scroll that far
  context.reveal();
}

/** A run still going: its phases as they arrive, then the page again once it has ended. */
async function followRun(panel, experiment, view, reload) {
  const progress = el('ol', { class: 'wb-progress', id: 'wb-run-progress', 'aria-live': 'polite' });
  const state = el('p', { class: 'muted', role: 'status' }, 'Running…');
  const cancel = el('button', { type: 'button', id: 'wb-run-cancel' }, 'Cancel the run');
  replace(panel, el('div', { class: 'wb-row' }, state, cancel), progress);
  let operationId = experiment.operationId;
  if (!operationId) {
    try {
      const active = await api('GET', '/api/v1/operations/active?target=' + encodeURIComponent(experiment.id));
      const items = Array.isArray(active) ? active : active.items || [];
      operationId = items.length ? items[0].operationId : null;
    } catch (e) {
      operationId = null;
    }
  }
  if (!operationId) {
    replace(state, 'Running; this page does not know its operation. Reload later.');
    return;
  }
  cancel.addEventListener('click', async () => {
    cancel.disabled = true;
    await api('POST', `/api/v1/operations/${encodeURIComponent(operationId)}/cancel`).catch(() => null);
  });
  const stream = followOperation(operationId, {
    onEvent(type, data) {
      if (type === 'experiment_progress') {
        progress.append(el('li', { class: 'phase-' + data.phase }, data.message || data.phase));
      } else if (type === 'experiment_error') {
        progress.append(el('li', { class: 'error' }, 'Failed: ' + (data.error || '')));
      } else if (type === 'experiment_end') {
        reload();
      }
    },
    onState(s) {
      replace(state, s === 'reconnecting' ? 'Reconnecting…' : s === 'live' ? 'Running…' : 'Ended.');
    },
  });
  view.onClose(() => stream.close());
}
