package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.Armour;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.BodyArmour;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.Helmet;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.RangeBand;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a counter's campaign data (and the state it carries from earlier scenarios) into the rule set's records,
 * refusing missing or invalid data with the counter and the field. The format is in docs/rules/skirmish.md.
 */
public final class SkirmishCounters {

    public static final Set<String> KINDS = Set.of("figure", "animal", "vehicle");
    private static final Set<String> ANIMAL_ROLES = Set.of("mount", "pack", "mascot");

    private SkirmishCounters() {
    }

    /** Refuses counter data the rule set cannot play with, naming the counter and the key. */
    public static void validate(CounterDefinition counter) {
        switch (counter.kind() == null ? "" : counter.kind()) {
            case "figure" -> figure(counter);
            case "animal" -> animal(counter);
            case "vehicle" -> vehicle(counter);
            default -> throw new FieldRefused("counters[" + counter.id() + "].kind", "'" + counter.kind()
                    + "' is not a counter kind of rule set skirmish (figure, animal, vehicle)");
        }
    }

    /**
     * The state at the start of a scenario: every counter read, the campaign's Medical Treatment chart; a rider who is
     * not in it is not on his mount, a man aboard a vehicle that is not in it is not aboard.
     */
    public static SkirmishState setUp(List<CounterDefinition> counters, Map<String, Object> tables) {
        List<Figure> figures = new ArrayList<>();
        List<Animal> animals = new ArrayList<>();
        List<Vehicle> vehicles = new ArrayList<>();
        for (CounterDefinition c : counters) {
            validate(c);
            switch (c.kind()) {
                case "figure" -> figures.add(figure(c));
                case "animal" -> animals.add(animal(c));
                default -> vehicles.add(vehicle(c));
            }
        }
        List<Animal> mounted = animals.stream().map(a -> a.rider() != null
                && figures.stream().noneMatch(f -> f.id().equals(a.rider())) ? a.dismount() : a).toList();
        for (Figure f : figures) {
            if (f.aboard() != null) {
                Vehicle vehicle = vehicles.stream().filter(v -> v.id().equals(f.aboard())).findFirst()
                        .orElseThrow(() -> new FieldRefused("counters[" + f.id() + "].state.aboard", "no vehicle '"
                                + f.aboard() + "' in this scenario"));
                FieldRefused.require(vehicle.side().equals(f.side()), "counters[" + f.id() + "].state.aboard",
                        "a man rides in his own side's vehicles");
            }
        }
        return new SkirmishState(figures, mounted, vehicles, 1, null, List.of(), List.of(), 0, List.of(),
                MedicalTreatmentChart.read(tables), List.of());
    }

