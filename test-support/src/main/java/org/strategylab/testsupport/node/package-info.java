/**
 * Tools from outside the JVM that some tests run: {@link org.strategylab.testsupport.node.NodeProject}
 * (a checked-in npm project run with the machine's Node.js) and
 * {@link org.strategylab.testsupport.node.RequiredTool} (skip with the install command, or fail where
 * the build requires the tool).
 */
package org.strategylab.testsupport.node;
