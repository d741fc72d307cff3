// The workbench page: the caller's experiments (site and status filters, pages, a selection to
// compare), the wizard for a new experiment and one experiment's results, analyses and chat.
// Routes live in the location hash: #/new, #/new/strategy/<id>, #/experiments/<id>[/<tab>],
// #/experiments/<id>/versions/<n> (an earlier version), #/compare/<id>,<id>…, #/discover (control genes
// in, a strategy out), #/discoveries/<id>, #/batches/<id> and #/benchmarks/<id> (a group's members side by side),
// #/gene-sets (gene sets: upload, algebra, compare), #/new/controls/<set id> and #/new/gene-list/<set id>
// (the wizard with a gene set as its controls or as its gene list)
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, messageOf, pct, refinementText, when, pager } from './util.js';
import { renderWizard } from './wizard.js';
import { renderExperiment, renderVersion } from './experiment.js';
import { renderCompare } from './compare.js';
import { renderDiscovery, renderDiscoveryForm } from './discovery.js';
import { renderGroup } from './group-view.js';
import { renderGeneSets } from './gene-sets.js';

const PAGE_SIZE = 20;
const listBody = document.getElementById('wb-list-body');
const main = document.getElementById('wb-main');
const list = { siteId: '', status: '', offset: 0, selected: new Set(), sites: [] };
let disposeView = () => {};

async function loadSites() {
  try {
    list.sites = (await api('GET', '/api/v1/sites')).items || [];
  } catch (e) {
    list.sites = [];
  }
}

/** Draws the experiments list; called on filter changes and after a run or a delete. */
export async function refreshList() {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(list.offset) });
  if (list.siteId) query.set('siteId', list.siteId);
  if (list.status) query.set('status', list.status);
  const filters = el('div', { class: 'wb-filters' },
    el('label', { for: 'wb-filter-site' }, 'Site'),
    el('select', { id: 'wb-filter-site', value: list.siteId, onchange: e => { list.siteId = e.target.value; list.offset = 0; refreshList(); } },
      el('option', { value: '' }, 'All sites'), list.sites.map(s => el('option', { value: s.id || s.siteId }, s.displayName))),
    el('label', { for: 'wb-filter-status' }, 'Status'),
    el('select', { id: 'wb-filter-status', value: list.status, onchange: e => { list.status = e.target.value; list.offset = 0; refreshList(); } },
      el('option', { value: '' }, 'Any status'),
      ['pending', 'running', 'completed', 'error', 'cancelled'].map(s => el('option', { value: s }, s))));
  let page;
  try {
    page = await api('GET', '/api/v1/experiments?' + query);
  } catch (e) {
    replace(listBody, filters, e.status === 401 ? el('p', { class: 'muted' }, 'Sign in (top right) to see your experiments.')
      : errorText('Experiments cannot be loaded: ' + messageOf(e)));
    return;
  }
  const items = page.items || [];
  const rows = items.map(x => {
    const box = el('input', { type: 'checkbox', class: 'wb-select', checked: list.selected.has(x.id),
      'aria-label': 'Select ' + (x.name || x.id) + ' to compare',
      onchange: e => { e.target.checked ? list.selected.add(x.id) : list.selected.delete(x.id); drawCompare(); } });
    return el('li', { class: 'wb-exp', dataset: { id: x.id } }, box,
      el('a', { href: '#/experiments/' + encodeURIComponent(x.id), class: 'wb-exp-link' },
        el('span', { class: 'wb-exp-name' }, x.name || 'Untitled experiment'),
        el('span', { class: 'wb-exp-meta muted' },
          [x.siteId, x.searchName || (x.mode === 'gene-ids' ? 'gene IDs' : x.mode), when(x.createdAt)].filter(Boolean).join(' · '))),
      el('span', { class: 'wb-status s-' + x.status }, x.status),
      // a refined experiment: which version, what made it, and a link to the version before
      x.version > 1 ? el('span', { class: 'wb-exp-version muted', title: refinementText(x.refinement) },
        `v${x.version} of “${x.name || 'Untitled experiment'}” · ${refinementText(x.refinement)} · from `,
        el('a', { href: `#/experiments/${encodeURIComponent(x.id)}/versions/${x.version - 1}`, class: 'wb-exp-parent' }, 'v' + (x.version - 1))) : null,
      x.f1Score !== null && x.f1Score !== undefined ? el('span', { class: 'wb-exp-f1 muted' + (x.metricsStale ? ' stale' : ''),
        title: x.metricsStale ? 'computed before the latest refinement; re-evaluate the experiment' : null },
      'F1 ' + pct(x.f1Score) + (x.metricsStale ? ' · stale' : '')) : null,
      // a member of a batch or a benchmark: the way to its group, the members side by side
      x.batchId || x.benchmarkId ? el('a', { class: 'wb-exp-group', href: x.batchId ? '#/batches/' + encodeURIComponent(x.batchId)
        : '#/benchmarks/' + encodeURIComponent(x.benchmarkId) }, x.batchId ? 'its batch' : 'its benchmark' + (x.isPrimaryBenchmark ? ' (primary)' : '')) : null);
  });
  const total = page.total || 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  replace(listBody, filters,
    items.length ? el('ul', { class: 'wb-exp-list', id: 'wb-experiments' }, rows)
      : el('p', { class: 'muted' }, 'No experiments yet. Start one with “New experiment”.'),
    total > PAGE_SIZE ? pager(Math.floor(list.offset / PAGE_SIZE), pages, total, p => { list.offset = p * PAGE_SIZE; refreshList(); }) : null,
    el('div', { id: 'wb-compare-bar', class: 'wb-compare-bar' }));
  drawCompare();
}

