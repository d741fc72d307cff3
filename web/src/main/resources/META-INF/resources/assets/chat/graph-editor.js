// Editing the conversation's strategy by hand, without a chat turn: add a search (found by meaning in
// the site's catalogue, then its parameter form), edit a step's parameters, combine two steps, add a
// transform, delete a step, undo and redo. Every edit is POST /api/v1/strategies/{id}/graph/edits,
// which runs the agent's own graph tools (the site checks the values, the step is counted, the
// agent sees the change next turn); the graph is then drawn again from the API's answer. Refused
// values are shown on their fields, other refusals as text.
import { api, problemMessage } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';
import { parameterForm } from '../shared/param-form.js';

const OPERATORS = [
  ['INTERSECT', 'INTERSECT — in both'],
  ['UNION', 'UNION — in either'],
  ['MINUS', 'MINUS — left, not right'],
  ['RMINUS', 'RMINUS — right, not left'],
  ['LONLY', 'LONLY — left only'],
  ['RONLY', 'RONLY — right only'],
];

/**
 * The editor of the strategy panel.
 *
 * @param {HTMLElement} toolbarBox where the edit buttons go
 * @param {HTMLElement} panelBox   where the open form goes
 * @param {object} host  {strategyId(), siteId(), graph() (the page's StrategyGraph), applied(graph)}
 */
