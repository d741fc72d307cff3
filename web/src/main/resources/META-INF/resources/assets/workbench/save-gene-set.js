// "Save as gene set" in an experiment's results: the whole result, or the control genes of one class,
// saved as a gene set of the caller (POST /api/v1/experiments/{id}/gene-set), the answer said in the
// page with a link to the gene sets view; a refusal (a stale result, an empty class, a bad name) inline.
import { el, genesAndTranscripts, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, field, fieldErrors, messageOf, num, recordNoun } from './util.js';

const CLASSES = [['truePositives', 'True positives', 'truePositiveGenes', 'true positives'],
  ['falsePositives', 'False positives', 'falsePositiveGenes', 'false positives'],
  ['falseNegatives', 'False negatives', 'falseNegativeGenes', 'false negatives'],
  ['trueNegatives', 'True negatives', 'trueNegativeGenes', 'true negatives']];

/** The control for a completed experiment (folded under its summary until opened). */
export function saveGeneSetControl(experiment) {
  const m = experiment.metrics || {};
  const base = experiment.name || (experiment.config || {}).name || 'Experiment';
  const suffix = { result: 'result' };
  CLASSES.forEach(([key, , , words]) => { suffix[key] = words; });
  const defaultName = which => `${base} — ${suffix[which]}`.slice(0, 255);
  const noun = recordNoun((experiment.config || {}).recordType);
  const size = noun === 'genes' ? genesAndTranscripts(m.totalResults, m.totalTranscripts) : `${num(m.totalResults)} ${noun}`;
  const which = el('select', { id: 'wb-gs-which' },
    el('option', { value: 'result' }, `Every gene of the result: ${size}`),
    CLASSES.map(([key, label, list]) => el('option', { value: key }, `${label}: ${num((experiment[list] || []).length)} control genes`)));
  const name = el('input', { id: 'wb-gs-name', type: 'text', maxlength: 255, required: true, value: defaultName('result') });
  let named = false; // the person typed a name of their own: a change of genes keeps it until it is saved
  name.addEventListener('input', () => { named = true; });
  which.addEventListener('change', () => { if (!named) name.value = defaultName(which.value); });
  const out = el('div', { id: 'wb-gs-out' });
  const save = el('button', { type: 'submit', id: 'wb-gs-save', class: 'primary' }, 'Save as gene set');

  async function submit(e) {
    e.preventDefault();
    name.removeAttribute('aria-invalid');
    which.removeAttribute('aria-invalid');
    if (!name.value.trim()) {
      name.setAttribute('aria-invalid', 'true');
      replace(out, errorText('Give the gene set a name.'));
      name.focus();
      return;
    }
    save.disabled = true;
    replace(out, el('p', { class: 'muted' }, 'Saving…'));
    try {
      const saved = await api('POST', `/api/v1/experiments/${encodeURIComponent(experiment.id)}/gene-set`,
        { name: name.value.trim(), which: which.value });
      const n = (saved.positiveIds || []).length;
      named = false; // the next set saved is named after its genes again, unless typed over

      replace(out, el('p', { id: 'wb-gs-saved', role: 'status', dataset: { id: saved.id } },
        `Saved “${saved.name}”: ${num(n)} gene${n === 1 ? '' : 's'}. `,
        el('a', { href: '#/gene-sets', id: 'wb-gs-open' }, 'Open your gene sets')));
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.has('/name')) name.setAttribute('aria-invalid', 'true');
      if (fields.has('/which')) which.setAttribute('aria-invalid', 'true');
      replace(out, errorText('The gene set cannot be saved: ' + messageOf(err)));
    } finally {
      save.disabled = false;
    }
  }

  return el('details', { class: 'wb-save-gene-set', id: 'wb-save-gene-set' },
    el('summary', {}, 'Save as gene set'),
    el('form', { id: 'wb-gs-form', onsubmit: submit },
      el('div', { class: 'wb-row' }, field('Genes', which), field('Name of the gene set', name)),
      el('p', { class: 'muted' }, 'A gene set can be used as an experiment\u2019s controls or gene list, combined and compared in Gene sets.'),
      save),
    out);
}
