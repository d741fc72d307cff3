package org.strategylab.upstream.service.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.api.AttributeField;

/**
 * The attributes of a record type, read from the cached expanded record types (no extra call to the
 * site): what an experiment's results table can show, sort by and summarise.
 */
@ApplicationScoped
public class RecordAttributes {

    @Inject
    CachedCatalog catalog;

    @Inject
    SiteRegistry sites;

    public Uni<List<AttributeField>> of(String siteId, String recordType) {
        // an unknown site is refused before the cache, which would wrap the refusal
        sites.require(siteId);
        return catalog.recordTypes(siteId).map(types -> {
            for (JsonNode type : types) {
                if (recordType.equals(type.path("urlSegment").asText()) || recordType.equals(type.path("fullName").asText())) {
                    Set<String> defaults = new HashSet<>();
                    type.path("defaultAttributes").forEach(name -> defaults.add(name.asText()));
                    List<AttributeField> fields = new ArrayList<>();
                    for (JsonNode attribute : type.path("attributes")) {
                        boolean distribution = false;
                        for (JsonNode tool : attribute.path("toolNames")) {
                            distribution |= "byValue".equals(tool.asText());
                        }
                        String name = attribute.path("name").asText();
                        fields.add(new AttributeField(name, attribute.path("displayName").asText(name),
                                attribute.path("help").asText(null), attribute.path("type").asText(null),
                                attribute.path("isDisplayable").asBoolean(true), attribute.path("isSortable").asBoolean(false),
                                defaults.contains(name), distribution));
                    }
                    return fields;
                }
            }
            throw CatalogReader.recordTypeNotFound(siteId, recordType);
        });
    }
}
