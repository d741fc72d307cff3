package org.strategylab.chat.tools.graph;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StepKind;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.edge.peer.PeerFailure;
import org.strategylab.upstream.api.SearchFilter;

/**
 * The step filters a step's search offers on the site: the {@code filters} of its param-specs in
 * upstream-gateway's catalogue, without the view-only ones (those apply to one report, never to a step).
 */
@ApplicationScoped
public class StepFilterOffers {

    @Inject
    UpstreamSite upstream;

    /** The filters the step can keep; refuses a combine step and a search the site does not have. */
    public List<SearchFilter> offered(ToolContext context, GraphStep step) {
        if (step.kind() == StepKind.COMBINE) {
            throw new ToolRefusal("step " + step.id() + " is a combine: filters go on a search or transform step"
                    + " (one of its inputs)");
        }
        try {
            List<SearchFilter> filters = upstream.paramSpecs(context.token(), context.siteId(), step.recordType(),
                    step.searchName(), Map.of()).filters();
            return filters == null ? List.of() : filters.stream().filter(f -> !f.isViewOnly()).toList();
        } catch (PeerFailure failure) {
            if (failure.status() == 404) {
                throw new ToolRefusal("the site no longer has the search " + step.searchName() + " of step " + step.id());
            }
            throw failure;
        }
    }

    /** The offered filter of that name; refuses another name, listing the offered ones. */
    public SearchFilter named(ToolContext context, GraphStep step, String name) {
        List<SearchFilter> offered = offered(context, step);
        return offered.stream().filter(f -> f.name().equals(name)).findFirst().orElseThrow(() -> new ToolRefusal(
                "argument 'name': the search " + step.searchName() + " of step " + step.id() + " has no filter '" + name
                        + "' (" + (offered.isEmpty() ? "it offers none" : "it offers " + String.join(", ",
                        offered.stream().map(SearchFilter::name).toList())) + "; list_step_filters describes them)"));
    }
}
