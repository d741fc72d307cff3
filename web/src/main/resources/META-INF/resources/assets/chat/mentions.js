// `@` in the message offers the caller's strategies and experiments (GET /api/v1/strategies and
// GET /api/v1/experiments); choosing one writes @name into the message and adds the mention
// {type, id, displayName} that the chat request carries. Keyboard: arrows move, Enter or Tab
// chooses, Escape closes. The list is an ARIA listbox driven from the textarea (aria-activedescendant).
import { api } from '../shared/operation-stream.js';
import { el, replace } from '../shared/dom.js';

const CACHE_MS = 30000;
const SHOWN = 8;

export class Mentions {
  constructor(input, listbox, chips) {
    this.input = input;
    this.listbox = listbox;
    this.chips = chips;
    this.chosen = [];
    this.options = [];
    this.active = 0;
    this.candidates = null;
    this.loadedAt = 0;
    input.addEventListener('input', () => this.update());
    input.addEventListener('keydown', event => this.key(event));
    input.addEventListener('blur', () => setTimeout(() => this.close(), 150));
  }

  /** The mentions to send. */
  selected() {
    return this.chosen.map(({ type, id, displayName }) => ({ type, id, displayName }));
  }

  clear() {
    this.chosen = [];
    this.drawChips();
    this.close();
  }

  isOpen() {
    return !this.listbox.hidden;
  }

  // the "@words" right before the caret, if the caret is in one
  query() {
    const before = this.input.value.slice(0, this.input.selectionStart);
    const match = /(^|\s)@([^\s@]{0,40})$/.exec(before);
    return match ? { text: match[2], start: before.length - match[2].length - 1 } : null;
  }

  async load() {
    if (this.candidates && Date.now() - this.loadedAt < CACHE_MS) {
      return this.candidates;
    }
    const [strategies, experiments] = await Promise.all([
      api('GET', '/api/v1/strategies?limit=100').catch(() => ({ items: [] })),
      api('GET', '/api/v1/experiments?limit=100').catch(() => ({ items: [] })),
    ]);
    this.candidates = [
      ...(strategies.items || []).map(s => ({ type: 'strategy', id: s.id, displayName: s.name || 'Untitled strategy',
        detail: s.siteId })),
      ...(experiments.items || []).map(x => ({ type: 'experiment', id: x.id, displayName: x.name || 'Untitled experiment',
        detail: x.siteId || (x.config && x.config.siteId) || '' })),
    ];
    this.loadedAt = Date.now();
    return this.candidates;
  }

  async update() {
    const query = this.query();
    if (!query) {
      this.close();
      return;
    }
    const all = await this.load();
    if (this.query() === null) {
      return; // the caret moved on while loading
    }
    const words = query.text.toLowerCase();
    this.options = all.filter(c => c.displayName.toLowerCase().includes(words)).slice(0, SHOWN);
    this.active = 0;
    this.draw();
  }

  draw() {
    if (this.options.length === 0) {
      replace(this.listbox, el('li', { class: 'muted', role: 'option', 'aria-disabled': 'true' },
        'No strategy or experiment of yours matches.'));
    } else {
      replace(this.listbox, this.options.map((option, i) => el('li', {
        id: 'mention-option-' + i,
        role: 'option',
        class: 'mention-option' + (i === this.active ? ' active' : ''),
        'aria-selected': i === this.active ? 'true' : 'false',
        'data-type': option.type,
        onmousedown: event => { event.preventDefault(); this.choose(i); },
      }, el('span', { class: 'badge' }, option.type), ' ', option.displayName,
      option.detail ? el('span', { class: 'muted small' }, ' · ' + option.detail) : null)));
    }
    this.listbox.hidden = false;
    if (this.options.length) {
      this.input.setAttribute('aria-activedescendant', 'mention-option-' + this.active);
    } else {
      this.input.removeAttribute('aria-activedescendant');
    }
  }

  key(event) {
    if (!this.isOpen()) {
      return;
    }
    // a key the list handles goes no further (Enter must not also send the message)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopImmediatePropagation();
      if (this.options.length) {
        this.active = (this.active + (event.key === 'ArrowDown' ? 1 : this.options.length - 1)) % this.options.length;
        this.draw();
      }
    } else if ((event.key === 'Enter' || event.key === 'Tab') && this.options.length) {
      event.preventDefault();
      event.stopImmediatePropagation();
      this.choose(this.active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopImmediatePropagation();
      this.close();
    }
  }

  choose(index) {
    const option = this.options[index];
    const query = this.query();
    if (!option || !query) {
      this.close();
      return;
    }
    const value = this.input.value;
    const caret = this.input.selectionStart;
    const inserted = '@' + option.displayName + ' ';
    this.input.value = value.slice(0, query.start) + inserted + value.slice(caret);
    const at = query.start + inserted.length;
    this.input.setSelectionRange(at, at);
    if (!this.chosen.some(c => c.type === option.type && c.id === option.id)) {
      this.chosen.push(option);
      this.drawChips();
    }
    this.close();
    this.input.focus();
  }

  drawChips() {
    replace(this.chips, this.chosen.map(option => el('li', { class: 'chip', 'data-type': option.type },
      el('span', { class: 'badge' }, option.type), ' ', option.displayName, ' ',
      el('button', {
        type: 'button',
        class: 'chip-remove',
        'aria-label': 'Remove the mention of ' + option.displayName,
        onclick: () => {
          this.chosen = this.chosen.filter(c => c !== option);
          this.drawChips();
          this.input.focus();
        },
      }, '×'))));
  }

  close() {
    this.listbox.hidden = true;
    this.input.removeAttribute('aria-activedescendant');
  }
}
