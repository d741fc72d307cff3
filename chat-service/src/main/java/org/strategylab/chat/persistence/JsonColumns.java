package org.strategylab.chat.persistence;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.orm.JsonFormat;
import io.quarkus.hibernate.orm.PersistenceUnitExtension;
import jakarta.inject.Singleton;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.format.FormatMapper;
import org.hibernate.type.format.jackson.JacksonJsonFormatMapper;

/**
 * How JSON columns are written: JSON trees as they are. The REST edge's mapper refuses unknown
 * fields, which is right for request bodies and wrong for documents this service wrote itself.
 */
@Singleton
@JsonFormat
@PersistenceUnitExtension
public class JsonColumns implements FormatMapper {

    private final FormatMapper delegate = new JacksonJsonFormatMapper(new ObjectMapper());

    @Override
    public <T> T fromString(CharSequence text, JavaType<T> type, WrapperOptions options) {
        return delegate.fromString(text, type, options);
    }

    @Override
    public <T> String toString(T value, JavaType<T> type, WrapperOptions options) {
        return delegate.toString(value, type, options);
    }
}
