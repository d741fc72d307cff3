// Suggested first questions for a new chat, drawn from the chosen site's catalogue: a few of its
// gene searches (GET /api/v1/sites/{site}/searches?recordType=transcript), spread over the list,
// each phrased as a question about the site's genes. Choosing one writes it into the composer.
import { api } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';

const SHOWN = 3;

/** Up to SHOWN searches spread evenly over the catalogue's order (not just its first few). */
export function spread(searches, count = SHOWN) {
  if (searches.length <= count) return searches;
  const step = searches.length / count;
  return Array.from({ length: count }, (_, i) => searches[Math.floor(i * step + step / 2)]);
}

/** A question a researcher could start with, for one search of the site. */
export function question(search, siteName) {
  const what = (search.displayName || search.name).replace(/\s+/g, ' ').trim();
  return `Which ${siteName} genes can I find with “${what}”, and how would I combine it with another search?`;
}

/**
 * Fills {@code list} with the questions of the site, or empties it when there is no site; a
 * choice calls onChoose(text).
 */
export async function showSuggestions(list, siteId, siteName, onChoose) {
  replace(list);
  if (!siteId) return;
  let answer;
  try {
    answer = await api('GET', `/api/v1/sites/${encodeURIComponent(siteId)}/searches?recordType=transcript`);
  } catch (e) {
    return; // a site without a catalogue (or not reachable): no suggestions, the chat works as ever
  }
  const searches = (Array.isArray(answer) ? answer : answer.items || []).filter(s => !s.kind || s.kind === 'search');
  replace(list, spread(searches).map(s => el('li', {}, el('button', {
    type: 'button', class: 'suggestion', 'data-search': s.name,
    onclick: () => onChoose(question(s, siteName)),
  }, question(s, siteName)))));
}
