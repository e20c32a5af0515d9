package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a player sees of each counter (markers and numbers, a Gun's period), and what carries into the next scenario
 * of the campaign (Low Ammo, B#, X#, Malfunction, dm, a Mule's "HS" size, broken).
 */
final class CounterViews {

    private CounterViews() {
    }

    static List<CounterView> of(AnimalPackState s) {
        List<CounterView> views = new ArrayList<>();
        for (AslCounter c : s.counters().values()) {
            List<String> markers = new ArrayList<>();
            Map<String, Object> numbers = new LinkedHashMap<>();
            if (c.packTi()) {
                markers.add("Pack-TI");
            }
            if (c.packTi() && c.isPersonnel()) {
                markers.add("Area Fire (10.11)");
                markers.add("Hazardous Movement (10.11)");
            }
            if (c.pinned()) {
                markers.add("Pinned");
            }
            if (!c.goodOrder()) {
                markers.add("Broken");
            }
            if (AnimalPackState.HS.equals(c.size())) {
                markers.add("Casualty Reduced (HS)");
            }
            if (c.size() != null) {
                numbers.put("size", c.size());
            }
            if (c.isGun()) {
                gun(s, c, markers, numbers);
            }
            if (c.possesses() != null) {
                numbers.put("possesses", c.possesses());
                AslCounter gun = s.counters().get(c.possesses());
                if (gun != null && gun.loadedOn() != null && !gun.eliminated()) {
                    numbers.put("stacking", "counts as a squad (10.21)");
                }
            }
            if (c.isMule()) {
                AslCounter gun = s.gunOn(c.id());
                numbers.put("carrying", gun == null ? null : gun.id());
                numbers.put("column", "may be part of a Column (10.5)");
            }
            if (c.packTiNote() != null) {
                numbers.put("packTiNote", c.packTiNote());
            }
            numbers.put("packTi", c.packTi());
            numbers.put("goodOrder", c.goodOrder());
            numbers.put("terrain", c.terrain());
            if (c.eliminated()) {
                markers.add("Eliminated");
            }
            views.add(new CounterView(c.id(), c.kind(), c.name(), c.side(), c.nationality(), c.hex(), c.data(),
                    numbers, markers, c.eliminated()));
        }
        return views;
    }

    private static void gun(AnimalPackState s, AslCounter c, List<String> markers, Map<String, Object> numbers) {
        if (c.dm()) {
            markers.add("dm");
        }
        if (c.loadedOn() != null) {
            markers.add("Animal-Packed");
        }
        if (c.malfunctioned()) {
            markers.add("Malfunctioned");
        }
        for (int i = 1; i <= c.lowAmmo(); i++) {
            markers.add("Low Ammo");
        }
        numbers.put("manhandling", PackGuns.manhandling(c));
        numbers.put("breakdown", c.breakdown());
        numbers.put("disablement", c.disablement());
        numbers.put("lowAmmo", c.lowAmmo());
        numbers.put("malfunctioned", c.malfunctioned());
        numbers.put("loadedOn", c.loadedOn());
        numbers.put("coveredArc", c.coveredArc());
        numbers.put("packGun", PackGuns.refusal(c) == null);
        if (Boolean.TRUE.equals(c.data().get("gunshield"))) {
            numbers.put("gunshield", c.packTi() ? "absent while Pack-TI (10.42)" : "present");
        }
        numbers.put("targetAsGun", c.loadedOn() == null ? "yes" : "no: Animal-Packed (10.42)");
        AslCounter holder = s.possessorOf(c.id());
        if (holder == null && !c.eliminated()) {
            numbers.put("possessedBy", "nobody: abandoned, a unit in its Location may take possession (10.11)");
        } else if (holder != null) {
            numbers.put("possessedBy", holder.id());
        }
        UnpackingPeriod p = s.periodOf(c.id());
        if (p != null) {
            numbers.put("period", period(s, p));
        }
    }

    private static Map<String, Object> period(AnimalPackState s, UnpackingPeriod p) {
        Map<String, Object> period = new LinkedHashMap<>();
        period.put("direction", p.direction());
        period.put("length", p.length());
        period.put("completedGameTurns", p.completedTurns());
        period.put("remainingGameTurns", p.remainingTurns());
        period.put("playerTurnsThisTurn", p.playerTurnsThisTurn());
        period.put("thisGameTurnCounts", !p.spoiledThisTurn());
        period.put("halfComplete", p.halfComplete());
        period.put(UnpackingPeriod.UNPACKING.equals(p.direction()) ? "unloaded" : "loaded", p.transferred());
        period.put("transferDue", p.transferred() ? "done" : "at the start of the first Player-Turn RPh after "
                + Math.max(0, p.length() - p.completedTurns() * 2 - (p.spoiledThisTurn() ? 0 : p.playerTurnsThisTurn()))
                + " more Player Turn(s) while Pack-TI (10.31)");
        period.put("involuntary", p.involuntary());
        period.put("crew", p.crew());
        period.put("mule", p.mule());
        AslCounter crew = p.crew() == null ? null : s.counters().get(p.crew());
        if (crew == null || crew.eliminated()) {
            period.put("suspended", "its crew is lost: a unit that takes possession of the Gun carries it on (10.11)");
        }
        return period;
    }

    static List<CounterOutcome> outcome(AnimalPackState s) {
        List<CounterOutcome> outcomes = new ArrayList<>();
        for (AslCounter c : s.counters().values()) {
            Map<String, Object> carried = new LinkedHashMap<>();
            if (c.size() != null) {
                carried.put("size", c.size());
            }
            if (c.isGun()) {
                carried.put("lowAmmo", c.lowAmmo());
                if (c.breakdown() != null) {
                    carried.put("breakdown", c.breakdown());
                }
                if (c.disablement() != null) {
                    carried.put("disablement", c.disablement());
                }
                carried.put("malfunctioned", c.malfunctioned());
                carried.put("dm", c.dm());
            }
            if (!c.goodOrder()) {
                carried.put("broken", true);
            }
            outcomes.add(new CounterOutcome(c.id(), c.eliminated(), carried));
        }
        return outcomes;
    }
}
