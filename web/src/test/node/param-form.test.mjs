// shared/param-form.js: a search's parameter form built from the site's specs (the wizard's and the chat's graph editor's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { vocabularyTerms, initialValue, parameterForm, branchLeaves } = await pageModule('shared/param-form.js');

const ORGANISMS = [{ data: { term: 'Plasmodium', display: 'Plasmodium' }, children: [
  { data: { term: 'Pf3D7', display: 'P. falciparum 3D7' }, children: [] },
  { data: { term: 'PvP01', display: 'P. vivax P01' }, children: [] }] }];

const API_ORGANISMS = [{ term: 'Plasmodium', display: 'Plasmodium', children: [
  { term: 'Plasmodium falciparum', display: 'Plasmodium falciparum', children: [
    { term: 'Plasmodium falciparum 3D7', display: 'Plasmodium falciparum 3D7' }] },
  { term: 'Plasmodium vivax', display: 'Plasmodium vivax', children: [
    { term: 'Plasmodium vivax P01', display: 'Plasmodium vivax P01', children: [] }] }] }];

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
  // the API's own tree (upstream-gateway's VocabularyTerm: term, display, children; no leaf flag)
  assert.deepEqual(vocabularyTerms(API_ORGANISMS).map(t => [t.term, t.depth, t.leaf]),
    [['Plasmodium', 0, false], ['Plasmodium falciparum', 1, false], ['Plasmodium falciparum 3D7', 2, true],
      ['Plasmodium vivax', 1, false], ['Plasmodium vivax P01', 2, true]]);
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

// ---- the one form of both pages: typeahead, dependent parameters, refusals beside fields, organism ----

const json = (body, status = 200) => new Response(JSON.stringify(body), {
  status, headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' } });

/** Answers each call from `routes` ("METHOD path" → function(body) giving the answer); records the calls. */
function serving(routes) {
  const calls = [];
  globalThis.fetch = async (path, init = {}) => {
    const method = init.method || 'GET';
    const body = init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[method + ' ' + path];
    if (!route) return json({ title: 'Not Found' }, 404);
    return route(body);
  };
  return calls;
}

/** Waits until `check` holds (the form's answers arrive asynchronously). */
async function until(check) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise(resolve => setTimeout(resolve, 5));
  }
  assert.fail('the condition never held');
}

const GO_TERMS = Array.from({ length: 60 }, (_, i) => ({ term: 'GO:' + String(i).padStart(7, '0'), display: 'term ' + i }));

test('a large vocabulary is a typeahead over the catalogue\'s ranking, not a box of checkboxes', async () => {
  const path = '/api/v1/sites/plasmodb/searches/transcript/GenesByGoTerm';
  const ranked = [{ term: 'GO:0004672', display: 'protein kinase activity' }, { term: 'GO:0016301', display: 'kinase activity' },
    { term: 'GO:0016772', display: 'transferase activity', leaf: false }];
  const calls = serving({
    ['GET ' + path + '/param-specs']: () => json({ parameters: [
      { name: 'go_typeahead', displayName: 'GO term', type: 'multi-pick-vocabulary', vocabulary: GO_TERMS,
        help: 'Start typing a GO term or id', initialDisplayValue: '[]', allowEmptyValue: false },
      { name: 'small', displayName: 'Small one', type: 'multi-pick-vocabulary', displayType: 'typeAhead',
        vocabulary: [['a', 'A'], ['b', 'B']], initialDisplayValue: '[]' },
      { name: 'evidence', displayName: 'Evidence', type: 'single-pick-vocabulary', vocabulary: GO_TERMS, initialDisplayValue: 'GO:0000003' },
    ] }),
    ['GET ' + path + '/param-specs/go_typeahead/vocabulary?q=kinase']: () => json(ranked),
  });
  const form = parameterForm({ idPrefix: 'p', specsPath: path });
  container().append(form.element);
  await form.load();
  assert.equal(document.querySelectorAll('#p-go_typeahead input[type=checkbox]').length, 0);
  assert.equal(document.querySelectorAll('#p-small input[type=checkbox]').length, 0, 'the site\'s typeAhead display is kept');
  assert.ok(document.getElementById('p-small-q'));
  const words = document.getElementById('p-go_typeahead-q');
  assert.equal(words.getAttribute('placeholder'), 'Start typing a GO term or id');
  assert.equal(document.querySelector('label[for="p-go_typeahead-q"]').textContent, 'Find a term');
  assert.match(document.querySelector('#p-go_typeahead legend').textContent, /^GO term \* \(required\)$/);
  words.value = 'kinase';
  words.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Enter' }));
  await until(() => document.querySelectorAll('#p-go_typeahead-matches button').length === 2);
  assert.ok(calls.some(c => c.path === path + '/param-specs/go_typeahead/vocabulary?q=kinase'), 'the catalogue ranks the words');
  assert.deepEqual([...document.querySelectorAll('#p-go_typeahead-matches button')].map(b => b.dataset.term),
    ['GO:0004672', 'GO:0016301'], 'in the ranking\'s order, leaves only');
  document.querySelector('#p-go_typeahead-matches button[data-term="GO:0016301"]').click();
  document.querySelector('#p-go_typeahead-matches button[data-term="GO:0004672"]').click();
  assert.deepEqual(form.values().go_typeahead, ['GO:0016301', 'GO:0004672']);
  assert.ok(document.querySelector('#p-go_typeahead-chosen [data-term="GO:0004672"]'));
  document.querySelector('#p-go_typeahead-chosen button[data-term="GO:0016301"]').click();
  assert.deepEqual(form.values().go_typeahead, ['GO:0004672']);
  // a large single pick too: one term, a choice replacing the last
  assert.equal(document.querySelector('select#p-evidence'), null);
  assert.ok(document.querySelector('#p-evidence-chosen [data-term="GO:0000003"]'));
  assert.equal(form.values().evidence, 'GO:0000003');
});

