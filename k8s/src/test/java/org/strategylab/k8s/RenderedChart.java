package org.strategylab.k8s;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The chart rendered by Helm's own engine ({@code helm template}) and read back as typed Kubernetes objects. */
final class RenderedChart {

    static final Path CHART = Path.of("strategylab");
    static final String RELEASE = "lab";
    private static final Pattern DOCUMENT_SEPARATOR = Pattern.compile("(?m)^---\\s*$");
    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    final List<HasMetadata> objects;

    private RenderedChart(List<HasMetadata> objects) {
        this.objects = objects;
    }

    /** Renders with the chart's defaults overridden by {@code --set key=value} pairs and optional values files. */
    static RenderedChart render(Map<String, Object> sets, Path... valuesFiles) {
        TemplateCommand template = new Helm(CHART).template().withName(RELEASE).withNamespace("strategylab");
        sets.forEach(template::set);
        for (Path file : valuesFiles) {
            template.withValuesFile(file);
        }
        return parse(template.call());
    }

    static RenderedChart parse(String manifests) {
        List<HasMetadata> objects = new ArrayList<>();
        for (String document : DOCUMENT_SEPARATOR.split(manifests)) {
            if (document.lines().allMatch(line -> line.isBlank() || line.stripLeading().startsWith("#"))) {
                continue;
            }
            // known kinds become typed model objects, custom resources (Strimzi, CNPG) GenericKubernetesResource
            objects.add(SERIALIZATION.unmarshal(document, HasMetadata.class));
        }
        return new RenderedChart(objects);
    }

    <T extends HasMetadata> List<T> all(Class<T> type) {
        return objects.stream().filter(type::isInstance).map(type::cast).toList();
    }

    <T extends HasMetadata> T named(Class<T> type, String name) {
        return all(type).stream().filter(o -> o.getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " " + name + " in " + names()));
    }

    List<GenericKubernetesResource> custom(String apiVersion, String kind) {
        return all(GenericKubernetesResource.class).stream()
                .filter(r -> apiVersion.equals(r.getApiVersion()) && kind.equals(r.getKind())).toList();
    }

    /** Every pod template: Deployments are the chart's only workloads. */
    List<PodSpec> podSpecs() {
        return all(Deployment.class).stream().map(d -> d.getSpec().getTemplate().getSpec()).toList();
    }

    Stream<Container> containers() {
        return podSpecs().stream().flatMap(spec -> Stream.concat(spec.getContainers().stream(),
                spec.getInitContainers() == null ? Stream.empty() : spec.getInitContainers().stream()));
    }

    List<String> names() {
        return objects.stream().map(o -> o.getKind() + "/" + o.getMetadata().getName()).toList();
    }
}
