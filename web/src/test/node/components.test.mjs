// components/: the custom elements both pages use (model picker, stream status, gene count).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { keyName } = await pageModule('components/model-picker.js');
await pageModule('components/stream-status.js');
const { geneCount } = await pageModule('components/gene-count.js');

const CATALOG = {
  default: 'openai/gpt-5', defaultReasoningEffort: 'low',
  models: [
    { id: 'openai/gpt-5', provider: 'openai', name: 'GPT-5', enabled: false, supportsReasoning: true,
      missingKey: 'strategylab.chat.models.openai.api-key (env OPENAI_API_KEY)' },
    { id: 'mock/planner', provider: 'mock', name: 'Mock planner', enabled: true, supportsReasoning: false },
    { id: 'anthropic/claude', provider: 'anthropic', name: 'Claude', enabled: true, supportsReasoning: true },
  ],
};

function serving(status, body) {
  globalThis.fetch = async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function picker(attributes) {
  const node = document.createElement('sl-model-picker');
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  container().append(node);
  return node;
}

test('the model picker lists the catalog, a model without its key disabled with the variable to set', async () => {
  serving(200, CATALOG);
  const node = picker({ 'select-id': 'model', 'effort-id': 'effort' });
  const catalog = await node.ready;
  assert.equal(catalog.models.length, 3);
  const options = [...document.querySelectorAll('#model option')];
  assert.deepEqual(options.map(o => [o.value, o.disabled, o.textContent]), [
    ['openai/gpt-5', true, 'GPT-5 — needs OPENAI_API_KEY'],
    ['mock/planner', false, 'Mock planner'],
    ['anthropic/claude', false, 'Claude'],
  ]);
  // the default cannot be used (no key): the first that can is chosen
  assert.equal(document.getElementById('model').value, 'mock/planner');
  assert.equal(node.querySelectorAll('label').length, 2, 'each select has its visible label');
});

test('the reasoning effort is offered only for a model that reasons, and sent only then', async () => {
  serving(200, CATALOG);
  const node = picker({ 'select-id': 'm', 'effort-id': 'e' });
  await node.ready;
  const effort = document.getElementById('e');
  assert.equal(effort.value, 'low', 'the catalog\'s default effort');
  assert.equal(effort.disabled, true);
  assert.deepEqual(node.choice(), { provider: 'mock', model: 'mock/planner' });
  const model = document.getElementById('m');
  model.value = 'anthropic/claude';
  model.dispatchEvent(new Event('change', { bubbles: true }));
  assert.equal(effort.disabled, false);
  effort.value = 'high';
  assert.deepEqual(node.choice(), { provider: 'anthropic', model: 'anthropic/claude', reasoningEffort: 'high' });
});

test('a catalog that cannot be read says so, and the choice is empty', async () => {
  serving(503, { title: 'Service Unavailable', status: 503 });
  const node = picker({ 'select-id': 'x', 'labels-hidden': '' });
  assert.equal(await node.ready, null);
  assert.equal(document.getElementById('x').textContent, 'models cannot be loaded');
  assert.equal(document.getElementById('x').getAttribute('aria-label'), 'Model');
  assert.equal(node.querySelector('label'), null);
  assert.deepEqual(node.choice(), {});
});

test('a key name is the environment variable when the catalog gives one', () => {
  assert.equal(keyName('strategylab.chat.models.openai.api-key (env OPENAI_API_KEY)'), 'OPENAI_API_KEY');
  assert.equal(keyName('some.setting'), 'some.setting');
  assert.equal(keyName(null), 'a key');
});

test('the stream status says each state politely, with a page\'s own words where it has them', () => {
  const status = document.createElement('sl-stream-status');
  status.setAttribute('live-text', 'Working…');
  container().append(status);
  assert.equal(status.getAttribute('role'), 'status');
  assert.equal(status.getAttribute('aria-live'), 'polite');
  status.show('live');
  assert.equal(status.textContent, 'Working…');
  status.show('reconnecting');
  assert.equal(status.textContent, 'Connection lost; reconnecting…');
  assert.equal(status.dataset.state, 'reconnecting');
  status.show('live', 'Cancelling…');
  assert.equal(status.textContent, 'Cancelling…');
  status.show('ended');
  assert.equal(status.textContent, '');
  status.show('no-such-state');
  assert.equal(status.dataset.state, '');
});

test('an empty words attribute silences that state', () => {
  const status = document.createElement('sl-stream-status');
  status.setAttribute('live-text', '');
  container().append(status);
  status.show('live');
  assert.equal(status.textContent, '');
  status.show('connecting');
  assert.equal(status.textContent, 'Connecting…');
});

test('a gene count is in genes, the transcripts beside it only where they differ', () => {
  assert.equal(geneCount(220, 235).textContent, '220 genes (235 transcripts)');
  assert.equal(geneCount(141, 141).textContent, '141 genes');
  assert.equal(geneCount(1).textContent, '1 gene');
  assert.equal(geneCount(12345, 12346).textContent, '12,345 genes (12,346 transcripts)');
  assert.equal(geneCount(12, 30, 'results').textContent, '12 results');
  assert.equal(geneCount(undefined).textContent, '–');
});

test('a gene count keeps its numbers and redraws when they change', () => {
  const node = geneCount(10, 12);
  container().append(node);
  assert.equal(node.getAttribute('genes'), '10');
  node.setAttribute('genes', '12');
  assert.equal(node.textContent, '12 genes');
  node.setAttribute('transcripts', 'not a number');
  assert.equal(node.textContent, '12 genes');
});
