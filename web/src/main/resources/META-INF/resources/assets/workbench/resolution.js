// How typed control IDs resolved against the site (experiment-service's controlResolution): per
// list the genes counted, each ID typed otherwise with the gene it names, the IDs the site does not
// know ("not counted"), duplicates merged, genes in both lists and why a run would be refused. The
// wizard shows it before a run (POST /api/v1/control-resolutions), the experiment page after one.
import { el } from '/assets/shared/dom.js';
import { num } from './util.js';

/** At most this many IDs are listed per kind; the rest are counted. */
const SHOWN = 50;

function listed(ids, render) {
  const shown = ids.slice(0, SHOWN).map(render);
  return ids.length > SHOWN ? [...shown, el('li', { class: 'muted' }, `… and ${num(ids.length - SHOWN)} more`)] : shown;
}

/** One list's resolution: the genes it counts, then what changed, each ID on its own line. */
function listView(key, label, list) {
  const renamed = list.renamed || [];
  const unknown = list.unknown || [];
  const duplicates = list.duplicates || [];
  const typed = list.resolved + unknown.length + duplicates.length;
  return el('div', { class: 'wb-resolution-list', dataset: { list: key } },
    el('p', { class: 'wb-resolution-count' }, el('strong', {}, label + ': '),
      `${num(list.resolved)} gene${list.resolved === 1 ? '' : 's'} counted from ${num(typed)} ID${typed === 1 ? '' : 's'}`),
    renamed.length ? [el('p', { class: 'muted' }, 'Typed otherwise, counted as the gene they name:'),
      el('ul', { class: 'wb-resolution-renamed' }, listed(renamed, r => el('li', {}, `${r.input} → ${r.geneId}`)))] : null,
    unknown.length ? [el('p', { class: 'warning-text' }, 'Not genes of the site, not counted:'),
      el('ul', { class: 'wb-resolution-unknown' }, listed(unknown, id => el('li', {}, `${id} — not counted`)))] : null,
    duplicates.length ? [el('p', { class: 'muted' }, 'The same gene as an earlier ID, merged:'),
      el('ul', { class: 'wb-resolution-duplicates' }, listed(duplicates, id => el('li', {}, `${id} — merged`)))] : null);
}

/**
 * The resolution as a block with the given id. `resolution` is {positives, negatives}; `extra` may
 * carry the answer of POST /api/v1/control-resolutions (genesInBothLists, runnable, refusals).
 */
export function resolutionView(resolution, id, extra = {}) {
  if (!resolution) {
    return null;
  }
  const both = extra.genesInBothLists || [];
  const refusals = extra.refusals || [];
  const noPositive = refusals.some(r => r.pointer === '/positiveControls' || r.pointer === '/positiveIds');
  return el('div', { class: 'wb-resolution-view', id, role: 'status' },
    el('p', { class: 'muted' }, 'Controls resolved against the site (any case, transcript and previous IDs name the current gene):'),
    resolution.positives ? listView('positives', 'Positive controls', resolution.positives) : null,
    resolution.negatives && (resolution.negatives.resolved || (resolution.negatives.unknown || []).length)
      ? listView('negatives', 'Negative controls', resolution.negatives) : null,
    both.length ? el('p', { class: 'error', id: id + '-both' }, 'In both lists once resolved: ' + both.join(', ')) : null,
    noPositive ? el('p', { class: 'error', id: id + '-no-positive' },
      'No positive control names a gene of the site: a run with these controls would be refused.') : null,
    refusals.length ? el('ul', { class: 'error', id: id + '-refusals' },
      refusals.map(r => el('li', {}, (r.pointer === '/negativeControls' || r.pointer === '/negativeIds' ? 'Negative controls: '
        : 'Positive controls: ') + r.message))) : null,
    extra.runnable === true ? el('p', { class: 'muted', id: id + '-ok' }, 'A run would count the genes above.') : null);
}
