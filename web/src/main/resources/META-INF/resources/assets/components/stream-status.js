// <sl-stream-status live-text="Working…">: what a followed operation stream is doing, said politely
// to screen readers (role=status) — connecting, live, reconnecting after a lost connection, ended.
// Both pages follow streams (a chat turn, an experiment, a batch or benchmark, an optimisation);
// each says the same state the same way, and a page may add words for the moment ("Cancelling…").
const DEFAULT_TEXT = {
  connecting: 'Connecting…',
  live: 'Running…',
  reconnecting: 'Connection lost; reconnecting…',
  ended: '',
  '': '',
};

export class StreamStatus extends HTMLElement {
  connectedCallback() {
    if (!this.hasAttribute('role')) this.setAttribute('role', 'status');
    if (!this.hasAttribute('aria-live')) this.setAttribute('aria-live', 'polite');
  }

  /** The state of followOperation's onState (or '' for none); `text`, when given, replaces the state's words. */
  show(state, text) {
    const known = Object.hasOwn(DEFAULT_TEXT, state || '') ? state || '' : '';
    this.state = known;
    this.dataset.state = known;
    this.textContent = text !== undefined ? text : this.wordsFor(known);
  }

  /** The state's words: the element's `<state>-text` attribute (empty for none), else the default. */
  wordsFor(state) {
    return state && this.hasAttribute(state + '-text') ? this.getAttribute(state + '-text') : DEFAULT_TEXT[state];
  }
}

if (!customElements.get('sl-stream-status')) customElements.define('sl-stream-status', StreamStatus);
