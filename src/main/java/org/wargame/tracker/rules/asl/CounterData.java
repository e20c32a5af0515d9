package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The counter data the Animal-Pack rules play with, checked when a campaign file is imported and when a scenario
 * starts: the kinds, a Gun's caliber, type and M# (10.2, 10.3), a SW's type (10.7), and the B# of every Gun that can
 * be marked Low Ammo (10.41).
 */
final class CounterData {

    static final Set<String> KINDS = Set.of("squad", "half-squad", "crew", "leader", "gun", "support-weapon",
            "horse");

    private CounterData() {
    }

    static void validate(CounterDefinition counter) {
        String at = "counters[" + counter.id() + "].";
        if (!KINDS.contains(counter.kind())) {
            throw new FieldRefused(at + "kind", "'" + counter.kind() + "' is not one of rule set asl "
                    + KINDS.stream().sorted().toList());
        }
        Map<String, Object> data = counter.data();
        if ("gun".equals(counter.kind())) {
            requireNumber(at, data, "caliber");
            requireNumber(at, data, "manhandling");
            // 10.3: the period is 12 - M# Game Turns; M# is a DR's target (2-12): beyond it the period has no length
            requireWhole(at, data, "manhandling", 2, 12, "10.3: the Unpacking Period is 12 - M# Game Turns");
            FieldRefused.require(data.get("gunType") instanceof String, at + "data.gunType",
                    "required (MTR, INF, ART...)");
        }
        if ("support-weapon".equals(counter.kind())) {
            FieldRefused.require(data.get("swType") instanceof String, at + "data.swType",
                    "required (MMG, HMG, light-mortar, 37mm-INF...)");
        }
        for (String key : List.of("breakdown", "disablement")) {
            if (data.containsKey(key)) {
                requireNumber(at, data, key);
                // a B# or X# is the Original DR at which the weapon breaks down or is disabled: 2-12
                requireWhole(at, data, key, 2, 12, "a B# or X# is an Original DR");
            }
        }
        if (data.get("breakdown") instanceof Number b && data.get("disablement") instanceof Number x) {
            // 10.41: Low Ammo turns the B# into the X# and makes a new B# below it, so the X# is never below the B#
            FieldRefused.require(b.intValue() <= x.intValue(), at + "data.disablement",
                    "10.41: the X# (" + x + ") must be at least the B# (" + b + ")");
        }
        if (counter.state().containsKey("lowAmmo")) {
            Object lowAmmo = counter.state().get("lowAmmo");
            FieldRefused.require(lowAmmo instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                    && n.intValue() >= 0, at + "state.lowAmmo", "10.41: the times the Gun was marked Low Ammo, "
                    + "a whole number of 0 or more");
        }
        FieldRefused.require(counter.nationality() != null, at + "nationality", "required (or the side's)");
        AslCounter c = from(counter);
        // 10.41: Low Ammo turns the B# into an X# and makes a new B# one less; a Gun that can ride a Mule can suffer
        // it (10.4), so it must have a B# to change
        if (c.isGun() && PackGuns.refusal(c) == null && c.breakdown() == null) {
            throw new FieldRefused(at + "data.breakdown", "10.41: a Pack Gun can be marked Low Ammo, which turns its "
                    + "B# into an X# and makes a new B# one less; give its B# (breakdown) in the campaign file");
        }
    }

    private static void requireNumber(String at, Map<String, Object> data, String key) {
        FieldRefused.require(data.get(key) instanceof Number, at + "data." + key, "must be a number");
    }

    private static void requireWhole(String at, Map<String, Object> data, String key, int min, int max,
                                     String why) {
        Number n = (Number) data.get(key);
        FieldRefused.require(n.doubleValue() == Math.rint(n.doubleValue()) && n.doubleValue() >= min
                && n.doubleValue() <= max, at + "data." + key, "must be a whole number from " + min + " to " + max
                + " (" + why + "), not " + n);
    }

    /** The counter at the start of a scenario: its data, and the state the campaign and the plan give it. */
    static AslCounter from(CounterDefinition d) {
        Map<String, Object> s = d.state();
        boolean unit = "squad".equals(d.kind()) || "horse".equals(d.kind());
        return new AslCounter(d.id(), d.kind(), d.name(), d.side(), d.nationality(), d.data(),
                str(s, "hex"), str(s, "terrain"), bool(s, "prohibitsGuns"), !bool(s, "broken"),
                bool(s, "pinned"), bool(s, "prc"), false, false, null,
                unit ? (str(s, "size") == null ? AnimalPackState.SQUAD : str(s, "size")) : null,
                str(s, "possesses"), str(s, "loadedOn"), bool(s, "dm"), bool(s, "malfunctioned"),
                integer(s, "lowAmmo", 0), integer(s, "breakdown", integer(d.data(), "breakdown", null)),
                integer(s, "disablement", integer(d.data(), "disablement", null)), integer(s, "coveredArc", null));
    }

    private static String str(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? null : v.toString();
    }

    private static boolean bool(Map<String, Object> m, String key) {
        return Boolean.TRUE.equals(m.get(key));
    }

    private static Integer integer(Map<String, Object> m, String key, Integer otherwise) {
        return m.get(key) instanceof Number n ? Integer.valueOf(n.intValue()) : otherwise;
    }
}
