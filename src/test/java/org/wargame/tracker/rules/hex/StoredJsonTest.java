package org.wargame.tracker.rules.hex;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.rules.hex.HexAction.Fire;
import org.wargame.tracker.rules.hex.HexAction.MortarFire;
import org.wargame.tracker.rules.hex.HexAction.MortarSmoke;
import org.wargame.tracker.rules.hex.HexAction.TransferWeapon;
import org.wargame.tracker.store.StoredJson;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_CP;
import static org.wargame.tracker.rules.hex.Battlefield.GERMAN_FP;
import static org.wargame.tracker.rules.hex.Battlefield.RULES;
import static org.wargame.tracker.rules.hex.Battlefield.noDice;
import static org.wargame.tracker.rules.hex.Battlefield.play;
import static org.wargame.tracker.rules.hex.Battlefield.rolls;

/** The state, events and actions as the event store, snapshots and the API read and write them. */
class StoredJsonTest {

    private final ObjectMapper mapper = StoredJson.mapper();

    @Test
    void state_and_events_round_trip() throws Exception {
        HexState state = Battlefield.standard().state();
        List<HexEvent> events = new ArrayList<>();
        events.addAll(RULES.decide(state, GERMAN_CP, new TransferWeapon("ger-hmg-1", "ger-sq-2"), noDice()));
        state = play(state, events);
        List<HexEvent> more = new ArrayList<>();
        more.addAll(RULES.decide(state, GERMAN_FP, new Fire("ger-sq-2", "ger-hmg-1", null, "D5", "us-sq-1", 1, true,
                null), rolls(7)));
        more.addAll(RULES.decide(state, GERMAN_FP, new MortarFire(List.of("ger-mtr-1"), "F7", 6, true, null,
                "ger-ldr-2", 0), rolls(3, 4, 9)));
        state = play(state, more);
        events.addAll(more);

        String json = mapper.writeValueAsString(state);
        assertThat(json).contains("\"ruleSet\":\"hex\"");
        RuleState read = mapper.readValue(json, RuleState.class);
        assertThat(read).isEqualTo(state);

        for (HexEvent event : events) {
            String eventJson = mapper.writeValueAsString(event);
            assertThat(mapper.readValue(eventJson, event.getClass())).isEqualTo(event);
        }
    }

    @Test
    void smoke_markers_round_trip() throws Exception {
        HexState state = Battlefield.standard().state();
        state = play(state, RULES.decide(state, GERMAN_FP, new MortarSmoke("ger-mtr-1", "D5", 4, true, null),
                noDice()));
        assertThat(mapper.readValue(mapper.writeValueAsString(state), RuleState.class)).isEqualTo(state);
    }

    @Test
    void actions_are_read_by_their_type_name() throws Exception {
        HexAction fire = mapper.readValue("{\"type\":\"fire\",\"unitId\":\"ger-sq-1\",\"weaponId\":\"ger-hmg-1\","
                + "\"targetHex\":\"D5\",\"range\":1,\"grenades\":true}", HexAction.class);
        assertThat(fire).isEqualTo(new Fire("ger-sq-1", "ger-hmg-1", null, "D5", null, 1, true, null));
        Map<String, Class<?>> names = Map.ofEntries(Map.entry("move", HexAction.Move.class),
                Map.entry("transfer-weapon", TransferWeapon.class),
                Map.entry("exchange-weapons", HexAction.ExchangeWeapons.class),
                Map.entry("mortar-fire", MortarFire.class), Map.entry("mortar-smoke", MortarSmoke.class),
                Map.entry("use-panzerfaust", HexAction.UsePanzerfaust.class),
                Map.entry("use-at-grenade", HexAction.UseAtGrenade.class),
                Map.entry("use-grenades", HexAction.UseGrenades.class),
                Map.entry("use-satchel-charge", HexAction.UseSatchelCharge.class),
                Map.entry("eliminate", HexAction.Eliminate.class), Map.entry("set-pinned", HexAction.SetPinned.class));
        for (Map.Entry<String, Class<?>> entry : names.entrySet()) {
            assertThat(mapper.readValue("{\"type\":\"" + entry.getKey() + "\"}", HexAction.class))
                    .isInstanceOf(entry.getValue());
        }
        String written = mapper.writeValueAsString(new MortarSmoke("ger-mtr-1", "D5", 4, true, null));
        assertThat(written).contains("\"type\":\"mortar-smoke\"");
    }
}
