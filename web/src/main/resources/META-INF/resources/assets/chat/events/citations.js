// A turn's sources (`citations`): title (a link when it is an http(s) address), authors and year, as text.
import { el } from '../../shared/dom.js';

export function drawCitations(turn, citations) {
  if (!citations.length) return;
  const list = el('ol', { class: 'citations' });
  for (const c of citations) {
    const title = c.title || c.id || 'untitled';
    const head = c.url && /^https?:\/\//i.test(c.url)
      ? el('a', { href: c.url, target: '_blank', rel: 'noopener noreferrer' }, title) : el('span', null, title);
    const who = [c.authors, c.year].filter(Boolean).join(', ');
    list.append(el('li', null, head, who ? el('span', { class: 'muted small' }, ' — ' + who) : null));
  }
  turn.activity.append(el('details', { class: 'citations-block' },
    el('summary', null, 'Sources (' + citations.length + ')'), list));
}
