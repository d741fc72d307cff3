// The chat page: conversations, the message stream of a turn as it happens, and the strategy graph
// beside it. Everything from the API or the user goes into the page as text (dom.js, markdown.js).
import { api, followOperation, problemMessage } from '../shared/operation-stream.js';
import { byId, el, formatCount, replace } from '../shared/dom.js';
import { newTurnView, storedAssistantTurn, userBubble } from './turn-view.js';
import { TURN_EVENTS, applyTurnEvent } from './turn-events.js';
import { fillModelPicker } from './model-picker.js';
import { StrategyGraph, drawGraph, stepDetail } from './graph.js';
import { Mentions } from './mentions.js';
import { conversationActions } from './housekeeping.js';
import { toolSettings } from './tool-settings.js';
import { showSuggestions } from './suggestions.js';
import { sitePanel } from './site-panel.js';
import { graphEditor } from './graph-editor.js';

const ui = {
  list: byId('conversation-list'),
  search: byId('conversation-search'),
  newChat: byId('new-chat'),
  title: byId('chat-title'),
  state: byId('stream-state'),
  messages: byId('messages'),
  empty: byId('empty-chat'),
  form: byId('composer'),
  site: byId('site'),
  model: byId('model'),
  effort: byId('effort'),
  message: byId('message'),
  send: byId('send'),
  cancel: byId('cancel'),
  error: byId('composer-error'),
  link: byId('strategy-link'),
  graph: byId('graph'),
  detail: byId('step-detail'),
};

const page = {
  userId: null,
  models: [],
  conversations: [],
  strategyId: null,
  strategy: null,
  graph: new StrategyGraph(),
  selectedStepId: null,
  follow: null,          // the followOperation handle of the turn being shown
  operationId: null,     // the running turn's operation
  turn: null,            // the view of the turn being streamed
  renderedMessages: new Set(),
  fromHistory: false,    // true while Back or Forward opens a conversation (no new history entry)
  opening: 0,            // bumps on every conversation switch, so late answers of an old one are dropped
};

// editing the graph by hand (graph-editor.js): the API answers the new graph, drawn at once
const editor = graphEditor(byId('graph-edit'), byId('graph-editor-panel'), {
  strategyId: () => page.strategyId,
  siteId: () => (page.strategy && page.strategy.siteId) || ui.site.value,
  graph: () => page.graph,
  applied: graph => {
    page.graph.snapshot(graph);
    drawStrategy();
    // a saved strategy changed by hand is out of date on the site: the VEuPathDB area says so
    veupathdb.refresh();
  },
});

const housekeeping = conversationActions(byId('conversation-actions'), byId('conversation-panel'), {
  // a conversation begun on this page has no strategy view yet: its entry in the list stands in
  current: () => page.strategyId ? { ...(page.conversations.find(c => c.id === page.strategyId) || {}),
    ...(page.strategy || {}), id: page.strategyId } : null,
  renamed: header => {
    page.strategy = { ...(page.strategy || {}), name: header.name };
    ui.title.textContent = header.name || 'Conversation';
    loadConversations();
  },
  deleted: id => {
    page.conversations = page.conversations.filter(c => c.id !== id);
    newChat();
    loadConversations();
  },
  duplicated: async view => {
    await loadConversations();
    await openConversation(view.strategy.id);
  },
});

// sign in to the site, save the strategy there, bring one of yours in (chat/site-panel.js)
const veupathdb = sitePanel(byId('veupathdb'), {
  site: () => ({ id: ui.site.value, name: ui.site.selectedOptions[0] ? ui.site.selectedOptions[0].textContent : ui.site.value }),
  signedIn: () => Boolean(page.userId),
  conversation: () => page.strategyId,
  saved: link => {
    page.strategy = { ...(page.strategy || {}), name: link.name, upstreamUrl: link.upstreamUrl, isSaved: link.isSaved };
    ui.title.textContent = link.name || ui.title.textContent;
    drawLink(link.upstreamUrl, link.isSaved);
    loadConversations();
  },
  opened: async id => {
    await loadConversations();
    await openConversation(id);
  },
});

