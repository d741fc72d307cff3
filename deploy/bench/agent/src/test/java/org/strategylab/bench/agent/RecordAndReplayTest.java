package org.strategylab.bench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder and the replay without a vendor: the replay server, loaded with the hand-made
 * transcript, stands in for OpenAI; the recorder sits in front of it as it would in front of the
 * real API; what it recorded is written, read back and replayed again.
 */
class RecordAndReplayTest {

    static final String TRANSCRIPT = "/transcripts/openai-kinases-with-signal-peptide.json";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    static VendorTranscript handMade() throws Exception {
        try (InputStream in = RecordAndReplayTest.class.getResourceAsStream(TRANSCRIPT)) {
            return VendorTranscript.read(in);
        }
    }

    @Test
    void theHandMadeTranscriptRendersOpenAiServerSentEvents() throws Exception {
        VendorTranscript transcript = handMade();
        assertEquals("openai", transcript.provider());
        assertEquals(4, transcript.exchanges().size());
        String first = transcript.exchanges().get(0).responseBody();
        assertTrue(first.startsWith("data: {\"id\":\"chatcmpl-AB1\",\"object\":\"chat.completion.chunk\""), first);
        assertTrue(first.endsWith("data: [DONE]\n\n"), first);
        for (String frame : first.split("\n\n")) {
            assertTrue(frame.startsWith("data: "), frame);
            String data = frame.substring(6);
            if (!data.equals("[DONE]")) {
                JSON.readTree(data);
            }
        }
    }

    @Test
    void aRecordedExchangeIsWrittenReadAndReplayed(@TempDir Path dir) throws Exception {
        VendorTranscript original = handMade();
        try (VendorReplay vendor = VendorReplay.start(); VendorRecorder recorder = VendorRecorder.start(vendor.baseUrl() + "/v1")) {
            vendor.load(original);
            String body = "{\"model\":\"gpt-5-mini\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"kinases\"}]}";
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(recorder.baseUrl("x") + "/chat/completions?secret=1"))
                    .header("Authorization", "Bearer sk-not-to-be-kept").header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, answer.statusCode());
            assertEquals(original.exchanges().get(0).responseBody(), answer.body());
            // the vendor saw the request under its base path, with the caller's key
            assertEquals("/v1/chat/completions", vendor.received().get(0).path());

            List<VendorTranscript.Exchange> recorded = recorder.drain();
            assertEquals(1, recorded.size());
            assertEquals("/chat/completions", recorded.get(0).path());
            assertEquals(JSON.readTree(body), recorded.get(0).requestBody());
            assertEquals(original.exchanges().get(0).responseBody(), recorded.get(0).responseBody());
            assertTrue(recorder.drain().isEmpty());

            Path file = dir.resolve("turn.json");
            new VendorTranscript("openai", "openai/gpt-5-mini", "plasmodb", "kinases", null, recorded).write(file);
            String written = Files.readString(file);
            assertFalse(written.contains("sk-not-to-be-kept"), "no key in a transcript");
            assertFalse(written.contains("secret"), "no query in a transcript");
            VendorTranscript back = VendorTranscript.read(file);
            assertEquals(recorded, back.exchanges());
        }
    }

    @Test
    void replayAnswersTheRecordedRequestThatMatchesBest() throws Exception {
        JsonNode first = JSON.readTree("{\"messages\":[{\"role\":\"system\",\"content\":\"task A\"}]}");
        JsonNode second = JSON.readTree("{\"messages\":[{\"role\":\"system\",\"content\":\"task B\"}]}");
        VendorTranscript transcript = new VendorTranscript("openai", "openai/gpt-5-mini", "plasmodb", "two tasks", null, List.of(
                new VendorTranscript.Exchange("POST", "/chat/completions", first, 200, "application/json", "{\"answer\":\"A\"}"),
                new VendorTranscript.Exchange("POST", "/chat/completions", second, 200, "application/json", "{\"answer\":\"B\"}")));
        try (VendorReplay vendor = VendorReplay.start()) {
            vendor.load(transcript);
            // the sub-agents call in the other order than recorded: each still gets its own answer
            assertEquals("{\"answer\":\"B\"}", post(vendor, second).body());
            assertEquals("{\"answer\":\"A\"}", post(vendor, first).body());
            assertEquals(0, vendor.remaining());
            HttpResponse<String> none = post(vendor, first);
            assertEquals(500, none.statusCode());
            assertTrue(none.body().contains("no response left"), none.body());
            assertNull(vendor.received().get(0).body().get("model"));
        }
    }

    private HttpResponse<String> post(VendorReplay vendor, JsonNode body) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(vendor.baseUrl() + "/chat/completions"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
