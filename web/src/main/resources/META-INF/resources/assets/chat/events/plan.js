// A plan the agent wrote (`planning_artifact`): its title, and its Markdown drawn as DOM under it.
import { el } from '../../shared/dom.js';
import { renderMarkdown } from '../markdown.js';

export function drawPlan(turn, artifact) {
  turn.activity.append(el('details', { class: 'artifact' },
    el('summary', null, 'Plan: ' + (artifact.title || 'untitled')),
    renderMarkdown(artifact.summaryMarkdown || '')));
}