function drawCompare() {
  const bar = document.getElementById('wb-compare-bar');
  if (!bar) return;
  const n = list.selected.size;
  replace(bar, el('span', { class: 'muted' }, n + ' selected'),
    el('button', { type: 'button', id: 'wb-compare', disabled: n < 2,
      onclick: () => { location.hash = '#/compare/' + [...list.selected].map(encodeURIComponent).join(','); } },
    'Compare selected'),
    n ? el('button', { type: 'button', onclick: () => { list.selected.clear(); refreshList(); } }, 'Clear') : null);
}

let routed = false;
let waitingForSignIn = false;
const narrow = window.matchMedia('(max-width: 800px)');

function route() {
  disposeView();
  disposeView = () => {};
  const hash = location.hash.replace(/^#\/?/, '');
  const parts = hash.split('/').map(decodeURIComponent);
  const revealing = routed && narrow.matches;
  // views that load first call reveal() again once they have their height
  const reveal = () => { if (revealing) main.scrollIntoView({ block: 'start' }); };
  waitingForSignIn = false;
  const context = { sites: list.sites, refreshList, reveal, setDispose: fn => { disposeView = fn; },
    // a view that was refused for want of a session (a link opened signed out) is drawn again on sign-in
    signInNeeded: () => { waitingForSignIn = true; } };
  document.querySelectorAll('.wb-exp').forEach(li => li.classList.toggle('current', parts[0] === 'experiments' && li.dataset.id === parts[1]));
  if (parts[0] === 'new' && (parts[1] === 'controls' || parts[1] === 'gene-list') && parts[2]) {
    renderWizard(main, context, undefined, { kind: parts[1], setId: parts[2] });
  } else if (parts[0] === 'new') {
    // #/new/strategy/<id>: a strategy built in the chat, run as an experiment
    renderWizard(main, context, parts[1] === 'strategy' ? parts[2] : undefined);
  } else if (parts[0] === 'experiments' && parts[1] && parts[2] === 'versions' && parts[3]) {
    renderVersion(main, parts[1], parts[3], context);
  } else if (parts[0] === 'experiments' && parts[1]) {
    renderExperiment(main, parts[1], parts[2] || 'results', context);
  } else if (parts[0] === 'discover') {
    renderDiscoveryForm(main, context);
  } else if (parts[0] === 'discoveries' && parts[1]) {
    renderDiscovery(main, parts[1], context);
  } else if ((parts[0] === 'batches' || parts[0] === 'benchmarks') && parts[1]) {
    renderGroup(main, parts[0] === 'batches' ? 'batch' : 'benchmark', parts[1], context);
  } else if (parts[0] === 'gene-sets') {
    renderGeneSets(main, context);
  } else if (parts[0] === 'compare' && parts[1]) {
    renderCompare(main, parts[1].split(',').filter(Boolean), context);
  } else {
    replace(main, el('div', { class: 'wb-welcome' },
      el('h2', {}, 'Evaluate a search against control genes'),
      el('p', {}, 'A guided run goes search → parameters → controls → run → results → analysis. '
        + 'Pick an experiment on the left to see its results, or tick two or more to compare their genes.'),
      el('a', { class: 'wb-button primary', href: '#/new' }, 'New experiment'), ' ',
      el('a', { class: 'wb-button', href: '#/discover', id: 'wb-discover' }, 'Start from control genes')));
  }
  // one column on a phone: show what was opened rather than leave it below the list
  reveal();
  routed = true;
}

window.addEventListener('hashchange', route);
// signing in or out happens in the header (session.js): the list follows who is signed in
let sessionText = '';
new MutationObserver(() => {
  const now = document.getElementById('session').textContent;
  if (now.includes('Signed in') !== sessionText.includes('Signed in')) {
    list.selected.clear();
    refreshList();
    if (now.includes('Signed in') && waitingForSignIn) {
      route();
    }
  }
  sessionText = now;
}).observe(document.getElementById('session'), { childList: true, subtree: true });
await loadSites();
route();
refreshList();
