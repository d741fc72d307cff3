// The workbench assistant, scoped to the open experiment: its earlier messages, a message box,
// the reply streamed as it is written (text only), tool calls as they happen, and the turn's
// tokens at its end. A model picker lists the catalog; disabled entries say which key is missing.
import { el, replace } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import { errorText, messageOf, num } from './util.js';

/** The assistant's tools that change the experiment (its version or its figures). */
const CHANGING_TOOLS = new Set(['add_search_step', 'refine_with_gene_ids', 'undo_refinement', 're_evaluate_controls']);

/**
 * `onChanged()` runs after a turn whose tools changed the experiment (a refinement, its undo, a
 * re-evaluation), so that the page and the list show the version and the figures it has now.
 */
export function renderChat(panel, experiment, view, onChanged = () => {}) {
  const path = `/api/v1/experiments/${encodeURIComponent(experiment.id)}/chat`;
  const log = el('ol', { class: 'wb-chat-log', id: 'wb-chat-log', 'aria-live': 'polite' });
  const input = el('textarea', { id: 'wb-chat-input', rows: 3, required: true,
    placeholder: 'Ask about this experiment, or e.g. “keep only PF3D7_0100100 and re-evaluate”' });
  const model = el('select', { id: 'wb-chat-model', 'aria-label': 'Model' });
  const send = el('button', { type: 'submit', class: 'primary', id: 'wb-chat-send' }, 'Send');
  const stop = el('button', { type: 'button', id: 'wb-chat-stop', hidden: true }, 'Stop');
  const status = el('p', { class: 'muted', id: 'wb-chat-status', 'aria-live': 'polite' });
  let running = null;
  const providers = new Map();

  function message(role, content) {
    const text = el('div', { class: 'wb-chat-text' }, content || '');
    const item = el('li', { class: 'wb-chat-msg ' + role }, el('span', { class: 'wb-chat-role' }, role === 'user' ? 'You' : 'Assistant'), text);
    log.append(item);
    return { item, text };
  }

  async function history() {
    try {
      const answer = await api('GET', path + '/messages?limit=100');
      const items = Array.isArray(answer) ? answer : answer.items || answer.messages || [];
      for (const m of items) {
        const { item } = message(m.role === 'user' ? 'user' : 'assistant', m.content);
        for (const call of m.toolCalls || []) {
          item.append(el('p', { class: 'wb-chat-tool muted' }, 'Used ' + call.name));
        }
      }
    } catch (e) {
      log.append(el('li', {}, errorText('The earlier messages cannot be loaded: ' + messageOf(e))));
    }
  }

  async function models() {
    try {
      const catalog = await api('GET', '/api/v1/models');
      (catalog.models || []).forEach(m => providers.set(m.id, m.provider));
      replace(model, (catalog.models || []).map(m => el('option', { value: m.id, disabled: !m.enabled },
        m.name + (m.enabled ? '' : ' — needs ' + (m.missingKey || 'a key')))));
      if (catalog.default) model.value = catalog.default;
    } catch (e) {
      replace(model, el('option', { value: '' }, 'Default model'));
    }
  }

  function turn(operationId) {
    const reply = message('assistant', '');
    let changed = false;
    reply.item.classList.add('streaming');
    stop.hidden = false;
    send.disabled = true;
    const stream = followOperation(operationId, {
      onEvent(type, data) {
        if (type === 'assistant_delta') {
          reply.text.append(data.delta || '');
        } else if (type === 'assistant_message') {
          reply.text.textContent = data.content || '';
        } else if (type === 'tool_call_start') {
          changed = changed || CHANGING_TOOLS.has(data.name);
          reply.item.append(el('p', { class: 'wb-chat-tool muted', dataset: { call: data.id || '' } }, 'Using ' + data.name + '…'));
        } else if (type === 'tool_call_end') {
          const line = [...reply.item.querySelectorAll('.wb-chat-tool')].find(p => p.dataset.call === (data.id || ''));
          if (line) line.textContent = line.textContent.replace(/…$/, ' — done');
        } else if (type === 'workbench_gene_set' && data.geneSet) {
          reply.item.append(el('p', { class: 'muted' }, `Gene set “${data.geneSet.name}” (${num(data.geneSet.geneCount)} genes)`));
        } else if (type === 'error') {
          reply.item.append(errorText(data.error || data.message || 'The assistant failed.'));
        } else if (type === 'message_end') {
          reply.item.classList.remove('streaming');
          if (data.totalTokens !== undefined) {
            reply.item.append(el('p', { class: 'wb-chat-usage muted' }, `${num(data.totalTokens)} tokens`
              + (data.estimatedCostUsd ? ` · $${num(data.estimatedCostUsd, 4)}` : '') + (data.modelId ? ' · ' + data.modelId : '')));
          }
        }
      },
      onState(s) {
        replace(status, s === 'reconnecting' ? 'Reconnecting…' : s === 'live' ? 'The assistant is answering…' : '');
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
    const body = { message: text, siteId: (experiment.config || {}).siteId };
    if (model.value) {
      body.model = model.value;
      body.provider = providers.get(model.value) || model.value.split('/')[0];
    }
    try {
      const started = await api('POST', path, body);
      message('user', text);
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
  models();
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
