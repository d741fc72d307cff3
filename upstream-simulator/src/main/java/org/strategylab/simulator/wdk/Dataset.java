package org.strategylab.simulator.wdk;

import java.util.List;

/** A user's dataset: an ordered list of ids for input-dataset params. */
record Dataset(long id, long ownerId, List<String> ids) {
}
