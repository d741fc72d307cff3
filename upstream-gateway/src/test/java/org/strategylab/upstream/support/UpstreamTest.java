package org.strategylab.upstream.support;

import io.quarkus.test.common.QuarkusTestResource;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.strategylab.testsupport.PostgresResource;

/**
 * The one set of test resources of this module (real PostgreSQL, the WDK simulator; this service uses no Kafka):
 * every test class carries the same set, so Quarkus starts once for the whole run.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = SimulatorResource.class, restrictToAnnotatedClass = false)
public @interface UpstreamTest {
}
