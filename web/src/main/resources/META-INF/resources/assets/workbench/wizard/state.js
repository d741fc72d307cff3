// The wizard's state and what every step shares (the Back / Next row, the record type's kind).
import { el } from '/assets/shared/dom.js';

/**
 * The wizard's state, kept while the person moves between its steps (`form`: the chosen search's
 * parameter form, shared/param-form.js, with its values and refusals).
 */
function freshState(sites) {
  return {
    step: 'search', siteId: (sites.find(s => !s.isPortal) || sites[0] || {}).id || '', recordType: 'transcript',
    mode: 'search', recordTypes: null, query: '', searches: null, search: null, form: null,
    geneIds: '', controls: { source: 'paste', controlSetId: '', positives: '', negatives: '', newName: '', sets: null, resolution: null },
    name: '', enrichmentTypes: new Set(), enableRobustness: true, enableCrossValidation: false, enableStepAnalysis: false,
  };
}

/** The wizard's state (null before it starts): steps change its fields, never the binding. */
export let state = null;

/** Starts the wizard afresh on the sites given. */
export function startWizard(sites) {
  state = freshState(sites);
}

/** Restarts the wizard from its first step (after a run has been started). */
export function resetWizard() {
  state = null;
}

/** Whether the wizard's record type is a gene's (its controls are gene IDs the site can resolve). */
export function geneRecords() {
  return state.recordType === 'transcript' || state.recordType === 'gene';
}

/** The site of `id` among `sites`. */
export function site(sites, id) {
  return sites.find(s => s.id === id);
}

/** The Back / Next row under a step. */
export function nav(back, nextLabel, onNext, { nextId } = {}) {
  return el('div', { class: 'wb-nav' },
    back ? el('button', { type: 'button', onclick: back }, 'Back') : null,
    el('button', { type: 'submit', class: 'primary', id: nextId || null, onclick: onNext }, nextLabel));
}
