// A module resolution hook: the workbench's modules import each other by their address on the
// page ('/assets/shared/dom.js'); here those addresses are files under web's assets directory.
let assets;

export async function initialize(data) {
  assets = data.assets;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier.startsWith('/assets/')) {
    return nextResolve(new URL(specifier.slice('/assets/'.length), assets).href, context);
  }
  return nextResolve(specifier, context);
}
