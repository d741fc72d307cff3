package org.strategylab.evaluation.model;

/**
 * What removing one leaf does (spec 2.3, phase 3). The verdict is decided on {@code f1Delta}
 * (baseline F1 minus ablated F1; extra field), a two-sided rule (DECISIONS 15).
 */
public record StepContribution(String stepId, String searchName, double baselineRecall, double ablatedRecall,
                               double recallDelta, double baselineFpr, double ablatedFpr, double fprDelta,
                               String verdict, double enrichmentDelta, String narrative,
                               double baselineF1, double ablatedF1, double f1Delta) {
}
