// The workbench assistant, scoped to the open experiment: its earlier messages, a message box, and
// each turn drawn as the chat page draws it (the same turn view and event renderers: the reply as
// Markdown, reasoning, tool calls with their arguments and results, sub-agents, the tokens and cost
// at its end). The model picker and the stream status are the chat page's components too.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { newTurnView, storedAssistantTurn, userBubble } from '/assets/chat/turn-view.js';
import { applyTurnEvent } from '/assets/chat/turn-events.js';
import '/assets/components/model-picker.js';
import '/assets/components/stream-status.js';
import { errorText, messageOf } from './util.js';

/** The assistant's tools that change the experiment (its version or its figures). */
const CHANGING_TOOLS = new Set(['add_search_step', 'refine_with_gene_ids', 'undo_refinement', 're_evaluate_controls']);

/**
 * `onChanged()` runs after a turn whose tools changed the experiment (a refinement, its undo, a
 * re-evaluation), so that the page and the list show the version and the figures it has now.
 */
export function renderChat(panel, experiment, view, onChanged = () => {}) {
  const path = `/api/v1/experiments/${encodeURIComponent(experiment.id)}/chat`;
  const log = el('div', { class: 'messages wb-chat-log', id: 'wb-chat-log', role: 'log', 'aria-label': 'Messages with the assistant' });
  const input = el('textarea', { id: 'wb-chat-input', rows: 3, required: true,
    placeholder: 'Ask about this experiment, or e.g. “keep only PF3D7_0100100 and re-evaluate”' });
  const model = el('sl-model-picker', { 'select-id': 'wb-chat-model', 'effort-id': 'wb-chat-effort', 'labels-hidden': true });
  const send = el('button', { type: 'submit', class: 'primary', id: 'wb-chat-send' }, 'Send');
  const stop = el('button', { type: 'button', id: 'wb-chat-stop', hidden: true }, 'Stop');
  const status = el('sl-stream-status', { class: 'muted', id: 'wb-chat-status',
    'live-text': 'The assistant is answering…', 'reconnecting-text': 'Reconnecting…' });
  let running = null;

  function scrollToEnd() {
    log.scrollTop = log.scrollHeight;
  }

  async function history() {
    try {
      const answer = await api('GET', path + '/messages?limit=100');
      const items = Array.isArray(answer) ? answer : answer.items || answer.messages || [];
      for (const m of items) {
        log.append(m.role === 'user' ? userBubble(m.id, m.content || '') : storedAssistantTurn(m).root);
      }
    } catch (e) {
      log.append(el('p', {}, errorText('The earlier messages cannot be loaded: ' + messageOf(e))));
    }
  }

  function turn(operationId) {
    const reply = newTurnView(null);
    let changed = false;
    log.append(reply.root);
    stop.hidden = false;
    send.disabled = true;
    const stream = followOperation(operationId, {
      onEvent(type, data) {
        if (type === 'tool_call_start') {
          changed = changed || CHANGING_TOOLS.has(data.name);
        }
        applyTurnEvent(reply, type, data, scrollToEnd);
        scrollToEnd();
      },
      onState(s) {
        status.show(s);
        if (s === 'ended') {
          running = null;
          stop.hidden = true;
          send.disabled = false;
          if (changed) {
            onChanged();
          }
        }
      },
    });
    running = operationId;
    view.onClose(() => stream.close());
  }

  stop.addEventListener('click', async () => {
    if (running) {
      await api('POST', `/api/v1/operations/${encodeURIComponent(running)}/cancel`).catch(() => null);
    }
  });

  const form = el('form', { class: 'wb-chat-form', onsubmit: async e => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    const body = { message: text, siteId: (experiment.config || {}).siteId, ...model.choice() };
    try {
      const started = await api('POST', path, body);
      log.append(userBubble(null, text));
      input.value = '';
      turn(started.operationId);
    } catch (err) {
      replace(status, errorText('The message cannot be sent: ' + messageOf(err)));
    }
  } }, el('label', { for: 'wb-chat-input' }, 'Message'), input, el('div', { class: 'wb-nav' }, model, stop, send));
  input.addEventListener('keydown', e => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.requestSubmit();
  });

  replace(panel, el('section', { class: 'wb-chat', 'aria-label': 'Assistant for this experiment' }, log, status, form));
  history().then(async () => {
    try {
      const active = await api('GET', '/api/v1/operations/active?type=workbench_chat&target=' + encodeURIComponent(experiment.id));
      const items = Array.isArray(active) ? active : active.items || [];
      if (items.length) turn(items[0].operationId);
    } catch (e) {
      // nothing running
    }
  });
}