test('a parameter others depend on refreshes them when it changes, and the rest of the form stays', async () => {
  const path = '/api/v1/sites/plasmodb/searches/transcript/GenesByLocation';
  const calls = serving({
    ['GET ' + path + '/param-specs']: () => json({ parameters: [
      { name: 'organism', displayName: 'Organism', type: 'single-pick-vocabulary', dependentParams: ['chromosome'],
        vocabulary: [['Pf3D7', 'P. falciparum 3D7'], ['PvP01', 'P. vivax P01']], initialDisplayValue: 'Pf3D7' },
      { name: 'chromosome', displayName: 'Chromosome', type: 'single-pick-vocabulary',
        vocabulary: [['Pf3D7_01_v3', 'Pf 1'], ['Pf3D7_02_v3', 'Pf 2']], initialDisplayValue: 'Pf3D7_02_v3' },
      { name: 'start', displayName: 'Start', type: 'number', initialDisplayValue: '1', min: 0, max: 1000 },
    ] }),
    ['POST ' + path + '/dependent-params']: () => json([{ name: 'chromosome', displayName: 'Chromosome',
      type: 'single-pick-vocabulary', vocabulary: [['PvP01_01_v1', 'Pv 1'], ['PvP01_02_v1', 'Pv 2']], initialDisplayValue: 'PvP01_01_v1' }]),
  });
  const form = parameterForm({ idPrefix: 'p', specsPath: path });
  container().append(form.element);
  await form.load();
  const start = document.getElementById('p-start');
  assert.equal(start.getAttribute('min'), '0');
  assert.equal(start.getAttribute('max'), '1000');
  const organism = document.getElementById('p-organism');
  organism.value = 'PvP01';
  organism.dispatchEvent(new window.Event('change'));
  await until(() => document.querySelector('#p-chromosome option[value="PvP01_01_v1"]'));
  const asked = calls.find(c => c.method === 'POST');
  assert.deepEqual(asked.body, { changedParam: { name: 'organism', value: 'PvP01' },
    contextValues: { organism: 'PvP01', chromosome: 'Pf3D7_02_v3', start: '1' } });
  assert.deepEqual([...document.querySelectorAll('#p-chromosome option')].map(o => o.value), ['PvP01_01_v1', 'PvP01_02_v1']);
  assert.deepEqual(form.values(), { organism: 'PvP01', chromosome: 'PvP01_01_v1', start: '1' });
  assert.equal(document.getElementById('p-organism'), organism, 'the parent\'s control is not drawn again');
});