const tools = toolSettings(byId('chat-settings'));

/** A new chat offers first questions drawn from the chosen site's catalogue; an open one none. */
function drawSuggestions() {
  const list = byId('suggestions');
  const site = ui.site.selectedOptions[0];
  showSuggestions(list, page.strategyId ? null : ui.site.value, site ? site.textContent : '', text => {
    ui.message.value = text;
    ui.message.focus();
  });
}

const mentions = new Mentions(ui.message, byId('mention-options'), byId('mention-chips'));

// ---- session ------------------------------------------------------------------------------------

async function start() {
  await Promise.all([loadSites(), loadModels()]);
  document.addEventListener('strategylab:session', event => signedInAs(event.detail ? event.detail.userId : null));
  try {
    const me = await api('GET', '/api/v1/auth/me');
    await signedInAs(me.userId);
  } catch (e) {
    await signedInAs(null);
  }
}

async function signedInAs(userId) {
  if (userId === page.userId && userId !== null) {
    return;
  }
  page.userId = userId;
  ui.send.disabled = !userId;
  veupathdb.accountChanged();
  if (!userId) {
    closeStream();
    replace(ui.list, el('li', { class: 'muted' }, 'Sign in (top right) to see your conversations.'));
    newChat();
    return;
  }
  await loadConversations();
  // a turn still running (the page was closed or reloaded during it) is picked up where it is
  let resumed = false;
  try {
    const active = await api('GET', '/api/v1/operations/active?type=chat&limit=1');
    const running = active.items && active.items[0];
    if (running && running.targetId) {
      await openConversation(running.targetId, running.operationId);
      resumed = true;
    }
  } catch (e) {
    // nothing running, or not readable: start as usual
  }
  if (!resumed) {
    const wanted = decodeURIComponent(location.hash.slice(1));
    if (wanted && page.conversations.some(c => c.id === wanted)) {
      await openConversation(wanted);
    } else {
      newChat();
    }
  }
}

// ---- sites and models -----------------------------------------------------------------------------

async function loadSites() {
  try {
    const { items } = await api('GET', '/api/v1/sites');
    replace(ui.site, items.map(site => el('option', { value: site.id }, site.displayName || site.name || site.id)));
    ui.site.value = items.some(s => s.id === 'plasmodb') ? 'plasmodb' : (items[0] && items[0].id);
  } catch (e) {
    replace(ui.site, el('option', { value: '' }, 'sites cannot be loaded'));
  }
}

async function loadModels() {
  const catalog = await fillModelPicker(ui.model);
  page.models = catalog ? catalog.models : [];
  if (catalog && catalog.defaultReasoningEffort) {
    ui.effort.value = catalog.defaultReasoningEffort;
  }
  modelChanged();
}

function modelChanged() {
  const model = page.models.find(m => m.id === ui.model.value);
  const reasons = Boolean(model && model.supportsReasoning);
  ui.effort.disabled = !reasons;
  ui.effort.title = reasons ? '' : 'This model does not reason';
}

// ---- conversations --------------------------------------------------------------------------------

async function loadConversations() {
  try {
    const answer = await api('GET', '/api/v1/strategies?limit=100');
    page.conversations = answer.items || [];
  } catch (e) {
    // not reachable now (a gateway restart): keep the list shown
  }
  drawConversations();
}

