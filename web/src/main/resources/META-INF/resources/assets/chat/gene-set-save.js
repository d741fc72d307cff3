// Saving the open conversation's genes as a gene set, without asking the agent: the strategy's result
// (or a step chosen) is read from the site and kept as a gene set of the caller's
// (POST /api/v1/strategies/{id}/gene-set, the same export as the agent's export_gene_set), usable as
// controls or as an experiment's gene list in the workbench's gene sets view (/workbench/#/gene-sets).
// The form opens under a button; its name starts as the conversation's title and its step as the
// result. It is drawn once per conversation and only its step list follows later graphs, so a name
// being typed is never lost when the graph changes.
import { api, problemMessage } from '../shared/operation-stream.js';
import { el, formatCount, replace } from '../shared/dom.js';

/** Where the workbench lists the caller's gene sets. */
export const GENE_SETS_VIEW = '/workbench/#/gene-sets';

/**
 * @param {HTMLElement} root where the area is drawn
 * @returns {{show(view: object|null): void}} draws the area for a strategy view (as
 *          GET /api/v1/strategies/{id} answers it), or empties it for null
 */
export function geneSetSave(root) {
  let conversation = null;  // the conversation the form was built for
  let parts = null;         // its elements

  function build(view) {
    const id = view.strategy.id;
    const name = el('input', { id: 'gene-set-name', type: 'text', maxlength: 200, required: true,
      value: view.strategy.name || '' });
    const step = el('select', { id: 'gene-set-step' });
    const button = el('button', { type: 'submit', id: 'gene-set-save', class: 'primary' }, 'Save gene set');
    const error = el('p', { id: 'gene-set-error', class: 'error', role: 'alert' });
    const status = el('div', { id: 'gene-set-status', class: 'small', role: 'status' });
    const form = el('form', { id: 'gene-set-form', class: 'site-form gene-set-form', hidden: true,
      'aria-labelledby': 'gene-set-title', onsubmit: event => {
        event.preventDefault();
        save(id, name, step, button, error, status);
      } },
    el('h4', { id: 'gene-set-title' }, 'Save genes as a gene set'),
    el('label', { for: 'gene-set-name' }, 'Gene set name'), name,
    el('label', { for: 'gene-set-step' }, 'Genes of'), step,
    button, error);
    const toggle = el('button', { type: 'button', id: 'gene-set-open', class: 'small', 'aria-expanded': 'false',
      'aria-controls': 'gene-set-form', onclick: () => {
        form.hidden = !form.hidden;
        toggle.setAttribute('aria-expanded', String(!form.hidden));
        if (!form.hidden) name.focus();
      } }, 'Save genes as gene set');
    replace(root, toggle, form, status);
    return { step };
  }

  async function save(id, name, step, button, error, status) {
    for (const field of [name, step]) {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
    }
    error.textContent = '';
    replace(status, 'Reading the genes from the site and saving them…');
    button.disabled = true;
    try {
      const saved = await api('POST', '/api/v1/strategies/' + encodeURIComponent(id) + '/gene-set',
        { name: name.value.trim(), stepId: step.value || undefined });
      if (conversation !== id) return;
      replace(status,
        el('span', { id: 'gene-set-saved', dataset: { geneSetId: saved.geneSetId, geneCount: String(saved.geneCount) } },
          'Saved ' + formatCount(saved.geneCount) + (saved.geneCount === 1 ? ' gene' : ' genes') + ' as gene set “'
            + saved.name + '”. '),
        el('a', { id: 'gene-set-link', href: GENE_SETS_VIEW }, 'Open your gene sets in the workbench'),
        saved.note ? el('span', { class: 'muted' }, ' (' + saved.note + ')') : null);
      // the panel scrolls: the answer is brought into view under the form
      if (status.scrollIntoView) status.scrollIntoView({ block: 'nearest' });
    } catch (e) {
      if (conversation !== id) return;
      replace(status);
      const pointers = ((e.problem && e.problem.errors) || []).map(f => f.pointer);
      for (const [pointer, field] of [['/name', name], ['/stepId', step]]) {
        if (pointers.includes(pointer)) {
          field.setAttribute('aria-invalid', 'true');
          field.setAttribute('aria-describedby', 'gene-set-error');
        }
      }
      error.textContent = problemMessage(e);
    } finally {
      button.disabled = false;
    }
  }

  /** The steps to choose from, the result first (chosen unless another step still present was). */
  function drawSteps(select, graph) {
    const steps = graph.steps || [];
    const chosen = select.value;
    const root = steps.find(s => s.id === graph.rootStepId);
    const ordered = root ? [root, ...steps.filter(s => s !== root)] : steps;
    replace(select, ordered.map(s => el('option', { value: s.id },
      (s === root ? 'The result: ' : '') + (s.displayName || s.searchName || s.operator || s.id) + ' (' + s.id
        + (typeof s.resultCount === 'number' ? ', ' + formatCount(s.resultCount) + ' genes' : '') + ')')));
    if (chosen && ordered.some(s => s.id === chosen)) select.value = chosen;
  }

  return {
    show(view) {
      const steps = (view && view.graph && view.graph.steps) || [];
      if (!view || !steps.length) {
        conversation = null;
        parts = null;
        replace(root);
        return;
      }
      if (conversation !== view.strategy.id || !parts) {
        conversation = view.strategy.id;
        parts = build(view);
      }
      drawSteps(parts.step, view.graph);
    },
  };
}
