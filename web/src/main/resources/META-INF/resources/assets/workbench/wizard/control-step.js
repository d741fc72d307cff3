// The wizard's third step: the controls, from a saved set, pasted IDs or a new set, and the check of
// how they resolve against the site before anything runs.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, field, messageOf, parseIds, recordNoun } from '../util.js';
import { resolutionView } from '../resolution.js';
import { geneRecords, nav, state } from './state.js';

export function controlStep(go) {
  const c = state.controls;
  const message = el('div', {});
  const part = el('div', {});
  const noun = recordNoun(state.recordType, state.recordTypes);
  const sources = [['set', 'A saved control set'], ['paste', geneRecords() ? 'Paste gene IDs' : 'Paste IDs'], ['new', 'Paste and save as a new set']];
  const radios = sources.map(([value, label]) => el('label', {}, el('input', {
    type: 'radio', name: 'wb-controls', value, id: 'wb-controls-' + value, checked: c.source === value,
    onchange: () => { c.source = value; draw(); },
  }), ' ', label));

  const positives = el('textarea', { id: 'wb-positives', rows: 5, placeholder: `${noun[0].toUpperCase()}${noun.slice(1)} the search should find`,
    oninput: e => { c.positives = e.target.value; replace(resolution); } });
  positives.value = c.positives;
  const negatives = el('textarea', { id: 'wb-negatives', rows: 5, placeholder: `${noun[0].toUpperCase()}${noun.slice(1)} the search should not find`,
    oninput: e => { c.negatives = e.target.value; replace(resolution); } });
  negatives.value = c.negatives;
  const resolution = el('div', { class: 'wb-resolution', 'aria-live': 'polite' });

  // the lists resolved as a run would resolve them (nothing runs): renamed, unknown, merged, refusals
  async function resolve(body) {
    replace(resolution, el('p', { class: 'muted' }, 'Looking the IDs up on the site…'));
    try {
      const answer = await api('POST', '/api/v1/control-resolutions', { siteId: state.siteId, ...body });
      c.resolution = answer;
      replace(resolution, resolutionView(answer.controlResolution, 'wb-resolution-result', answer));
    } catch (e) {
      replace(resolution, errorText('The IDs cannot be looked up: ' + messageOf(e)));
    }
  }

  function resolvePasted() {
    const positiveControls = parseIds(c.positives);
    const negativeControls = parseIds(c.negatives);
    if (!positiveControls.length && !negativeControls.length) {
      replace(resolution, errorText('Paste some IDs first.'));
      return;
    }
    resolve({ positiveControls, negativeControls });
  }

  async function loadSets() {
    replace(part, el('p', { class: 'muted' }, 'Loading control sets…'));
    try {
      const answer = await api('GET', '/api/v1/control-sets?limit=200&siteId=' + encodeURIComponent(state.siteId));
      c.sets = answer.items || [];
      draw();
    } catch (e) {
      replace(part, errorText('Control sets cannot be loaded: ' + messageOf(e)));
    }
  }

  function draw() {
    if (c.source === 'set') {
      if (!c.sets) {
        loadSets();
        return;
      }
      const chosen = c.sets.find(s => s.id === c.controlSetId);
      replace(part, c.sets.length
        ? field('Control set', el('select', { id: 'wb-control-set', value: c.controlSetId,
          onchange: e => { c.controlSetId = e.target.value; replace(resolution); draw(); } },
        el('option', { value: '' }, 'Choose a set…'),
        c.sets.map(s => el('option', { value: s.id }, `${s.name} (${(s.positiveIds || []).length} positive, ${(s.negativeIds || []).length} negative)`))))
        : el('p', { class: 'muted' }, 'No control set on this site yet: paste IDs and save them as a new set.'),
      chosen ? el('dl', { class: 'wb-set-detail' },
        el('dt', {}, 'Name'), el('dd', { id: 'wb-control-set-name' }, chosen.name),
        el('dt', {}, 'Positives'), el('dd', {}, (chosen.positiveIds || []).slice(0, 12).join(', ') + ((chosen.positiveIds || []).length > 12 ? ' …' : '')),
        el('dt', {}, 'Negatives'), el('dd', {}, (chosen.negativeIds || []).slice(0, 12).join(', ') + ((chosen.negativeIds || []).length > 12 ? ' …' : '')),
        chosen.provenanceNotes ? [el('dt', {}, 'Notes'), el('dd', {}, chosen.provenanceNotes)] : null) : null,
      chosen && chosen.resolution && chosen.resolution.status === 'unknown'
        ? el('p', { class: 'warning-text' }, 'When this set was saved its IDs could not be checked: ' + (chosen.resolution.reason || '')) : null,
      // a saved set keeps its IDs as typed: resolved now, as the run will resolve them
      chosen && geneRecords() ? [el('button', { type: 'button', id: 'wb-resolve', onclick: () => resolve({ controlSetId: chosen.id }) },
        'Check the set’s IDs on the site'), resolution] : null);
    } else {
      const nameInput = el('input', { id: 'wb-set-name', type: 'text', maxlength: 255, value: c.newName,
        oninput: e => { c.newName = e.target.value; } });
      replace(part, c.source === 'new' ? field('Name of the new set', nameInput) : null,
        el('div', { class: 'wb-two' }, field('Positive controls', positives), field('Negative controls', negatives)),
        // ID resolution is the site's gene lookup: other records' IDs are checked by the run itself
        geneRecords() ? [el('button', { type: 'button', id: 'wb-resolve', onclick: resolvePasted }, 'Check the IDs on the site'), resolution] : null);
    }
  }

  async function next(e) {
    e.preventDefault();
    if (c.source === 'set' && !c.controlSetId) {
      replace(message, errorText('Choose a control set.'));
      return;
    }
    if (c.source !== 'set' && !parseIds(c.positives).length) {
      replace(message, errorText('Paste at least one positive control.'));
      positives.setAttribute('aria-invalid', 'true');
      positives.focus();
      return;
    }
    if (c.source === 'new') {
      if (!c.newName.trim()) {
        replace(message, errorText('Give the new set a name.'));
        return;
      }
      try {
        const saved = await api('POST', '/api/v1/control-sets', { name: c.newName.trim(), siteId: state.siteId,
          recordType: state.recordType, positiveIds: parseIds(c.positives), negativeIds: parseIds(c.negatives) });
        c.sets = null;
        c.controlSetId = saved.id;
        c.source = 'set';
      } catch (err) {
        replace(message, errorText('The set cannot be saved: ' + messageOf(err)));
        return;
      }
    }
    go('run');
  }
  draw();
  return el('section', { class: 'wb-step', 'aria-labelledby': 'wb-step-title' },
    el('h3', { id: 'wb-step-title' }, geneRecords() ? '3. Control genes' : '3. Controls (' + noun + ')'),
    el('fieldset', { class: 'wb-inline' }, el('legend', {}, 'Where the controls come from'), radios),
    part, message,
    el('form', { onsubmit: next }, nav(() => state.mode === 'strategy' ? location.assign('/#' + encodeURIComponent(state.strategy.id))
      : go(state.mode === 'search' ? 'parameters' : 'search'), 'Next: run', null, { nextId: 'wb-next' })));
}
