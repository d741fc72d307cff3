package org.strategylab.experiment.persistence;

import io.quarkus.hibernate.orm.JsonFormat;
import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import jakarta.inject.Singleton;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.format.FormatMapper;
import org.hibernate.type.format.jackson.JacksonJsonFormatMapper;
import org.strategylab.evaluation.json.EvaluationJson;

/**
 * How JSON columns are written: with evaluation-core's conventions (non-finite numbers replaced,
 * spec rule 4.5.15), not with the strict mapper the REST edge uses for request bodies.
 */
@Singleton
@JsonFormat
@PersistenceUnitExtension
public class JsonColumns implements FormatMapper {

    private final FormatMapper delegate = new JacksonJsonFormatMapper(EvaluationJson.mapper());

    @Override
    public <T> T fromString(CharSequence text, JavaType<T> type, WrapperOptions options) {
        return delegate.fromString(text, type, options);
    }

    @Override
    public <T> String toString(T value, JavaType<T> type, WrapperOptions options) {
        return delegate.toString(value, type, options);
    }
}
