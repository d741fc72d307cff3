// Who is signed in, in the page header. Local mode: a name field signs in through the gateway,
// which sets the HttpOnly session cookie (the page never sees the token), a banner says that local
// mode has no passwords, and the short-lived token is renewed before it expires. Built with DOM
// calls only, so a user name can never become markup. Announces who is signed in (or null) as the
// document event `strategylab:session`, for the page's own script.
(function () {
  const box = document.getElementById('session');
  if (!box) {
    return;
  }
  let renewal = null;

  async function warnIfPasswordless() {
    try {
      const mode = await (await fetch('/api/v1/auth/mode')).json();
      if (mode.passwords === false && !document.getElementById('local-mode-warning')) {
        const banner = document.createElement('p');
        banner.id = 'local-mode-warning';
        banner.className = 'warning';
        banner.setAttribute('role', 'alert');
        banner.textContent = 'Local mode: there are no passwords. Anyone who can reach this server can sign in '
          + 'as any user and see their work. Keep it on your own machine.';
        document.body.prepend(banner);
      }
    } catch (e) {
      // the gateway cannot be reached: refresh() says so
    }
  }

  function scheduleRenewal(expiresAt) {
    clearTimeout(renewal);
    // renew at two thirds of the remaining lifetime, while the token is still valid
    const wait = Math.max(10000, (Date.parse(expiresAt) - Date.now()) * 2 / 3);
    renewal = setTimeout(async () => {
      const response = await fetch('/api/v1/auth/local/renew', { method: 'POST' }).catch(() => null);
      if (response && response.ok) {
        scheduleRenewal((await response.json()).expiresAt);
      } else {
        refresh();
      }
    }, wait);
  }

  // other scripts of the page (the chat) learn who is signed in from this event: detail {userId} or null
  function announce(userId) {
    document.dispatchEvent(new CustomEvent('strategylab:session', { detail: userId ? { userId } : null }));
  }

  function show(...nodes) {
    box.replaceChildren(...nodes);
  }

  function text(tag, content, className) {
    const node = document.createElement(tag);
    node.textContent = content;
    if (className) {
      node.className = className;
    }
    return node;
  }

  function signedIn(userId) {
    const out = text('button', 'Sign out');
    out.type = 'button';
    out.addEventListener('click', async () => {
      clearTimeout(renewal);
      await fetch('/api/v1/auth/sign-out', { method: 'POST' });
      refresh();
    });
    show(text('span', 'Signed in as ' + userId, 'muted'), out);
    announce(userId);
  }

  function signInForm(message) {
    const form = document.createElement('form');
    const name = document.createElement('input');
    name.name = 'userId';
    name.placeholder = 'your name (local-user)';
    name.pattern = '[A-Za-z0-9._@\\-]{1,64}';
    name.setAttribute('aria-label', 'User name');
    const go = text('button', 'Sign in');
    go.type = 'submit';
    form.append(name, go);
    if (message) {
      form.append(text('span', message, 'muted'));
    }
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const body = name.value.trim() ? { userId: name.value.trim() } : {};
      const response = await fetch('/api/v1/auth/local/sign-in', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) {
        refresh();
      } else if (response.status === 404) {
        show(text('span', 'Sign in with your organisation\u2019s identity provider.', 'muted'));
      } else {
        const problem = await response.json().catch(() => ({}));
        const field = problem.errors && problem.errors[0];
        signInForm(field ? field.message : (problem.detail || 'Sign-in failed'));
      }
    });
    show(form);
    announce(null);
  }

  async function refresh() {
    try {
      const response = await fetch('/api/v1/auth/me');
      if (response.ok) {
        const me = await response.json();
        signedIn(me.userId);
        if (me.authMode === 'local' && me.expiresAt) {
          scheduleRenewal(me.expiresAt);
        }
      } else {
        signInForm();
      }
    } catch (e) {
      show(text('span', 'The gateway cannot be reached.', 'muted'));
    }
  }

  warnIfPasswordless();
  refresh();
})();
