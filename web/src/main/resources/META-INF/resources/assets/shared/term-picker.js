// A typeahead over a large vocabulary (a GO term among thousands): the person types, the catalogue's
// vocabulary ranking (GET …/param-specs/{param}/vocabulary?q=) answers the best terms, and each one
// chosen is listed with a button to remove it. The parameter form (param-form.js) uses it instead of
// a box of checkboxes or a long select when a vocabulary is too long to scan, or when the site marks
// the parameter as a typeahead; both pages' forms are that one form.
import { el, replace } from './dom.js';
import { api } from './operation-stream.js';

/** More terms than this and a checkbox list (or a select) is no longer a way to find one. */
export const LARGE_VOCABULARY = 50;

const SHOWN = 15;

/** Whether a vocabulary parameter gets the typeahead rather than checkboxes or a select. */
export function wantsTypeahead(parameter, terms) {
  return parameter.displayType === 'typeAhead' || terms.length > LARGE_VOCABULARY;
}

/**
 * The picker of one parameter.
 *
 * @param {object} options
 * @param {string} options.id          the control's id (the fieldset's); the words field is `<id>-q`,
 *                                     the offered terms `<id>-matches`, the chosen ones `<id>-chosen`
 * @param {object} options.parameter   the parameter's spec (name, displayName, help)
 * @param {Array}  options.terms       the vocabulary as the specs gave it ({term, display, leaf})
 * @param {string[]} options.chosen    the terms chosen so far
 * @param {boolean} options.multiple   whether several terms may be chosen (false: a choice replaces the last)
 * @param {string} options.vocabularyPath the parameter's …/vocabulary path (without the query)
 * @param {function(string[])} options.onChange called with the chosen terms after each change
 * @param {boolean} options.invalid    whether the site refused the value
 * @param {string} options.describedBy ids of the texts that describe it (its error, its help)
 * @param {Node}   options.legend      the legend's content (the label, with its required mark)
 */
export function termPicker({ id, parameter, terms, chosen, multiple = true, vocabularyPath, onChange, invalid, describedBy, legend }) {
  const displayOf = new Map(terms.map(t => [t.term, t.display]));
  let picked = [...chosen];
  let asked = 0;
  const input = el('input', { id: id + '-q', type: 'search', autocomplete: 'off',
    placeholder: parameter.help || 'Type a word or an id', 'aria-controls': id + '-matches',
    'aria-invalid': invalid ? 'true' : null, 'aria-describedby': describedBy || null });
  const matches = el('ul', { id: id + '-matches', class: 'term-matches', 'aria-label': 'Matching terms' });
  const status = el('p', { class: 'muted small', role: 'status' });
  const chosenList = el('ul', { id: id + '-chosen', class: 'term-chosen', 'aria-label': 'Chosen' });

  function drawChosen() {
    replace(chosenList, picked.length ? picked.map(term => el('li', {},
      el('span', {}, displayOf.get(term) || term), ' ',
      el('button', { type: 'button', class: 'link', 'data-term': term,
        'aria-label': 'Remove ' + (displayOf.get(term) || term),
        onclick: () => { picked = picked.filter(x => x !== term); drawChosen(); onChange(picked); } }, 'Remove')))
      : el('li', { class: 'muted' }, 'Nothing chosen yet.'));
  }

  function drawMatches(found) {
    replace(matches, found.slice(0, SHOWN).map(t => el('li', {}, el('button', {
      type: 'button', class: 'term-match', 'data-term': t.term, disabled: picked.includes(t.term),
      onclick: () => {
        if (!picked.includes(t.term)) picked = multiple ? [...picked, t.term] : [t.term];
        displayOf.set(t.term, t.display || t.term);
        drawChosen();
        drawMatches(found);
        onChange(picked);
        input.focus();
      },
    }, t.display || t.term))));
    status.textContent = input.value.trim()
      ? (found.length ? `${Math.min(found.length, SHOWN)} of ${found.length} matching terms` : 'No term matches those words.')
      : '';
  }

  /** The site's ranking first; the terms in the page, matched by their words, if it cannot answer. */
  async function lookUp() {
    const query = input.value.trim();
    const mine = ++asked;
    if (!query) {
      drawMatches([]);
      return;
    }
    let found;
    try {
      const answer = await api('GET', `${vocabularyPath}?${new URLSearchParams({ q: query })}`);
      found = (Array.isArray(answer) ? answer : answer.items || answer.terms || []).filter(t => t.leaf !== false);
    } catch (e) {
      const words = query.toLowerCase().split(/\s+/);
      found = terms.filter(t => t.leaf !== false
        && words.every(w => (t.display + ' ' + t.term).toLowerCase().includes(w)));
    }
    if (mine === asked) drawMatches(found);
  }

  let timer;
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(lookUp, 250);
  });
  input.addEventListener('keydown', e => {
    if (e.key === 'Enter') {
      e.preventDefault(); // Enter looks up now rather than submitting the surrounding form
      clearTimeout(timer);
      lookUp();
    }
  });
  drawChosen();
  return el('fieldset', { id, class: 'term-picker', 'aria-invalid': invalid ? 'true' : null,
    'aria-describedby': describedBy || null },
  el('legend', {}, legend || parameter.displayName || parameter.name),
  el('label', { for: id + '-q' }, multiple ? 'Find a term' : 'Find the term'), input, status, matches,
  el('p', { class: 'small' }, 'Chosen:'), chosenList);
}
