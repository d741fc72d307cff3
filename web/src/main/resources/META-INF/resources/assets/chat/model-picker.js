// The model picker of both chats: the catalog (GET /api/v1/models), a model whose key is missing
// listed disabled with the variable to set ("— needs OPENAI_API_KEY"), the catalog's default chosen
// when it can be used, else the first that can.
import { api } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';

/** Fills `select` from the catalog; returns the catalog (its `models` always a list), or null when it cannot be read. */
export async function fillModelPicker(select) {
  let catalog;
  try {
    catalog = await api('GET', '/api/v1/models');
  } catch (e) {
    replace(select, el('option', { value: '' }, 'models cannot be loaded'));
    return null;
  }
  const models = catalog.models || [];
  replace(select, models.map(model => el('option', { value: model.id, disabled: !model.enabled, title: model.description || '' },
    model.name + (model.enabled ? '' : ' — needs ' + keyName(model.missingKey)))));
  const preferred = models.find(m => m.id === catalog.default && m.enabled) || models.find(m => m.enabled);
  if (preferred) {
    select.value = preferred.id;
  }
  return { ...catalog, models };
}

/** "strategylab.chat.models.openai.api-key (env OPENAI_API_KEY)" → "OPENAI_API_KEY". */
export function keyName(missingKey) {
  const env = /env ([A-Z0-9_]+)/.exec(missingKey || '');
  return env ? env[1] : (missingKey || 'a key');
}
