// A gene set the agent saved (`workbench_gene_set`): its name and size, and where to use it.
import { el, formatCount } from '../../shared/dom.js';

export function drawGeneSet(turn, geneSet) {
  turn.activity.append(el('p', { class: 'gene-set' }, 'Gene set saved: ',
    el('strong', null, geneSet.name || 'unnamed'), ' (' + formatCount(geneSet.geneCount) + ' genes) — ',
    el('a', { href: '/workbench/' }, 'use it in the workbench')));
}