function drawConversations() {
  const words = ui.search.value.trim().toLowerCase();
  const shown = page.conversations.filter(c => !words || (c.name || '').toLowerCase().includes(words)
    || (c.siteId || '').toLowerCase().includes(words));
  if (shown.length === 0) {
    replace(ui.list, el('li', { class: 'muted' }, words ? 'No conversation matches.' : 'No conversations yet.'));
    return;
  }
  replace(ui.list, shown.map(c => el('li', null, el('button', {
    type: 'button',
    class: 'conversation' + (c.id === page.strategyId ? ' current' : ''),
    'aria-current': c.id === page.strategyId ? 'true' : false,
    'data-strategy-id': c.id,
    onclick: () => openConversation(c.id),
  }, el('span', { class: 'conversation-name' }, c.name || 'Untitled'),
  el('span', { class: 'conversation-meta muted' }, [c.siteId, c.stepCount ? c.stepCount + ' steps' : null,
    typeof c.resultCount === 'number' ? formatCount(c.resultCount) + (!c.recordType || c.recordType === 'transcript' ? ' genes' : ' results') : null].filter(Boolean).join(' · '))))));
}

/**
 * Conversations are in the browser's history: opening one (or a new chat) from the page adds an
 * entry, so Back returns to the one before; one reached through Back or Forward adds none.
 */
function remember(hash) {
  const target = location.pathname + hash;
  if (location.pathname + location.hash === target) return;
  if (page.fromHistory) {
    history.replaceState(null, '', target);
  } else {
    history.pushState(null, '', target);
  }
}

window.addEventListener('popstate', async () => {
  const wanted = decodeURIComponent(location.hash.slice(1));
  if (wanted === (page.strategyId || '')) return;
  page.fromHistory = true;
  try {
    if (wanted) {
      await openConversation(wanted);
    } else {
      newChat();
    }
  } finally {
    page.fromHistory = false;
  }
});

function newChat() {
  page.opening += 1;
  closeStream();
  page.strategyId = null;
  page.strategy = null;
  page.graph = new StrategyGraph();
  page.selectedStepId = null;
  page.renderedMessages = new Set();
  page.turn = null;
  remember('');
  ui.title.textContent = 'New chat';
  ui.site.disabled = false;
  housekeeping.update(false);
  drawSuggestions();
  replace(ui.messages, ui.empty);
  replace(ui.link);
  replace(ui.detail);
  setRunning(null);
  setState('');
  drawStrategy();
  drawConversations();
  veupathdb.refresh();
}

/** Shows a conversation: its messages and graph, and follows its running turn if there is one. */
async function openConversation(strategyId, operationId) {
  const opening = ++page.opening;
  closeStream();
  let view;
  try {
    view = await api('GET', '/api/v1/strategies/' + encodeURIComponent(strategyId));
  } catch (e) {
    showError(e.status === 404 ? 'That conversation no longer exists.' : problemMessage(e));
    return;
  }
  if (opening !== page.opening) {
    return;
  }
  page.strategyId = strategyId;
  page.strategy = view.strategy;
  page.graph = new StrategyGraph();
  page.graph.snapshot(view.graph);
  page.selectedStepId = null;
  page.renderedMessages = new Set();
  page.turn = null;
  remember('#' + encodeURIComponent(strategyId));
  ui.title.textContent = view.strategy.name || 'Conversation';
  housekeeping.update(true);
  replace(byId('suggestions'));
  ui.site.value = view.strategy.siteId;
  ui.site.disabled = true;
  replace(ui.messages);
  replace(ui.detail);
  for (const message of view.messages || []) {
    drawStoredMessage(message);
  }
  drawLink(view.strategy.upstreamUrl, view.strategy.isSaved);
  drawStrategy();
  drawConversations();
  veupathdb.refresh();
  setState('');
  const running = operationId || view.activeOperationId;
  setRunning(running || null);
  if (running) {
    follow(running);
  }
  scrollToEnd();
}

// ---- messages -------------------------------------------------------------------------------------

function drawStoredMessage(message) {
  if (message.role === 'user') {
    ui.messages.append(userBubble(message.id, message.content || ''));
    page.renderedMessages.add(message.id);
    return;
  }
  // an assistant message is stored when its turn has ended
  const turn = storedAssistantTurn(message);
  page.renderedMessages.add(message.id);
  ui.messages.append(turn.root);
}

