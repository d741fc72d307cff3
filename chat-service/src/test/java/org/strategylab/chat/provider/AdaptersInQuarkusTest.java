package org.strategylab.chat.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.data.message.UserMessage;
import io.quarkus.arc.All;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The adapters as the agent loop gets them (CDI, inside the running service), and one real call
 * through each of the plain-library vendors there: the service's class path (quarkus-langchain4j's
 * HTTP client next to them) must not make them fail ("multiple HTTP clients", STACK.md §2).
 */
@QuarkusTest
class AdaptersInQuarkusTest {

    @Inject
    @All
    List<ProviderAdapter> adapters;

    @Inject
    ModelCatalog catalog;

    @Test
    void everyVendorHasAnAdapterThatBuildsItsCatalogModels() {
        Set<String> vendors = Set.of("openai", "anthropic", "gemini", "ollama");
        Set<String> providers = adapters.stream().map(ProviderAdapter::provider).collect(Collectors.toSet());
        assertTrue(providers.containsAll(vendors), providers.toString());
        for (ProviderAdapter adapter : adapters.stream().filter(a -> vendors.contains(a.provider())).toList()) {
            for (ModelEntry entry : catalog.models()) {
                if (entry.provider().equals(adapter.provider())) {
                    // building is local: no call leaves the service until a turn chats
                    assertTrue(adapter.open(new ModelChoice(entry, "high", 0.2, 7, 1000, null)) != null, entry.id());
                }
            }
        }
    }

    @Test
    void thePlainLibraryVendorsStreamInsideTheService() throws Exception {
        for (VendorWireFormatTest vendorTest : List.of(new AnthropicAdapterTest(), new GeminiAdapterTest(),
                new OllamaAdapterTest())) {
            try (FakeVendorServer vendor = new FakeVendorServer()) {
                vendor.enqueue(FakeVendorServer.stream(vendorTest.streamContentType(), vendorTest.round2Frames()));
                ProviderAdapter adapter = vendorTest.adapter(new VendorEndpoint(vendorTest.baseUrl(vendor.url()),
                        VendorWireFormatTest.API_KEY, Duration.ofSeconds(20)));
                RecordingHandler handler = new RecordingHandler();
                adapter.open(ModelChoice.of(vendorTest.entry()))
                        .chat(VendorWireFormatTest.request(List.of(UserMessage.from(VendorWireFormatTest.QUESTION))),
                                handler);
                assertEquals(String.join("", VendorWireFormatTest.ROUND_2_TEXT), handler.response().aiMessage().text(),
                        vendorTest.entry().provider());
            }
        }
    }
}
