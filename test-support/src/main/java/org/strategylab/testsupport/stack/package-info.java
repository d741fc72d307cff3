/**
 * The product started from its packaged services for tests and benches: {@link org.strategylab.testsupport.stack.ProductStack}.
 */
package org.strategylab.testsupport.stack;