test('refusals from a problem+json are shown beside their fields, and the rest handed back', async () => {
  serving({ 'GET /x/param-specs': () => json({ parameters: [
    { name: 'text_expression', displayName: 'Text term', type: 'string', help: 'Words or *wildcards', allowEmptyValue: false },
    { name: 'text_search_organism', displayName: 'Organism', type: 'multi-pick-vocabulary', vocabulary: ORGANISMS,
      initialDisplayValue: '["Pf3D7"]' },
    { name: 'max', displayName: 'Max', type: 'number', initialDisplayValue: '3' },
  ] }) });
  const form = parameterForm({ idPrefix: 'wb-param', specsPath: '/x' });
  container().append(form.element);
  await form.load();
  const text = document.getElementById('wb-param-text_expression');
  assert.equal(text.getAttribute('aria-required'), 'true');
  assert.equal(text.getAttribute('aria-describedby'), 'wb-param-text_expression-help');
  assert.equal(document.querySelector('label[for="wb-param-text_expression"]').textContent, 'Text term *');
  const refused = new Error('refused');
  refused.status = 422;
  refused.problem = { status: 422, errors: [
    { pointer: '/contextValues/text_search_organism', message: 'Choose at least one organism' },
    { field: 'text_expression', message: 'Missing the value' },
    { pointer: '/parameters/max', message: 'must be at most 2' },
    { pointer: '/searchName', message: 'is not a search of this site' }] };
  const elsewhere = form.showErrors(refused);
  assert.deepEqual(elsewhere, ['is not a search of this site']);
  for (const [name, message] of [['text_search_organism', 'Choose at least one organism'], ['text_expression', 'Missing the value'],
    ['max', 'must be at most 2']]) {
    const control = document.getElementById('wb-param-' + name);
    assert.equal(control.getAttribute('aria-invalid'), 'true', name);
    const error = document.getElementById('wb-param-' + name + '-error');
    assert.equal(error.textContent, message);
    assert.ok(control.getAttribute('aria-describedby').split(' ').includes(error.id), name + ' is described by its error');
    assert.equal(error.closest('.param-field'), control.closest('.param-field'), name + '\'s error stands beside it');
  }
  assert.equal(document.getElementById('wb-param-text_expression').getAttribute('aria-describedby'),
    'wb-param-text_expression-error wb-param-text_expression-help');
  assert.equal(document.activeElement, document.querySelector('#wb-param-text_expression'), 'the first refused field has the focus');
  // a field changed loses its mark in place (its control keeps the focus); the others keep theirs
  const box = document.querySelector('#wb-param-text_search_organism input[value=PvP01]');
  box.focus();
  box.click();
  assert.equal(document.getElementById('wb-param-text_search_organism').getAttribute('aria-invalid'), null);
  assert.equal(document.getElementById('wb-param-text_search_organism-error'), null);
  assert.equal(document.activeElement, box);
  assert.equal(document.getElementById('wb-param-max').getAttribute('aria-invalid'), 'true');
  assert.deepEqual(form.values().text_search_organism, ['Pf3D7', 'PvP01']);
  // accepted: every mark cleared
  assert.deepEqual(form.showErrors(new Map()), []);
  assert.equal(document.querySelectorAll('[aria-invalid]').length, 0);
});

test('an organism starts at the one chosen last on the site in this browser, else the first', async () => {
  window.localStorage.clear();
  const specs = () => json({ parameters: [{ name: 'organism', displayName: 'Organism', type: 'multi-pick-vocabulary',
    vocabulary: ORGANISMS, initialDisplayValue: '["Pf3D7","PvP01"]' }] });
  serving({ 'GET /x/param-specs': specs });
  const first = parameterForm({ idPrefix: 'p', specsPath: '/x', site: 'plasmodb' });
  container().append(first.element);
  await first.load();
  assert.deepEqual(first.values().organism, ['Pf3D7'], 'the first organism, not every organism');
  // the person chooses P. vivax alone: remembered for the site
  document.querySelector('#p-organism input[value=Pf3D7]').click();
  document.querySelector('#p-organism input[value=PvP01]').click();
  assert.deepEqual(first.values().organism, ['PvP01']);
  const again = parameterForm({ idPrefix: 'p', specsPath: '/x', site: 'plasmodb' });
  container().append(again.element);
  await again.load();
  assert.deepEqual(again.values().organism, ['PvP01']);
  assert.deepEqual([...document.querySelectorAll('#p-organism input:checked')].map(b => b.value), ['PvP01']);
  // another site remembers its own; a step's own organisms are kept as they are
  const elsewhere = parameterForm({ idPrefix: 'p', specsPath: '/x', site: 'toxodb' });
  await elsewhere.load();
  assert.deepEqual(elsewhere.values().organism, ['Pf3D7']);
  const step = parameterForm({ idPrefix: 'p', specsPath: '/x', site: 'plasmodb', values: { organism: ['Pf3D7', 'PvP01'] } });
  await step.load();
  assert.deepEqual(step.values().organism, ['Pf3D7', 'PvP01']);
  // in the API's tree the first organism is the first leaf, not the genus over them
  serving({ 'GET /y/param-specs': () => json({ parameters: [{ name: 'organism', type: 'multi-pick-vocabulary',
    vocabulary: API_ORGANISMS, initialDisplayValue: '["Plasmodium falciparum 3D7","Plasmodium vivax P01"]' }] }) });
  const tree = parameterForm({ idPrefix: 'p', specsPath: '/y', site: 'plasmodb' });
  await tree.load();
  assert.deepEqual(tree.values().organism, ['Plasmodium falciparum 3D7']);
});

