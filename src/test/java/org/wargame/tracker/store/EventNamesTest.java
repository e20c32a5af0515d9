package org.wargame.tracker.store;

import org.axonframework.serialization.SerializedObject;
import org.axonframework.serialization.SimpleSerializedType;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.campaign.CampaignEvent;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.ScenarioEvent;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every stored event type has one short, stable name of its own (docs/history.md): every permitted type of every
 * sealed event family (the core's and each rule set's) is named, no two types share a name, the serializer writes
 * the name and never the Java class name, and every class name the first version stored still reads.
 */
class EventNamesTest {

    private static final EventFamily SCENARIO = () -> ScenarioEvent.NAMES;
    private static final EventFamily CAMPAIGN = () -> CampaignEvent.NAMES;

    private static List<Class<?>> families() {
        List<Class<?>> families = new ArrayList<>(List.of(ScenarioEvent.class, CampaignEvent.class));
        RuleSets.all().forEach(ruleSet -> {
            Class<?> any = ruleSet.eventNames().values().iterator().next();
            for (Class<?> i : any.getInterfaces()) {
                if (i.isSealed() && RuleEvent.class.isAssignableFrom(i)) {
                    families.add(i);
                }
            }
        });
        return families;
    }

    /** The records a sealed family permits, through nested sealed interfaces. */
    private static Set<Class<?>> permitted(Class<?> family) {
        Set<Class<?>> types = new LinkedHashSet<>();
        for (Class<?> c : family.getPermittedSubclasses()) {
            if (c.isSealed() && c.isInterface()) {
                types.addAll(permitted(c));
            } else {
                types.add(c);
            }
        }
        return types;
    }

    @Test
    void every_permitted_event_type_has_exactly_one_name_and_no_two_share_one() {
        EventNames names = new EventNames(List.of(SCENARIO, CAMPAIGN));
        Map<String, Class<?>> seen = new HashMap<>();
        List<Class<?>> families = families();
        assertThat(families).hasSize(2 + RuleSets.all().size());
        for (Class<?> family : families) {
            for (Class<?> type : permitted(family)) {
                String name = names.nameOf(type);
                assertThat(name).as("stored name of " + type.getName()).isNotNull().matches("[a-z]+\\.[A-Z]\\w+");
                assertThat(seen.put(name, type)).as("name " + name + " given twice").isNull();
                assertThat(names.typeOf(name)).isEqualTo(type);
            }
        }
        assertThat(seen).hasSameSizeAs(names.all());
    }

    @Test
    void a_name_given_to_two_types_is_refused_at_start_up() {
        EventFamily clash = () -> Map.of("scenario.ClockAdvanced", ScenarioEvent.ActionTaken.class);
        assertThatThrownBy(() -> new EventNames(List.of(SCENARIO, clash))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("scenario.ClockAdvanced");
    }

    @Test
    void the_serializer_writes_the_name_and_reads_names_and_first_version_class_names() throws IOException {
        EventNames names = new EventNames(List.of(SCENARIO, CAMPAIGN));
        var serializer = EventStoreConfiguration.jackson(names);
        GameClock clock = new GameClock(1, 1, "RPh", null, "axis");
        var event = new ScenarioEvent.ClockAdvanced("a1", clock, clock, List.of());
        SerializedObject<byte[]> stored = serializer.serialize(event, byte[].class);
        assertThat(stored.getType().getName()).isEqualTo("scenario.ClockAdvanced");
        assertThat(new String(stored.getData())).doesNotContain("org.wargame");
        assertThat((Object) serializer.deserialize(stored)).isEqualTo(event);

        Properties legacy = new Properties();
        try (InputStream in = EventNames.class.getResourceAsStream("legacy-event-types.properties")) {
            legacy.load(in);
        }
        assertThat(legacy).hasSizeGreaterThan(60);
        for (String className : legacy.stringPropertyNames()) {
            assertThat(serializer.classForType(new SimpleSerializedType(className, null)))
                    .as(className).isEqualTo(names.typeOf(legacy.getProperty(className)));
        }
    }
}
