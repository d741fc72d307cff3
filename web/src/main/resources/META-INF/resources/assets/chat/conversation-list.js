// The chat page's list of the user's conversations: read from the API, filtered by the search box,
// the open one marked (aria-current). A failed read keeps the list shown (a gateway restart).
import { api } from '../shared/operation-stream.js';
import { el, formatCount, replace } from '../shared/dom.js';

/**
 * `current()` is the open conversation's id (or null); `open(id)` opens one. Returns the list's
 * operations: load (read and draw), draw, find(id), forget(id) (deleted here), signedOut().
 */
export function conversationList(list, search, { current, open }) {
  let items = [];

  async function load() {
    try {
      const answer = await api('GET', '/api/v1/strategies?limit=100');
      items = answer.items || [];
    } catch (e) {
      // not reachable now: keep the list shown
    }
    draw();
  }

  function draw() {
    const words = search.value.trim().toLowerCase();
    const shown = items.filter(c => !words || (c.name || '').toLowerCase().includes(words)
      || (c.siteId || '').toLowerCase().includes(words));
    if (shown.length === 0) {
      replace(list, el('li', { class: 'muted' }, words ? 'No conversation matches.' : 'No conversations yet.'));
      return;
    }
    const open_ = current();
    replace(list, shown.map(c => el('li', null, el('button', {
      type: 'button',
      class: 'conversation' + (c.id === open_ ? ' current' : ''),
      'aria-current': c.id === open_ ? 'true' : false,
      'data-strategy-id': c.id,
      onclick: () => open(c.id),
    }, el('span', { class: 'conversation-name' }, c.name || 'Untitled'),
    el('span', { class: 'conversation-meta muted' }, meta(c))))));
  }

  search.addEventListener('input', draw);
  return {
    load,
    draw,
    find: id => items.find(c => c.id === id),
    forget: id => { items = items.filter(c => c.id !== id); },
    signedOut: () => {
      items = [];
      replace(list, el('li', { class: 'muted' }, 'Sign in (top right) to see your conversations.'));
    },
  };
}

/** "plasmodb · 3 steps · 282 genes": the site, the steps and the result's size (genes for gene strategies). */
export function meta(c) {
  return [c.siteId, c.stepCount ? c.stepCount + ' steps' : null,
    typeof c.resultCount === 'number'
      ? formatCount(c.resultCount) + (!c.recordType || c.recordType === 'transcript' ? ' genes' : ' results') : null]
    .filter(Boolean).join(' · ');
}