test('an organism tree as the site shows it: a genus box stands for its species, mixed when some are chosen', async () => {
  servingSpecs();
  const form = parameterForm({ idPrefix: 't', specsPath: '/tree' });
  container().append(form.element);
  await form.load();
  const box = term => document.querySelector(`#t-organism input[value="${term}"]`);
  const tick = (term, on) => {
    box(term).checked = on;
    box(term).dispatchEvent(new window.Event('change'));
  };
  // one species to start: the genus is mixed, not ticked
  assert.equal(box('Plasmodium').dataset.branch, 'true');
  assert.equal(box('Plasmodium').checked, false);
  assert.equal(box('Plasmodium').indeterminate, true);
  // the genus ticked: every species under it, and the value is the species (leaves), not the genus
  tick('Plasmodium', true);
  assert.deepEqual(form.values().organism, ['Pf3D7', 'PvP01']);
  assert.equal(box('PvP01').checked, true);
  assert.equal(box('Plasmodium').indeterminate, false);
  // one species let go: mixed again
  tick('Pf3D7', false);
  assert.deepEqual(form.values().organism, ['PvP01']);
  assert.equal(box('Plasmodium').checked, false);
  assert.equal(box('Plasmodium').indeterminate, true);
  // the genus let go: none
  tick('Plasmodium', false);
  assert.deepEqual(form.values().organism, []);
  assert.equal(box('PvP01').checked, false);
  assert.equal(box('Plasmodium').indeterminate, false);
});

test('a branch term that came with a step\'s value shows its whole branch ticked, and stands for its leaves once changed', async () => {
  servingSpecs();
  const form = parameterForm({ idPrefix: 'b', specsPath: '/tree', values: { organism: ['Plasmodium'] } });
  container().append(form.element);
  await form.load();
  const box = term => document.querySelector(`#b-organism input[value="${term}"]`);
  assert.equal(box('Plasmodium').checked, true);
  assert.equal(box('Pf3D7').checked, true, 'each species under the genus shows ticked');
  assert.equal(box('PvP01').checked, true);
  assert.deepEqual(form.values().organism, ['Plasmodium']);
  box('PvP01').checked = false;
  box('PvP01').dispatchEvent(new window.Event('change'));
  assert.deepEqual(form.values().organism, ['Pf3D7'], 'the genus became its species; the one let go is gone, the other kept');
  assert.equal(box('Plasmodium').checked, false);
  assert.equal(box('Plasmodium').indeterminate, true);
});

test('the leaves under each branch, nested branches too', () => {
  const terms = vocabularyTerms([{ term: 'Apicomplexa', children: [
    { term: 'Plasmodium', children: [{ term: 'Pf3D7' }, { term: 'PvP01' }] },
    { term: 'Toxoplasma', children: [{ term: 'TgME49' }] }] }, { term: 'Other' }]);
  const under = branchLeaves(terms);
  assert.deepEqual(Object.fromEntries(under), {
    Apicomplexa: ['Pf3D7', 'PvP01', 'TgME49'], Plasmodium: ['Pf3D7', 'PvP01'], Toxoplasma: ['TgME49'] });
});
