package org.strategylab.evaluation.model;

/** The {@code _classification} of an upstream record (spec 2.6, rule 4.5.4). */
public enum RecordClass { TP, FP, FN, TN }
