// The chat page: conversations, the message stream of a turn as it happens, and the strategy graph
// beside it. Everything from the API or the user goes into the page as text (dom.js, markdown.js).
import { api, followOperation, problemMessage } from '../shared/operation-stream.js';
import { byId, el, formatCount, replace } from '../shared/dom.js';
import { newTurnView, storedAssistantTurn, userBubble } from './turn-view.js';
import { TURN_EVENTS, applyTurnEvent } from './turn-events.js';
import '../components/model-picker.js';
import '../components/stream-status.js';
import { StrategyGraph, drawGraph, stepDetail } from './graph.js';
import { Mentions } from './mentions.js';
import { conversationActions } from './housekeeping.js';
import { toolSettings } from './tool-settings.js';
import { showSuggestions } from './suggestions.js';
import { sitePanel } from './site-panel.js';
import { graphEditor } from './graph-editor.js';
import { conversationList } from './conversation-list.js';
import { conversationHistory } from './conversation-history.js';

const ui = {
  newChat: byId('new-chat'),
  title: byId('chat-title'),
  state: byId('stream-state'),
  messages: byId('messages'),
  empty: byId('empty-chat'),
  form: byId('composer'),
  site: byId('site'),
  models: byId('model-picker'),
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
  strategyId: null,
  strategy: null,
  graph: new StrategyGraph(),
  selectedStepId: null,
  follow: null,          // the followOperation handle of the turn being shown
  operationId: null,     // the running turn's operation
  turn: null,            // the view of the turn being streamed
  renderedMessages: new Set(),
  opening: 0,            // bumps on every conversation switch, so late answers of an old one are dropped
};

const conversations = conversationList(byId('conversation-list'), byId('conversation-search'), {
  current: () => page.strategyId,
  open: id => openConversation(id),
});
const browsing = conversationHistory({ current: () => page.strategyId, open: id => openConversation(id), newChat: () => newChat() });

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
  current: () => page.strategyId ? { ...(conversations.find(page.strategyId) || {}),
    ...(page.strategy || {}), id: page.strategyId } : null,
  renamed: header => {
    page.strategy = { ...(page.strategy || {}), name: header.name };
    ui.title.textContent = header.name || 'Conversation';
    conversations.load();
  },
  deleted: id => {
    conversations.forget(id);
    newChat();
    conversations.load();
  },
  duplicated: async view => {
    await conversations.load();
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
    conversations.load();
  },
  opened: async id => {
    await conversations.load();
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
    conversations.signedOut();
    newChat();
    return;
  }
  await conversations.load();
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
    if (wanted && conversations.find(wanted)) {
      await openConversation(wanted);
    } else {
      newChat();
    }
  }
}

// ---- sites -----------------------------------------------------------------------------

async function loadSites() {
  try {
    const { items } = await api('GET', '/api/v1/sites');
    replace(ui.site, items.map(site => el('option', { value: site.id }, site.displayName || site.name || site.id)));
    ui.site.value = items.some(s => s.id === 'plasmodb') ? 'plasmodb' : (items[0] && items[0].id);
  } catch (e) {
    replace(ui.site, el('option', { value: '' }, 'sites cannot be loaded'));
  }
}

/** The model picker (components/model-picker.js) reads the catalog itself; the page waits for it once. */
function loadModels() {
  return ui.models.ready;
}

// ---- conversations --------------------------------------------------------------------------------

function newChat() {
  page.opening += 1;
  closeStream();
  page.strategyId = null;
  page.strategy = null;
  page.graph = new StrategyGraph();
  page.selectedStepId = null;
  page.renderedMessages = new Set();
  page.turn = null;
  browsing.remember('');
  ui.title.textContent = 'New chat';
  ui.site.disabled = false;
  housekeeping.update(false);
  drawSuggestions();
  replace(ui.messages, ui.empty);
  replace(ui.link);
  replace(ui.detail);
  setRunning(null);
  ui.state.show('');
  drawStrategy();
  conversations.draw();
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
  browsing.remember('#' + encodeURIComponent(strategyId));
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
  conversations.draw();
  veupathdb.refresh();
  ui.state.show('');
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
        ui.state.show('reconnecting');
      } else if (state === 'live') {
        ui.state.show('live');
      } else if (state === 'ended') {
        ui.state.show('');
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
      ui.state.show('live', 'Working… (' + formatCount(data.promptTokens) + ' prompt tokens)');
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
        conversations.load();
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
  const body = { siteId: ui.site.value, message: text, mentions: mentions.selected(), ...ui.models.choice() };
  if (page.strategyId) body.strategyId = page.strategyId;
  const disabledTools = tools.disabled();
  if (disabledTools.length) body.disabledTools = disabledTools;
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
    conversations.load();
  }
  setRunning(started.operationId);
  follow(started.operationId);
}

async function cancel() {
  if (!page.operationId) {
    return;
  }
  ui.cancel.disabled = true;
  ui.state.show('live', 'Cancelling…');
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
