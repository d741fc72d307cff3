// chat/conversation-list.js: the chat page's list of conversations, searched, the open one marked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { conversationList, meta } = await pageModule('chat/conversation-list.js');

const ITEMS = [
  { id: 's1', name: 'Kinases in falciparum', siteId: 'plasmodb', stepCount: 3, resultCount: 2820, recordType: 'transcript' },
  { id: 's2', name: 'Secreted proteins', siteId: 'toxodb', stepCount: 1, resultCount: 14 },
  { id: 's3', siteId: 'plasmodb' },
];

function listOf(items, current) {
  globalThis.fetch = async () => new Response(JSON.stringify({ items }), { status: 200, headers: { 'content-type': 'application/json' } });
  const root = container();
  const list = document.createElement('ul');
  const search = document.createElement('input');
  root.append(search, list);
  const opened = [];
  const conversations = conversationList(list, search, { current: () => current, open: id => opened.push(id) });
  return { conversations, list, search, opened };
}

test('each conversation says its site, steps and size in genes; the open one is marked', async () => {
  const { conversations, list, opened } = listOf(ITEMS, 's2');
  await conversations.load();
  const buttons = [...list.querySelectorAll('button.conversation')];
  assert.deepEqual(buttons.map(b => b.dataset.strategyId), ['s1', 's2', 's3']);
  assert.equal(buttons[0].textContent, 'Kinases in falciparumplasmodb · 3 steps · 2,820 genes');
  assert.equal(buttons[2].querySelector('.conversation-name').textContent, 'Untitled');
  assert.equal(buttons[1].getAttribute('aria-current'), 'true');
  assert.equal(buttons[0].hasAttribute('aria-current'), false);
  buttons[0].click();
  assert.deepEqual(opened, ['s1']);
});

test('the search box filters by name or site, and says when nothing matches', async () => {
  const { conversations, list, search } = listOf(ITEMS, null);
  await conversations.load();
  search.value = 'TOXO';
  search.dispatchEvent(new Event('input'));
  assert.deepEqual([...list.querySelectorAll('button')].map(b => b.dataset.strategyId), ['s2']);
  search.value = 'nothing like it';
  search.dispatchEvent(new Event('input'));
  assert.equal(list.textContent, 'No conversation matches.');
});

test('a deleted conversation leaves the list; signing out empties it', async () => {
  const { conversations, list } = listOf(ITEMS, null);
  await conversations.load();
  conversations.forget('s1');
  conversations.draw();
  assert.equal(conversations.find('s1'), undefined);
  assert.equal(list.querySelectorAll('button').length, 2);
  conversations.signedOut();
  assert.equal(list.textContent, 'Sign in (top right) to see your conversations.');
});

test('a list that cannot be read now keeps what it showed', async () => {
  const { conversations, list } = listOf(ITEMS, null);
  await conversations.load();
  globalThis.fetch = async () => new Response('{}', { status: 502, headers: { 'content-type': 'application/json' } });
  await conversations.load();
  assert.equal(list.querySelectorAll('button').length, 3);
});

test('other record types are counted as results', () => {
  assert.equal(meta({ siteId: 'vectorbase', resultCount: 5, recordType: 'popsetSequence' }), 'vectorbase · 5 results');
});
