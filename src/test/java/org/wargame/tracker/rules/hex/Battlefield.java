package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test set-up: counters of a small German/U.S. engagement, clocks, and dice that roll what the test says. */
final class Battlefield {

    static final SupportWeaponRules RULES = new SupportWeaponRules();

    private final List<CounterDefinition> counters = new ArrayList<>();

    static Battlefield empty() {
        return new Battlefield();
    }

    /** The standard board: German squad with HMG, squad, half squad, leader with LMG, mortar squad; U.S. units. */
    static Battlefield standard() {
        return empty()
                .squad("ger-sq-1", "german", "C4", "open")
                .weapon("ger-hmg-1", "german", "ger-sq-1", Map.of("type", "H", "apfp", 6, "range", 10))
                .squad("ger-sq-2", "german", "C4", "open")
                .halfSquad("ger-hs-1", "german", "C4", "open")
                .leader("ger-ldr-1", "german", "C4", "open", -1)
                .weapon("ger-lmg-1", "german", "ger-ldr-1", Map.of("type", "L", "apfp", 3, "range", 6))
                .squad("ger-sq-3", "german", "B2", "open")
                .weapon("ger-mtr-1", "german", "ger-sq-3", mortar(4, 1))
                .leader("ger-ldr-2", "german", "B2", "open", -2)
                .pool("ger-expendables", "german", Map.of("panzerfaust", 2, "grenades", 3, "satchel-charge", 1,
                        "smoke", 6))
                .squad("us-sq-1", "us", "D5", "open")
                .squad("us-sq-2", "us", "E6", "woods")
                .afv("us-tank-1", "us", "F7", 2)
                .vehicle("us-jeep-1", "us", "F7")
                .pool("us-expendables", "us", Map.of("grenades", 1, "smoke", 1));
    }

    static Map<String, Object> mortar(int apfp, Integer at) {
        Map<String, Object> data = new LinkedHashMap<>(Map.of("type", "H", "apfp", apfp, "range", 12, "minRange", 2,
                "mortar", true));
        if (at != null) {
            data.put("at", at);
            // keys as JSON and YAML read them: strings
            data.put("eliminationNumbers", Map.of("0", 7, "1", 5, "2", 4, "3", 3));
        }
        return data;
    }

    Battlefield squad(String id, String side, String hex, String terrain) {
        return add(id, "squad", side, Map.of("apfp", 4, "range", 4, "movement", 4), at(hex, terrain));
    }

    Battlefield halfSquad(String id, String side, String hex, String terrain) {
        return add(id, "half-squad", side, Map.of("apfp", 2, "range", 3, "movement", 4), at(hex, terrain));
    }

    Battlefield leader(String id, String side, String hex, String terrain, int leadership) {
        return add(id, "leader", side, Map.of("leadership", leadership, "movement", 5), at(hex, terrain));
    }

    /** A weapon named after its id: ger-hmg-1 is "HMG", w is "W". */
    Battlefield weapon(String id, String side, String carrier, Map<String, Object> data) {
        add(id, "support-weapon", side, data, Map.of("carrier", carrier));
        String name = id.replaceAll("^(ger|us)-", "").replaceAll("-\\d+$", "").toUpperCase();
        counters.replaceAll(c -> c.id().equals(id) ? new CounterDefinition(id, c.kind(), name, side,
                c.nationality(), c.data(), c.state()) : c);
        return this;
    }

    Battlefield pool(String id, String side, Map<String, Object> counts) {
        return add(id, "expendables", side, Map.of("satchelChargeApfp", 4, "panzerfaustAt", 6), counts);
    }

    Battlefield afv(String id, String side, String hex, int rearArmor) {
        return add(id, "afv", side, Map.of("rearArmor", rearArmor, "movement", 6), at(hex, "open"));
    }

    Battlefield vehicle(String id, String side, String hex) {
        return add(id, "vehicle", side, Map.of("movement", 8), at(hex, "open"));
    }

    Battlefield add(String id, String kind, String side, Map<String, Object> data, Map<String, Object> state) {
        counters.removeIf(c -> c.id().equals(id));
        counters.add(new CounterDefinition(id, kind, id, side, side.equals("us") ? "American" : "German", data,
                state));
        return this;
    }

    /** Changes one counter's state (placement) before set-up. */
    Battlefield place(String id, Map<String, Object> state) {
        CounterDefinition old = counters.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
        Map<String, Object> merged = new LinkedHashMap<>(old.state());
        merged.putAll(state);
        counters.replaceAll(c -> c.id().equals(id) ? c.withState(merged) : c);
        return this;
    }

    List<CounterDefinition> definitions() {
        return List.copyOf(counters);
    }

    HexState state() {
        return RULES.setUp(counters);
    }

    static Map<String, Object> at(String hex, String terrain) {
        return Map.of("hex", hex, "terrain", terrain);
    }

    static GameClock clock(String phase, String phasingSide) {
        return new GameClock(1, "german".equals(phasingSide) ? 1 : 2, phase, null, phasingSide);
    }

    static final GameClock GERMAN_CP = clock("CP", "german");
    static final GameClock GERMAN_MP = clock("MP", "german");
    static final GameClock GERMAN_FP = clock("FP", "german");
    static final GameClock GERMAN_CA = clock("CA", "german");
    static final GameClock US_MP = clock("MP", "us");
    static final GameClock US_CP = clock("CP", "us");
    static final GameClock US_CA = clock("CA", "us");

    /** Applies the events of one action and returns the new state. */
    static HexState play(HexState state, List<HexEvent> events) {
        HexState next = state;
        for (HexEvent event : events) {
            next = RULES.evolve(next, event);
        }
        return next;
    }

    static HexCounter counter(HexState state, String id) {
        return state.find(id).orElseThrow();
    }

    /** Dice that give the listed totals (as 2d6: split into two faces) and refuse to roll more. */
    static final class Rolls implements Dice {
        private final Deque<Integer> totals;
        final List<String> purposes = new ArrayList<>();

        Rolls(Integer... totals) {
            this.totals = new ArrayDeque<>(List.of(totals));
        }

        @Override
        public DiceRoll roll(DiceKind kind, String purpose) {
            purposes.add(purpose);
            Integer total = totals.poll();
            if (total == null) {
                throw new AssertionError("unexpected roll: " + purpose);
            }
            List<Integer> faces = kind.count() == 2 ? List.of(Math.min(6, total - 1), total - Math.min(6, total - 1))
                    : List.of(total);
            return new DiceRoll(kind.name(), faces, DiceRoll.ENTERED, purpose, null);
        }

        boolean allUsed() {
            return totals.isEmpty();
        }
    }

    static Rolls rolls(Integer... totals) {
        return new Rolls(totals);
    }

    static Rolls noDice() {
        return new Rolls();
    }
}
