package org.wargame.tracker.rules;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The contract every rule set found through the {@link java.util.ServiceLoader} keeps, checked the same way for each:
 * every event type has a stable name of its own and a rule section and folds in its own method (no fall-through: the
 * event family declares {@code applyTo(state)} and each event implements it), every action is decided and has an
 * acting side in its own method, and each action's {@link ActionSchema} is its record (field names, and kinds where a
 * Java type tells them).
 */
class RuleSetContractTest {

    @Test
    void everyRegisteredRuleSetIsChecked() {
        assertThat(RuleSets.all()).extracting(RuleSet::id).contains("asl", "hex", "skirmish");
    }

    @TestFactory
    Stream<DynamicTest> everyEventTypeHasOneStableNameAndFoldsInItsOwnMethod() {
        return RuleSets.all().stream().map(rules -> DynamicTest.dynamicTest(rules.id(), () -> {
            Class<?> family = eventFamily(rules);
            Set<Class<?>> permitted = Set.of(family.getPermittedSubclasses());
            Map<String, ? extends Class<?>> names = rules.eventNames();
            assertThat(new HashSet<>(names.values())).as("every event type of %s named, once", rules.id())
                    .isEqualTo(permitted).hasSize(names.size());
            names.keySet().forEach(name -> assertThat(name).as("stored name").startsWith(rules.id() + ".")
                    .matches("[a-z]+\\.[A-Z][A-Za-z]+"));
            Method fold = family.getMethod("applyTo", rules.stateType());
            assertThat(Modifier.isAbstract(fold.getModifiers())).as("%s.applyTo has no default", family).isTrue();
            assertThat(fold.getReturnType()).isEqualTo(rules.stateType());
            for (Class<?> event : permitted) {
                assertThat(event.getDeclaredMethod("applyTo", rules.stateType()).getDeclaringClass())
                        .as("%s folds in its own method", event.getSimpleName()).isEqualTo(event);
            }
        }));
    }

