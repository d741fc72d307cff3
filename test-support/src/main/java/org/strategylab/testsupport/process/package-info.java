/**
 * Real infrastructure as separate operating-system processes, for tests and benchmarks that must
 * kill and restart a component: a Kafka broker ({@link org.strategylab.testsupport.process.KafkaBrokerProcess}),
 * a packaged Quarkus application ({@link org.strategylab.testsupport.process.QuarkusAppProcess}),
 * and what they share (their lifecycle, {@link org.strategylab.testsupport.process.LaunchedProcess}; launching a JVM, free ports, waiting for a condition, the test key files).
 *
 * <p>Every process started here is also killed by a JVM shutdown hook, so an aborted test run
 * does not leave brokers or services behind.
 */
package org.strategylab.testsupport.process;