/** The view of the turn being streamed, made on its first assistant event. */
function currentTurn(messageId) {
  if (!page.turn || page.turn.ended) {
    page.turn = newTurnView(messageId);
    ui.messages.append(page.turn.root);
  }
  if (messageId && !page.turn.messageId) {
    page.turn.messageId = messageId;
    page.turn.root.dataset.messageId = messageId;
  }
  return page.turn;
}

// ---- the stream -----------------------------------------------------------------------------------

function follow(operationId) {
  closeStream();
  const opening = page.opening;
  page.operationId = operationId;
  page.follow = followOperation(operationId, {
    onEvent(type, data) {
      if (opening === page.opening) {
        applyEvent(type, data);
      }
    },
    onState(state) {
      if (opening !== page.opening) {
        return;
      }
      if (state === 'reconnecting') {
        setState('Reconnecting…', 'reconnecting');
      } else if (state === 'live') {
        setState('Working…', 'live');
      } else if (state === 'ended') {
        setState('');
        setRunning(null);
      }
    },
    onError(error) {
      if (opening === page.opening) {
        showError('The turn cannot be followed: ' + problemMessage(error));
      }
    },
  });
}

function closeStream() {
  if (page.follow) {
    page.follow.close();
    page.follow = null;
  }
}

function applyEvent(type, data) {
  switch (type) {
    case 'user_message':
      if (!page.renderedMessages.has(data.messageId)) {
        ui.messages.append(userBubble(data.messageId, data.content || ''));
        page.renderedMessages.add(data.messageId);
      }
      break;
    case 'message_start':
      if (data.strategy) {
        page.strategy = data.strategy;
        ui.title.textContent = data.strategy.name || ui.title.textContent;
        drawLink(data.strategy.upstreamUrl, data.strategy.isSaved);
      }
      break;
    case 'token_usage_partial':
      setState('Working… (' + formatCount(data.promptTokens) + ' prompt tokens)', 'live');
      break;
    case 'strategy_update':
      page.graph.update(data);
      drawStrategy();
      break;
    case 'graph_snapshot':
      page.graph.snapshot(data.graphSnapshot);
      drawStrategy();
      break;
    case 'strategy_link':
      drawLink(data.upstreamUrl || data.wdkUrl, data.isSaved);
      veupathdb.refresh();
      break;
    default: {
      if (!TURN_EVENTS.has(type)) {
        break; // an event this page does not show
      }
      // streamed text may continue a stored (partial) message of the same id: that one is redrawn
      const turn = type === 'assistant_delta' || type === 'assistant_message' ? assistantTurn(data.messageId) : currentTurn();
      applyTurnEvent(turn, type, data, scrollToEnd);
      if (type === 'message_end') {
        if (turn.messageId) page.renderedMessages.add(turn.messageId);
        setRunning(null);
        loadConversations();
        veupathdb.refresh();
      }
    }
  }
  scrollToEnd();
}

/** The turn for an assistant message id: a stored (partial) message of that id is redrawn from the stream. */
function assistantTurn(messageId) {
  if (messageId && page.renderedMessages.has(messageId) && (!page.turn || page.turn.messageId !== messageId)) {
    const stored = ui.messages.querySelector('article[data-message-id="' + CSS.escape(messageId) + '"]');
    if (stored) stored.remove();
    page.renderedMessages.delete(messageId);
  }
  return currentTurn(messageId);
}

function setRunning(operationId) {
  page.operationId = operationId;
  editor.update(Boolean(page.strategyId), Boolean(operationId));
  ui.cancel.hidden = !operationId;
  ui.cancel.disabled = false;
  ui.send.disabled = Boolean(operationId) || !page.userId;
}

function setState(text, kind) {
  ui.state.textContent = text;
  ui.state.className = 'stream-state' + (kind ? ' ' + kind : '');
}

function showError(text) {
  ui.error.textContent = text;
}

