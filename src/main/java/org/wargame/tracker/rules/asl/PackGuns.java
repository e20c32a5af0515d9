package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;

import java.util.Map;
import java.util.Set;

/**
 * Which counters may be Pack Guns, and the M# the Animal-Pack rules use for them. 10.1, 10.2, 10.61, 10.7.
 * Counter data keys: caliber (mm), gunType (MTR, INF, ART...), manhandling (M#), starred (the counter's asterisk),
 * ordnanceNotePack (an Ordnance Note allows Animal-Packing), swType (MMG, HMG, light-mortar, 37mm-INF),
 * dismantlable (may be dm).
 */
public final class PackGuns {

    /** 10.61: starred Guns allowed as Pack Guns, each for its own nationality only. */
    private static final Map<String, Set<String>> STARRED_BY_NATIONALITY = Map.of(
            "German", Set.of("105 MTR", "75 INF"),
            "Russian", Set.of("107 MTR", "76 INF"),
            "American", Set.of("75 ART"),
            "U.S.", Set.of("75 ART"));

    /** 10.7: support weapon types that may be Animal-Packed. */
    private static final Set<String> PACK_SW = Set.of("MMG", "HMG", "light-mortar", "37mm-INF");

    /** 10.7: a SW counts as a Gun of M# 12 for Animal-Pack purposes. */
    static final int SW_MANHANDLING = 12;

    private PackGuns() {
    }

    /** Why {@code gun} may not be a Pack Gun ("10.2: ..."), or null when it may. */
    public static String refusal(AslCounter gun) {
        RuleViolation refusal = refusal(gun, null);
        return refusal == null ? null : refusal.getMessage();
    }

    /** 10.1, 10.2, 10.61, 10.7: refuses a counter that may not be a Pack Gun, under the request field naming it. */
    static void require(AslCounter gun, String field) {
        RuleViolation refusal = refusal(gun, field);
        if (refusal != null) {
            throw refusal;
        }
    }

    private static RuleViolation refusal(AslCounter gun, String field) {
        if ("support-weapon".equals(gun.kind())) {
            String swType = text(gun.data(), "swType");
            return PACK_SW.contains(swType) ? null : new RuleViolation("10.7", field, "only MMG, HMG, light mortar and "
                    + "37mm INF support weapons may be Animal-Packed (this is " + swType + ")");
        }
        if (!"gun".equals(gun.kind())) {
            return new RuleViolation("10.1", field, "only a Gun or support weapon may be a Pack Gun");
        }
        int caliber = number(gun.data(), "caliber");
        String type = text(gun.data(), "gunType");
        if ("MTR".equals(type) && caliber >= 76 && caliber <= 82) {
            return null; // 10.2: any 76-82mm MTR
        }
        if (Boolean.TRUE.equals(gun.data().get("ordnanceNotePack"))) {
            return null; // 10.2: allowed by an Ordnance Note
        }
        if (Boolean.TRUE.equals(gun.data().get("starred"))
                && STARRED_BY_NATIONALITY.getOrDefault(gun.nationality(), Set.of()).contains(caliber + " " + type)) {
            return null; // 10.61
        }
        return new RuleViolation("10.2", field, "a " + caliber + "mm " + type + " is not a Pack Gun (only 76-82mm MTR, "
                + "Guns an Ordnance Note allows, and the 10.61 Guns of their own nationality)");
    }

    /** The M# the Animal-Pack rules use: the counter's, or 12 for a SW (10.7). */
    public static int manhandling(AslCounter gun) {
        return "support-weapon".equals(gun.kind()) ? SW_MANHANDLING : number(gun.data(), "manhandling");
    }

    /** 10.3: a mortar's period has no +1. Light mortar SW are mortars too. */
    public static boolean isMortar(AslCounter gun) {
        return "MTR".equals(text(gun.data(), "gunType")) || "light-mortar".equals(text(gun.data(), "swType"));
    }

    /** 10.2, 10.7: a Pack Gun must be dm where it can be. */
    public static boolean mustBeDm(AslCounter gun) {
        return Boolean.TRUE.equals(gun.data().get("dismantlable"));
    }

    static int number(Map<String, Object> data, String key) {
        Object value = data.get(key);
        if (!(value instanceof Number n)) {
            throw new FieldRefused("data." + key, "a number is required");
        }
        return n.intValue();
    }

    static String text(Map<String, Object> data, String key) {
        Object value = data.get(key);
        return value == null ? null : value.toString();
    }
}
