package org.strategylab.simulator.catalog;

import java.util.List;
import java.util.Optional;

/**
 * A WDK record class.
 *
 * @param urlSegment       name used in paths and {@code recordClassName} of steps ({@code transcript})
 * @param fullName         record class full name used in report records ({@code TranscriptRecordClasses.TranscriptRecordClass})
 * @param primaryKeyColumns primary-key columns in record-class order
 * @param transcriptLevel   whether records are transcripts (else genes)
 */
public record RecordType(String urlSegment, String fullName, String displayName, String displayNamePlural,
                         String nativeDisplayName, List<String> primaryKeyColumns, List<AttributeSpec> attributes,
                         List<TableSpec> tables, List<FilterSpec> filters, boolean transcriptLevel) {

    public Optional<AttributeSpec> attribute(String name) {
        return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    public Optional<TableSpec> table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    public Optional<FilterSpec> filter(String name) {
        return filters.stream().filter(f -> f.name().equals(name)).findFirst();
    }

    /** The boolean combine search generated for every record class. */
    public String booleanSearchName() {
        return "boolean_question_" + fullName.replace('.', '_');
    }
}
