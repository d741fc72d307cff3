// An experiment's run followed live, as the wizard's run step and an opened running experiment both
// show it: each phase a line of the progress list, a failure in its words, the cancel button asking
// the service to stop it, and the stream's state in the status line (components/stream-status.js).
import { el } from '/assets/shared/dom.js';
import { api, followOperation } from '/assets/shared/operation-stream.js';
import '/assets/components/stream-status.js';

/**
 * Follows the run's operation: `progress` (a list) gets its phases and errors, `cancel` (a button)
 * cancels it, `status` (an sl-stream-status) says the stream's state; `onEnd(data)` gets its
 * `experiment_end`. Returns the stream, to close when the view goes.
 */
export function followRun(operationId, { progress, status, cancel, onEnd }) {
  cancel.addEventListener('click', async () => {
    cancel.disabled = true;
    await api('POST', `/api/v1/operations/${encodeURIComponent(operationId)}/cancel`).catch(() => null);
  });
  return followOperation(operationId, {
    onEvent(type, data) {
      if (type === 'experiment_progress') {
        progress.append(el('li', { class: 'phase-' + data.phase }, data.message || data.phase));
      } else if (type === 'experiment_error') {
        progress.append(el('li', { class: 'error' }, 'Failed: ' + (data.error || 'unknown error')));
      } else if (type === 'experiment_end') {
        onEnd(data);
      }
    },
    onState(state) {
      status.show(state);
    },
  });
}
