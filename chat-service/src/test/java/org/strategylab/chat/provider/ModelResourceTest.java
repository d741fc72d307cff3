package org.strategylab.chat.provider;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/models} as api-contract.md §7 describes it; the test profile has no vendor key. */
@QuarkusTest
class ModelResourceTest {

    @Test
    void listsEveryModelWithoutSignInAndTheDefaults() {
        given().when().get("/api/v1/models")
                .then().statusCode(200)
                .contentType("application/json")
                .body("default", equalTo("mock/planner"))
                .body("defaultReasoningEffort", equalTo("medium"))
                .body("models.id", hasItems("mock/planner", "openai/gpt-5", "anthropic/claude-sonnet-4-5",
                        "gemini/gemini-2.5-flash", "ollama/qwen3:8b"))
                .body("models", everyItem(hasKey("contextSize")))
                .body("models.find { it.id == 'mock/planner' }.enabled", equalTo(true))
                .body("models.find { it.id == 'mock/planner' }.provider", equalTo("mock"))
                .body("models.find { it.id == 'mock/planner' }", not(hasKey("missingKey")))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.enabled", equalTo(false))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.missingKey",
                        equalTo("strategylab.chat.models.anthropic.api-key (env ANTHROPIC_API_KEY)"))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.model", equalTo("claude-sonnet-4-5"))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.supportsReasoning", equalTo(true))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.defaultReasoningBudget", equalTo(8192))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.inputPrice", equalTo(3.0f))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.cachedInputPrice", equalTo(0.3f))
                .body("models.find { it.id == 'anthropic/claude-sonnet-4-5' }.outputPrice", equalTo(15.0f))
                .body("models.find { it.id == 'openai/gpt-4.1' }.defaultReasoningBudget", nullValue());
    }
}
