// The wizard's second step: the search's parameter form (shared/param-form.js, the chat's graph editor
// uses the same one), the values checked by the site before the controls, each refusal on its field.
// The form is kept in the wizard's state while the person moves between steps, so Back and Next keep
// what was set.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { parameterForm } from '/assets/shared/param-form.js';
import { errorText, messageOf } from '../util.js';
import { nav, state } from './state.js';

function specsPath() {
  return `/api/v1/sites/${encodeURIComponent(state.siteId)}/searches/${encodeURIComponent(state.search.recordType || state.recordType)}/${encodeURIComponent(state.search.name)}`;
}

/** The values as the experiment and /validate take them: arrays for multi-picks, strings else. */
export function contextValues() {
  return state.form ? state.form.values() : {};
}

export function parameterStep(go) {
  const form = el('form', { class: 'wb-params', id: 'wb-params', novalidate: true });
  const message = el('div', {});
  const box = el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, '2. Parameters of ', el('q', {}, state.search.displayName || state.search.name)),
    state.search.description ? el('p', { class: 'muted' }, state.search.description) : null, form, message);

  async function next(e) {
    e.preventDefault();
    replace(message, el('p', { class: 'muted' }, 'Checking the values with the site…'));
    try {
      await api('POST', specsPath() + '/validate', { contextValues: contextValues() });
      state.form.showErrors(new Map());
      go('controls');
    } catch (err) {
      // keyboard users land on the first refused field (a checkbox list: its first box)
      const elsewhere = state.form.showErrors(err);
      replace(message, errorText(err.status === 422
        ? ['The site refused some values; see the fields marked.', ...elsewhere].join(' ') : messageOf(err)));
    }
  }

  const buttons = () => nav(() => go('search'), 'Next: controls', next, { nextId: 'wb-next' });
  if (state.form) {
    replace(form, state.form.element, buttons());
  } else {
    const search = state.search;
    const fresh = parameterForm({ idPrefix: 'wb-param', specsPath: specsPath(), site: state.siteId });
    replace(form, fresh.element);
    fresh.load().then(() => {
      if (state.search !== search) return; // another search was chosen meanwhile
      state.form = fresh;
      form.append(buttons());
    }, e => replace(form, errorText('The parameters cannot be loaded: ' + messageOf(e)),
      nav(() => go('search'), 'Try again', ev => { ev.preventDefault(); go('parameters'); })));
  }
  return box;
}
