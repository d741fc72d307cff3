// A sub-agent of a delegation (`subagent_task_start`, `subagent_tool_call_start|end`, `subagent_task_end`):
// a card per task with its tool calls, its status and its tokens.
import { formatCount } from '../../shared/dom.js';
import { finishTool, taskCard, toolItem } from '../turn-view.js';

export function subagentStarted(turn, data) {
  taskCard(turn, data.task, data.modelId);
}

export function subagentToolStarted(turn, data) {
  const card = taskCard(turn, data.task);
  turn.tools.set(data.task + '/' + data.id, toolItem(card.toolsNode, data.id, data.name, data.arguments));
}

export function subagentToolEnded(turn, data) {
  const item = turn.tools.get(data.task + '/' + data.id);
  if (item) finishTool(item, data.result);
}

export function subagentEnded(turn, data) {
  const card = taskCard(turn, data.task);
  card.classList.remove('running');
  card.classList.add(data.status === 'done' ? 'done' : 'failed');
  card.statusNode.textContent = data.status || 'ended';
  const tokens = (data.promptTokens || 0) + (data.completionTokens || 0);
  card.usageNode.textContent = [data.stepId ? 'made ' + data.stepId : null, tokens ? formatCount(tokens) + ' tokens' : null,
    typeof data.estimatedCostUsd === 'number' ? '$' + data.estimatedCostUsd.toFixed(4) : null].filter(Boolean).join(' · ');
}