    @TestFactory
    Stream<DynamicTest> everyEventCarriesARuleSection() {
        return RuleSets.all().stream().flatMap(rules -> rules.eventNames().entrySet().stream()
                .map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
                    boolean carried = Arrays.stream(e.getValue().getRecordComponents())
                            .anyMatch(c -> c.getName().equals("section") && c.getType() == String.class);
                    if (!carried) { // an event that does not store its section says it from what it holds
                        RuleEvent event = (RuleEvent) arbitrary(e.getValue());
                        assertThat(event.section()).as("section of %s", e.getKey()).isNotBlank();
                    }
                })));
    }

    @TestFactory
    Stream<DynamicTest> everyActionIsDecidedAndHasAnActingSideInItsOwnMethod() {
        return RuleSets.all().stream().map(rules -> DynamicTest.dynamicTest(rules.id(), () -> {
            Class<?> family = rules.actionType();
            Map<String, Class<?>> byName = actionTypes(rules);
            assertThat(new HashSet<>(byName.values())).as("every action of %s has a type name", rules.id())
                    .isEqualTo(Set.of(family.getPermittedSubclasses()));
            for (Class<?> action : byName.values()) {
                assertThat(action.getDeclaredMethod("actingSide", rules.stateType()).getReturnType())
                        .isEqualTo(String.class);
                assertThat(action.getDeclaredMethod("decide", rules.stateType(), GameClock.class, Dice.class)
                        .getReturnType()).isEqualTo(List.class);
            }
            assertThat(Modifier.isAbstract(family.getMethod("actingSide", rules.stateType()).getModifiers()))
                    .isTrue();
            assertThat(Modifier.isAbstract(family.getMethod("decide", rules.stateType(), GameClock.class,
                    Dice.class).getModifiers())).isTrue();
        }));
    }

    @TestFactory
    Stream<DynamicTest> eachActionsSchemaIsItsRecord() {
        return RuleSets.all().stream().flatMap(rules -> {
            Map<String, Class<?>> byName = actionTypes(rules);
            assertThat(rules.actionSchemas()).extracting(ActionSchema::type)
                    .containsExactlyInAnyOrderElementsOf(byName.keySet());
            return rules.actionSchemas().stream().map(schema -> DynamicTest.dynamicTest(rules.id() + " "
                    + schema.type(), () -> {
                assertThat(schema.section()).as("section of %s", schema.type()).isNotBlank();
                // the fields the tracker fills itself (a sealed value's seal, a revealed content) are not the players'
                List<String> filled = new java.util.ArrayList<>();
                if (rules.sealedField(schema.type()) != null) {
                    filled.add("seal");
                }
                if (rules.revealField(schema.type()) != null) {
                    filled.add(rules.revealField(schema.type()));
                }
                assertSameFields(schema.type(), schema.fields(), byName.get(schema.type()), filled);
            }));
        });
    }

    /** The check can fail: a schema that names a field its record does not have, or gives it another kind. */
    @Test
    void aSchemaThatIsNotItsRecordFails() {
        record Sample(String counter, Integer range) {
        }
        assertSameFields("sample", List.of(ActionField.text("counter", "Counter", true),
                ActionField.number("range", "Range", false, 0, 9)), Sample.class);
        assertThatThrownBy(() -> assertSameFields("sample", List.of(ActionField.text("counter", "Counter", true),
                ActionField.number("rangeHexes", "Range", false, 0, 9)), Sample.class))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> assertSameFields("sample", List.of(ActionField.text("counter", "Counter", true),
                ActionField.yesNo("range", "Range")), Sample.class)).isInstanceOf(AssertionError.class);
    }

    static void assertSameFields(String what, List<ActionField> fields, Class<?> record) {
        assertSameFields(what, fields, record, List.of());
    }

    static void assertSameFields(String what, List<ActionField> fields, Class<?> record, List<String> filled) {
        assertThat(record.isRecord()).as("%s is a record", record).isTrue();
        List<String> components = Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName)
                .filter(name -> !filled.contains(name)).toList();
        assertThat(fields).extracting(ActionField::name).as("fields of %s", what)
                .containsExactlyInAnyOrderElementsOf(components);
        for (RecordComponent component : record.getRecordComponents()) {
            if (filled.contains(component.getName())) {
                continue;
            }
            ActionField field = fields.stream().filter(f -> f.name().equals(component.getName())).findFirst()
                    .orElseThrow();
            assertKind(what + "." + field.name(), field.kind(), component.getType(), component.getGenericType());
        }
    }

    private static void assertKind(String what, ActionField.Kind kind, Class<?> type, Type generic) {
        if (kind instanceof ActionField.CounterRef || kind instanceof ActionField.Choice
                || kind instanceof ActionField.Text) {
            assertThat(type).as(what).isEqualTo(String.class);
        } else if (kind instanceof ActionField.WholeNumber) {
            assertThat(type).as(what).isIn(Integer.class, int.class);
        } else if (kind instanceof ActionField.YesNo) {
            assertThat(type).as(what).isIn(Boolean.class, boolean.class);
        } else if (kind instanceof ActionField.Counters) {
            assertThat(type).as(what).isEqualTo(List.class);
            assertThat(element(generic)).as(what).isEqualTo(String.class);
        } else if (kind instanceof ActionField.Group group) {
            assertThat(type).as(what).isEqualTo(List.class);
            assertSameFields(what, group.fields(), (Class<?>) element(generic));
        }
    }

    private static Type element(Type generic) {
        return generic instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Object.class;
    }

    /** The sealed family of a rule set's events: the sealed interface its named events share. */
    private static Class<?> eventFamily(RuleSet<?, ?, ?> rules) {
        Class<?> any = rules.eventNames().values().iterator().next();
        return Arrays.stream(any.getInterfaces()).filter(i -> i.isSealed() && RuleEvent.class.isAssignableFrom(i))
                .findFirst().orElseThrow(() -> new AssertionError(rules.id() + ": no sealed event family"));
    }

    private static Map<String, Class<?>> actionTypes(RuleSet<?, ?, ?> rules) {
        JsonSubTypes types = rules.actionType().getAnnotation(JsonSubTypes.class);
        assertThat(types).as("%s names its actions", rules.actionType()).isNotNull();
        Map<String, Class<?>> byName = new LinkedHashMap<>();
        for (JsonSubTypes.Type t : types.value()) {
            byName.put(t.name(), t.value());
        }
        return byName;
    }

    /** A record with plain values ("" for text, 0, false, empty lists): to ask what it says of itself. */
    static Object arbitrary(Class<?> type) throws ReflectiveOperationException {
        if (type == String.class) {
            return "";
        }
        if (type == int.class || type == Integer.class) {
            return 0;
        }
        if (type == long.class || type == Long.class) {
            return 0L;
        }
        if (type == boolean.class || type == Boolean.class) {
            return false;
        }
        if (type == double.class || type == Double.class) {
            return 0.0;
        }
        if (List.class.isAssignableFrom(type)) {
            return List.of();
        }
        if (Map.class.isAssignableFrom(type)) {
            return Map.of();
        }
        if (Set.class.isAssignableFrom(type)) {
            return Set.of();
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        if (type.isSealed()) {
            return arbitrary(type.getPermittedSubclasses()[0]);
        }
        if (type.isRecord()) {
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
            List<Object> values = new ArrayList<>();
            for (Class<?> t : types) {
                values.add(arbitrary(t));
            }
            var constructor = type.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(values.toArray());
        }
        return null;
    }
}
