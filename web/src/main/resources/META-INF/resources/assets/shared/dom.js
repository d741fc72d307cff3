// Small DOM builders for both pages. Text only: a string child becomes a text node, never markup,
// so nothing from the API or the user can become HTML or script.

/**
 * el('button', { type: 'button', class: 'primary', onclick: fn, 'aria-label': 'Send' }, 'Send')
 *
 * attrs: `class` (or className), `dataset` (an object), `style` is refused (the CSP forbids inline
 * styles; use classes), `on<event>` functions become listeners, `true` sets a boolean attribute,
 * `false`/null/undefined leave it out, anything else is set with setAttribute (as text).
 * children: strings and numbers (text nodes), nodes, arrays of those, null/undefined/false (skipped).
 */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  let pendingValue;
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) {
      continue;
    }
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2).toLowerCase(), value);
    } else if (name === 'class' || name === 'className') {
      node.className = value;
    } else if (name === 'dataset') {
      Object.assign(node.dataset, value);
    } else if (name === 'style') {
      throw new Error('inline styles are refused by the page\'s Content-Security-Policy: use a class');
    } else if (name === 'value' && 'value' in node) {
      pendingValue = value; // after the children: a <select> needs its options first
    } else if (name === 'checked' || name === 'selected' || name === 'disabled') {
      node[name] = Boolean(value);
      if (value === true) {
        node.setAttribute(name, '');
      }
    } else if (value === true) {
      node.setAttribute(name, '');
    } else {
      node.setAttribute(name, String(value));
    }
  }
  append(node, children);
  if (pendingValue !== undefined) {
    node.value = pendingValue;
  }
  return node;
}

/** Appends children as el() does (strings as text). Returns the parent. */
export function append(parent, ...children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) {
      continue;
    }
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replaces every child of parent (strings as text). Returns the parent. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

/** A text node. */
export function text(value) {
  return document.createTextNode(value === null || value === undefined ? '' : String(value));
}

/** The element with this id; throws when the page has none (a page and its script disagree). */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) {
    throw new Error('the page has no #' + id);
  }
  return node;
}

/** A number for people: 12,345 (thousands grouped), or '–' when there is none. */
export function formatCount(value) {
  return typeof value === 'number' && Number.isFinite(value) ? value.toLocaleString('en-GB') : '–';
}

/**
 * Counts are genes: "220 genes (235 transcripts)", the transcripts only where the site gave them
 * and they differ from the genes ("1 gene", "141 genes" otherwise). {@code noun} replaces "genes"
 * for other record types (which have no transcripts).
 */
export function genesAndTranscripts(genes, transcripts, noun) {
  const known = typeof genes === 'number' && Number.isFinite(genes);
  const what = noun || (known && genes === 1 ? 'gene' : 'genes');
  const text = formatCount(genes) + ' ' + what;
  return known && typeof transcripts === 'number' && Number.isFinite(transcripts) && transcripts !== genes
    ? text + ' (' + formatCount(transcripts) + (transcripts === 1 ? ' transcript)' : ' transcripts)') : text;
}
