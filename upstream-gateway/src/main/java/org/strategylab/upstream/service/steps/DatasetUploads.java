package org.strategylab.upstream.service.steps;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkStepClient;
import org.strategylab.upstream.service.catalog.ParamEncoder;

/**
 * Uploads the ID lists of a search's {@code input-dataset} parameters as datasets of the user, the
 * way the sites' own client does (upstream-wdk.md §3.1 #8, spec §4.6): each list is posted to
 * {@code /users/{uid}/datasets} ({@code sourceType: idList}) and the answered id becomes the
 * parameter's value, so the site has the dataset before the step or report that reads it.
 */
@ApplicationScoped
public class DatasetUploads {

    @Inject
    WdkStepClient steps;

    /**
     * The encoded values with every ID list replaced by the id of its uploaded dataset.
     *
     * @param pointer where the values are in the caller's request ({@code /tree/parameters}); a list
     *                the site refuses is a 422 naming its parameter
     */
    public Uni<Map<String, String>> resolve(UpstreamSession session, ParamEncoder.Encoded encoded, String pointer) {
        if (encoded.idLists().isEmpty()) {
            return Uni.createFrom().item(encoded.values());
        }
        List<String> names = new ArrayList<>(encoded.idLists().keySet());
        List<Uni<Long>> uploads = new ArrayList<>();
        for (String name : names) {
            uploads.add(upload(session, encoded.idLists().get(name), pointer + "/" + name));
        }
        return Uni.join().all(uploads).andFailFast().map(ids -> {
            Map<String, Long> datasets = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                datasets.put(names.get(i), ids.get(i));
            }
            return encoded.withDatasets(datasets);
        });
    }

    /** Uploads one ID list; the dataset's id. */
    Uni<Long> upload(UpstreamSession session, List<String> ids, String pointer) {
        return steps.createDataset(session, ids).map(response -> {
            if (response.status() == 400 || response.status() == 422) {
                throw UpstreamAnswers.rejected("The site refused the ID list", response, pointer);
            }
            return response.createdId();
        });
    }
}
