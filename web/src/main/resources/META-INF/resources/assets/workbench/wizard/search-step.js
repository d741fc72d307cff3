// The wizard's first step: a site, a record type and a search of that type found by meaning (or a
// pasted gene list).
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, field, messageOf, parseIds } from '../util.js';
import { nav, state } from './state.js';

export function searchStep(go, context) {
  const results = el('div', { class: 'wb-search-results', id: 'wb-search-results' });
  const siteSelect = el('select', { id: 'wb-site', value: state.siteId,
    onchange: e => {
      state.siteId = e.target.value;
      state.searches = null;
      state.recordTypes = null;
      state.recordType = 'transcript';
      state.search = null;
      state.controls.sets = null;
      if (state.mode === 'search') find(); else drawResults();
    } },
  context.sites.map(s => el('option', { value: s.id }, s.displayName)));
  const query = el('input', { id: 'wb-search-q', type: 'search', value: state.query, placeholder: 'e.g. kinase, secreted, organism',
    autocomplete: 'off' });
  const geneIds = el('textarea', { id: 'wb-gene-ids', rows: 6, placeholder: 'One gene ID per line, best first' });
  geneIds.value = state.geneIds;
  const modeSearch = el('input', { type: 'radio', name: 'wb-mode', id: 'wb-mode-search', value: 'search', checked: state.mode === 'search' });
  const modeIds = el('input', { type: 'radio', name: 'wb-mode', id: 'wb-mode-ids', value: 'geneIds', checked: state.mode === 'geneIds' });
  const searchPart = el('div', {});
  const error = el('div', {});
  const recordType = el('select', { id: 'wb-record-type', onchange: e => {
    state.recordType = e.target.value;
    state.searches = null;
    state.search = null;
    find();
  } });

  /** The site's record types (GET …/record-types); the searches listed are those of the chosen one. */
  async function loadRecordTypes() {
    if (!state.recordTypes) {
      try {
        const answer = await api('GET', `/api/v1/sites/${encodeURIComponent(state.siteId)}/record-types`);
        state.recordTypes = Array.isArray(answer) ? answer : answer.items || [];
      } catch (e) {
        state.recordTypes = [];
      }
    }
    replace(recordType, recordTypeChoices(state.recordTypes, state.recordType)
      .map(t => el('option', { value: t.name }, t.label)));
    recordType.value = state.recordType;
  }

  async function find(event) {
    if (event) event.preventDefault();
    state.query = query.value.trim();
    const params = new URLSearchParams({ recordType: state.recordType });
    if (state.query) params.set('q', state.query);
    replace(results, el('p', { class: 'muted' }, 'Searching…'));
    try {
      const answer = await api('GET', `/api/v1/sites/${encodeURIComponent(state.siteId)}/searches?${params}`);
      state.searches = (Array.isArray(answer) ? answer : answer.items || answer.searches || []).filter(s => !s.kind || s.kind === 'search');
      drawResults();
    } catch (e) {
      replace(results, errorText('The searches cannot be listed: ' + messageOf(e)));
    }
  }

  function drawResults() {
    if (!state.searches) {
      replace(results);
      return;
    }
    replace(results, state.searches.length ? el('ul', { class: 'wb-choices', 'aria-label': 'Searches' },
      state.searches.slice(0, 40).map(s => el('li', {}, el('button', {
        type: 'button', class: state.search && state.search.name === s.name ? 'wb-choice chosen' : 'wb-choice',
        'data-search': s.name, 'aria-pressed': Boolean(state.search && state.search.name === s.name),
        onclick: () => { state.search = s; state.form = null; go('parameters'); },
      }, el('strong', {}, s.displayName || s.name), el('span', { class: 'visually-hidden' }, ': '),
      el('span', { class: 'muted' }, s.description || s.name)))))
      : el('p', { class: 'muted' }, 'No search matches those words.'));
  }

  function drawMode() {
    state.mode = modeIds.checked ? 'geneIds' : 'search';
    if (state.mode === 'geneIds') {
      state.recordType = 'transcript'; // a pasted list is of genes
    } else {
      loadRecordTypes();
    }
    replace(searchPart, state.mode === 'search'
      ? el('form', { class: 'wb-row', onsubmit: find }, field('Record type', recordType), field('Find a search', query),
        el('button', { type: 'submit' }, 'Find'))
      : el('form', { onsubmit: e => { e.preventDefault(); next(); } },
        field('Gene IDs (the ranked result to evaluate)', geneIds, 'The order is the ranking: the first ID is the best hit.'),
        nav(null, 'Next: controls', null, { nextId: 'wb-next' })));
    if (state.mode === 'search') {
      drawResults();
      searchPart.append(results);
    }
  }

  function next() {
    state.geneIds = geneIds.value;
    if (!parseIds(geneIds.value).length) {
      replace(error, errorText('Paste at least one gene ID.'));
      geneIds.setAttribute('aria-invalid', 'true');
      return;
    }
    go('controls');
  }
  modeSearch.addEventListener('change', drawMode);
  modeIds.addEventListener('change', drawMode);
  drawMode();
  if (state.mode === 'search' && !state.searches) {
    find();
  }
  return el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, '1. What to evaluate'),
    field('Site', siteSelect),
    el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Mode'),
      el('label', {}, modeSearch, ' A search on the site'), el('label', {}, modeIds, ' A list of gene IDs')),
    searchPart, error);
}

/**
 * The record types a person can choose from, each with a label of its own: types with no search
 * are left out (VEuPathDB's "gene" type, whose gene searches are the "transcript" type's, is called
 * "Gene" too), and two types that still share a display name are told apart by their names.
 */
export function recordTypeChoices(types, current) {
  const listed = types.filter(t => t.name === current || t.searchCount === undefined || t.searchCount > 0);
  if (!listed.some(t => t.name === current)) listed.unshift({ name: current, displayName: current });
  const shown = t => t.displayName || t.name;
  return listed.map(t => ({ name: t.name,
    label: listed.filter(o => shown(o) === shown(t)).length > 1 ? `${shown(t)} (${t.name})` : shown(t) }));
}
