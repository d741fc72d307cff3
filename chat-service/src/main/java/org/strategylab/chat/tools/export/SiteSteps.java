package org.strategylab.chat.tools.export;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.LongFunction;
import org.jboss.logging.Logger;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.graph.GraphStep;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.StepTrees;
import org.strategylab.chat.tools.ToolContext;

/**
 * A graph step as a step on the site, for tools that read its result: the step the strategy was
 * put on the site as, or else a temporary, unsaved strategy of its subtree, deleted once read.
 */
@ApplicationScoped
public class SiteSteps {

    private static final Logger LOG = Logger.getLogger(SiteSteps.class);

    @Inject
    UpstreamSite upstream;

    /** What {@code read} answers for the step's id on the site. */
    public <T> T read(ToolContext context, StrategyGraph graph, GraphStep step, LongFunction<T> read) {
        if (step.upstreamStepId() != null) {
            return read.apply(step.upstreamStepId());
        }
        var view = upstream.createStrategy(context.token(), context.siteId(), "StrategyLab preview (temporary)",
                graph.recordType(), StepTrees.tree(graph, step.id()), false);
        long strategyId = view.strategyId();
        try {
            return read.apply(view.stepTree().stepId());
        } finally {
            try {
                upstream.deleteStrategy(context.token(), context.siteId(), strategyId);
            } catch (RuntimeException e) {
                LOG.debugf("temporary strategy %d not deleted: %s", strategyId, e.getMessage());
            }
        }
    }
}
