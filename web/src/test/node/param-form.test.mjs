// shared/param-form.js: a search's parameter form built from the site's specs (the chat's graph editor).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { vocabularyTerms, initialValue, parameterForm } = await pageModule('shared/param-form.js');

const ORGANISMS = [{ data: { term: 'Plasmodium', display: 'Plasmodium' }, children: [
  { data: { term: 'Pf3D7', display: 'P. falciparum 3D7' }, children: [] },
  { data: { term: 'PvP01', display: 'P. vivax P01' }, children: [] }] }];

const SPECS = { parameters: [
  { name: 'organism', displayName: 'Organism', type: 'multi-pick-vocabulary', vocabulary: ORGANISMS,
    initialDisplayValue: '["Pf3D7","PvP01"]' },
  { name: 'max_weight', displayName: 'Weight <=', type: 'number', initialDisplayValue: '50000' },
  { name: 'scope', displayName: 'Scope', type: 'single-pick-vocabulary', vocabulary: [['Gene', 'Gene'], ['Transcript', 'Transcript']],
    initialDisplayValue: 'Gene' },
  { name: 'gene_result', type: 'input-step', isVisible: false },
] };

/** Answers every API call with the specs, and records the paths asked for. */
function servingSpecs() {
  const asked = [];
  globalThis.fetch = async path => {
    asked.push(path);
    return new Response(JSON.stringify(SPECS), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return asked;
}

test('vocabularies in the site\'s shapes: a tree with depths and leaves, and rows', () => {
  assert.deepEqual(vocabularyTerms(ORGANISMS).map(t => [t.term, t.depth, t.leaf]),
    [['Plasmodium', 0, false], ['Pf3D7', 1, true], ['PvP01', 1, true]]);
  assert.deepEqual(vocabularyTerms([['a', 'A'], ['b']]).map(t => [t.term, t.display]), [['a', 'A'], ['b', 'b']]);
});

test('starting values: a multi-pick\'s JSON list, a string otherwise', () => {
  assert.deepEqual(initialValue(SPECS.parameters[0]), ['Pf3D7', 'PvP01']);
  assert.deepEqual(initialValue({ type: 'multi-pick-vocabulary', initialDisplayValue: 'a, b' }), ['a', 'b']);
  assert.equal(initialValue({ type: 'number', initialDisplayValue: 7 }), '7');
  assert.equal(initialValue({ type: 'string' }), '');
});

test('the form from the specs: one organism to start, the defaults, no input-step control', async () => {
  const asked = servingSpecs();
  const form = parameterForm({ idPrefix: 'p', specsPath: '/api/v1/sites/plasmodb/searches/transcript/GenesByWeight' });
  container().append(form.element);
  await form.load();
  assert.deepEqual(asked, ['/api/v1/sites/plasmodb/searches/transcript/GenesByWeight/param-specs']);
  assert.deepEqual(form.values(), { organism: ['Pf3D7'], max_weight: '50000', scope: 'Gene' });
  assert.equal(document.getElementById('p-max_weight').value, '50000');
  assert.equal(document.getElementById('p-scope').value, 'Gene');
  assert.equal(document.getElementById('p-gene_result'), null);
  assert.equal(document.querySelectorAll('#p-organism input:checked').length, 1);
});

test('a step\'s own values win over the defaults, and a refused value is marked on its field', async () => {
  servingSpecs();
  const form = parameterForm({ idPrefix: 'p', specsPath: '/x', values: { max_weight: '20000', organism: ['PvP01'] } });
  container().append(form.element);
  await form.load();
  assert.deepEqual(form.values(), { organism: ['PvP01'], max_weight: '20000', scope: 'Gene' });
  form.showErrors(new Map([['/parameters/max_weight', 'must be between 0 and 10000']]));
  const input = document.getElementById('p-max_weight');
  assert.equal(input.getAttribute('aria-invalid'), 'true');
  assert.equal(document.getElementById(input.getAttribute('aria-describedby')).textContent, 'must be between 0 and 10000');
  assert.equal(document.activeElement, input, 'the first refused field has the focus');
  // typing changes the value sent
  input.value = '15000';
  input.dispatchEvent(new window.Event('input'));
  assert.equal(form.values().max_weight, '15000');
});
