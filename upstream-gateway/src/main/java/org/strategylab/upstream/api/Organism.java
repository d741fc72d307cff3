package org.strategylab.upstream.api;

/**
 * An organism a site holds genes of.
 *
 * @param name    the vocabulary term ({@code Plasmodium falciparum 3D7}), used as a parameter value
 * @param display its label
 */
public record Organism(String name, String display) {
}
