// One line per parameter optimisation, redrawn as its trials arrive (`optimization_progress`, api-contract §5.8).
import { el, replace } from '../../shared/dom.js';

export function drawOptimisation(turn, data) {
  turn.optimisations = turn.optimisations || new Map();
  let line = turn.optimisations.get(data.optimizationId);
  if (!line) {
    line = el('p', { class: 'optimisation' });
    turn.optimisations.set(data.optimizationId, line);
    turn.activity.append(line);
  }
  const best = data.bestTrial;
  const bestText = best ? ' · best ' + Number(best.score).toFixed(3) + ' with ' + Object.entries(best.parameters || {})
    .map(([k, v]) => k + ' = ' + v).join(', ') : '';
  const state = data.status === 'started' ? 'starting, ' + (data.totalTrials || data.budget) + ' trials'
    : data.status === 'running' ? 'trial ' + data.currentTrial + ' of ' + data.totalTrials
    : data.status === 'error' ? 'failed: ' + (data.error || 'no reason given')
    : data.status + ' after ' + data.currentTrial + ' trials';
  replace(line, el('strong', null, 'Optimising parameters: '), state + bestText);
}
