// One line per strategy discovery, redrawn as its phases go (`discovery_progress`: controls in, a strategy out).
import { el, replace } from '../../shared/dom.js';

export function drawDiscovery(turn, data) {
  turn.discoveries = turn.discoveries || new Map();
  let line = turn.discoveries.get(data.discoveryId);
  if (!line) {
    line = el('p', { class: 'optimisation discovery', role: 'status' });
    turn.discoveries.set(data.discoveryId, line);
    turn.activity.append(line);
  }
  const count = typeof data.current === 'number' && typeof data.total === 'number' ? ' ' + data.current + ' of ' + data.total : '';
  const calls = typeof data.siteCalls === 'number' ? ' · ' + data.siteCalls + ' of ' + data.budget + ' site calls' : '';
  replace(line, el('strong', null, 'Finding the strategy for your genes: '),
    (data.phase || 'working') + count + (data.message ? ' — ' + data.message : '') + calls);
}
