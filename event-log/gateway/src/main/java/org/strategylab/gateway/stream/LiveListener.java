package org.strategylab.gateway.stream;

/** Receives an operation's events as the shared tail consumer reads them (on the tail's thread). */
interface LiveListener {

    /** One new event of the operation; must not block. */
    void live(LiveEvent event);
}