function scrollToEnd() {
  ui.messages.scrollTop = ui.messages.scrollHeight;
}

// ---- the strategy ---------------------------------------------------------------------------------

function drawStrategy() {
  drawGraph(ui.graph, page.graph, step => {
    page.selectedStepId = step.id;
    drawStrategy();
    const again = ui.graph.querySelector('[data-step-id="' + CSS.escape(step.id) + '"]');
    if (again) again.focus();
  }, page.selectedStepId);
  if (page.selectedStepId && page.graph.steps.has(page.selectedStepId)) {
    const selected = page.graph.steps.get(page.selectedStepId);
    replace(ui.detail, stepDetail(selected), editor.stepActions(selected));
  } else {
    replace(ui.detail);
  }
  // a finished strategy (one root) can be run as an experiment against control genes
  const experiment = document.getElementById('strategy-experiment');
  if (experiment) {
    replace(experiment, page.strategyId && page.graph.steps.size && page.graph.roots().length === 1
      ? el('a', { href: '/workbench/#/new/strategy/' + encodeURIComponent(page.strategyId), id: 'run-as-experiment' },
        'Run it as an experiment in the workbench') : null);
  }
}

function drawLink(url, isSaved) {
  if (url && /^https?:\/\//i.test(url)) {
    replace(ui.link, el('a', { href: url, target: '_blank', rel: 'noopener noreferrer', id: 'upstream-link' },
      isSaved ? 'Open the saved strategy on the site' : 'Open the strategy on the site'));
  } else {
    replace(ui.link);
  }
}

// ---- sending and cancelling -----------------------------------------------------------------------

async function send(event) {
  event.preventDefault();
  const text = ui.message.value.trim();
  if (!text || page.operationId) {
    return;
  }
  showError('');
  const model = page.models.find(m => m.id === ui.model.value);
  const body = { siteId: ui.site.value, message: text, mentions: mentions.selected() };
  if (page.strategyId) body.strategyId = page.strategyId;
  const disabledTools = tools.disabled();
  if (disabledTools.length) body.disabledTools = disabledTools;
  if (model) {
    body.provider = model.provider;
    body.model = model.id;
    if (model.supportsReasoning) body.reasoningEffort = ui.effort.value;
  }
  ui.send.disabled = true;
  let started;
  try {
    started = await api('POST', '/api/v1/chat', body);
  } catch (e) {
    ui.send.disabled = false;
    showError(problemMessage(e));
    return;
  }
  ui.message.value = '';
  mentions.clear();
  if (!page.strategyId) {
    page.strategyId = started.strategyId;
    page.opening += 1;
    history.replaceState(null, '', '#' + encodeURIComponent(started.strategyId));
    ui.site.disabled = true;
    if (ui.empty.parentNode) ui.empty.remove();
    replace(byId('suggestions'));
    housekeeping.update(true);
    loadConversations();
  }
  setRunning(started.operationId);
  follow(started.operationId);
}

async function cancel() {
  if (!page.operationId) {
    return;
  }
  ui.cancel.disabled = true;
  setState('Cancelling…', 'live');
  try {
    await api('POST', '/api/v1/operations/' + encodeURIComponent(page.operationId) + '/cancel');
  } catch (e) {
    ui.cancel.disabled = false;
    showError(problemMessage(e));
  }
}

ui.form.addEventListener('submit', send);
ui.cancel.addEventListener('click', cancel);
ui.newChat.addEventListener('click', () => { newChat(); ui.message.focus(); });
ui.search.addEventListener('input', drawConversations);
ui.model.addEventListener('change', modelChanged);
ui.site.addEventListener('change', () => {
  if (!page.strategyId) drawSuggestions();
  veupathdb.accountChanged();
});
// registered after the mention list's own handler, which keeps the keys it uses
ui.message.addEventListener('keydown', event => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    ui.form.requestSubmit();
  }
});

start();
