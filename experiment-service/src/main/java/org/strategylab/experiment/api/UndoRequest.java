package org.strategylab.experiment.api;

import jakarta.validation.constraints.Min;

/**
 * An undo of the latest refinement ({@code POST …/{id}/undo}); the body is optional.
 *
 * @param version the version the caller sees and means to undo (2 or more): when given and the
 *                experiment is at another version now, nothing changes and the answer is a 409
 */
public record UndoRequest(@Min(value = 2, message = "must be 2 or more: version 1 is not a refinement") Integer version) {
}
