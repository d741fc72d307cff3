package org.strategylab.experiment.support;

/**
 * The upstream stack of test-support (PostgreSQL, the simulator in-process, upstream-gateway as a
 * process) under the name this module's tests use; {@code UpstreamStackResource.simulator} is the
 * shared simulator for fault injection.
 */
public class UpstreamStackResource extends org.strategylab.testsupport.upstream.UpstreamStackResource {
}
