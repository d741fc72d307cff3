// chat/graph.js: the strategy beside the chat, merged from events and drawn as VEuPathDB's panel reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { StrategyGraph, drawGraph, stepDetail } = await pageModule('chat/graph.js');

const SEARCH_A = { id: 'a', kind: 'search', searchName: 'GenesByText', displayName: 'Kinases by text', resultCount: 220,
  transcriptCount: 235, recordType: 'transcript', parameters: { text_expression: 'kinase', text_fields: ['product', 'name'] } };
const SEARCH_B = { id: 'b', kind: 'search', searchName: 'GenesByGoTerm', displayName: 'GO kinase activity', resultCount: 1,
  transcriptCount: 1, recordType: 'transcript' };
const COMBINE = { id: 'c', kind: 'combine', operator: 'INTERSECT', displayName: 'Both', resultCount: 1200,
  primaryInputStepId: 'a', secondaryInputStepId: 'b' };

function graphOf(...steps) {
  const graph = new StrategyGraph();
  graph.snapshot({ steps, rootStepId: steps.at(-1).id, graphName: 'Kinases' });
  return graph;
}

test('a snapshot, then updates: a step merged, a deleted one gone, and the steps not in allSteps dropped', () => {
  const graph = graphOf(SEARCH_A, SEARCH_B, COMBINE);
  assert.equal(graph.size, 3);
  assert.equal(graph.name, 'Kinases');
  graph.update({ action: 'updated', step: { id: 'a', resultCount: 10 } });
  assert.equal(graph.steps.get('a').resultCount, 10);
  assert.equal(graph.steps.get('a').searchName, 'GenesByText', 'fields the update does not carry are kept');
  graph.update({ action: 'deleted', step: { id: 'c' } });
  assert.deepEqual([...graph.steps.keys()], ['a', 'b']);
  graph.update({ action: 'created', step: { id: 'd', kind: 'search' }, allSteps: [{ stepId: 'a' }, { stepId: 'd' }] });
  assert.deepEqual([...graph.steps.keys()].sort(), ['a', 'd']);
});

test('roots are the steps nothing consumes, the declared root first', () => {
  const graph = graphOf(SEARCH_A, SEARCH_B, COMBINE);
  assert.deepEqual(graph.roots().map(s => s.id), ['c']);
  const apart = new StrategyGraph();
  apart.snapshot({ steps: [SEARCH_A, SEARCH_B], rootStepId: 'b' });
  assert.deepEqual(apart.roots().map(s => s.id), ['b', 'a']);
});

test('drawn as a tree: the combine on top with its operator, its inputs beneath, counts in genes', () => {
  const div = container();
  let chosen = null;
  drawGraph(div, graphOf(SEARCH_A, SEARCH_B, COMBINE), step => { chosen = step; }, 'b');
  const tree = div.querySelector('ul[role=tree]');
  assert.ok(tree);
  const top = tree.querySelector(':scope > li > button');
  assert.equal(top.dataset.stepId, 'c');
  assert.equal(top.querySelector('.step-kind').textContent, 'INTERSECT');
  assert.equal(top.querySelector('.step-count').textContent, '1,200');
  const inputs = [...tree.querySelectorAll(':scope > li > ul[role=group] > li > button')].map(b => b.dataset.stepId);
  assert.deepEqual(inputs, ['a', 'b'], 'left input, then right');
  const a = div.querySelector('button[data-step-id=a]');
  assert.equal(a.querySelector('.step-count').title, '220 genes (235 transcripts)');
  assert.ok(a.textContent.startsWith('search' + 'Kinases by text'), 'the visible words start the accessible name');
  assert.ok(a.querySelector('.visually-hidden').textContent.includes('220 genes (235 transcripts)'));
  assert.equal(div.querySelector('button[data-step-id=b] .step-count').title, '1 gene', 'one gene, and no transcripts where they equal');
  assert.equal(div.querySelector('button[data-step-id=b]').getAttribute('aria-pressed'), 'true');
  assert.equal(a.getAttribute('aria-pressed'), 'false');
  a.click();
  assert.equal(chosen.id, 'a');
});

test('an empty graph says how to start; separate parts are counted and a missing input named', () => {
  const div = container();
  drawGraph(div, new StrategyGraph(), () => {});
  assert.match(div.textContent, /No steps yet/);
  const apart = new StrategyGraph();
  apart.snapshot({ steps: [SEARCH_A, { ...SEARCH_B, id: 'x' }, { ...COMBINE, id: 'y', primaryInputStepId: 'gone', secondaryInputStepId: 'x' }] });
  drawGraph(div, apart, () => {});
  assert.match(div.textContent, /2 separate parts: combine them/);
  assert.match(div.textContent, /missing step gone/);
});

test('a step that has no count yet shows a dash, and other record types are results, not genes', () => {
  const div = container();
  const graph = graphOf({ id: 'p', kind: 'search', displayName: 'Pathways', recordType: 'pathway', resultCount: 12 },
    { id: 'q', kind: 'search', displayName: 'Not yet' });
  drawGraph(div, graph, () => {});
  assert.equal(div.querySelector('button[data-step-id=p] .step-count').title, '12 results');
  assert.equal(div.querySelector('button[data-step-id=q] .step-count').textContent, '–');
});

test('a step\'s detail: operator words for a combine, the parameters for a search, lists joined', () => {
  const combine = stepDetail(COMBINE);
  const rows = Object.fromEntries([...combine.querySelectorAll('dt')].map(dt => [dt.textContent, dt.nextElementSibling.textContent]));
  assert.equal(rows.Operator, 'INTERSECT — intersect (in both)');
  assert.equal(rows['Left input'], 'a');
  assert.equal(rows['Right input'], 'b');
  const search = stepDetail(SEARCH_A);
  const params = [...search.querySelectorAll('table.params tbody tr')].map(tr => [...tr.cells].map(td => td.textContent));
  assert.deepEqual(params, [['text_expression', 'kinase'], ['text_fields', 'product, name']]);
  assert.equal(search.querySelector('h3').textContent, 'Kinases by text');
});