    public static Figure figure(CounterDefinition c) {
        Map<String, Object> data = c.data();
        String at = "counters[" + c.id() + "].data.";
        Object weaponList = data.get("weapons");
        if (!(weaponList instanceof List<?> list)) {
            throw new FieldRefused(at + "weapons", "missing (a list, empty for a man without a weapon)");
        }
        List<String> destroyed = strings(c.state().get("weaponsDestroyed"), "counters[" + c.id() + "].state.weaponsDestroyed");
        List<Weapon> weapons = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            Weapon weapon = weapon(list.get(i), at + "weapons[" + i + "]", destroyed);
            if (!ids.add(weapon.id())) {
                throw new FieldRefused(at + "weapons[" + i + "].id", "'" + weapon.id()
                        + "' is listed twice (give each weapon its own id)");
            }
            weapons.add(weapon);
        }
        String team = null;
        CrewRole role = null;
        if (data.get("crew") != null) {
            Map<?, ?> crew = map(data.get("crew"), at + "crew");
            team = string(crew.get("team"), at + "crew.team", true);
            role = CrewRole.parse(string(crew.get("role"), at + "crew.role", true), at + "crew.role");
        }
        if (c.state().get(CREW) != null) {
            // the crew he joined in an earlier scenario ("Survivors ... may unite"), carried by the roster
            String st = "counters[" + c.id() + "].state.";
            Map<?, ?> crew = map(c.state().get(CREW), st + CREW);
            team = string(crew.get("team"), st + "crew.team", true);
            role = CrewRole.parse(string(crew.get("role"), st + "crew.role", true), st + "crew.role");
        }
        for (Weapon w : weapons) {
            if (w.type().crewServed() && (role != CrewRole.GUNNER || team == null)) {
                throw new FieldRefused(at + "crew", "a crew-served weapon (" + w.type().chartName()
                        + ") is carried by its gunner: give crew.team and crew.role: gunner");
            }
        }
        if (weapons.stream().filter(w -> w.type().crewServed()).count() > 1) {
            throw new FieldRefused(at + "weapons", "a gunner serves one crew-served weapon");
        }
        Map<?, ?> armourData = map(data.get("armour"), at + "armour");
        Armour armour = new Armour(BodyArmour.parse(string(armourData.get("body"), at + "armour.body", false),
                at + "armour.body"), Helmet.parse(string(armourData.get("helmet"), at + "armour.helmet", false),
                at + "armour.helmet"));
        int elite = integer(data.getOrDefault("elite", 0), at + "elite");
        if (elite < 0) {
            throw new FieldRefused(at + "elite", "the elite level is 0 (not elite) or more");
        }
        boolean scope = bool(data.getOrDefault("sniperScope", false), at + "sniperScope");
        String mascot = string(data.get("mascot"), at + "mascot", false);
        Wound wound = Wound.parse(string(c.state().get("wound"), "counters[" + c.id() + "].state.wound", false),
                "counters[" + c.id() + "].state.wound");
        String st = "counters[" + c.id() + "].state.";
        String recovery = string(c.state().get("recovery"), st + "recovery", false);
        String position = position(c.state().get("position"), st + "position");
        String aboard = string(c.state().get("aboard"), st + "aboard", false);
        return new Figure(c.id(), c.name(), c.side(), c.nationality(), data, c.state(), weapons, team, role, armour,
                elite, scope, mascot, wound, recovery, 0, null, wound == Wound.DEATH, position, null, 0, aboard, null,
                MedicalTreatment.carried(c.state(), st + MedicalTreatment.TREATMENT));
    }

    /** A man's set-up position: a row of the Hard Cover or Body Position table (none: not recorded). */
    private static String position(Object value, String field) {
        if (value == null) {
            return null;
        }
        try {
            return BodyPosition.parse(string(value, field, true), false).label();
        } catch (FieldRefused e) {
            throw new FieldRefused(field, e.reason());
        }
    }

    static Weapon weapon(Object raw, String at, List<String> destroyed) {
        Map<?, ?> w = map(raw, at);
        WeaponType type = WeaponType.parse(string(w.get("type"), at + ".type", false),
                string(w.get("calibre"), at + ".calibre", false), string(w.get("mount"), at + ".mount", false), at);
        String id = w.get("id") == null ? type.id() : string(w.get("id"), at + ".id", true);
        Object bands = w.get("toHit");
        if (!(bands instanceof List<?> bandList) || bandList.isEmpty()) {
            throw new FieldRefused(at + ".toHit", "missing (the weapon's percentage chance to hit by range, "
                    + "a list of {maxRange: metres, percent: 0-100})");
        }
        List<RangeBand> toHit = new ArrayList<>();
        int last = 0;
        for (int i = 0; i < bandList.size(); i++) {
            Map<?, ?> band = map(bandList.get(i), at + ".toHit[" + i + "]");
            int maxRange = integer(band.get("maxRange"), at + ".toHit[" + i + "].maxRange");
            int percent = integer(band.get("percent"), at + ".toHit[" + i + "].percent");
            if (maxRange <= last) {
                throw new FieldRefused(at + ".toHit[" + i + "].maxRange", maxRange
                        + " must be above the band before (" + last + "): list the bands from the shortest range");
            }
            if (percent < 0 || percent > 100) {
                throw new FieldRefused(at + ".toHit[" + i + "].percent", percent + " is not 0-100");
            }
            toHit.add(new RangeBand(maxRange, percent));
            last = maxRange;
        }
        boolean secondary = bool(w.containsKey("secondary") ? w.get("secondary") : false, at + ".secondary");
        Integer crewSize = null;
        if (type == WeaponType.GATLING_GUN_50 || type == WeaponType.ATGM) {
            crewSize = integer(w.get("crewSize"), at + ".crewSize (the text does not give the crew of a "
                    + type.chartName() + ": the campaign file does)");
            if (crewSize < 1) {
                throw new FieldRefused(at + ".crewSize", "at least 1");
            }
        }
        // the campaign file's name of the weapon ("M1919A4"), else the weapon type's name in the rule text
        String name = string(w.get("name"), at + ".name", false);
        return new Weapon(id, type, toHit, secondary, crewSize, destroyed.contains(id), name);
    }

    /** The state key of the crew a man joined with {@code unite-crew}, carried to the next scenarios. */
    static final String CREW = "crew";

    public static Animal animal(CounterDefinition c) {
        Map<String, Object> data = c.data();
        String at = "counters[" + c.id() + "].data.";
        String role = string(data.get("role"), at + "role", true).toLowerCase();
        if (!ANIMAL_ROLES.contains(role)) {
            throw new FieldRefused(at + "role", "'" + role + "' is not an animal role (mount, pack, mascot)");
        }
        String species = string(data.get("species"), at + "species", true);
        String load = string(data.get("load"), at + "load", role.equals("pack"));
        String rider = string(data.get("rider"), at + "rider", false);
        if (rider != null && !role.equals("mount")) {
            throw new FieldRefused(at + "rider", "only a mount carries a rider");
        }
        String st = "counters[" + c.id() + "].state.";
        Wound wound = Wound.parse(string(c.state().get("wound"), st + "wound", false), st + "wound");
        boolean dropped = bool(c.state().getOrDefault("loadDropped", false), st + "loadDropped");
        boolean mounted = bool(c.state().getOrDefault("mounted", rider != null), st + "mounted");
        return new Animal(c.id(), c.name(), c.side(), c.nationality(), data, c.state(), role, species, load, dropped,
                mounted ? rider : null, wound, string(c.state().get("recovery"), st + "recovery", false), null, false,
                MedicalTreatment.carried(c.state(), st + MedicalTreatment.TREATMENT), false);
    }

    public static Vehicle vehicle(CounterDefinition c) {
        Map<String, Object> data = c.data();
        String at = "counters[" + c.id() + "].data.";
        string(data.get("type"), at + "type", true);
        boolean tank = bool(data.get("tank"), at + "tank");
        boolean infantryDamage = bool(data.get("infantryDamage"), at + "infantryDamage (whether template weapons can "
                + "damage this type of vehicle: the text says 'some types of vehicles' without naming them)");
        String st = "counters[" + c.id() + "].state.";
        List<String> damage = strings(c.state().get("damage"), st + "damage");
        boolean immobilised = bool(c.state().getOrDefault("immobilised", false), st + "immobilised");
        int fireModifier = integer(c.state().getOrDefault("fireModifier", 0), st + "fireModifier");
        Integer limit = c.state().get("movementLimitMetres") == null ? null
                : integer(c.state().get("movementLimitMetres"), st + "movementLimitMetres");
        boolean crewKilled = bool(c.state().getOrDefault("crewKilled", false), st + "crewKilled");
        boolean cargoDestroyed = bool(c.state().getOrDefault("cargoDestroyed", false), st + "cargoDestroyed");
        return new Vehicle(c.id(), c.name(), c.side(), c.nationality(), data, c.state(), tank, infantryDamage, damage,
                immobilised, fireModifier, limit, crewKilled, cargoDestroyed, false);
    }

    // ---------------------------------------------------------------- field readers

    static Map<?, ?> map(Object value, String field) {
        if (value instanceof Map<?, ?> m) {
            return m;
        }
        throw new FieldRefused(field, "missing or not a map");
    }

    static String string(Object value, String field, boolean required) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            if (required) {
                throw new FieldRefused(field, "missing");
            }
            return null;
        }
        if (value instanceof Map || value instanceof List) {
            throw new FieldRefused(field, "must be a single value");
        }
        return value.toString();
    }

    static int integer(Object value, String field) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.intValue();
        }
        if (value instanceof String s) {
            try {
                return Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new FieldRefused(field, (value == null ? "missing" : "'" + value
                + "' is not a whole number"));
    }

    static boolean bool(Object value, String field) {
        if (value instanceof Boolean b) {
            return b;
        }
        if (value instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(s);
        }
        throw new FieldRefused(field, (value == null ? "missing" : "'" + value
                + "' is not true or false"));
    }

    static List<String> strings(Object value, String field) {
        if (value == null) {
            return List.of();
        }
        if (value instanceof List<?> list) {
            return list.stream().map(o -> string(o, field, true)).toList();
        }
        throw new FieldRefused(field, "must be a list");
    }
}
