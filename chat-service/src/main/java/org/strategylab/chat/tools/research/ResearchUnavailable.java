package org.strategylab.chat.tools.research;

/** A research service that could not answer; the message says why, for the model to pass on. */
class ResearchUnavailable extends RuntimeException {

    ResearchUnavailable(String message) {
        super(message);
    }
}
