// "Run across organisms": the experiment's search (or tree) run once per organism as a batch
// (POST /api/v1/experiments/batch), each organism with the experiment's controls or its own; the
// batch then opens as #/batches/<id> (group-view.js), its members side by side as they run.
import { el, replace } from '/assets/shared/dom.js';
import { api } from '/assets/shared/operation-stream.js';
import { errorText, field, fieldErrors, messageOf, parseIds } from './util.js';

/**
 * The experiment as the base of a batch or a benchmark (api-contract §6.1): its site, record type,
 * search and parameters (or step tree; or gene list) and, unless `withoutControls`, its controls (its
 * control set when it has one, else its lists).
 */
export function baseRequest(experiment, { withoutControls = false } = {}) {
  const c = experiment.config || {};
  const base = { siteId: c.siteId, name: experiment.name || c.name || 'Untitled experiment' };
  if (c.recordType) base.recordType = c.recordType;
  if (c.stepTree && typeof c.stepTree === 'object') {
    base.mode = 'multi-step';
    base.stepTree = c.stepTree;
  } else if (c.searchName) {
    base.searchName = c.searchName;
    base.parameters = c.parameters || {};
  } else if (Array.isArray(c.targetGeneIds)) {
    base.targetGeneIds = c.targetGeneIds;
  }
  if (!withoutControls) {
    if (c.controlSetId) {
      base.controlSetId = c.controlSetId;
    } else {
      base.positiveControls = c.positiveControls || [];
      if ((c.negativeControls || []).length) base.negativeControls = c.negativeControls;
    }
  }
  return base;
}

/** The names of the parameters the experiment sets (in its search, or in any step of its tree). */
function parameterNames(config) {
  const names = new Set(Object.keys(config.parameters || {}));
  const walk = node => {
    if (!node || typeof node !== 'object') return;
    Object.keys(node.parameters || {}).forEach(n => names.add(n));
    walk(node.primaryInput);
    walk(node.secondaryInput);
  };
  walk(config.stepTree);
  return [...names];
}

/** The batch panel of a completed experiment (analysis.js). */
export function batchPanel(context) {
  const experiment = context.experiment;
  const config = experiment.config || {};
  if (!config.searchName && !config.stepTree) {
    return el('p', { class: 'muted' }, 'A gene-list experiment has no search to run for each organism.');
  }
  const names = parameterNames(config);
  // the organism parameter first: the batch sets it to each organism in turn
  names.sort((a, b) => Number(/organism/i.test(b)) - Number(/organism/i.test(a)));
  const parameter = el('select', { id: 'wb-batch-param' }, names.map(n => el('option', { value: n }, n)));
  const organisms = el('div', { id: 'wb-batch-organisms', class: 'wb-batch-organisms' }, el('p', { class: 'muted' }, 'Loading the organisms…'));
  const message = el('div', {});
  const submit = el('button', { type: 'submit', id: 'wb-batch-submit', class: 'primary' }, 'Run across the organisms');
  const chosen = [];

  api('GET', `/api/v1/sites/${encodeURIComponent(config.siteId)}/organisms?limit=500`).then(answer => {
    const items = answer.items || [];
    replace(organisms, items.length ? items.map((o, i) => organismRow(o, i)) : el('p', { class: 'muted' }, 'The site lists no organisms.'));
  }, err => replace(organisms, errorText('The organisms cannot be listed: ' + messageOf(err))));

  /** An organism: ticked to take part, with controls of its own when given (else the experiment's). */
  function organismRow(o, i) {
    const tick = el('input', { type: 'checkbox', id: 'wb-batch-org-' + i, value: o.name, dataset: { organism: o.name } });
    const positives = el('textarea', { id: 'wb-batch-pos-' + i, rows: 2, dataset: { organism: o.name, list: 'positive' },
      placeholder: 'the experiment’s positives' });
    const negatives = el('textarea', { id: 'wb-batch-neg-' + i, rows: 2, dataset: { organism: o.name, list: 'negative' },
      placeholder: 'the experiment’s negatives' });
    const own = el('div', { class: 'wb-two', hidden: true },
      field(`Positive controls for ${o.display || o.name} (optional)`, positives),
      field(`Negative controls for ${o.display || o.name} (optional)`, negatives));
    tick.addEventListener('change', () => { own.hidden = !tick.checked; });
    chosen.push({ organism: o.name, tick, positives, negatives });
    return el('div', { class: 'wb-batch-organism' }, el('label', {}, tick, ' ', o.display || o.name), own);
  }

  const form = el('form', { onsubmit: async e => {
    e.preventDefault();
    replace(message);
    chosen.forEach(c => { c.positives.removeAttribute('aria-invalid'); c.negatives.removeAttribute('aria-invalid'); });
    const members = chosen.filter(c => c.tick.checked);
    if (members.length < 2) {
      replace(message, errorText('Tick at least two organisms.'));
      return;
    }
    const targetOrganisms = members.map(c => {
      const target = { organism: c.organism };
      if (parseIds(c.positives.value).length) target.positiveControls = parseIds(c.positives.value);
      if (parseIds(c.negatives.value).length) target.negativeControls = parseIds(c.negatives.value);
      return target;
    });
    submit.disabled = true;
    try {
      const started = await api('POST', '/api/v1/experiments/batch',
        { base: baseRequest(experiment), organismParamName: parameter.value, targetOrganisms });
      location.hash = '#/batches/' + encodeURIComponent(started.batchId);
    } catch (err) {
      // a member's refusal names it (/targetOrganisms/1/positiveControls): that field is marked
      for (const pointer of fieldErrors(err).keys()) {
        const m = /^\/targetOrganisms\/(\d+)\/(positive|negative)Controls/.exec(pointer);
        const member = m ? members[Number(m[1])] : null;
        if (member) (m[2] === 'positive' ? member.positives : member.negatives).setAttribute('aria-invalid', 'true');
      }
      replace(message, errorText('The batch cannot start: ' + messageOf(err)));
      submit.disabled = false;
    }
  } },
  el('p', { class: 'muted' }, 'The experiment’s search runs once per organism ticked, with the organism as the value of the parameter chosen. '
    + 'Each organism is counted against the experiment’s controls, or against controls of its own given here.'),
  field('Organism parameter', parameter),
  el('fieldset', {}, el('legend', {}, 'Organisms'), organisms),
  submit);
  return el('div', {}, form, message);
}
