package org.strategylab.edge.problem;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Request bodies are read strictly, so a body that parses but does not fit is refused (400 naming
 * the field, see {@link ProblemExceptionMappers}) instead of being half-understood:
 * <ul>
 *   <li>a key given twice ({@code {"a":1,"a":2}}) and anything after the first JSON value
 *       ({@code {…} trailing}) are errors;</li>
 *   <li>no scalar coercion: a number or boolean is not a string ({@code "userId": 123} is refused),
 *       a string is not a number or boolean;</li>
 *   <li>a string holding an unpaired UTF-16 surrogate ({@code "\ud800"}) is refused: it is not
 *       text, and would be sent on to sites and databases as such.</li>
 * </ul>
 * Unknown fields are refused by {@code quarkus.jackson.fail-on-unknown-properties}; nesting deeper
 * than Jackson's {@code StreamReadConstraints} (1000) fails while parsing.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        for (LogicalType type : new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
            mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        }
        mapper.registerModule(new SimpleModule("strategylab-strict-json")
                .addDeserializer(String.class, new StrictStringDeserializer()));
    }

    /** Strings only from JSON strings, and only well-formed ones. */
    static final class StrictStringDeserializer extends StdScalarDeserializer<String> {

        StrictStringDeserializer() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                return (String) ctxt.handleUnexpectedToken(String.class, p);
            }
            String text = p.getText();
            if (hasUnpairedSurrogate(text)) {
                // the text itself is not echoed: it cannot be written back as UTF-8
                throw InvalidFormatException.from(p, "it contains an unpaired UTF-16 surrogate", "", String.class);
            }
            return text;
        }

        @Override
        public LogicalType logicalType() {
            return LogicalType.Textual;
        }

        static boolean hasUnpairedSurrogate(String text) {
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (Character.isHighSurrogate(c)) {
                    if (i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                        i++;
                    } else {
                        return true;
                    }
                } else if (Character.isLowSurrogate(c)) {
                    return true;
                }
            }
            return false;
        }
    }
}
