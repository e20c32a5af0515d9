package org.wargame.tracker.scenario;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DieNeed;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The texts a player reads name counters and sides by their names; the machine fields keep the ids. */
class IdNamesTest {

    private static final IdNames NAMES = IdNames.of(List.of(
            new CounterView("br-crew-1", "crew", "British Infantry crew", "british", "British", "B4", Map.of(),
                    Map.of(), List.of(), false),
            new CounterView("br-94mm", "gun", "94mm INF Gun", "british", "British", "B4", Map.of(), Map.of(),
                    List.of(), false),
            new CounterView("no-name", "crew", null, "british", "British", "B4", Map.of(), Map.of(), List.of(),
                    false)),
            List.of(new Side("british", "British", "British", List.of("alice")),
                    new Side("axis", "Italians", "Italian", List.of("bruno"))));

    @Test
    void aDecisionAndAClockReadInNames() {
        assertThat(NAMES.in("10.11: br-crew-1 may become Pack-TI now"))
                .isEqualTo("10.11: British Infantry crew may become Pack-TI now");
        assertThat(NAMES.in("Turn 1, Player Turn 1 (axis), RPh Step 1.13B"))
                .isEqualTo("Turn 1, Player Turn 1 (Italians), RPh Step 1.13B");
        assertThat(NAMES.in("no-name and br-crew-10 stay as they are"))
                .isEqualTo("no-name and br-crew-10 stay as they are");
    }

    @Test
    void anOptionsTextsReadInNamesItsRequestKeepsTheIds() {
        ActionOption option = new ActionOption("br-crew-1", "take-possession", "Take possession of br-94mm", false,
                "10.11: br-crew-1 is Pack-TI", Map.of("type", "take-possession", "counter", "br-crew-1", "gun",
                "br-94mm"), List.of(), List.of(new DieNeed("dr", "10.4 vulnerability of br-94mm", null)), Map.of("targets[0].target", "Target of br-crew-1 (br-94mm)"));
        ActionOption named = NAMES.in(option);
        assertThat(named.label()).isEqualTo("Take possession of 94mm INF Gun");
        assertThat(named.reason()).isEqualTo("10.11: British Infantry crew is Pack-TI");
        assertThat(named.labels()).containsEntry("targets[0].target", "Target of British Infantry crew (94mm INF Gun)");
        assertThat(named.dice()).containsExactly(new DieNeed("dr", "10.4 vulnerability of 94mm INF Gun", null));
        assertThat(named.request()).isEqualTo(option.request());
        assertThat(named.counterId()).isEqualTo("br-crew-1");
    }

    @Test
    void countersThatShareANameKeepTheirIdBesideIt() {
        IdNames names = IdNames.of(List.of(
                new CounterView("de-rifle-1", "figure", "Rifleman", "germans", "German", "hedge", Map.of(), Map.of(),
                        List.of(), false),
                new CounterView("de-rifle-2", "figure", "Rifleman", "germans", "German", "hedge", Map.of(), Map.of(),
                        List.of(), false),
                new CounterView("de-nco", "figure", "Uffz. Lang", "germans", "German", "hedge", Map.of(), Map.of(),
                        List.of(), false)),
                List.of(new Side("germans", "Germans", "German", List.of("bruno"))));
        assertThat(names.in("de-rifle-2 hit; de-nco unhurt"))
                .isEqualTo("Rifleman (de-rifle-2) hit; Uffz. Lang unhurt");
    }
}
