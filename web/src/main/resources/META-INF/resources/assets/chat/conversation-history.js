// Conversations are in the browser's history: opening one (or a new chat) from the page adds an
// entry, so Back returns to the one before; one reached through Back or Forward adds none.

/**
 * `current()` is the open conversation's id (or null); `open(id)` and `newChat()` show one.
 * Returns `remember(hash)`, to call whenever the page shows another conversation.
 */
export function conversationHistory({ current, open, newChat }) {
  let fromHistory = false; // true while Back or Forward opens a conversation

  window.addEventListener('popstate', async () => {
    const wanted = decodeURIComponent(location.hash.slice(1));
    if (wanted === (current() || '')) return;
    fromHistory = true;
    try {
      if (wanted) {
        await open(wanted);
      } else {
        newChat();
      }
    } finally {
      fromHistory = false;
    }
  });

  return {
    remember(hash) {
      const target = location.pathname + hash;
      if (location.pathname + location.hash === target) return;
      if (fromHistory) {
        history.replaceState(null, '', target);
      } else {
        history.pushState(null, '', target);
      }
    },
  };
}
