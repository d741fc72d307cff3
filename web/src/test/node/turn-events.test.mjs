// chat/turn-events.js with chat/turn-view.js: one turn's events drawn as both chats draw them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { TURN_EVENTS, applyTurnEvent } = await pageModule('chat/turn-events.js');
const { newTurnView, storedAssistantTurn } = await pageModule('chat/turn-view.js');

function nextFrame() {
  return new Promise(resolve => requestAnimationFrame(() => resolve()));
}

test('a turn: streamed text drawn once a frame as Markdown, tools, a sub-agent, a plan, sources and the usage at its end', async () => {
  const turn = newTurnView('m1');
  container().append(turn.root);
  let drawn = 0;
  const apply = (type, data) => assert.ok(applyTurnEvent(turn, type, data, () => { drawn += 1; }), type);
  apply('model_selected', { modelId: 'mock' });
  apply('assistant_delta', { delta: 'Found **12** ' });
  apply('assistant_delta', { delta: 'genes.' });
  await nextFrame();
  assert.equal(drawn, 1, 'two deltas in one frame draw once');
  assert.equal(turn.body.querySelector('strong').textContent, '12');
  assert.equal(turn.body.textContent, 'Found 12 genes.');
  apply('tool_call_start', { id: 't1', name: 'search_for_searches', arguments: '{"query":"kinase"}' });
  const tool = turn.activity.querySelector('details.tool');
  assert.ok(tool.classList.contains('running'));
  assert.equal(tool.querySelector('.tool-args').textContent, '{\n  "query": "kinase"\n}');
  apply('tool_call_end', { id: 't1', result: '{"error":"no such site"}' });
  assert.ok(tool.classList.contains('failed'), 'a result with an error is a failed call');
  assert.equal(tool.querySelector('.tool-status').textContent, 'failed');
  apply('subagent_task_start', { task: 'Kinases', modelId: 'mock' });
  apply('subagent_tool_call_start', { task: 'Kinases', id: 's1', name: 'create_step', arguments: '{}' });
  apply('subagent_tool_call_end', { task: 'Kinases', id: 's1', result: '{"stepId":"step_1"}' });
  apply('subagent_task_end', { task: 'Kinases', status: 'done', stepId: 'step_1', promptTokens: 1000, completionTokens: 234 });
  const card = turn.activity.querySelector('section.subagent');
  assert.ok(card.classList.contains('done'));
  assert.equal(card.querySelector('.task-usage').textContent, 'made step_1 · 1,234 tokens');
  assert.equal(card.querySelector('.task-tools details.tool.done .tool-name').textContent, 'create_step');
  apply('planning_artifact', { planningArtifact: { title: 'Two searches', summaryMarkdown: '1. kinases\n2. exported' } });
  assert.equal(turn.activity.querySelectorAll('details.artifact ol li').length, 2);
  apply('citations', { citations: [{ title: 'A paper', url: 'https://example.org/p', authors: 'Doe J', year: 2024 },
    { title: 'Not a link', url: 'javascript:alert(1)' }] });
  const sources = turn.activity.querySelector('details.citations-block');
  assert.equal(sources.querySelector('summary').textContent, 'Sources (2)');
  assert.deepEqual([...sources.querySelectorAll('a')].map(a => a.getAttribute('href')), ['https://example.org/p']);
  apply('assistant_message', { messageId: 'm1', content: 'Found 12 genes, final.' });
  assert.equal(turn.root.dataset.repaired, 'true', 'a final message unlike the streamed text replaces it');
  assert.equal(turn.body.textContent, 'Found 12 genes, final.');
  apply('message_end', { totalTokens: 1500, promptTokens: 1200, completionTokens: 300, cachedTokens: 100,
    subAgentPromptTokens: 1000, subAgentCompletionTokens: 234, estimatedCostUsd: 0.01234, modelId: 'mock', toolCallCount: 2 });
  assert.ok(turn.ended);
  assert.ok(turn.root.classList.contains('ended'));
  assert.equal(turn.footer.textContent,
    '1,500 tokens (1,200 in, 300 out, 100 cached) · 1,234 sub-agent tokens · $0.0123 · mock · 2 tool calls');
  assert.equal(turn.root.dataset.model, 'mock');
});

test('progress lines: one line per optimisation and per discovery, redrawn in place', () => {
  const turn = newTurnView('m2');
  applyTurnEvent(turn, 'optimization_progress', { optimizationId: 'o1', status: 'started', totalTrials: 10 });
  applyTurnEvent(turn, 'optimization_progress', { optimizationId: 'o1', status: 'running', currentTrial: 3, totalTrials: 10,
    bestTrial: { score: 0.8, parameters: { fold_change: 4 } } });
  applyTurnEvent(turn, 'discovery_progress', { discoveryId: 'd1', phase: 'tuning', current: 2, total: 5, siteCalls: 40, budget: 300 });
  const lines = [...turn.activity.querySelectorAll('p.optimisation')];
  assert.equal(lines.length, 2);
  assert.equal(lines[0].textContent, 'Optimising parameters: trial 3 of 10 · best 0.800 with fold_change = 4');
  assert.equal(lines[1].textContent, 'Finding the strategy for your genes: tuning 2 of 5 · 40 of 300 site calls');
});

test('errors, a replay gap and a saved gene set are drawn; a page\'s events are left to the page', () => {
  const turn = newTurnView('m3');
  applyTurnEvent(turn, 'error', { error: 'The model is not reachable' });
  applyTurnEvent(turn, 'replay_gap', {});
  applyTurnEvent(turn, 'workbench_gene_set', { geneSet: { name: 'Kinases <b>', geneCount: 1200 } });
  assert.equal(turn.activity.querySelector('.turn-error').textContent, 'The model is not reachable');
  assert.match(turn.activity.textContent, /no longer kept/);
  assert.equal(turn.activity.querySelector('.gene-set strong').textContent, 'Kinases <b>');
  assert.match(turn.activity.querySelector('.gene-set').textContent, /1,200 genes/);
  for (const pageEvent of ['user_message', 'message_start', 'strategy_update', 'graph_snapshot', 'strategy_link', 'something_new']) {
    assert.equal(TURN_EVENTS.has(pageEvent), false, pageEvent);
    assert.equal(applyTurnEvent(turn, pageEvent, {}), false, pageEvent);
  }
});

test('a stored message is drawn ended, with its tool calls done and its usage or status', () => {
  const turn = storedAssistantTurn({ id: 'm4', content: 'Done.', reasoning: 'thinking',
    toolCalls: [{ id: 'c1', name: 'get_strategy', arguments: { id: 1 }, result: '{"ok":true}' }], status: 'cancelled' });
  assert.ok(turn.ended && turn.root.classList.contains('ended'));
  assert.equal(turn.body.textContent, 'Done.');
  assert.equal(turn.activity.querySelector('details.tool.done .tool-name').textContent, 'get_strategy');
  assert.equal(turn.root.querySelector('details.reasoning .reasoning-text').textContent, 'thinking');
  assert.equal(turn.footer.textContent, 'Cancelled');
});
