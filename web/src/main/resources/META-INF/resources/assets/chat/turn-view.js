// How a turn looks in the message list: the user's bubble, and the assistant's article with its
// activity (reasoning, tool calls, sub-agents), its text (Markdown drawn as DOM) and its footer
// (tokens and cost). Text only: nothing from a message becomes markup.
import { append, el, formatCount, replace } from '../shared/dom.js';
import { renderMarkdown } from './markdown.js';

export function userBubble(id, content) {
  return el('article', { class: 'message user', 'data-message-id': id, 'aria-label': 'You' },
    el('div', { class: 'message-body' }, renderMarkdown(content)));
}

export function newTurnView(messageId) {
  const activity = el('div', { class: 'activity' });
  const body = el('div', { class: 'message-body' });
  const footer = el('footer', { class: 'message-footer muted' });
  const root = el('article', { class: 'message assistant', 'aria-label': 'Assistant', 'data-message-id': messageId || '' },
    activity, body, footer);
  return { messageId, root, activity, body, footer, text: '', reasoning: null, tools: new Map(), tasks: new Map(),
    pendingDraw: false, ended: false };
}

export function drawText(turn) {
  replace(turn.body, renderMarkdown(turn.text));
}

// deltas arrive many a second: draw at most once a frame (then call drawn())
export function scheduleText(turn, drawn) {
  if (turn.pendingDraw) {
    return;
  }
  turn.pendingDraw = true;
  requestAnimationFrame(() => {
    turn.pendingDraw = false;
    drawText(turn);
    drawn();
  });
}

export function addReasoning(turn, text) {
  if (!turn.reasoning) {
    turn.reasoningText = el('div', { class: 'reasoning-text' });
    turn.reasoning = el('details', { class: 'reasoning' }, el('summary', null, 'Reasoning'), turn.reasoningText);
    turn.activity.before(turn.reasoning);
  }
  append(turn.reasoningText, el('p', null, text));
}

export function toolItem(container, id, name, argumentsText) {
  const status = el('span', { class: 'tool-status' }, 'running…');
  const result = el('pre', { class: 'tool-result' });
  const item = el('details', { class: 'tool running', 'data-tool': name, 'data-call-id': id || '' },
    el('summary', null, el('span', { class: 'tool-name' }, name), ' ', status),
    el('p', { class: 'small muted' }, 'Arguments'), el('pre', { class: 'tool-args' }, pretty(argumentsText)),
    el('p', { class: 'small muted' }, 'Result'), result);
  item.statusNode = status;
  item.resultNode = result;
  container.append(item);
  return item;
}

export function finishTool(item, resultText) {
  item.classList.remove('running');
  item.classList.add('done');
  const failed = /"error"\s*:/.test(String(resultText || '').slice(0, 200));
  item.statusNode.textContent = failed ? 'failed' : 'done';
  if (failed) {
    item.classList.add('failed');
  }
  item.resultNode.textContent = pretty(resultText);
}

export function pretty(text) {
  if (text === null || text === undefined) {
    return '';
  }
  const raw = typeof text === 'string' ? text : JSON.stringify(text);
  let shown = raw;
  try {
    shown = JSON.stringify(JSON.parse(raw), null, 2);
  } catch (e) {
    shown = raw;
  }
  return shown.length > 4000 ? shown.slice(0, 4000) + '\n… (' + (shown.length - 4000) + ' more characters)' : shown;
}

export function taskCard(turn, task, modelId) {
  let card = turn.tasks.get(task);
  if (!card) {
    const status = el('span', { class: 'task-status' }, 'working…');
    const tools = el('div', { class: 'task-tools' });
    const usage = el('p', { class: 'small muted task-usage' });
    card = el('section', { class: 'subagent running', 'aria-label': 'Sub-agent: ' + task },
      el('p', { class: 'task-head' }, el('span', { class: 'badge' }, 'sub-agent'), ' ', el('span', { class: 'task-name' }, task),
        ' ', status, modelId ? el('span', { class: 'small muted' }, ' · ' + modelId) : null),
      tools, usage);
    card.statusNode = status;
    card.toolsNode = tools;
    card.usageNode = usage;
    turn.tasks.set(task, card);
    turn.activity.append(card);
  }
  return card;
}

export function drawUsage(turn, usage) {
  const parts = [];
  if (usage.status === 'cancelled') parts.push('Cancelled');
  if (usage.status === 'failed') parts.push('Failed');
  if (typeof usage.totalTokens === 'number') {
    parts.push(formatCount(usage.totalTokens) + ' tokens (' + formatCount(usage.promptTokens) + ' in, '
      + formatCount(usage.completionTokens) + ' out' + (usage.cachedTokens ? ', ' + formatCount(usage.cachedTokens) + ' cached' : '') + ')');
  }
  const subTokens = (usage.subAgentPromptTokens || 0) + (usage.subAgentCompletionTokens || 0);
  if (subTokens) parts.push(formatCount(subTokens) + ' sub-agent tokens');
  if (typeof usage.estimatedCostUsd === 'number') parts.push('$' + usage.estimatedCostUsd.toFixed(4));
  if (usage.modelId) parts.push(usage.modelId);
  if (typeof usage.toolCallCount === 'number') parts.push(usage.toolCallCount + ' tool calls');
  replace(turn.footer, el('span', { class: 'usage' }, parts.join(' · ')));
}

/** The view of a stored assistant message (its turn has ended): text, tool calls, reasoning and usage. */
export function storedAssistantTurn(message) {
  const turn = newTurnView(message.id);
  turn.text = message.content || '';
  drawText(turn);
  for (const call of message.toolCalls || []) {
    const item = toolItem(turn.activity, call.id, call.name, typeof call.arguments === 'string'
      ? call.arguments : JSON.stringify(call.arguments || {}));
    finishTool(item, call.result);
  }
  if (message.reasoning) {
    addReasoning(turn, message.reasoning);
  }
  if (message.tokenUsage) {
    drawUsage(turn, message.tokenUsage);
  } else if (message.status && message.status !== 'completed') {
    drawUsage(turn, { status: message.status });
  }
  turn.ended = true;
  turn.root.classList.add('ended');
  return turn;
}
