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

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The OpenAPI document: titled and versioned, with the Basic security scheme the API takes, and the body of an
 * action made from the rule sets' own action schemas ({@link ActionSchema}): per rule set a {@code oneOf} of its
 * actions with {@code type} as the discriminator, every field with its type, closed list or range.
 */
@Configuration
public class ActionApiDocs {

    /** The API's version: raise it when a response or request changes shape. */
    public static final String API_VERSION = "2.0";
    static final String ACTIONS_PATH = "/api/scenarios/{scenarioId}/actions";

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
            perRuleSet.forEach(body::addOneOfItem);
            body.description("The action, of the scenario's rule set");
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
