package org.wargame.tracker.rules.hex;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.hex.HexAction.Eliminate;
import org.wargame.tracker.rules.hex.HexAction.Fire;
import org.wargame.tracker.rules.hex.HexAction.MortarFire;
import org.wargame.tracker.rules.hex.HexAction.MortarSmoke;
import org.wargame.tracker.rules.hex.HexAction.Move;
import org.wargame.tracker.rules.hex.HexAction.SetPinned;
import org.wargame.tracker.rules.hex.HexAction.TransferWeapon;
import org.wargame.tracker.rules.hex.HexAction.UseGrenades;
import org.wargame.tracker.rules.hex.HexAction.UsePanzerfaust;
import org.wargame.tracker.rules.hex.HexAction.UseSatchelCharge;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CA;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_MP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.US_MP;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.rolls;

/** Every event names the section that caused it, decided by the rules; every event type has one stored name. */
class EventSectionsTest {

    private static String section(List<HexEvent> events, Class<? extends HexEvent> type) {
        return events.stream().filter(type::isInstance).findFirst().orElseThrow().section();
    }

    @Test
    void every_event_type_has_exactly_one_stored_name() {
        Set<Class<?>> permitted = Set.of(HexEvent.class.getPermittedSubclasses());
        assertThat(new HashSet<>(HexEvent.NAMES.values())).isEqualTo(permitted);
        assertThat(HexEvent.NAMES).hasSameSizeAs(permitted);
        HexEvent.NAMES.forEach((name, type) -> assertThat(name).isEqualTo("hex." + type.getSimpleName()));
    }

    @Test
    void each_event_names_the_section_that_caused_it() {
        HexState state = Battlefield.standard().afv("ger-sdkfz", "german", "E5", 1)
                .place("ger-hs-1", Map.of("aboard", "ger-sdkfz", "hex", "E5")).state();
        Map<String, String> sections = new LinkedHashMap<>();
        List<HexEvent> all = new ArrayList<>();
        BiConsumer<String, List<HexEvent>> record = (what, events) -> {
            all.addAll(events);
            sections.put(what, String.join(",", events.stream().map(HexEvent::section).toList()));
        };
        record.accept("move", RULES.decide(state, GERMAN_MP, new Move("ger-sq-2", "C5", "open", 1), noDice()));
        record.accept("transfer", RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-2"),
                noDice()));
        record.accept("fire HMG with grenades", RULES.decide(state, GERMAN_FP, new Fire("ger-sq-1", "ger-hmg-1",
                null, "D5", null, 1, true, null), rolls(7)));
        record.accept("grenades alone", RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5", null,
                1, true, null), rolls(7)));
        record.accept("satchel charge alone", RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", null, null, "D5",
                null, 1, null, true), rolls(7)));
        record.accept("mortar barrage on the tank and jeep", RULES.decide(state, GERMAN_FP,
                new MortarFire(List.of("ger-mtr-1"), "F7", 6, true, null, null, 0), rolls(12, 12)));
        record.accept("smoke", RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "D5", 4, true, null),
                noDice()));
        record.accept("panzerfaust", RULES.decide(state, US_MP, new UsePanzerfaust("ger-sq-2", "us-tank-1", 1),
                noDice()));
        record.accept("grenades in the assault", RULES.decide(state, GERMAN_CA, new UseGrenades("ger-sq-2",
                "close-assault-attack", "D5", null, 6), noDice()));
        record.accept("grenades in an overrun", RULES.decide(state, GERMAN_MP, new UseGrenades("ger-hs-1",
                "overrun", "D5", "ger-sdkfz", null), noDice()));
        record.accept("satchel in the assault", RULES.decide(state, GERMAN_CA, new UseSatchelCharge("ger-sq-2",
                "close-assault", "D5", null), noDice()));
        record.accept("eliminated", RULES.decide(state, GERMAN_FP, new Eliminate("ger-sq-1", "fire table"),
                noDice()));
        record.accept("pinned", RULES.decide(state, GERMAN_FP, new SetPinned("us-sq-1", true), noDice()));
        record.accept("new turn, German MP", RULES.clockAdvanced(state, Battlefield.clock("CA", "us"),
                new GameClock(2, 1, "MP", null, "german"), noDice()));

        assertThat(sections).containsExactly(
                Map.entry("move", "12.2"),
                Map.entry("transfer", "12.4"),
                Map.entry("fire HMG with grenades", "12.52,12.3"),
                Map.entry("grenades alone", "12.52,12.52"),
                Map.entry("satchel charge alone", "12.53,12.53"),
                Map.entry("mortar barrage on the tank and jeep", "12.61,12.67,12.67"),
                Map.entry("smoke", "12.66"),
                Map.entry("panzerfaust", "12.51"),
                Map.entry("grenades in the assault", "12.52"),
                Map.entry("grenades in an overrun", "12.52"),
                Map.entry("satchel in the assault", "12.53"),
                Map.entry("eliminated", "12.2"),
                Map.entry("pinned", "12.62"),
                Map.entry("new turn, German MP", "12.3,12.2"));
        // every event type was decided at least once above
        assertThat(all.stream().map(Object::getClass).distinct()).containsExactlyInAnyOrderElementsOf(
                HexEvent.NAMES.values());
        assertThat(section(all, HexEvent.AttackFired.class)).isEqualTo("12.3");
    }
}
