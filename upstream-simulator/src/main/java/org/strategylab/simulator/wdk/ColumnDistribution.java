package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.AttributeSpec;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;
import org.strategylab.simulator.data.SiteData;

/**
 * The {@code byValue} column reporter: a histogram of an attribute's values over a result (one bin per
 * value for strings, equal-width bins for numbers) and summary statistics. Columns without column-tool
 * support answer an empty histogram.
 */
final class ColumnDistribution {

    private ColumnDistribution() {
    }

    static ObjectNode write(SiteData data, RecordType recordType, SearchSpec search, Answer answer, AttributeSpec column,
                            JsonNode reportConfig) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode histogram = json.putArray("histogram");
        ObjectNode statistics = json.putObject("statistics");
        int size = answer.size();
        statistics.put("subsetSize", size);
        if (!column.columnTool()) {
            statistics.put("numVarValues", 0);
            statistics.put("numDistinctValues", 0);
            statistics.put("numDistinctEntityRecords", 0);
            statistics.put("numMissingCases", size);
            return json;
        }
        List<String> values = new ArrayList<>();
        Set<Integer> withValue = new HashSet<>();
        int missing = 0;
        for (int r = answer.transcripts().nextSetBit(0); r >= 0; r = answer.transcripts().nextSetBit(r + 1)) {
            String value = RecordFormatter.value(column, RecordFormatter.ref(data, recordType, r), search, answer, false);
            if (value == null || (column.isNumber() && RecordFormatter.number(value) == null)) {
                missing++;
            } else {
                values.add(value);
                withValue.add(r);
            }
        }
        statistics.put("numVarValues", values.size());
        statistics.put("numDistinctValues", new HashSet<>(values).size());
        statistics.put("numDistinctEntityRecords", withValue.size());
        statistics.put("numMissingCases", missing);
        if (column.isNumber()) {
            numeric(histogram, statistics, values, reportConfig);
        } else {
            Map<String, Integer> counts = new LinkedHashMap<>();
            values.stream().sorted(String.CASE_INSENSITIVE_ORDER).forEach(v -> counts.merge(v, 1, Integer::sum));
            counts.forEach((value, count) -> {
                ObjectNode bin = histogram.addObject();
                bin.put("value", count);
                bin.put("binStart", value);
                bin.put("binEnd", value);
                bin.put("binLabel", value);
            });
        }
        return json;
    }

    private static void numeric(ArrayNode histogram, ObjectNode statistics, List<String> values, JsonNode config) {
        if (values.isEmpty()) {
            return;
        }
        double[] numbers = values.stream().mapToDouble(Double::parseDouble).toArray();
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (double n : numbers) {
            min = Math.min(min, n);
            max = Math.max(max, n);
            sum += n;
        }
        statistics.put("subsetMin", min);
        statistics.put("subsetMax", max);
        statistics.put("subsetMean", sum / numbers.length);
        int bins = config != null && config.path("binCount").canConvertToInt() ? Math.max(1, config.get("binCount").asInt()) : 10;
        double width;
        if (config != null && config.path("binSize").isNumber() && config.get("binSize").asDouble() > 0) {
            width = config.get("binSize").asDouble();
            bins = (int) Math.max(1, Math.ceil((max - min) / width));
        } else {
            width = Math.max((max - min) / bins, 1e-9);
        }
        if (max == min) {
            bins = 1;
        }
        int[] counts = new int[bins];
        for (double n : numbers) {
            counts[Math.min(bins - 1, (int) ((n - min) / width))]++;
        }
        for (int b = 0; b < bins; b++) {
            double start = min + b * width;
            double end = b == bins - 1 ? max : start + width;
            ObjectNode bin = histogram.addObject();
            bin.put("value", counts[b]);
            bin.put("binStart", format(start));
            bin.put("binEnd", format(end));
            bin.put("binLabel", "[" + format(start) + ", " + format(end) + (b == bins - 1 ? "]" : ")"));
        }
    }

    private static String format(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d)
                : new java.math.BigDecimal(d).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
    }
}
