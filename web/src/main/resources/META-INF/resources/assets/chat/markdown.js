// A small Markdown renderer that builds DOM nodes: every piece of the source ends up in a text
// node, so a message can never become markup or script, whatever it contains. It covers what the
// agent writes: paragraphs, headings, bullet and numbered lists, fenced code, block quotes, rules,
// and inline **bold**, *italic*, `code`, [links](https://…) (http, https and mailto only) and bare
// http(s) addresses.
// A hand-written renderer because the libraries we could serve (marked, markdown-it) produce an
// HTML string, which would have to go through innerHTML.
import { el } from '../shared/dom.js';

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** A DocumentFragment with the rendered blocks of `source`. */
export function renderMarkdown(source) {
  const fragment = document.createDocumentFragment();
  const lines = String(source || '').replace(/\r\n?/g, '\n').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*$/.test(line)) {
      i += 1;
      continue;
    }
    const fence = line.match(/^\s*(```|~~~)\s*([\w+-]*)\s*$/);
    if (fence) {
      const code = [];
      i += 1;
      while (i < lines.length && !lines[i].trim().startsWith(fence[1])) {
        code.push(lines[i]);
        i += 1;
      }
      i += 1; // the closing fence (or the end)
      fragment.append(el('pre', null, el('code', fence[2] ? { 'data-language': fence[2] } : null, code.join('\n'))));
      continue;
    }
    const heading = line.match(/^\s*(#{1,6})\s+(.*)$/);
    if (heading) {
      // a message's headings sit inside a page that has its own h1/h2: start at h3
      const level = Math.min(6, heading[1].length + 2);
      fragment.append(el('h' + level, null, inline(heading[2].replace(/\s+#+\s*$/, ''))));
      i += 1;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) {
      fragment.append(el('hr'));
      i += 1;
      continue;
    }
    if (/^\s*>/.test(line)) {
      const quoted = [];
      while (i < lines.length && /^\s*>/.test(lines[i])) {
        quoted.push(lines[i].replace(/^\s*>\s?/, ''));
        i += 1;
      }
      fragment.append(el('blockquote', null, renderMarkdown(quoted.join('\n'))));
      continue;
    }
    const bullet = /^\s*[-*+]\s+/;
    const numbered = /^\s*\d+[.)]\s+/;
    if (bullet.test(line) || numbered.test(line)) {
      const ordered = numbered.test(line);
      const marker = ordered ? numbered : bullet;
      const list = el(ordered ? 'ol' : 'ul');
      while (i < lines.length && marker.test(lines[i])) {
        let item = lines[i].replace(marker, '');
        i += 1;
        // continuation lines (indented, not a new item)
        while (i < lines.length && /^\s{2,}\S/.test(lines[i]) && !marker.test(lines[i])) {
          item += ' ' + lines[i].trim();
          i += 1;
        }
        list.append(el('li', null, inline(item)));
      }
      fragment.append(list);
      continue;
    }
    const paragraph = [];
    while (i < lines.length && !/^\s*$/.test(lines[i]) && !/^\s*(```|~~~|#{1,6}\s|>|[-*+]\s|\d+[.)]\s)/.test(lines[i])) {
      paragraph.push(lines[i].trim());
      i += 1;
    }
    if (paragraph.length === 0) {
      // a line no block rule took (e.g. "#hashtag"): keep it as text
      paragraph.push(lines[i]);
      i += 1;
    }
    const p = el('p');
    paragraph.forEach((text, n) => {
      if (n > 0) {
        p.append(el('br'));
      }
      p.append(inline(text));
    });
    fragment.append(p);
  }
  return fragment;
}

// inline spans, outermost first: `code`, [text](url), **bold**, *italic* / _italic_, and a bare
// http(s) address (without a trailing full stop or comma)
const INLINE = /(`+)([\s\S]*?[^`])\1(?!`)|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|\*([^*\s][^*]*?)\*|\b_([^_\s][^_]*?)_\b|(https?:\/\/[^\s<>()\[\]]*[^\s<>()\[\].,;:!?'"])/;

/** Inline Markdown of one block as a DocumentFragment of text nodes and formatting elements. */
export function inline(text) {
  const fragment = document.createDocumentFragment();
  let rest = String(text);
  while (rest.length > 0) {
    const match = rest.match(INLINE);
    if (!match) {
      fragment.append(document.createTextNode(rest));
      break;
    }
    if (match.index > 0) {
      fragment.append(document.createTextNode(rest.slice(0, match.index)));
    }
    if (match[1]) {
      fragment.append(el('code', null, match[2]));
    } else if (match[3]) {
      const url = match[4];
      fragment.append(SAFE_LINK.test(url)
        ? el('a', { href: url, rel: 'noopener noreferrer', target: '_blank' }, inline(match[3]))
        : document.createTextNode(match[0]));
    } else if (match[9]) {
      fragment.append(el('a', { href: match[9], rel: 'noopener noreferrer', target: '_blank' }, match[9]));
    } else if (match[5] || match[6]) {
      fragment.append(el('strong', null, inline(match[5] || match[6])));
    } else {
      fragment.append(el('em', null, inline(match[7] || match[8])));
    }
    rest = rest.slice(match.index + match[0].length);
  }
  return fragment;
}
