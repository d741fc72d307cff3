// One experiment: its header (status, version, re-evaluate, undo, export, delete), live progress while
// it runs, and three tabs — results, analysis, chat (the workbench assistant scoped to it); and an
// earlier version of it, read as it was kept.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, messageOf, pct, refinementText, when } from './util.js';
import { renderResults } from './results.js';
import { renderAnalysis } from './analysis.js';
import { renderChat } from './chat.js';
import { followRun } from './run-progress.js';

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
  // a refined experiment: one step back to the version before, exactly as it was
  const undo = experiment.version > 1 ? el('button', { type: 'button', id: 'wb-undo', disabled: experiment.status === 'pending' || experiment.status === 'running',
    onclick: async () => {
      undo.disabled = true;
      replace(message, el('p', { class: 'muted' }, `Undoing the refinement: back to version ${experiment.version - 1}…`));
      try {
        await api('POST', `/api/v1/experiments/${encodeURIComponent(id)}/undo`, { version: experiment.version });
        context.refreshList();
        renderExperiment(root, id, tab, context);
      } catch (e) {
        replace(message, errorText('It cannot be undone: ' + messageOf(e)));
        undo.disabled = false;
      }
    } }, `Undo refinement (back to v${experiment.version - 1})`) : null;
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
        undo,
        el('a', { class: 'wb-button', id: 'wb-export', href: `/api/v1/experiments/${encodeURIComponent(id)}/export`,
          download: `experiment-${id}-report.html` }, 'Export report'),
        remove)),
    versionLine(experiment, id),
    experiment.error ? errorText(experiment.error) : null,
    experiment.metricsStale ? el('p', { class: 'warning-text', role: 'status', id: 'wb-exp-stale' },
      'The result changed since these metrics were computed: re-evaluate to bring them up to date.') : null,
    message, tabs, panel);

  if (experiment.status === 'pending' || experiment.status === 'running') {
    showRunning(panel, experiment, view, () => renderExperiment(root, id, tab, context));
    context.reveal();
    return;
  }
  if (tab === 'analysis') {
    renderAnalysis(panel, experiment, view, () => renderExperiment(root, id, 'analysis', context));
  } else if (tab === 'chat') {
    // a turn that refined, undid or re-evaluated changed the experiment: the list and the page follow it
    renderChat(panel, experiment, view, () => {
      context.refreshList();
      renderExperiment(root, id, 'chat', context);
    });
  } else {
    renderResults(panel, experiment, { site: siteOf(context, experiment) });
  }
  // after the panel has its height, so that the page can scroll that far
  context.reveal();
}

/**
 * Which version the page shows and what made it, with a link to every other version: "Version 2 of 2 ·
 * kept only a list of genes · earlier: v1".
 */
/** The site the experiment ran on, as the site list gives it (its `webUrl` for links to gene pages). */
function siteOf(context, experiment) {
  const siteId = (experiment.config || {}).siteId;
  return (context.sites || []).find(s => (s.id || s.siteId) === siteId) || null;
}

function versionLine(experiment, id) {
  const versions = experiment.versions || [];
  if (versions.length < 2 && !(experiment.version > 1)) {
    return null;
  }
  const latest = versions.length ? versions[versions.length - 1].version : experiment.version;
  const others = versions.filter(v => v.version !== experiment.version);
  return el('p', { class: 'muted wb-version-line', id: 'wb-exp-version' },
    `Version ${experiment.version} of ${latest}`,
    experiment.refinement ? ` · ${refinementText(experiment.refinement)} (refined ${when(experiment.refinement.refinedAt)})` : '',
    others.length ? ' · other versions: ' : '',
    ...others.flatMap((v, i) => [i ? ', ' : '', el('a', { class: 'wb-version-link', dataset: { version: String(v.version) },
      href: v.current ? '#/experiments/' + encodeURIComponent(id) : `#/experiments/${encodeURIComponent(id)}/versions/${v.version}`,
      title: v.refinement ? refinementText(v.refinement) : 'the experiment as first run' },
    `v${v.version}` + (v.current ? ' (current)' : '') + (v.f1Score !== null && v.f1Score !== undefined ? ` F1 ${pct(v.f1Score)}` : '')
      + (v.metricsStale ? ' stale' : ''))]));
}

/**
 * An earlier version of the experiment, as it was kept when a refinement replaced it: its figures,
 * control genes and enrichment tables (read only), with the way back to the current version.
 */
export async function renderVersion(root, id, version, context) {
  context.setDispose(() => {});
  replace(root, el('p', { class: 'muted' }, 'Loading the version…'));
  let experiment;
  try {
    experiment = await api('GET', `/api/v1/experiments/${encodeURIComponent(id)}/versions/${encodeURIComponent(version)}`);
  } catch (e) {
    if (e.status === 401) {
      context.signInNeeded();
      replace(root, el('p', { class: 'muted', id: 'wb-sign-in-needed' }, 'Sign in (top right) to see this experiment.'));
      return;
    }
    replace(root, errorText(e.status === 404 ? 'There is no such version of an experiment of yours.' : 'The version cannot be loaded: ' + messageOf(e)));
    return;
  }
  const versions = experiment.versions || [];
  const current = versions.find(v => v.current);
  if (current && current.version === experiment.version) {
    location.hash = '#/experiments/' + encodeURIComponent(id);
    return;
  }
  const panel = el('div', { class: 'wb-tabpanel', id: 'wb-tabpanel' });
  replace(root,
    el('div', { class: 'wb-exp-head' },
      el('div', {},
        el('h2', { id: 'wb-exp-title' }, (experiment.name || 'Untitled experiment') + ` — version ${experiment.version}`),
        el('p', { class: 'muted' }, `An earlier version, kept as it was when version ${experiment.version + 1} replaced it`
          + (versions[experiment.version - 1] && versions[experiment.version - 1].supersededAt
            ? ` (${when(versions[experiment.version - 1].supersededAt)})` : '') + '. Read only.')),
      el('div', { class: 'wb-actions' },
        el('span', { class: 'wb-status s-' + experiment.status }, experiment.status),
        el('a', { class: 'wb-button', id: 'wb-version-current', href: '#/experiments/' + encodeURIComponent(id) },
          current ? `Back to the current version (v${current.version})` : 'Back to the experiment'))),
    versionLine(experiment, id),
    experiment.metricsStale ? el('p', { class: 'warning-text', role: 'status', id: 'wb-exp-stale' },
      'This version was not re-evaluated: its figures are those of the version before it.') : null,
    panel);
  renderResults(panel, experiment, { earlier: true, site: siteOf(context, experiment) });
  context.reveal();
}

/** A run still going: its phases as they arrive, then the page again once it has ended. */
async function showRunning(panel, experiment, view, reload) {
  const progress = el('ol', { class: 'wb-progress', id: 'wb-run-progress', 'aria-live': 'polite' });
  const state = el('sl-stream-status', { class: 'muted', 'ended-text': 'Ended.' }, 'Running…');
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
  const stream = followRun(operationId, { progress, status: state, cancel, onEnd: () => reload() });
  view.onClose(() => stream.close());
}
