// What every test file shares: a DOM (jsdom) installed as the browser globals the page modules use,
// and where those modules are. The modules are imported from web's sources (ASSETS, set by the
// Maven test that runs these files from a copy under target/; else found relative to this file).
import { JSDOM } from 'jsdom';
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';

const dom = new JSDOM('<!doctype html><html lang="en"><body></body></html>', { url: 'http://pages.test/', pretendToBeVisual: true });
for (const name of ['window', 'document', 'Node', 'HTMLElement', 'DocumentFragment', 'Event', 'MouseEvent',
  'requestAnimationFrame', 'CSS', 'customElements']) {
  globalThis[name] = name === 'window' ? dom.window : dom.window[name];
}

const assets = process.env.ASSETS
  ? pathToFileURL(process.env.ASSETS.endsWith('/') ? process.env.ASSETS : process.env.ASSETS + '/')
  : new URL('../../main/resources/META-INF/resources/assets/', import.meta.url);

// the pages' own addresses of modules (/assets/…) resolved to the files
register('./assets-loader.mjs', import.meta.url, { data: { assets: assets.href } });

/** The assets directory (a file: URL ending in a slash). */
export const assetsRoot = assets;

/** Imports a page module by its path under assets/ (e.g. 'chat/markdown.js'). */
export function pageModule(path) {
  return import(new URL(path, assets).href);
}

/** A fresh element to draw into. */
export function container() {
  const div = document.createElement('div');
  document.body.replaceChildren(div);
  return div;
}
