package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.Move;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterMoved;

import java.util.ArrayList;
import java.util.List;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * A counter moves to a Location (A4), with what it carries: a Mule carries its Animal-Packed Gun (10.1) and may be
 * part of a Column (10.5). A Pack-TI Gun or Mule cannot move (10.11); a Pack-TI crew that moves loses Pack-TI.
 * Whether the Location prohibits Guns (10.31) is the players' to state ({@code prohibitsGuns}).
 */
final class Movement {

    private Movement() {
    }

    static void move(Decision out, GameClock clock, Move action) {
        AnimalPackState s = out.state();
        AslCounter c = s.inPlay(Sections.MOVEMENT, "counter", action.counter());
        FieldRefused.require(action.hex() != null && !action.hex().isBlank(), "hex", "required");
        ActionPhases.require("move", c, clock, "counter");
        require(!(c.isGun() || c.isMule()) || !c.packTi(), "10.11", "counter", "a Pack-TI "
                + (c.isGun() ? "Gun" : "Mule") + " cannot be moved or advanced until its period is done");
        require(!c.isGun() || c.loadedOn() == null, "10.1", "counter", "an Animal-Packed Gun moves with its Mule");
        require(!c.pinned(), Sections.PIN, "counter", "a pinned unit cannot move");
        List<String> carried = new ArrayList<>();
        if (c.isMule()) {
            AslCounter gun = s.gunOn(c.id());
            if (gun != null) {
                carried.add(gun.id());
            }
        }
        out.add(new CounterMoved(c.id(), carried, action.hex(), action.terrain(),
                Boolean.TRUE.equals(action.prohibitsGuns()), c.isMule() ? "10.5" : Sections.MOVEMENT));
        PackTi.loseIfPackTi(out, c, "moved, which TI forbids");
    }
}