export function graphEditor(toolbarBox, panelBox, host) {
  let enabled = false;
  const status = el('p', { id: 'graph-edit-status', class: 'muted small', role: 'status' });
  const error = el('p', { id: 'graph-edit-error', class: 'error', role: 'alert' });
  const buttons = {
    add: el('button', { type: 'button', id: 'edit-add-search', onclick: openAddSearch }, 'Add search'),
    combine: el('button', { type: 'button', id: 'edit-combine', onclick: openCombine }, 'Combine'),
    transform: el('button', { type: 'button', id: 'edit-add-transform', onclick: openTransform }, 'Add transform'),
    undo: el('button', { type: 'button', id: 'edit-undo', onclick: () => run({ op: 'undo' }) }, 'Undo'),
    redo: el('button', { type: 'button', id: 'edit-redo', onclick: () => run({ op: 'redo' }) }, 'Redo'),
  };
  replace(toolbarBox, el('div', { role: 'toolbar', 'aria-label': 'Edit the strategy', class: 'graph-edit-bar' },
    Object.values(buttons)), status, error);

  const searchesPath = () => `/api/v1/sites/${encodeURIComponent(host.siteId())}/searches`;
  const recordType = () => host.graph().recordType || 'transcript';
  const specsPath = (type, name) => `${searchesPath()}/${encodeURIComponent(type)}/${encodeURIComponent(name)}`;

  function roots() {
    return host.graph().roots();
  }

  function stepLabel(step) {
    return (step.displayName || step.searchName || step.id) + ' (' + step.id + ')';
  }

  function close() {
    replace(panelBox);
    panelBox.hidden = true;
  }

  /** Opens a form in the panel under a heading, with a Cancel button. */
  function open(title, ...content) {
    error.textContent = '';
    status.textContent = '';
    panelBox.hidden = false;
    replace(panelBox, el('section', { id: 'graph-editor', class: 'graph-editor', 'aria-labelledby': 'graph-editor-title' },
      el('h3', { id: 'graph-editor-title' }, title), content,
      el('button', { type: 'button', id: 'edit-cancel', onclick: close }, 'Cancel')));
    const first = panelBox.querySelector('input, select, button');
    if (first) first.focus();
  }

  /** Sends one edit; draws the answer's graph, or shows the refusal (on the form's fields when it names them). */
  async function run(edit, form) {
    if (!enabled) return false;
    error.textContent = '';
    status.textContent = edit.op === 'undo' || edit.op === 'redo' || edit.op === 'delete'
      ? 'Changing the strategy…' : 'Checking with the site and counting…';
    setBusy(true);
    try {
      const graph = await api('POST', '/api/v1/strategies/' + encodeURIComponent(host.strategyId()) + '/graph/edits', edit);
      status.textContent = 'Done.';
      close();
      host.applied(graph);
      return true;
    } catch (e) {
      status.textContent = '';
      // a value the site refused is marked beside its field (the form takes the problem's errors)
      if (form && e.problem && Array.isArray(e.problem.errors) && e.problem.errors.length) form.showErrors(e);
      error.textContent = e.status === 409 ? 'A chat turn is changing this strategy; wait for it to end. ' + problemMessage(e)
        : e.status === 404 ? 'This strategy is no longer yours or no longer exists.' : problemMessage(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  function setBusy(busy) {
    for (const b of Object.values(buttons)) b.disabled = busy || !enabled;
    panelBox.querySelectorAll('button[type=submit]').forEach(b => { b.disabled = busy; });
  }

  /** A search's form with a submit button: the edit is built from the values when it is sent. */
  async function searchForm(type, name, values, submitText, toEdit) {
    const form = parameterForm({ idPrefix: 'edit-param', specsPath: specsPath(type, name), values, site: host.siteId() });
    const box = el('form', { id: 'edit-form', novalidate: true, onsubmit: e => { e.preventDefault(); run(toEdit(form.values()), form); } },
      form.element, el('button', { type: 'submit', id: 'edit-submit', class: 'primary' }, submitText));
    try {
      await form.load();
    } catch (e) {
      replace(form.element, el('p', { class: 'error' }, 'The parameters cannot be loaded: ' + problemMessage(e)));
    }
    return box;
  }

  // ---- add a search ------------------------------------------------------------------------------

  function openAddSearch() {
    const query = el('input', { id: 'edit-search-q', type: 'search', autocomplete: 'off',
      placeholder: 'e.g. protein kinase activity' });
    const results = el('div', { id: 'edit-search-results' });
    const chosen = el('div', { id: 'edit-search-form' });
    async function find(e) {
      e.preventDefault();
      const params = new URLSearchParams({ recordType: recordType(), q: query.value.trim(), limit: '15' });
      replace(results, el('p', { class: 'muted' }, 'Searching…'));
      try {
        const answer = await api('GET', searchesPath() + '?' + params);
        const found = (answer.items || []).filter(s => !s.kind || s.kind === 'search');
        replace(results, found.length ? el('ul', { class: 'edit-choices', 'aria-label': 'Searches found' },
          found.map(s => el('li', null, el('button', { type: 'button', class: 'edit-choice', 'data-search': s.name,
            onclick: async () => {
              replace(chosen, el('p', { class: 'muted' }, 'Loading…'));
              replace(chosen, el('h4', null, s.displayName || s.name),
                await searchForm(s.recordType || recordType(), s.name, {}, 'Add step',
                  values => ({ op: 'add_search', searchName: s.name, recordType: s.recordType || recordType(), parameters: values })));
            } }, el('strong', null, s.displayName || s.name),
          s.description ? el('span', { class: 'muted small edit-choice-description' }, s.description) : null))))
          : el('p', { class: 'muted' }, 'No search matches those words.'));
      } catch (err) {
        replace(results, el('p', { class: 'error' }, 'The searches cannot be listed: ' + problemMessage(err)));
      }
    }
    open('Add a search step',
      el('form', { id: 'edit-find-form', class: 'edit-row', onsubmit: find },
        el('label', { for: 'edit-search-q' }, 'Find a search by meaning'), query,
        el('button', { type: 'submit', id: 'edit-find' }, 'Find')),
      results, chosen);
  }

  // ---- a step's menu: edit its parameters, delete it ----------------------------------------------

  /** The actions of the chosen step, drawn under its detail. */
  function stepActions(step) {
    if (!enabled || !step) return null;
    const kind = String(step.kind || 'search').toLowerCase();
    const consumed = [...host.graph().steps.values()].some(s => s.primaryInputStepId === step.id
      || s.secondaryInputStepId === step.id);
    return el('div', { class: 'step-actions', role: 'group', 'aria-label': 'Change this step' },
      kind !== 'combine' ? el('button', { type: 'button', id: 'edit-step-parameters',
        onclick: () => openParameters(step) }, 'Edit parameters') : null,
      el('button', { type: 'button', id: 'edit-step-delete', disabled: consumed,
        title: consumed ? 'Another step reads this one: delete that one first' : null,
        onclick: () => run({ op: 'delete', stepId: step.id }) }, 'Delete step'));
  }

  async function openParameters(step) {
    open('Parameters of ' + (step.displayName || step.searchName || step.id), el('p', { class: 'muted' }, 'Loading…'));
    const form = await searchForm(step.recordType || recordType(), step.searchName, { ...(step.parameters || {}) },
      'Save parameters', values => ({ op: 'update_parameters', stepId: step.id, parameters: values }));
    const section = panelBox.querySelector('#graph-editor');
    if (section) section.querySelector('p.muted').replaceWith(form);
  }

  // ---- combine two steps ----------------------------------------------------------------------------

  function stepSelect(id, steps, chosen) {
    const select = el('select', { id }, steps.map(s => el('option', { value: s.id }, stepLabel(s))));
    if (chosen) select.value = chosen;
    return select;
  }

  function openCombine() {
    const parts = roots();
    if (parts.length < 2) {
      error.textContent = 'Combining needs two separate parts of the strategy: add a search first.';
      return;
    }
    const left = stepSelect('edit-left', parts, parts[0].id);
    const right = stepSelect('edit-right', parts, parts[1].id);
    const operator = el('select', { id: 'edit-operator' }, OPERATORS.map(([v, text]) => el('option', { value: v }, text)));
    open('Combine two steps', el('form', { id: 'edit-form', onsubmit: e => {
      e.preventDefault();
      run({ op: 'combine', leftStepId: left.value, rightStepId: right.value, operator: operator.value });
    } },
    el('div', { class: 'param-field' }, el('label', { for: 'edit-left' }, 'Left step'), left),
    el('div', { class: 'param-field' }, el('label', { for: 'edit-operator' }, 'Operator'), operator),
    el('div', { class: 'param-field' }, el('label', { for: 'edit-right' }, 'Right step'), right),
    el('button', { type: 'submit', id: 'edit-submit', class: 'primary' }, 'Combine')));
  }

  // ---- add a transform --------------------------------------------------------------------------------

  async function openTransform() {
    const parts = roots();
    if (!parts.length) {
      error.textContent = 'A transform reads a step: add a search first.';
      return;
    }
    open('Add a transform', el('p', { class: 'muted' }, 'Loading the transforms…'));
    let transforms;
    try {
      const answer = await api('GET', searchesPath() + '?' + new URLSearchParams({ recordType: recordType() }));
      transforms = (answer.items || []).filter(s => s.kind === 'transform');
    } catch (e) {
      error.textContent = 'The transforms cannot be listed: ' + problemMessage(e);
      return;
    }
    const input = stepSelect('edit-input', parts, parts[0].id);
    const which = el('select', { id: 'edit-transform' }, el('option', { value: '' }, 'Choose a transform'),
      transforms.map(t => el('option', { value: t.name }, t.displayName || t.name)));
    const formBox = el('div', { id: 'edit-transform-form' });
    which.addEventListener('change', async () => {
      const t = transforms.find(x => x.name === which.value);
      replace(formBox, t ? await searchForm(t.recordType || recordType(), t.name, {}, 'Add transform',
        values => ({ op: 'add_transform', inputStepId: input.value, searchName: t.name, parameters: values })) : null);
    });
    const section = panelBox.querySelector('#graph-editor');
    if (section) {
      section.querySelector('p.muted').replaceWith(el('div', null,
        el('div', { class: 'param-field' }, el('label', { for: 'edit-input' }, 'Input step'), input),
        el('div', { class: 'param-field' }, el('label', { for: 'edit-transform' }, 'Transform'), which), formBox));
    }
  }

  return {
    /** Shows the editor for an open conversation; its buttons work while no turn runs. */
    update(conversationOpen, turnRunning) {
      toolbarBox.hidden = !conversationOpen;
      enabled = conversationOpen && !turnRunning;
      setBusy(false);
      if (!enabled) close();
    },
    stepActions,
  };
}
