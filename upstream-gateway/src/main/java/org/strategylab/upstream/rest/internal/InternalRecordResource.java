package org.strategylab.upstream.rest.internal;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.strategylab.upstream.api.RecordRequest;
import org.strategylab.upstream.api.ResultRecord;
import org.strategylab.upstream.service.steps.RecordReader;

/** Single records for other services. */
@Path(InternalApi.SITE + "/records")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = InternalApi.TAG, description = InternalApi.DESCRIPTION)
public class InternalRecordResource {

    @Inject
    CallerSessions sessions;

    @Inject
    RecordReader records;

    @POST
    @Operation(summary = "One record by primary key (missing project_id filled from the site)")
    public Uni<ResultRecord> read(@PathParam("siteId") String siteId, @NotNull @Valid RecordRequest body) {
        return sessions.of(siteId).chain(session -> records.read(session, CallerSessions.recordType(body.recordType()),
                body.primaryKey(), body.attributes(), body.tables()));
    }
}
