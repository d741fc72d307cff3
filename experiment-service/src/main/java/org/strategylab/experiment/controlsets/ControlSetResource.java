package org.strategylab.experiment.controlsets;

import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.strategylab.edge.auth.Caller;
import org.strategylab.experiment.api.ControlSet;
import org.strategylab.experiment.api.ControlSetPage;
import org.strategylab.experiment.api.ControlSetPatch;
import org.strategylab.experiment.api.ControlSetRequest;
import org.strategylab.experiment.persistence.ControlSetRepository;

/** {@code /api/v1/control-sets}: reusable positive and negative control genes (DECISIONS 6: full CRUD). */
@Path("/api/v1/control-sets")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ControlSetResource {

    /** The largest page a list answers. */
    static final int MAX_LIMIT = 500;

    @Inject
    Caller caller;

    @Inject
    JsonWebToken token;

    @Inject
    ControlSetService controlSets;

    @POST
    public Uni<Response> create(@Valid @NotNull ControlSetRequest request) {
        return controlSets.create(caller.id(), token.getRawToken(), request)
                .map(set -> Response.created(URI.create("/api/v1/control-sets/" + set.id())).entity(set).build());
    }

    /** The caller's own sets and every public one, newest first. */
    @GET
    public Uni<ControlSetPage> list(@QueryParam("siteId") String siteId,
                                    @QueryParam("recordType") String recordType,
                                    @QueryParam("tags") List<String> tags,
                                    @QueryParam("q") String text,
                                    @QueryParam("limit") @DefaultValue("50") @Min(1) @Max(MAX_LIMIT) int limit,
                                    @QueryParam("offset") @DefaultValue("0") @Min(0) int offset) {
        return controlSets.list(caller.id(),
                new ControlSetRepository.Filter(siteId, recordType, tags, text == null || text.isBlank() ? null : text),
                limit, offset);
    }

    @GET
    @Path("/{id}")
    public Uni<ControlSet> get(@PathParam("id") String id) {
        return controlSets.get(caller.id(), id);
    }

    /** Only the owner changes a set; anyone else's, public or not, is a 404. */
    @PATCH
    @Path("/{id}")
    public Uni<ControlSet> update(@PathParam("id") String id, @Valid @NotNull ControlSetPatch patch) {
        return controlSets.update(caller.id(), token.getRawToken(), id, patch);
    }

    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("id") String id) {
        return controlSets.delete(caller.id(), id).map(done -> Response.noContent().build());
    }
}
