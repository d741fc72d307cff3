// The settings panel of the chat: which of the agent's tools it may use (GET /api/v1/tools). The
// tools switched off are sent with each turn as `disabledTools` and kept in this browser.
import { api } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';

const KEY = 'strategylab.disabledTools';

function stored() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || '[]');
    return new Set(Array.isArray(value) ? value : []);
  } catch (e) {
    return new Set(); // unreadable or refused storage: every tool on
  }
}

/**
 * Fills {@code panel} with one checkbox per tool, grouped as the API groups them; the answer's
 * disabled() is what the next turn sends.
 */
export function toolSettings(panel) {
  const disabled = stored();
  const save = () => {
    try {
      localStorage.setItem(KEY, JSON.stringify([...disabled]));
    } catch (e) {
      // kept for this page only
    }
  };
  const body = el('div', { class: 'tool-settings-body' }, el('p', { class: 'muted small' }, 'Loading the tools…'));
  let loaded = false;
  // listed when first opened (after signing in: the list needs a session)
  const details = el('details', { id: 'tool-settings', ontoggle: () => {
    if (details.open && !loaded) load();
  } }, el('summary', {}, 'Agent tools'), body);
  replace(panel, details);
  async function load() {
    loaded = true;
    let tools;
    try {
      tools = (await api('GET', '/api/v1/tools')).tools || [];
    } catch (e) {
      loaded = false; // tried again at the next opening
      replace(body, el('p', { class: 'muted small' }, 'The tools cannot be listed now; every tool stays on.'));
      return;
    }
    const known = new Set(tools.map(t => t.name));
    for (const name of [...disabled]) if (!known.has(name)) disabled.delete(name);
    const groups = new Map();
    for (const tool of tools) {
      const group = tool.group || 'other';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(tool);
    }
    replace(body, el('p', { class: 'muted small' }, 'The agent uses only the tools ticked here, from your next message on.'),
      [...groups].map(([group, list]) => el('fieldset', { class: 'tool-group' }, el('legend', {}, group),
        list.map(tool => el('label', { class: 'tool-choice', title: tool.description || '' }, el('input', {
          type: 'checkbox', name: 'tool', value: tool.name, checked: !disabled.has(tool.name),
          onchange: e => { e.target.checked ? disabled.delete(tool.name) : disabled.add(tool.name); save(); },
        }), ' ', tool.name)))));
  }
  return { disabled: () => [...disabled] };
}
