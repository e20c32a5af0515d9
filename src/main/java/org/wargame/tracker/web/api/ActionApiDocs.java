package org.wargame.tracker.web.api;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.BooleanSchema;
import io.swagger.v3.oas.models.media.ComposedSchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.Discriminator;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.wargame.tracker.rules.ActionField;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DieNeed;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.store.ActionKey;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenAPI document: titled and versioned, with the Basic security scheme the API takes, and the body of an
 * action made from the rule sets' own action schemas ({@link ActionSchema}): per rule set a {@code oneOf} of its
 * actions with {@code type} as the discriminator, every field with its type, closed list or range. The body is
 * {@code anyOf} those per rule set, not {@code oneOf}: the scenario's rule set decides which applies, and two rule
 * sets share action types ({@code fire}, {@code move}). Every operation lists its refusals as RFC 9457 problems
 * ({@code application/problem+json}, schema {@code Problem}); every field of a response schema is required, since
 * the tracker's JSON writes every field (null when it has no value).
 */
@Configuration
public class ActionApiDocs {

    /** The API's version: raise it when a response or request changes shape. */
    public static final String API_VERSION = "2.0";
    static final String ACTIONS_PATH = "/api/scenarios/{scenarioId}/actions";
    static final String PROBLEM = "Problem";
    static final String PROBLEM_JSON = "application/problem+json";
    private static final String SCHEMAS = "#/components/schemas/";

