// workbench/gene-sets.js: the gene sets view offers rename and delete on one's own sets only, and
// follows the account signed in while it is open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container, pageModule } from './page.mjs';

const { renderGeneSets } = await pageModule('workbench/gene-sets.js');

const SETS = [
  { id: 'a1', name: 'Ana kinases', siteId: 'plasmodb', userId: 'ana', positiveIds: ['PF3D7_0105300'], isPublic: false },
  { id: 'b1', name: 'Bo secreted', siteId: 'plasmodb', userId: 'bo', positiveIds: ['PF3D7_0102200', 'PF3D7_0102300'], isPublic: true },
];

/** The API as the signed-in user sees it: their own sets and the public ones. */
function servingAs(session) {
  globalThis.fetch = async path => {
    session.calls = (session.calls || 0) + 1;
    const user = session.user;
    let status = 200;
    let body;
    if (!user) {
      status = 401;
      body = { title: 'Unauthorized', status: 401, detail: 'sign in' };
    } else if (path.startsWith('/api/v1/auth/me')) {
      body = { userId: user };
    } else if (path.startsWith('/api/v1/control-sets')) {
      body = { items: SETS.filter(s => s.userId === user || s.isPublic), total: 2 };
    } else {
      body = { items: [] };
    }
    return new Response(JSON.stringify(body), { status,
      headers: { 'content-type': status < 300 ? 'application/json' : 'application/problem+json' } });
  };
}

/** Lets the view's pending answers arrive, until `ready()` holds. */
async function until(ready) {
  for (let i = 0; i < 200 && !ready(); i++) {
    await new Promise(resolve => setTimeout(resolve, 0));
  }
  assert.ok(ready(), 'the view did not get there');
}

const manage = root => [...root.querySelectorAll('#gs-table tbody tr')]
  .map(tr => [tr.dataset.id, tr.querySelector('.gs-rename') ? 'own' : tr.querySelector('.gs-manage').textContent]);

function announce(userId) {
  document.dispatchEvent(new window.CustomEvent('strategylab:session', { detail: userId ? { userId } : null }));
}

test('rename and delete only on one\'s own sets; another account signed in meanwhile sees its own', async () => {
  const session = { user: 'ana' };
  servingAs(session);
  const root = container();
  let dispose = null;
  renderGeneSets(root, { sites: [], setDispose: fn => { dispose = fn; }, signInNeeded: () => {} });
  await until(() => root.querySelector('#gs-table'));
  assert.deepEqual(manage(root), [['a1', 'own'], ['b1', 'public']]);

  // Ana ticks a set and opens a delete, then Bo signs in on this page
  root.querySelector('#gs-table tr[data-id="a1"] .gs-pick').click();
  root.querySelector('#gs-table tr[data-id="a1"] .gs-delete').click();
  assert.ok(root.querySelector('.gs-delete-confirm'));
  session.user = 'bo';
  announce('bo');
  await until(() => manage(root).length === 1);
  assert.deepEqual(manage(root), [['b1', 'own']], 'Bo sees his public set as his own, and none of Ana\'s');
  assert.equal(root.querySelector('.gs-delete-confirm'), null, 'Ana\'s pending delete is gone');
  assert.equal(root.querySelector('#gs-picked').textContent, '0 ticked');

  // signed out: the view says to sign in
  session.user = null;
  announce(null);
  await until(() => !root.querySelector('#gs-table'));
  assert.match(root.querySelector('#gs-list').textContent, /Sign in/);

  // the view closed: it no longer follows the session (a view that did would ask the API at once)
  dispose();
  session.user = 'ana';
  const asked = session.calls;
  announce('ana');
  assert.equal(session.calls, asked);
});
