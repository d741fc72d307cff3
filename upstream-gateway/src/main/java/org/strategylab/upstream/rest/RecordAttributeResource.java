package org.strategylab.upstream.rest;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.upstream.api.AttributeField;
import org.strategylab.upstream.service.catalog.RecordAttributes;

/** The attributes (result columns) of a record type. Public, like the rest of the catalogue. */
@Path("/api/v1/sites/{siteId}/record-types/{recordType}/attributes")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Catalogue")
public class RecordAttributeResource {

    @Inject
    RecordAttributes attributes;

    @GET
    @Operation(summary = "The attributes of a record type: what results can show, sort by and summarise")
    public Uni<List<AttributeField>> list(@PathParam("siteId") String siteId, @PathParam("recordType") String recordType) {
        return attributes.of(siteId, recordType);
    }
}
