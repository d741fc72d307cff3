// An experiment's step tree with the ids the service gives its nodes, shared by the analysis panels
// that name a step (step analysis, tree optimisation's knobs, parameter optimisation's target step).

/**
 * An experiment's step tree with the ids the service gives its nodes: a node's own id, else
 * step-1, step-2, … depth first (the node, then its primary and secondary input).
 */
export function readTree(tree) {
  let counter = 0;
  function node(json) {
    if (!json || typeof json !== 'object') return null;
    counter += 1;
    const id = json.id || 'step-' + counter;
    const primary = node(json.primaryInput);
    const secondary = node(json.secondaryInput);
    const combine = Boolean(primary && secondary) || (json.searchName || '') === '__combine__';
    return { id, combine, transform: !combine && Boolean(primary), json, inputs: [primary, secondary].filter(Boolean) };
  }
  return node(tree);
}

/** The nodes of a read tree that run a search (search and transform steps), top down. */
export function searchNodes(root) {
  if (!root) return [];
  return [...(root.combine ? [] : [root]), ...root.inputs.flatMap(searchNodes)];
}
