// workbench/save-gene-set.js: an experiment's result kept as a gene set from its results view.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { saveGeneSetControl } = await pageModule('workbench/save-gene-set.js');

const EXPERIMENT = {
  id: 'e 1', name: 'Kinases', status: 'completed', config: { mode: 'single', siteId: 'plasmodb', recordType: 'transcript' },
  metrics: { totalResults: 220, totalTranscripts: 235 },
  truePositiveGenes: [{ id: 'PF3D7_0105300' }, { id: 'PF3D7_0106300' }], falsePositiveGenes: [],
  falseNegativeGenes: [{ id: 'PF3D7_0100100' }], trueNegativeGenes: [],
};

/** Answers each API call with `answer(path, init)` (a [status, body] pair) and records the calls. */
function serving(answer) {
  const calls = [];
  globalThis.fetch = async (path, init) => {
    calls.push({ path, method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
    const [status, body] = answer(path, init);
    return new Response(JSON.stringify(body), { status,
      headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' } });
  };
  return calls;
}

const settle = () => new Promise(resolve => setTimeout(resolve, 0));

function submit(root) {
  root.querySelector('#wb-gs-form').dispatchEvent(new window.Event('submit', { cancelable: true, bubbles: true }));
}

test('the choices: the whole result in genes (transcripts beside) and each class with its count', () => {
  const root = container();
  root.append(saveGeneSetControl(EXPERIMENT));
  const options = [...root.querySelectorAll('#wb-gs-which option')];
  assert.deepEqual(options.map(o => o.value), ['result', 'truePositives', 'falsePositives', 'falseNegatives', 'trueNegatives']);
  assert.equal(options[0].textContent, 'Every gene of the result: 220 genes (235 transcripts)');
  assert.equal(options[1].textContent, 'True positives: 2 control genes');
  assert.equal(root.querySelector('#wb-gs-name').value, 'Kinases — result');
});

test('the name follows the choice until typed over, and the chosen genes are posted with it', async () => {
  const calls = serving(() => [201, { id: 's1', name: 'Kinases — true positives', positiveIds: ['PF3D7_0105300', 'PF3D7_0106300'] }]);
  const root = container();
  root.append(saveGeneSetControl(EXPERIMENT));
  const which = root.querySelector('#wb-gs-which');
  const name = root.querySelector('#wb-gs-name');
  which.value = 'truePositives';
  which.dispatchEvent(new window.Event('change'));
  assert.equal(name.value, 'Kinases — true positives');
  submit(root);
  await settle();
  await settle();
  assert.deepEqual(calls, [{ path: '/api/v1/experiments/e%201/gene-set', method: 'POST',
    body: { name: 'Kinases — true positives', which: 'truePositives' } }]);
  const saved = root.querySelector('#wb-gs-saved');
  assert.equal(saved.getAttribute('role'), 'status');
  assert.equal(saved.textContent, 'Saved “Kinases — true positives”: 2 genes. Open your gene sets');
  assert.equal(saved.querySelector('a').getAttribute('href'), '#/gene-sets');

  name.value = 'my own';
  name.dispatchEvent(new window.Event('input'));
  which.value = 'falseNegatives';
  which.dispatchEvent(new window.Event('change'));
  assert.equal(name.value, 'my own', 'a typed name is kept');
});

test('a refusal is shown inline with its field marked; a blank name is not sent', async () => {
  const calls = serving(() => [422, { status: 422, title: 'Unprocessable Content', detail: 'Nothing to save',
    errors: [{ pointer: '/which', message: 'the experiment has no gene in the false positives, so there is no set to save' }] }]);
  const root = container();
  root.append(saveGeneSetControl(EXPERIMENT));
  const name = root.querySelector('#wb-gs-name');
  name.value = '  ';
  submit(root);
  await settle();
  assert.equal(calls.length, 0);
  assert.equal(name.getAttribute('aria-invalid'), 'true');

  name.value = 'FP';
  root.querySelector('#wb-gs-which').value = 'falsePositives';
  submit(root);
  await settle();
  await settle();
  const error = root.querySelector('#wb-gs-out .error');
  assert.equal(error.getAttribute('role'), 'alert');
  assert.match(error.textContent, /\/which: the experiment has no gene in the false positives/);
  assert.equal(root.querySelector('#wb-gs-which').getAttribute('aria-invalid'), 'true');
  assert.equal(name.hasAttribute('aria-invalid'), false);
});
