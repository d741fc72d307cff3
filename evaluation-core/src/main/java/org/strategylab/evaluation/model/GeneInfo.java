package org.strategylab.evaluation.model;

/** A gene in one of an experiment's four lists (spec 2.1). Only {@code id} is required. */
public record GeneInfo(String id, String name, String organism, String product) {
    /** A gene known only by its ID. */
    public static GeneInfo of(String id) {
        return new GeneInfo(id, null, null, null);
    }
}
