// <sl-model-picker select-id="model" effort-id="effort">: the model choice of both chats. It reads
// the catalog (GET /api/v1/models) once, lists a model whose key is missing disabled with the
// variable to set ("— needs OPENAI_API_KEY"), chooses the catalog's default when it can be used
// (else the first that can), and offers the reasoning effort only for a model that reasons.
// Light DOM: the page's style sheet and labels apply, and the selects keep the ids given.
import { api } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';

const EFFORTS = ['none', 'low', 'medium', 'high'];

export class ModelPicker extends HTMLElement {
  constructor() {
    super();
    this.models = [];
    /** Settles with the catalog (its `models` always a list), or null when it cannot be read. */
    this.ready = new Promise(resolve => { this.settle = resolve; });
  }

  connectedCallback() {
    if (this.model) return; // moved within the page: already drawn and loaded
    const hidden = this.hasAttribute('labels-hidden');
    this.model = el('select', { id: this.getAttribute('select-id') || null, name: 'model' });
    const labelled = (words, control) => hidden
      ? (control.setAttribute('aria-label', words), control)
      : el('label', null, words + ' ', control);
    const parts = [labelled('Model', this.model)];
    if (this.hasAttribute('effort-id')) {
      this.effort = el('select', { id: this.getAttribute('effort-id'), name: 'effort' },
        EFFORTS.map(e => el('option', { value: e }, e)));
      this.effort.value = 'medium';
      parts.push(labelled('Reasoning', this.effort));
    }
    replace(this, parts);
    this.model.addEventListener('change', () => this.modelChanged());
    this.load();
  }

  async load() {
    let catalog;
    try {
      catalog = await api('GET', '/api/v1/models');
    } catch (e) {
      replace(this.model, el('option', { value: '' }, 'models cannot be loaded'));
      this.modelChanged();
      this.settle(null);
      return;
    }
    this.models = catalog.models || [];
    replace(this.model, this.models.map(m => el('option', { value: m.id, disabled: !m.enabled, title: m.description || '' },
      m.name + (m.enabled ? '' : ' — needs ' + keyName(m.missingKey)))));
    const preferred = this.models.find(m => m.id === catalog.default && m.enabled) || this.models.find(m => m.enabled);
    if (preferred) this.model.value = preferred.id;
    if (this.effort && EFFORTS.includes(catalog.defaultReasoningEffort)) this.effort.value = catalog.defaultReasoningEffort;
    this.modelChanged();
    this.settle({ ...catalog, models: this.models });
  }

  modelChanged() {
    if (!this.effort) return;
    const model = this.chosen();
    const reasons = Boolean(model && model.supportsReasoning);
    this.effort.disabled = !reasons;
    this.effort.title = reasons ? '' : 'This model does not reason';
  }

  /** The catalog entry chosen, or undefined before the catalog is read. */
  chosen() {
    return this.models.find(m => m.id === this.model.value);
  }

  /** What a chat request carries for the choice: provider, model and (for a reasoning model) the effort. */
  choice() {
    const model = this.chosen();
    if (!model) return {};
    const answer = { provider: model.provider || model.id.split('/')[0], model: model.id };
    if (this.effort && model.supportsReasoning) answer.reasoningEffort = this.effort.value;
    return answer;
  }
}

/** "strategylab.chat.models.openai.api-key (env OPENAI_API_KEY)" → "OPENAI_API_KEY". */
export function keyName(missingKey) {
  const env = /env ([A-Z0-9_]+)/.exec(missingKey || '');
  return env ? env[1] : (missingKey || 'a key');
}

if (!customElements.get('sl-model-picker')) customElements.define('sl-model-picker', ModelPicker);
