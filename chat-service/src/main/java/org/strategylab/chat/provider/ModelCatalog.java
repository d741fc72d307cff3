package org.strategylab.chat.provider;

import java.util.List;
import java.util.Optional;

/** The models turns may run on: every configured vendor's models, and {@code mock}, which always works. */
public interface ModelCatalog {

    /** Every model, enabled or not, in display order. */
    List<ModelEntry> models();

    /** The model with this catalog id. */
    Optional<ModelEntry> find(String id);

    /** The model a request that names none runs on. */
    ModelEntry defaultModel();

    /** The model a request that names only a provider runs on. */
    Optional<ModelEntry> defaultOf(String provider);

    /** The reasoning effort a request that names none runs with. */
    String defaultReasoningEffort();
}
