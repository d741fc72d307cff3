// <sl-gene-count genes="220" transcripts="235">: a result's size as VEuPathDB users read it, in genes
// with the transcripts beside them where they differ ("220 genes (235 transcripts)"); `noun` names
// another record type ("12 results"), which has no transcripts. The numbers stay on the element
// (data-genes, data-transcripts) for anything that reads the page, and it redraws when they change.
import { formatCount, genesAndTranscripts } from '../shared/dom.js';

export class GeneCount extends HTMLElement {
  static get observedAttributes() {
    return ['genes', 'transcripts', 'noun'];
  }

  connectedCallback() {
    this.draw();
  }

  attributeChangedCallback() {
    this.draw();
  }

  draw() {
    const genes = number(this.getAttribute('genes'));
    const transcripts = number(this.getAttribute('transcripts'));
    const noun = this.getAttribute('noun');
    this.textContent = genes === undefined ? '–'
      : noun ? formatCount(genes) + ' ' + noun : genesAndTranscripts(genes, transcripts);
  }
}

function number(value) {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** An <sl-gene-count> for these numbers ('–' when `genes` is not a number). */
export function geneCount(genes, transcripts, noun) {
  const node = document.createElement('sl-gene-count');
  if (typeof genes === 'number') node.setAttribute('genes', String(genes));
  if (typeof transcripts === 'number') node.setAttribute('transcripts', String(transcripts));
  if (noun) node.setAttribute('noun', noun);
  node.draw();
  return node;
}

if (!customElements.get('sl-gene-count')) customElements.define('sl-gene-count', GeneCount);
