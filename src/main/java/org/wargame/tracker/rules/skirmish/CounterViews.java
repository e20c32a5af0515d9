package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;
import org.wargame.tracker.rules.skirmish.TemplatesByCrew.Templates;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What the players see of each counter (its state with what the rules make of it: templates left, movement limits,
 * markers for wounds, destroyed weapons, dropped loads, the mascot bonus) and what it carries into the next scenario
 * of the campaign (wounds and their recovery, destroyed weapons, vehicle damage; not this scenario's placement).
 */
final class CounterViews {

    private CounterViews() {
    }

    static List<CounterView> counters(SkirmishState state) {
        List<CounterView> views = new ArrayList<>();
        for (Figure f : state.figures()) {
            views.add(new CounterView(f.id(), "figure", f.name(), f.side(), f.nationality(), location(f.setUp()),
                    f.data(), figureState(state, f), figureMarkers(state, f), f.dead()));
        }
        for (Animal a : state.animals()) {
            views.add(new CounterView(a.id(), "animal", a.name(), a.side(), a.nationality(), location(a.setUp()),
                    a.data(), animalState(a), animalMarkers(a), a.dead()));
        }
        for (Vehicle v : state.vehicles()) {
            views.add(new CounterView(v.id(), "vehicle", v.name(), v.side(), v.nationality(), location(v.setUp()),
                    v.data(), vehicleState(v), vehicleMarkers(v), v.destroyed()));
        }
        return views;
    }

    private static String location(Map<String, Object> setUp) {
        Object location = setUp.containsKey("location") ? setUp.get("location") : setUp.get("position");
        return location == null ? null : location.toString();
    }

    private static Map<String, Object> figureState(SkirmishState state, Figure f) {
        Map<String, Object> map = new LinkedHashMap<>(f.setUp());
        map.putAll(carried(f));
        if (f.wound() == Wound.WALKING_WOUNDED) {
            map.put("movementLimitMetres", 50);
            map.put("mayFireAfterMoving", false);
        } else if (f.wound() == Wound.LITTER_CASE) {
            map.put("movementLimitMetres", 0);
        }
        Map<String, Object> templates = new LinkedHashMap<>();
        for (Weapon w : f.weapons()) {
            if (!w.destroyed() && w.type().hasTemplate()) {
                Templates t = TemplatesByCrew.available(w, WeaponUse.crew(state, f), false);
                templates.put(w.id(), t.area() != null ? t.area() : t.leaves());
            }
        }
        if (!templates.isEmpty()) {
            map.put("templates", templates);
        }
        if (f.team() != null) {
            map.put("team", f.team());
            map.put("role", f.role().name().toLowerCase());
        }
        if (f.firedTurn() > 0) {
            map.put("firedTurn", f.firedTurn());
            map.put("firedWeapon", f.firedWeapon());
        }
        if (f.position() != null) {
            map.put("position", f.position()); // the recorded one: fire reads it
        }
        // VI: "Infantry who simply change direction without moving are considered stationary"
        map.put("stationary", f.stationaryIn(state.gameTurn()));
        if (f.moved() != null && f.moved().gameTurn() == state.gameTurn()) {
            map.put("movement", f.moved().how());
        }
        if (f.aboard() != null) {
            map.put("aboard", f.aboard());
        }
        if (f.litter() != null && f.litter().gameTurn() == state.gameTurn()) {
            map.put("carriedBy", f.litter().bearers());
        }
        return map;
    }

    private static List<String> figureMarkers(SkirmishState state, Figure f) {
        List<String> markers = new ArrayList<>();
        if (f.wound() != null) {
            markers.add(f.wound().marker());
        }
        if (f.removed()) {
            markers.add("removed");
        }
        f.weapons().stream().filter(Weapon::destroyed).forEach(w -> markers.add("weapon destroyed: " + w.name()));
        if (f.aboard() != null) {
            markers.add("aboard " + f.aboard());
        }
        if (f.litter() != null && f.litter().gameTurn() == state.gameTurn()) {
            markers.add("carried by " + String.join(", ", f.litter().bearers()));
        }
        if (f.moved() != null && f.moved().gameTurn() == state.gameTurn()
                && LitterCases.CARRYING.equals(f.moved().how())) {
            markers.add("carrying a litter case");
        }
        if (Mascot.moraleBonus(state, f)) {
            markers.add(Mascot.MARKER);
        }
        return markers;
    }

    private static Map<String, Object> animalState(Animal a) {
        Map<String, Object> map = new LinkedHashMap<>(a.setUp());
        map.putAll(carried(a));
        if (a.wound() == Wound.WALKING_WOUNDED) {
            map.put("movement", "walk only");
        }
        if (a.rider() != null) {
            map.put("rider", a.rider());
        }
        if (a.chargingAt() != null) {
            map.put("chargingAt", a.chargingAt());
        }
        return map;
    }

    private static List<String> animalMarkers(Animal a) {
        List<String> markers = new ArrayList<>();
        if ("mascot".equals(a.role())) {
            markers.add("mascot");
        }
        if (a.wound() != null) {
            markers.add(a.wound().marker());
        }
        if (a.wound() == Wound.WALKING_WOUNDED) {
            markers.add("walk only, no load or rider");
        }
        if (a.loadDropped()) {
            markers.add("load dropped");
        }
        if (a.charged() && !a.dead()) {
            markers.add(a.chargingAt() == null ? "charging (close combat, then dies)" : "charging " + a.chargingAt());
        }
        if (a.destroyedByOwner()) {
            markers.add("destroyed by owner");
        }
        return markers;
    }

    private static Map<String, Object> vehicleState(Vehicle v) {
        Map<String, Object> map = new LinkedHashMap<>(v.setUp());
        map.putAll(carried(v));
        if (v.onFire()) {
            map.put("onFire", true);
            map.put("destroyed", true);
        }
        return map;
    }

    /** The damage results so far, and what they leave of the vehicle. */
    private static List<String> vehicleMarkers(Vehicle v) {
        List<String> markers = new ArrayList<>(v.damage());
        if (v.crewKilled()) {
            markers.add("no crew: cannot move or fire");
        }
        if (v.cargoDestroyed()) {
            markers.add("cargo or passengers destroyed");
        }
        if (v.onFire()) {
            markers.add("on fire: destroyed");
        }
        return markers;
    }

    static List<CounterOutcome> outcome(SkirmishState state) {
        return Stream.of(
                state.figures().stream().map(f -> new CounterOutcome(f.id(), f.dead(), carriedOn(f.setUp(),
                        carried(f)))),
                state.animals().stream().map(a -> new CounterOutcome(a.id(), a.dead(), carriedOn(a.setUp(),
                        carried(a)))),
                state.vehicles().stream().map(v -> new CounterOutcome(v.id(), v.destroyed(), carriedOn(v.setUp(),
                        carried(v))))).flatMap(s -> s).toList();
    }

    /** The state a counter carries to the next scenario: its roster state without this scenario's placement. */
    private static Map<String, Object> carriedOn(Map<String, Object> setUp, Map<String, Object> carried) {
        Map<String, Object> map = new LinkedHashMap<>(setUp);
        map.remove("position");
        map.remove("location");
        map.remove("wound");
        map.remove("recovery");
        map.remove(MedicalTreatment.TREATMENT);
        map.remove("aboard");
        map.putAll(carried);
        return map;
    }

    private static Map<String, Object> carried(Figure f) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (f.wound() != null) {
            map.put("wound", f.wound() == Wound.DEATH ? "death" : f.wound().marker());
        }
        if (f.recovery() != null) {
            map.put("recovery", f.recovery());
        }
        if (f.treatment() != null) {
            map.put(MedicalTreatment.TREATMENT, MedicalTreatment.carry(f.treatment()));
        }
        List<String> destroyed = f.weapons().stream().filter(Weapon::destroyed).map(Weapon::id).toList();
        if (!destroyed.isEmpty()) {
            map.put("weaponsDestroyed", destroyed);
        }
        // survivors united into another crew stay united: the roster carries the crew he serves now
        Object dataCrew = f.data().get("crew");
        String dataTeam = dataCrew instanceof Map<?, ?> m && m.get("team") != null ? m.get("team").toString() : null;
        if (f.team() != null && !f.team().equals(dataTeam)) {
            map.put(SkirmishCounters.CREW, Map.of("team", f.team(), "role", f.role().name().toLowerCase()));
        }
        return map;
    }

    private static Map<String, Object> carried(Animal a) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (a.wound() != null) {
            map.put("wound", a.wound() == Wound.DEATH ? "death" : a.wound().marker());
        }
        if (a.recovery() != null) {
            map.put("recovery", a.recovery());
        }
        if (a.treatment() != null) {
            map.put(MedicalTreatment.TREATMENT, MedicalTreatment.carry(a.treatment()));
        }
        if (a.loadDropped()) {
            map.put("loadDropped", true);
        }
        if (a.data().get("rider") != null) {
            map.put("mounted", a.rider() != null);
        }
        return map;
    }

    private static Map<String, Object> carried(Vehicle v) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (!v.damage().isEmpty()) {
            map.put("damage", v.damage());
        }
        if (v.immobilised()) {
            map.put("immobilised", true);
        }
        if (v.fireModifier() != 0) {
            map.put("fireModifier", v.fireModifier());
        }
        if (v.movementLimitMetres() != null) {
            map.put("movementLimitMetres", v.movementLimitMetres());
        }
        if (v.crewKilled()) {
            map.put("crewKilled", true);
        }
        if (v.cargoDestroyed()) {
            map.put("cargoDestroyed", true);
        }
        return map;
    }
}
