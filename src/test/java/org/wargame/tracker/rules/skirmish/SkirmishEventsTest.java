package org.wargame.tracker.rules.skirmish;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.DiceRoll;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.RULES;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.ambush;

/**
 * The skirmish event family is closed and complete: every event type has one stored name, names its rule section,
 * and is folded by {@link SkirmishState#evolve}.
 */
class SkirmishEventsTest {

    private static final List<Class<?>> TYPES = Arrays.asList(SkirmishEvent.class.getPermittedSubclasses());

    @Test
    void everyEventTypeHasExactlyOneStoredNameInTheSkirmishNamespace() {
        assertThat(new HashSet<Class<?>>(SkirmishEvent.NAMES.values())).isEqualTo(new HashSet<>(TYPES));
        assertThat(SkirmishEvent.NAMES).hasSameSizeAs(TYPES);
        assertThat(SkirmishEvent.NAMES.keySet()).allMatch(name -> name.startsWith("skirmish."));
        SkirmishEvent.NAMES.forEach((name, type) -> assertThat(name).isEqualTo("skirmish." + type.getSimpleName()));
    }

    @Test
    void everyEventNamesARuleSectionOfTheText() {
        Set<String> headings = Set.copyOf(List.of(FireOrder.RULE, ChanceToHit.RULE, HitLocationTable.RULE, BodyPosition.RULE,
                WeaponUse.RULE, TemplatesByCrew.RULE, AnimalHitLocationTable.RULE, VehicleDamageTable.RULE,
                MachineGunAtTanksTable.RULE, IndirectMachineGunFire.RULE, MedicalTreatment.RULE, TurnSequence.RULE));
        for (Class<?> type : TYPES) {
            SkirmishEvent event = sample(type);
            assertThat(event.section()).as(type.getSimpleName()).isIn(headings);
        }
    }

    @Test
    void everyEventTypeIsFolded() {
        SkirmishState state = RULES.setUp(ambush());
        for (Class<?> type : TYPES) {
            assertThat(state.evolve(sample(type))).as(type.getSimpleName()).isNotNull();
        }
    }

    /** An instance of an event record with plain values in every component. */
    static SkirmishEvent sample(Class<?> type) {
        try {
            RecordComponent[] components = type.getRecordComponents();
            Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
            Object[] values = Arrays.stream(types).map(SkirmishEventsTest::value).toArray();
            Constructor<?> constructor = type.getDeclaredConstructor(types);
            return (SkirmishEvent) constructor.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(type.getSimpleName(), e);
        }
    }

    private static Object value(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == int.class || type == Integer.class) {
            return 1;
        }
        if (type == boolean.class || type == Boolean.class) {
            return false;
        }
        if (type == List.class) {
            return List.of();
        }
        if (type == Map.class) {
            return Map.of();
        }
        if (type == DiceRoll.class) {
            return new DiceRoll("d6", List.of(1), DiceRoll.ENTERED, "sample", null);
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        return null;
    }
}
