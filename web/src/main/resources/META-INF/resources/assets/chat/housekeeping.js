// Rename, duplicate and delete the open conversation from the chat page (PATCH and DELETE /api/v1/strategies/{id}).
// The forms open in place under the chat's title; each answer of the API is shown, a refusal on its field.
import { api, problemMessage } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';

/**
 * The Rename, Duplicate and Delete buttons of a conversation and their forms (a duplicate,
 * POST /api/v1/strategies/{id}/duplicate, is made at once and opened).
 *
 * @param {HTMLElement} actions where the buttons go (beside the title)
 * @param {HTMLElement} panel   where a form opens
 * @param {object} hooks  current(): the open strategy ({id, name, isSaved, upstreamUrl}) or null;
 *                        renamed(header): after a rename; deleted(id): after a delete;
 *                        duplicated(view): after a duplicate (the copy's strategy view)
 */
export function conversationActions(actions, panel, hooks) {
  const rename = el('button', { type: 'button', id: 'conversation-rename', class: 'small', onclick: openRename }, 'Rename');
  const remove = el('button', { type: 'button', id: 'conversation-delete', class: 'small danger', onclick: openDelete }, 'Delete');
  const duplicate = el('button', { type: 'button', id: 'conversation-duplicate', class: 'small', onclick: makeCopy }, 'Duplicate');
  replace(actions, rename, duplicate, remove);

  async function makeCopy() {
    const strategy = hooks.current();
    if (!strategy) return;
    duplicate.disabled = true;
    try {
      const view = await api('POST', '/api/v1/strategies/' + encodeURIComponent(strategy.id) + '/duplicate', {});
      replace(panel);
      await hooks.duplicated(view);
    } catch (err) {
      replace(panel, el('p', { class: 'error', role: 'alert' }, problemMessage(err)));
    } finally {
      duplicate.disabled = false;
    }
  }

  function openRename() {
    const strategy = hooks.current();
    if (!strategy) return;
    const name = el('input', { id: 'conversation-name', type: 'text', maxlength: 255, required: true, value: strategy.name || '' });
    const error = el('p', { id: 'conversation-name-error', class: 'error', role: 'alert' });
    replace(panel, el('form', { class: 'conversation-form', onsubmit: async e => {
      e.preventDefault();
      try {
        const header = await api('PATCH', '/api/v1/strategies/' + encodeURIComponent(strategy.id), { name: name.value.trim() });
        replace(panel);
        hooks.renamed(header);
      } catch (err) {
        name.setAttribute('aria-invalid', 'true');
        name.setAttribute('aria-describedby', 'conversation-name-error');
        error.textContent = problemMessage(err);
      }
    } }, el('label', { for: 'conversation-name' }, 'New name'), name,
    el('button', { type: 'submit', class: 'primary' }, 'Save'),
    el('button', { type: 'button', onclick: () => replace(panel) }, 'Cancel'), error));
    name.focus();
    name.select();
  }

  function openDelete() {
    const strategy = hooks.current();
    if (!strategy) return;
    const onSite = el('input', { id: 'conversation-delete-site', type: 'checkbox' });
    const error = el('p', { class: 'error', role: 'alert' });
    replace(panel, el('form', { class: 'conversation-form', onsubmit: async e => {
      e.preventDefault();
      try {
        await api('DELETE', '/api/v1/strategies/' + encodeURIComponent(strategy.id)
          + (onSite.checked ? '?deleteFromSite=true' : ''));
        replace(panel);
        hooks.deleted(strategy.id);
      } catch (err) {
        error.textContent = problemMessage(err);
      }
    } }, el('p', {}, 'Delete the conversation ', el('q', {}, strategy.name || 'Untitled'), ' and its strategy here?'),
    strategy.isSaved || strategy.upstreamUrl
      ? el('label', {}, onSite, ' Delete the strategy saved on the site too') : null,
    el('button', { type: 'submit', id: 'conversation-delete-confirm', class: 'danger' }, 'Delete'),
    el('button', { type: 'button', onclick: () => replace(panel) }, 'Keep it'), error));
  }

  return {
    /** Shows the buttons only while a conversation is open. */
    update(open) {
      actions.hidden = !open;
      if (!open) replace(panel);
    },
  };
}
