package org.strategylab.simulator.data;

/** Which life stages a gene family peaks in; each experiment maps these to its own samples. */
public enum StageBias {
    NONE, GROWTH, INVASION, SEXUAL
}
