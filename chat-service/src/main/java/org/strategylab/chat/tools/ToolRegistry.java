package org.strategylab.chat.tools;

import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Every tool of the agent, by name; a turn sees the ones its request did not disable. */
@ApplicationScoped
public class ToolRegistry {

    @Inject
    @All
    List<AgentTool> tools;

    /** All tools, by group then name. */
    public List<AgentTool> all() {
        return tools.stream().sorted(Comparator.comparing(AgentTool::group).thenComparing(AgentTool::name)).toList();
    }

    /** The group of the tools only a workbench turn (about one experiment) has. */
    public static final String WORKBENCH = "workbench";

    /** The tools a turn may call: a workbench turn has the workbench tools, a chat turn does not. */
    public List<AgentTool> available(Set<String> disabled, boolean workbench) {
        return all().stream().filter(t -> !disabled.contains(t.name()))
                .filter(t -> workbench || !WORKBENCH.equals(t.group())).toList();
    }

    public Optional<AgentTool> find(String name) {
        return tools.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    /** Whether a tool of this name exists. */
    public boolean exists(String name) {
        return find(name).isPresent();
    }

    /** The names, for messages. */
    public Set<String> names() {
        return Set.copyOf(tools.stream().map(AgentTool::name).toList());
    }
}
