// The VEuPathDB area of the chat page: sign in to the chosen site (upstream-gateway's
// /api/v1/veupathdb/auth/*, the site's session stays on the server), save the open conversation's
// strategy there under a name (POST /api/v1/strategies/{id}/push), see that it is out of date there
// once the chat changed it and update it in one click, and bring one of your strategies on the site
// into a new conversation (GET /api/v1/strategies/on-site, POST /api/v1/strategies/import). Beside the
// save, the strategy's genes can be kept as a gene set of one's own (chat/gene-set-save.js).
import { api, problemMessage } from '../shared/operation-stream.js';
import { el, formatCount, replace } from '../shared/dom.js';
import { geneSetSave } from './gene-set-save.js';

/**
 * @param {HTMLElement} root where the area is drawn
 * @param {object} hooks  site(): {id, name} of the chosen site; signedIn(): whether someone is signed in to
 *                        StrategyLab; conversation(): the open conversation's id or null;
 *                        saved(link): after a save (the answer of the push); opened(id): open a conversation
 *                        (an imported one)
 * @returns {{refresh(): Promise<void>}} draws the area again for the site, user and conversation of now
 */
export function sitePanel(root, hooks) {
  const account = el('div', { id: 'site-account', class: 'site-account' });
  const save = el('div', { id: 'site-save', class: 'site-save' });
  const mine = el('div', { id: 'site-strategies', class: 'site-strategies' });
  const genes = el('div', { id: 'gene-set-area', class: 'gene-set-area' });
  replace(root, el('h3', { id: 'veupathdb-title' }, 'VEuPathDB'), account, save, genes, mine);
  const geneSets = geneSetSave(genes);

  let accountKey = null;   // the site the account part was drawn for ('' while nobody is signed in)
  let warning = null;      // what the sign-in answer said others can do with the account (local mode)
  let drawing = 0;         // bumps on every refresh: late answers of an earlier one are dropped
  let listing = 0;         // bumps when the site or user changes: a late list of the one before is dropped

  function siteName() {
    return hooks.site().name || hooks.site().id;
  }

  async function drawAccount(force) {
    const key = hooks.signedIn() ? hooks.site().id : '';
    if (!force && key === accountKey) return;
    accountKey = null;
    if (!key) {
      accountKey = key;
      replace(account, el('p', { class: 'muted small' }, 'Sign in to StrategyLab (top right) to use your VEuPathDB account.'));
      replace(mine);
      return;
    }
    const asked = drawing;
    let status;
    try {
      status = await api('GET', '/api/v1/veupathdb/auth/status?siteId=' + encodeURIComponent(key));
    } catch (e) {
      if (asked === drawing) replace(account, el('p', { class: 'error', role: 'alert' }, problemMessage(e)));
      return;
    }
    if (asked !== drawing) return;
    accountKey = key;
    if (status.signedIn) {
      drawSignedIn(status);
    } else {
      drawSignInForm();
    }
    drawMineButton();
  }

  function drawSignedIn(status) {
    const who = status.name && status.email ? status.name + ' (' + status.email + ')' : status.name || status.email || 'your account';
    replace(account,
      el('p', { id: 'site-signed-in' }, 'Signed in to ' + siteName() + ' as ', el('strong', null, who)),
      warning ? el('p', { class: 'site-warning small', role: 'note' }, warning) : null,
      el('button', { type: 'button', id: 'site-sign-out', class: 'small', onclick: signOut }, 'Sign out of ' + siteName()));
  }

  function drawSignInForm() {
    const email = el('input', { id: 'site-email', type: 'email', autocomplete: 'username', required: true });
    const password = el('input', { id: 'site-password', type: 'password', autocomplete: 'current-password', required: true });
    const error = el('p', { id: 'site-sign-in-error', class: 'error', role: 'alert' });
    const button = el('button', { type: 'submit', class: 'primary' }, 'Sign in to ' + siteName());
    replace(account, el('form', { id: 'site-sign-in', class: 'site-form', onsubmit: async event => {
      event.preventDefault();
      button.disabled = true;
      error.textContent = '';
      try {
        const status = await api('POST', '/api/v1/veupathdb/auth/login?siteId=' + encodeURIComponent(hooks.site().id),
          { email: email.value.trim(), password: password.value });
        if (!status.signedIn) {
          error.textContent = siteName() + ' did not accept that email and password.';
          button.disabled = false;
          return;
        }
        warning = status.warning || null;
        drawSignedIn(status);
        drawMineButton();
        drawSave();
      } catch (e) {
        error.textContent = problemMessage(e);
        button.disabled = false;
      }
    } },
    el('p', { class: 'muted small' }, 'Sign in with your ' + siteName() + ' account to save strategies there and bring yours here. '
      + 'Without it, strategies are saved in a guest session you cannot see on the site.'),
    el('label', { for: 'site-email' }, 'Email'), email,
    el('label', { for: 'site-password' }, 'Password'), password,
    button, error));
  }

  async function signOut() {
    try {
      await api('POST', '/api/v1/veupathdb/auth/logout?siteId=' + encodeURIComponent(hooks.site().id));
    } catch (e) {
      replace(account, el('p', { class: 'error', role: 'alert' }, problemMessage(e)));
      return;
    }
    warning = null;
    replace(mine);
    drawSignInForm();
    drawMineButton();
  }

  // ---- the open conversation's strategy on the site -------------------------------------------------

  async function drawSave() {
    const id = hooks.signedIn() ? hooks.conversation() : null;
    if (!id) {
      replace(save);
      geneSets.show(null);
      return;
    }
    const asked = drawing;
    let view;
    try {
      view = await api('GET', '/api/v1/strategies/' + encodeURIComponent(id));
    } catch (e) {
      if (asked === drawing) {
        replace(save);
        geneSets.show(null);
      }
      return;
    }
    if (asked !== drawing || hooks.conversation() !== id) return;
    geneSets.show(view);
    const strategy = view.strategy;
    const steps = (view.graph && view.graph.steps) || [];
    if (!steps.length) {
      replace(save, el('p', { class: 'muted small' }, 'Nothing to save on the site yet: the strategy has no steps.'));
      return;
    }
    const onSite = strategy.siteStrategy;
    const error = el('p', { id: 'site-save-error', class: 'error', role: 'alert' });
    const name = el('input', { id: 'site-strategy-name', type: 'text', maxlength: 255, required: true, value: strategy.name || '' });
    const button = el('button', { type: 'submit', id: 'site-save-button', class: onSite ? '' : 'primary',
      disabled: (view.problems || []).length > 0 }, onSite ? 'Save on the site under this name' : 'Save on the site');

    async function push(body, trigger) {
      trigger.disabled = true;
      error.textContent = '';
      try {
        const link = await api('POST', '/api/v1/strategies/' + encodeURIComponent(id) + '/push', body);
        hooks.saved(link);
        await drawSave();
      } catch (e) {
        if (e.problem && e.problem.errors && e.problem.errors.some(f => f.pointer === '/name')) {
          name.setAttribute('aria-invalid', 'true');
          name.setAttribute('aria-describedby', 'site-save-error');
        }
        error.textContent = problemMessage(e);
        trigger.disabled = false;
      }
    }

    replace(save,
      onSite ? el('p', { id: 'site-saved', class: 'small' }, 'Saved on the site as strategy ',
        /^https?:\/\//i.test(onSite.url || '') ? el('a', { id: 'site-strategy-link', href: onSite.url, target: '_blank',
          rel: 'noopener noreferrer', dataset: { strategyId: String(onSite.id) } }, '#' + onSite.id)
          : el('span', { id: 'site-strategy-link', dataset: { strategyId: String(onSite.id) } }, '#' + onSite.id),
        onSite.savedAt ? ' · ' + when(onSite.savedAt) : '') : null,
      onSite && onSite.outOfDate ? el('div', { id: 'site-out-of-date', class: 'site-out-of-date', role: 'status' },
        el('p', null, el('strong', null, 'Out of date on the site: '), 'the strategy changed here since it was saved.'),
        el('button', { type: 'button', id: 'site-update', class: 'primary', onclick: event => push({}, event.currentTarget) },
          'Update on the site')) : null,
      (view.problems || []).length ? el('p', { class: 'error small' }, 'Cannot be saved yet: ' + view.problems.join('; ')) : null,
      el('form', { id: 'site-save-form', class: 'site-form', onsubmit: event => {
        event.preventDefault();
        push({ name: name.value.trim() }, button);
      } }, el('label', { for: 'site-strategy-name' }, 'Name on the site'), name, button, error));
  }

  // ---- your strategies on the site --------------------------------------------------------------------

  function drawMineButton() {
    replace(mine, el('button', { type: 'button', id: 'site-strategies-show', class: 'small', onclick: listMine },
      'My strategies on ' + siteName()));
  }

  async function listMine() {
    const site = hooks.site();
    const asked = listing;
    replace(mine, el('p', { class: 'muted small', role: 'status' }, 'Reading your strategies on ' + siteName() + '…'));
    let page;
    try {
      page = await api('GET', '/api/v1/strategies/on-site?limit=100&siteId=' + encodeURIComponent(site.id));
    } catch (e) {
      if (asked === listing) replace(mine, el('p', { class: 'error', role: 'alert' }, problemMessage(e)));
      return;
    }
    if (asked !== listing) return;
    const items = page.items || [];
    const error = el('p', { id: 'site-import-error', class: 'error', role: 'alert' });
    const hide = el('button', { type: 'button', class: 'small', onclick: drawMineButton }, 'Hide');
    if (!items.length) {
      replace(mine, el('p', { class: 'muted small' }, 'You have no strategies on ' + siteName() + ' yet.'), hide);
      return;
    }
    replace(mine, el('table', { id: 'site-strategy-list', class: 'site-strategy-list' },
      el('caption', null, 'Your strategies on ' + siteName() + ' (' + formatCount(page.total) + ')'),
      el('thead', null, el('tr', null, el('th', { scope: 'col' }, 'Name'), el('th', { scope: 'col' }, 'Size'),
        el('th', { scope: 'col' }, 'Last modified'), el('th', { scope: 'col' }, el('span', { class: 'visually-hidden' }, 'Action')))),
      el('tbody', null, items.map(item => el('tr', { dataset: { strategyId: String(item.strategyId) } },
        el('td', null, /^https?:\/\//i.test(item.webUrl || '')
          ? el('a', { href: item.webUrl, target: '_blank', rel: 'noopener noreferrer' }, item.name || 'Strategy ' + item.strategyId)
          : item.name || 'Strategy ' + item.strategyId),
        el('td', { class: 'number' }, typeof item.estimatedSize === 'number'
          ? formatCount(item.estimatedSize) + (!item.recordType || item.recordType === 'transcript' ? ' genes' : ' results') : 'not counted'),
        el('td', null, item.lastModified ? when(item.lastModified) : '–'),
        el('td', null, el('button', { type: 'button', class: 'small site-import',
          'aria-label': 'Import ' + (item.name || 'strategy ' + item.strategyId),
          onclick: event => importStrategy(item, event.currentTarget, error) }, 'Import')))))),
    error, hide);
  }

  async function importStrategy(item, button, error) {
    button.disabled = true;
    error.textContent = '';
    try {
      const view = await api('POST', '/api/v1/strategies/import', { siteId: hooks.site().id, strategyId: item.strategyId });
      await hooks.opened(view.strategy.id);
    } catch (e) {
      error.textContent = problemMessage(e);
      button.disabled = false;
    }
  }

  return {
    async refresh() {
      drawing += 1;
      await Promise.all([drawAccount(false), drawSave()]);
    },
    /** The site or the StrategyLab user changed: the account part is read again. */
    async accountChanged() {
      drawing += 1;
      listing += 1;
      warning = null;
      await Promise.all([drawAccount(true), drawSave()]);
    },
  };
}

/** A time as the reader's locale writes it. */
function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : date.toLocaleString();
}
