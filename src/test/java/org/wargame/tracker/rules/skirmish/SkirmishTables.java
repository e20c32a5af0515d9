package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Counters, clocks and scripted dice for the skirmish tests (a small order of battle like the sample campaign). */
final class SkirmishTables {

    static final InfantryWeaponRules RULES = new InfantryWeaponRules();
    /** The scenario's side order: the Germans move first. */
    static final List<String> SIDES = List.of("german", "us");
    /** Every man of {@link #ambush()} is set up standing in the open. */
    static final String STANDING = "standing in the open";

    private SkirmishTables() {
    }

    static Map<String, Object> weapon(String id, String type, int... bands) {
        Map<String, Object> w = new LinkedHashMap<>();
        w.put("id", id);
        w.put("type", type);
        List<Map<String, Object>> toHit = new java.util.ArrayList<>();
        for (int i = 0; i < bands.length; i += 2) {
            toHit.add(Map.of("maxRange", bands[i], "percent", bands[i + 1]));
        }
        w.put("toHit", toHit);
        return w;
    }

    static Map<String, Object> with(Map<String, Object> map, String key, Object value) {
        Map<String, Object> copy = new LinkedHashMap<>(map);
        copy.put(key, value);
        return copy;
    }

    static CounterDefinition figure(String id, String side, List<Map<String, Object>> weapons, String body,
                                    String helmet, int elite, Map<String, Object> extra) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("weapons", weapons);
        Map<String, Object> armour = new LinkedHashMap<>();
        if (body != null) {
            armour.put("body", body);
        }
        armour.put("helmet", helmet);
        data.put("armour", armour);
        data.put("elite", elite);
        data.putAll(extra);
        return new CounterDefinition(id, "figure", id, side, side.equals("us") ? "American" : "German", data,
                Map.of("position", STANDING));
    }

    static CounterDefinition rifleman(String id, String side) {
        return figure(id, side, List.of(weapon("rifle", "rifle", 100, 60, 300, 40, 600, 20)), null, "steel", 0,
                Map.of());
    }

    static CounterDefinition crewman(String id, String side, String team, String role, Map<String, Object> weapon) {
        return figure(id, side, weapon == null ? List.of() : List.of(weapon), null, "steel", 0,
                Map.of("crew", Map.of("team", team, "role", role)));
    }

    /** The U.S. tripod .30 team of the sample (gunner, loader, commander, spotter) and the Germans facing it. */
    static List<CounterDefinition> ambush() {
        Map<String, Object> mg = with(with(weapon("m1919", "machine-gun", 100, 60, 400, 40, 800, 20),
                "calibre", ".30"), "mount", "tripod");
        return List.of(
                crewman("us-gunner", "us", "us-mg", "gunner", mg),
                crewman("us-loader", "us", "us-mg", "loader", null),
                crewman("us-commander", "us", "us-mg", "commander", weapon("colt", "pistol", 25, 50)),
                crewman("us-spotter", "us", "us-mg", "spotter", null),
                figure("us-ranger", "us", List.of(weapon("m1903", "rifle", 100, 70, 300, 50, 800, 30)), "hard",
                        "ballistic", 3, Map.of("sniperScope", true)),
                figure("us-grenadier", "us", List.of(weapon("carbine", "rifle", 100, 55, 300, 35),
                        with(weapon("grenade", "hand-grenade", 30, 50), "secondary", true)), null, "steel", 0,
                        Map.of("mascot", "us-dog")),
                rifleman("de-rifle-1", "german"),
                rifleman("de-rifle-2", "german"),
                figure("de-armoured", "german", List.of(weapon("mp40", "sub-machine-gun", 50, 50, 150, 25)),
                        "soft", "ballistic", 0, Map.of()),
                figure("de-bare", "german", List.of(weapon("kar98", "rifle", 100, 60)), null, "none", 0, Map.of()),
                new CounterDefinition("us-dog", "animal", "Rex", "us", "American",
                        Map.of("role", "mascot", "species", "dog"), Map.of()),
                new CounterDefinition("de-mule", "animal", "Mule", "german", "German",
                        Map.of("role", "pack", "species", "mule", "load", "mortar ammunition"), Map.of()),
                new CounterDefinition("de-horse", "animal", "Horse", "german", "German",
                        Map.of("role", "mount", "species", "horse", "rider", "de-rifle-2"), Map.of()),
                new CounterDefinition("de-tank", "vehicle", "Panzer IV", "german", "German",
                        Map.of("type", "tank", "tank", true, "infantryDamage", false), Map.of()),
                new CounterDefinition("de-truck", "vehicle", "Opel Blitz", "german", "German",
                        Map.of("type", "truck", "tank", false, "infantryDamage", true), Map.of()));
    }

    /**
     * The clock in a phase of Game Turn 1; the Germans move first. The sides move in turn (MOVE, Player Turn 1 the
     * Germans, 2 the U.S.); every other phase is played by all sides (Player Turn 0, the Germans moving first).
     */
    static GameClock clock(String phase, int playerTurn) {
        return clock(1, phase, playerTurn);
    }

    static GameClock clock(int gameTurn, String phase, int playerTurn) {
        if (!phase.equals("MOVE")) {
            return new GameClock(gameTurn, 0, phase, null, "german");
        }
        return new GameClock(gameTurn, playerTurn, phase, null, playerTurn == 1 ? "german" : "us");
    }

    /** The clock after {@code clock} in the rule set's own Game Turn. */
    static GameClock next(GameClock clock) {
        return RULES.phases().next(clock, SIDES);
    }

    /** Dice that return the given faces in order and fail when the rule asks for more. */
    static final class Scripted implements Dice {
        private final Deque<Integer> faces = new ArrayDeque<>();
        final List<DiceRoll> rolled = new java.util.ArrayList<>();

        Scripted(int... faces) {
            for (int f : faces) {
                this.faces.add(f);
            }
        }

        @Override
        public DiceRoll roll(DiceKind kind, String purpose) {
            Integer face = faces.poll();
            if (face == null) {
                throw new AssertionError("the rule asked for an unexpected " + kind.name() + " (" + purpose + ")");
            }
            if (face < 1 || face > kind.sides()) {
                throw new AssertionError(face + " is no face of a " + kind.name() + " (" + purpose + ")");
            }
            DiceRoll roll = new DiceRoll(kind.name(), List.of(face), DiceRoll.ENTERED, purpose, null);
            rolled.add(roll);
            return roll;
        }

        boolean used() {
            return faces.isEmpty();
        }
    }
}
