// "Benchmark against control sets": the experiment's search (or tree, or gene list) counted against
// several control sets at once (POST /api/v1/experiments/benchmark) — its own controls and the
// caller's saved sets of the site — one of them primary; the benchmark then opens as
// #/benchmarks/<id> (group-view.js), its members side by side with the primary marked.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, messageOf } from './util.js';
import { baseRequest } from './batch-panel.js';

const OWN = 'the experiment’s own controls';

/** The benchmark panel of a completed experiment (analysis.js). */
export function benchmarkPanel(context) {
  const experiment = context.experiment;
  const config = experiment.config || {};
  const sets = el('div', { id: 'wb-bench-sets' }, el('p', { class: 'muted' }, 'Loading your control sets…'));
  const message = el('div', {});
  const submit = el('button', { type: 'submit', id: 'wb-bench-submit', class: 'primary' }, 'Run the benchmark');
  const members = [];

  /** A control set that may take part: ticked to join, one of those ticked chosen as the primary. */
  function member(label, controls, i, detail) {
    const tick = el('input', { type: 'checkbox', id: 'wb-bench-set-' + i, dataset: { label } });
    const primary = el('input', { type: 'radio', name: 'wb-bench-primary', id: 'wb-bench-primary-' + i, value: String(i),
      'aria-label': 'Primary: ' + label });
    members.push({ label, controls, tick, primary });
    return el('tr', {}, el('td', {}, el('label', {}, tick, ' ', label)), el('td', { class: 'muted' }, detail),
      el('td', {}, primary));
  }

  const own = config.controlSetId ? { controlSetId: config.controlSetId }
    : { positiveControls: config.positiveControls || [], negativeControls: (config.negativeControls || []).length ? config.negativeControls : undefined };
  api('GET', '/api/v1/control-sets?limit=200&siteId=' + encodeURIComponent(config.siteId)).then(answer => {
    const saved = (answer.items || []).filter(s => s.id !== config.controlSetId);
    const rows = [member(experiment.controlSetLabel ? `${OWN} (${experiment.controlSetLabel})` : OWN, own, 0,
      `${(config.positiveControls || []).length} positive, ${(config.negativeControls || []).length} negative`),
    ...saved.map((s, i) => member(s.name, { controlSetId: s.id }, i + 1,
      `${(s.positiveIds || []).length} positive, ${(s.negativeIds || []).length} negative`))];
    members[0].tick.checked = true;
    members[0].primary.checked = true;
    replace(sets, el('div', { class: 'wb-table-wrap' }, el('table', { class: 'wb-bench-choices' },
      el('caption', {}, 'Control sets to count the experiment against'),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Control set'), el('th', { scope: 'col' }, 'Genes'),
        el('th', { scope: 'col' }, 'Primary'))),
      el('tbody', {}, rows))),
    saved.length ? null : el('p', { class: 'muted' }, 'You have no other control set on this site yet: save one in a new experiment’s controls step.'));
  }, err => replace(sets, errorText('Your control sets cannot be listed: ' + messageOf(err))));

  const form = el('form', { onsubmit: async e => {
    e.preventDefault();
    replace(message);
    const chosen = members.filter(m => m.tick.checked);
    if (chosen.length < 2) {
      replace(message, errorText('Tick at least two control sets to compare.'));
      return;
    }
    const primary = chosen.find(m => m.primary.checked);
    if (!primary) {
      replace(message, errorText('Choose which of the ticked control sets is the primary one.'));
      return;
    }
    const controlSets = chosen.map(m => ({ label: m.label.slice(0, 200), ...m.controls, isPrimary: m === primary }));
    submit.disabled = true;
    try {
      const started = await api('POST', '/api/v1/experiments/benchmark',
        { base: baseRequest(experiment, { withoutControls: true }), controlSets });
      location.hash = '#/benchmarks/' + encodeURIComponent(started.benchmarkId);
    } catch (err) {
      replace(message, errorText('The benchmark cannot start: ' + messageOf(err)));
      submit.disabled = false;
    }
  } },
  el('p', { class: 'muted' }, 'The experiment is counted against each control set ticked, all at once; the primary one is the set its figures are read against first.'),
  sets, submit);
  return el('div', {}, form, message);
}
