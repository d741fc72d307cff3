package org.strategylab.evaluation.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch request read token by token: the envelope as a tree, and its {@code input} object as a
 * tree except that each top-level array of strings (the ID lists) goes straight into a list.
 *
 * <p>Why: a gene-ID request carries some 7,000 IDs; building a text node for each and copying them
 * into lists again was a large part of a batch's time. The result is the same document:
 * {@link InputDocument} puts a streamed array's elements into the tree as soon as anything other
 * than a string-list accessor asks for it, and the envelope and input keep the tree's rules (a
 * repeated key: the last value, in the first one's place).
 */
final class StreamedInput {
    final ObjectNode envelope;
    /** The input's streamed string arrays (empty when {@code input} was no object). */
    final Map<String, List<String>> streamedStrings;

    private StreamedInput(ObjectNode envelope, Map<String, List<String>> streamedStrings) {
        this.envelope = envelope;
        this.streamedStrings = streamedStrings;
    }

    /**
     * Reads the object the parser starts at (the rest of the input, after its end, is not read, as
     * {@link ObjectMapper#readTree} does not read it).
     *
     * @throws IOException when the JSON is malformed (the caller then takes its character path)
     */
    static StreamedInput read(ObjectMapper mapper, JsonParser parser) throws IOException {
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            throw new IOException("not an object");
        }
        ObjectNode envelope = mapper.createObjectNode();
        Map<String, List<String>> streamed = new HashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            JsonToken value = parser.nextToken();
            if ("input".equals(name) && value == JsonToken.START_OBJECT) {
                streamed.clear(); // a repeated "input": the last one counts
                envelope.set(name, readInput(mapper, parser, streamed));
            } else {
                if ("input".equals(name)) {
                    streamed.clear();
                }
                envelope.set(name, tree(mapper, parser));
            }
        }
        if (parser.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("unexpected end of the request");
        }
        return new StreamedInput(envelope, streamed);
    }

    private static ObjectNode readInput(ObjectMapper mapper, JsonParser parser, Map<String, List<String>> streamed)
            throws IOException {
        ObjectNode input = mapper.createObjectNode();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                streamed.remove(name);
                input.set(name, tree(mapper, parser));
                continue;
            }
            List<String> strings = new ArrayList<>();
            JsonToken element;
            while ((element = parser.nextToken()) == JsonToken.VALUE_STRING) {
                strings.add(parser.getText());
            }
            if (element == JsonToken.END_ARRAY) {
                streamed.put(name, strings);
                input.set(name, input.arrayNode()); // filled in by InputDocument if asked for as a node
                continue;
            }
            // not only strings: the rest as tree nodes, after the strings read so far
            streamed.remove(name);
            ArrayNode array = input.arrayNode();
            for (String s : strings) {
                array.add(s);
            }
            while (element != JsonToken.END_ARRAY) {
                array.add(tree(mapper, parser));
                element = parser.nextToken();
            }
            input.set(name, array);
        }
        if (parser.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("unexpected end of the input object");
        }
        return input;
    }

    /** The value at the parser's current token as a tree node (JSON null as a null node). */
    private static JsonNode tree(ObjectMapper mapper, JsonParser parser) throws IOException {
        if (parser.currentToken() == null) {
            throw new IOException("unexpected end of the request");
        }
        JsonNode node = mapper.readTree(parser);
        return node == null ? mapper.getNodeFactory().nullNode() : node;
    }
}
