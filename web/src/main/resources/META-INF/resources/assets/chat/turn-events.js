// The events of one assistant turn drawn into its view (turn-view.js): the same renderers for the chat
// page and the workbench's assistant, one small function (or module under events/) per event type.
// What belongs to a page rather than to a turn (the conversation's header, its graph, the composer's
// state) stays with the page.
import { el } from '../shared/dom.js';
import { addReasoning, drawText, drawUsage, finishTool, scheduleText, toolItem } from './turn-view.js';
import { drawCitations } from './events/citations.js';
import { drawDiscovery } from './events/discovery.js';
import { drawGeneSet } from './events/gene-set.js';
import { drawOptimisation } from './events/optimisation.js';
import { drawPlan } from './events/plan.js';
import { subagentEnded, subagentStarted, subagentToolEnded, subagentToolStarted } from './events/subagent.js';

const RENDERERS = {
  model_selected(turn, data) {
    turn.root.dataset.model = data.modelId || '';
  },
  assistant_delta(turn, data, drawn) {
    turn.text += data.delta || '';
    scheduleText(turn, drawn);
  },
  assistant_message(turn, data) {
    if (data.content !== undefined && data.content !== turn.text) {
      // the streamed pieces did not add up to the message: show the message, and say so
      console.warn('streamed text differed from the final message; showing the final message');
      turn.root.dataset.repaired = 'true';
      turn.text = data.content;
    }
    drawText(turn);
  },
  reasoning(turn, data) {
    addReasoning(turn, data.reasoning || '');
  },
  tool_call_start(turn, data) {
    turn.tools.set(data.id, toolItem(turn.activity, data.id, data.name, data.arguments));
  },
  tool_call_end(turn, data) {
    const item = turn.tools.get(data.id);
    if (item) finishTool(item, data.result);
  },
  subagent_task_start: subagentStarted,
  subagent_tool_call_start: subagentToolStarted,
  subagent_tool_call_end: subagentToolEnded,
  subagent_task_end: subagentEnded,
  planning_artifact(turn, data) {
    if (data.planningArtifact) drawPlan(turn, data.planningArtifact);
  },
  citations(turn, data) {
    drawCitations(turn, data.citations || []);
  },
  optimization_progress: drawOptimisation,
  discovery_progress: drawDiscovery,
  workbench_gene_set(turn, data) {
    if (data.geneSet) drawGeneSet(turn, data.geneSet);
  },
  error(turn, data) {
    turn.activity.append(el('p', { class: 'error turn-error' }, data.error || data.message || 'Something went wrong'));
  },
  replay_gap(turn) {
    turn.activity.append(el('p', { class: 'muted small' },
      'Part of this turn’s history is no longer kept; the saved state is shown when it ends.'));
  },
  message_end(turn, data) {
    drawUsage(turn, data);
    turn.ended = true;
    turn.root.classList.add('ended');
  },
};

/** The event types a turn's view draws. */
export const TURN_EVENTS = new Set(Object.keys(RENDERERS));

/**
 * Draws one event into `turn` (a newTurnView). `drawn()` is called after streamed text is drawn (at
 * most once a frame), e.g. to keep the newest text in view. Returns false for an event that is not a
 * turn's, which the page handles (or ignores) itself.
 */
export function applyTurnEvent(turn, type, data, drawn = () => {}) {
  const render = RENDERERS[type];
  if (!render) {
    return false;
  }
  render(turn, data || {}, drawn);
  return true;
}