    @Bean
    public OpenAPI trackerOpenApi() {
        return new OpenAPI()
                .info(new Info().title("Campaign tracker API").version(API_VERSION)
                        .description("Event-sourced campaigns of three rule sets: every action at the table is an "
                                + "event. Refusals are RFC 9457 problems naming the field or the rule."))
                .components(new Components().addSecuritySchemes("basic",
                        new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic")))
                .addSecurityItem(new SecurityRequirement().addList("basic"));
    }

    @Bean
    public OpenApiCustomizer actionSchemasCustomizer() {
        return ActionApiDocs::addActionSchemas;
    }

    @Bean
    public OpenApiCustomizer problemResponsesCustomizer() {
        return api -> {
            addStreamedBodies(api);
            addActionKeys(api);
            addProblemResponses(api);
            requireResponseFields(api);
        };
    }

    /**
     * Handlers that write the response (or read the request) themselves show springdoc no type: the pages of
     * events are JSON, the export and the import JSON Lines (one versioned record a line, docs/history.md).
     */
    static void addStreamedBodies(OpenAPI api) {
        if (api.getPaths() == null) {
            return;
        }
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            String type = path.endsWith("/export") || path.endsWith("/history/import")
                    ? "application/x-ndjson" : "application/json";
            Schema<?> lines = new StringSchema().description("JSON Lines: a header, then one event a line");
            if (method == PathItem.HttpMethod.POST && path.endsWith("/history/import")
                    && operation.getRequestBody() == null) {
                operation.setRequestBody(new RequestBody().required(true)
                        .content(new Content().addMediaType(type, new MediaType().schema(lines))));
            }
            if (operation.getResponses() == null) {
                return;
            }
            operation.getResponses().forEach((status, response) -> {
                if (status.startsWith("2") && !"204".equals(status)
                        && (response.getContent() == null || response.getContent().isEmpty())) {
                    Schema<?> schema = "application/x-ndjson".equals(type) ? lines : new ObjectSchema();
                    response.setContent(new Content().addMediaType(type, new MediaType().schema(schema)));
                }
            });
        }));
    }

    /** The optional {@code Idempotency-Key} of the actions at the table (docs/history.md). */
    static void addActionKeys(OpenAPI api) {
        if (api.getPaths() == null) {
            return;
        }
        api.getPaths().forEach((path, item) -> {
            if (item.getPost() != null && org.wargame.tracker.web.http.ActionKeyHeader.takesKey(path)) {
                item.getPost().addParametersItem(new io.swagger.v3.oas.models.parameters.HeaderParameter()
                        .name(ActionKey.HEADER).required(false).description("A key the client chooses for this "
                                + "action (a new UUID): sent again with the same key, the action is stored once and "
                                + "the answer is the first's, with Idempotent-Replayed: true")
                        .schema(new StringSchema().minLength(1).maxLength(ActionKey.MAX_LENGTH)));
            }
        });
    }

    /** The refusals every operation may answer, each an RFC 9457 problem (web/ProblemResponses makes them). */
    static void addProblemResponses(OpenAPI api) {
        Components components = api.getComponents() == null ? new Components() : api.getComponents();
        api.setComponents(components);
        components.addSchemas(PROBLEM, new ObjectSchema()
                .description("An RFC 9457 problem: a refusal in plain words, naming the field or the rule")
                .addProperty("type", new StringSchema().format("uri"))
                .addProperty("title", new StringSchema())
                .addProperty("status", new IntegerSchema())
                .addProperty("detail", new StringSchema())
                .addProperty("instance", new StringSchema().format("uri"))
                .addProperty("field", new StringSchema().description("the refused field, as a path (sides[1].id)"))
                .addProperty("section", new StringSchema()
                        .description("the rule section that refused, as the rule set's text numbers it"))
                .addProperty("currentVersion", new IntegerSchema().format("int64")
                        .description("a stale version's refusal: the scenario's eventCount now"))
                .addProperty("limit", new StringSchema().description("a body too large: the limit"))
                .addProperty("incident", new StringSchema().description("a failure: the id to find in the log"))
                .required(List.of("title", "status", "detail")));
        if (api.getPaths() == null) {
            return;
        }
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            ApiResponses responses = operation.getResponses() == null ? new ApiResponses() : operation.getResponses();
            operation.setResponses(responses);
            Map<String, String> refusals = new LinkedHashMap<>();
            refusals.put("400", "Refused: a field or a rule (the problem names which)");
            refusals.put("401", "No or wrong credentials");
            refusals.put("403", "Not yours to do (another side, not the referee, or a cross-site request)");
            refusals.put("404", "No such campaign, scenario, counter or account");
            boolean changes = method != PathItem.HttpMethod.GET && method != PathItem.HttpMethod.HEAD;
            if (changes) {
                refusals.put("409", "Conflict: the scenario moved on, or the state does not allow it");
            }
            if (operation.getRequestBody() != null) {
                refusals.put("413", "The body is larger than its limit");
                refusals.put("415", "A content type this path does not take");
            }
            refusals.put("429", "Too many failed logins: try again after Retry-After");
            refusals.put("500", "The tracker failed: the problem names an incident id to find in its log");
            refusals.forEach((status, description) -> {
                if (!responses.containsKey(status)) {
                    responses.addApiResponse(status, new ApiResponse().description(description)
                            .content(new Content().addMediaType(PROBLEM_JSON,
                                    new MediaType().schema(new Schema<>().$ref(SCHEMAS + PROBLEM)))));
                }
            });
        }));
    }

    /**
     * Every property of a schema only answered (never sent) is required: Jackson writes every field of a response
     * record, null when it has none. Schemas also used in a request keep their own required list.
     */
    static void requireResponseFields(OpenAPI api) {
        if (api.getPaths() == null || api.getComponents() == null || api.getComponents().getSchemas() == null) {
            return;
        }
        Map<String, Schema> all = api.getComponents().getSchemas();
        List<Schema> answered = new ArrayList<>();
        List<Schema> sent = new ArrayList<>();
        api.getPaths().values().forEach(item -> item.readOperations().forEach(operation -> {
            if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null) {
                operation.getRequestBody().getContent().values().forEach(m -> sent.add(m.getSchema()));
            }
            if (operation.getResponses() != null) {
                operation.getResponses().forEach((status, response) -> {
                    if (status.startsWith("2") && response.getContent() != null) {
                        response.getContent().values().forEach(m -> answered.add(m.getSchema()));
                    }
                });
            }
        }));
        Set<String> requests = reachable(sent, all);
        for (String name : reachable(answered, all)) {
            Schema<?> schema = all.get(name);
            if (!requests.contains(name) && !PROBLEM.equals(name) && schema.getProperties() != null) {
                schema.setRequired(new ArrayList<>(schema.getProperties().keySet()));
            }
        }
    }

    private static Set<String> reachable(List<Schema> roots, Map<String, Schema> all) {
        Set<String> names = new HashSet<>();
        Deque<Schema> todo = new ArrayDeque<>();
        roots.forEach(todo::add);
        while (!todo.isEmpty()) {
            Schema<?> schema = todo.pop();
            if (schema == null) {
                continue;
            }
            if (schema.get$ref() != null) {
                String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
                if (all.containsKey(name) && names.add(name)) {
                    todo.add(all.get(name));
                }
                continue;
            }
            if (schema.getProperties() != null) {
                schema.getProperties().values().forEach(todo::add);
            }
            if (schema.getItems() != null) {
                todo.add(schema.getItems());
            }
            if (schema.getAdditionalProperties() instanceof Schema<?> values) {
                todo.add(values);
            }
            for (List<Schema> parts : new List[] {schema.getOneOf(), schema.getAnyOf(), schema.getAllOf()}) {
                if (parts != null) {
                    parts.forEach(todo::add);
                }
            }
        }
        return names;
    }

    static void addActionSchemas(OpenAPI api) {
        Components components = api.getComponents() == null ? new Components() : api.getComponents();
        api.setComponents(components);
        components.addSchemas("EnteredRoll", new ObjectSchema()
                .description("A roll made at the table, in the order the rule asks for it")
                .addProperty("kind", new StringSchema()._enum(List.of("dr", "DR", "d6", "2d6", "d20")))
                .addProperty("values", new ArraySchema().items(new IntegerSchema().minimum(BigDecimal.ONE)
                        .maximum(BigDecimal.valueOf(DiceKind.D20.sides()))))
                .required(List.of("values")).additionalProperties(false));
        List<Schema> perRuleSet = new ArrayList<>();
        for (RuleSet<?, ?, ?> ruleSet : RuleSets.all()) {
            ComposedSchema oneOf = new ComposedSchema();
            Discriminator discriminator = new Discriminator().propertyName("type");
            for (ActionSchema action : ruleSet.actionSchemas()) {
                String name = ruleSet.id() + "." + action.type();
                components.addSchemas(name, schemaOf(action));
                oneOf.addOneOfItem(new Schema<>().$ref("#/components/schemas/" + name));
                discriminator.mapping(action.type(), "#/components/schemas/" + name);
            }
            oneOf.discriminator(discriminator).description("An action of " + ruleSet.title());
            components.addSchemas(ruleSet.id() + ".Action", oneOf);
            perRuleSet.add(new Schema<>().$ref("#/components/schemas/" + ruleSet.id() + ".Action"));
        }
        PathItem path = api.getPaths() == null ? null : api.getPaths().get(ACTIONS_PATH);
        Operation post = path == null ? null : path.getPost();
        if (post != null) {
            ComposedSchema body = new ComposedSchema();
            perRuleSet.forEach(body::addAnyOfItem);
            body.description("The action, of the scenario's rule set (its own choice, keyed by type)");
            post.setRequestBody(new RequestBody().required(true).content(new Content()
                    .addMediaType("application/json", new MediaType().schema(body))));
        }
    }

    private static Schema<?> schemaOf(ActionSchema action) {
        ObjectSchema schema = new ObjectSchema();
        schema.title(action.title()).description(action.title() + " (" + action.section() + ")"
                + (action.dice().isEmpty() ? "" : ". Dice, in order: " + String.join("; ", action.dice().stream()
                .map(ActionApiDocs::describe).toList()) + " (left out: the server rolls)"));
        schema.addProperty("type", new StringSchema()._enum(List.of(action.type())));
        List<String> required = new ArrayList<>(List.of("type"));
        fields(schema, action.fields(), required);
        schema.addProperty("dice", new ArraySchema().items(new Schema<>().$ref("#/components/schemas/EnteredRoll")));
        schema.addProperty("expectedVersion", new IntegerSchema().format("int64")
                .description("the scenario's eventCount the client saw; refused with 409 if it moved on"));
        schema.required(required).additionalProperties(false);
        return schema;
    }

    private static void fields(ObjectSchema schema, List<ActionField> fields, List<String> required) {
        for (ActionField f : fields) {
            schema.addProperty(f.name(), fieldSchema(f.kind()).description(f.label()));
            if (f.required()) {
                required.add(f.name());
            }
        }
    }

    private static Schema<?> fieldSchema(ActionField.Kind kind) {
        if (kind instanceof ActionField.CounterRef ref) {
            return new StringSchema().pattern("[A-Za-z0-9._-]{1,64}").description("a counter's id"
                    + (ref.kinds().isEmpty() ? "" : " (" + String.join(", ", ref.kinds().stream().sorted().toList())
                    + ")"));
        }
        if (kind instanceof ActionField.Choice choice) {
            return new StringSchema()._enum(choice.values());
        }
        if (kind instanceof ActionField.WholeNumber n) {
            return new IntegerSchema().minimum(BigDecimal.valueOf(n.min())).maximum(BigDecimal.valueOf(n.max()));
        }
        if (kind instanceof ActionField.YesNo) {
            return new BooleanSchema();
        }
        if (kind instanceof ActionField.Text text) {
            return new StringSchema().maxLength(text.maxLength());
        }
        if (kind instanceof ActionField.Counters list) {
            return new ArraySchema().items(fieldSchema(list.of())).minItems(list.min());
        }
        ActionField.Group group = (ActionField.Group) kind;
        ObjectSchema item = new ObjectSchema();
        List<String> required = new ArrayList<>();
        fields(item, group.fields(), required);
        item.required(required.isEmpty() ? null : required).additionalProperties(false);
        return new ArraySchema().items(item);
    }

    static String describe(DieNeed die) {
        return die.kind() + ": " + die.purpose() + (die.when() == null ? "" : " (" + die.when() + ")");
    }
}
