package org.wargame.tracker.web;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.openapitools.codegen.ClientOptInput;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;
import org.springframework.util.FileSystemUtils;
import org.wargame.tracker.ApiTestSupport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The OpenAPI document as a client's author reads it: fetched from the running tracker, it generates a Java client
 * (openapi-generator, with its validation of the document on) into {@code target/openapi-client}; every operation
 * names its refusals as problems, no response is typed {@code *}{@code /*}, and each rule set's actions are a
 * choice keyed by {@code type}.
 */
class OpenApiClientTest extends ApiTestSupport {

    private static final Path OUT = Path.of("target", "openapi-client");

    @Test
    void the_served_document_generates_a_java_client() throws IOException {
        Response docs = get(null, "/v3/api-docs");
        assertThat(docs.status()).isEqualTo(200);
        FileSystemUtils.deleteRecursively(OUT);
        Files.createDirectories(OUT);
        Path spec = OUT.resolve("api-docs.json");
        Files.writeString(spec, docs.raw());

        CodegenConfigurator config = new CodegenConfigurator().setGeneratorName("java").setLibrary("native")
                .setInputSpec(spec.toString()).setOutputDir(OUT.resolve("client").toString())
                .setValidateSpec(true).setApiPackage("org.example.tracker.api")
                .setModelPackage("org.example.tracker.model").setInvokerPackage("org.example.tracker");
        for (String off : List.of("apiTests", "modelTests", "apiDocs", "modelDocs")) {
            config.addGlobalProperty(off, "false");
        }
        ClientOptInput input = config.toClientOptInput(); // throws on a validation error of the document
        List<File> files = new DefaultGenerator().opts(input).generate();

        assertThat(files).extracting(File::getName)
                .contains("ScenarioControllerApi.java", "Problem.java", "AslAction.java", "HexAction.java",
                        "SkirmishAction.java");
    }

    @Test
    void every_operation_answers_its_refusals_as_problems_with_real_media_types() {
        JsonNode docs = get(null, "/v3/api-docs").body();
        assertThat(docs.toString()).doesNotContain("\"*/*\"");
        assertThat(docs.at("/components/schemas/Problem/properties").has("detail")).isTrue();
        List<String> operations = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : entries(docs.at("/paths"))) {
            for (Map.Entry<String, JsonNode> operation : entries(path.getValue())) {
                operations.add(operation.getKey() + " " + path.getKey());
                JsonNode responses = operation.getValue().at("/responses");
                for (Map.Entry<String, JsonNode> answer : entries(responses)) {
                    if (!"204".equals(answer.getKey())) {
                        assertThat(answer.getValue().at("/content").size()).as("%s %s %s: its media type",
                                operation.getKey(), path.getKey(), answer.getKey()).isPositive();
                    }
                }
                for (String status : List.of("400", "401", "500")) {
                    assertThat(responses.at("/" + status + "/content/application~1problem+json/schema/$ref")
                            .asText()).as("%s %s %s", operation.getKey(), path.getKey(), status)
                            .isEqualTo("#/components/schemas/Problem");
                }
            }
        }
        assertThat(operations).contains("post /api/scenarios/{scenarioId}/actions");
        assertThat(docs.at("/paths/~1api~1campaigns~1{campaignId}~1export/get/responses/200/content")
                .has("application/x-ndjson")).isTrue();
        assertThat(docs.at("/paths/~1api~1scenarios~1{scenarioId}~1actions/post/responses/409/content")
                .has("application/problem+json")).isTrue();
    }

    @Test
    void each_rule_set_is_a_choice_keyed_by_type_and_responses_name_their_required_fields() {
        JsonNode docs = get(null, "/v3/api-docs").body();
        for (String ruleSet : List.of("asl", "hex", "skirmish")) {
            JsonNode choice = docs.at("/components/schemas/" + ruleSet + ".Action");
            assertThat(choice.at("/discriminator/propertyName").asText()).isEqualTo("type");
            assertThat(choice.at("/discriminator/mapping").size()).isEqualTo(choice.at("/oneOf").size())
                    .isPositive();
            assertThat(choice.at("/discriminator/mapping/fire").asText())
                    .isIn("", "#/components/schemas/" + ruleSet + ".fire");
        }
        int required = 0;
        for (Map.Entry<String, JsonNode> schema : entries(docs.at("/components/schemas"))) {
            required += schema.getValue().at("/required").size();
        }
        assertThat(required).isGreaterThan(50);
    }

    private static List<Map.Entry<String, JsonNode>> entries(JsonNode node) {
        List<Map.Entry<String, JsonNode>> list = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            list.add(it.next());
        }
        return list;
    }
}
