package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.asl.AnimalPackAction.TakePossession;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunPossessionTaken;

import static org.wargame.tracker.rules.asl.PackTi.require;

/**
 * 10.11, 10.7: taking possession of an abandoned Gun (its possessor was eliminated). The unit must be one that could
 * (un)pack it: a crew of the Gun's nationality (for a SW any MMC of it), not PRC, in Good Order, in the Gun's
 * Location, of the Gun's side and holding no other Gun. A period the Gun is in is carried on by it: it may become
 * Pack-TI in the next RPh Step 1.13B at the start of a Game Turn, and the Game Turns already counted still count.
 * Capture (A21) and other possession are the players' to handle.
 */
final class Possession {

    private Possession() {
    }

    static void take(Decision out, TakePossession action) {
        AnimalPackState s = out.state();
        AslCounter unit = s.inPlay("10.11", "counter", action.counter());
        AslCounter gun = s.counter("gun", action.gun());
        FieldRefused.require(gun.isGun(), "gun", gun.id() + " is not a Gun or support weapon");
        String section = "support-weapon".equals(gun.kind()) ? "10.7" : "10.11";
        require(!gun.eliminated(), section, "gun", gun.id() + " is eliminated");
        AslCounter holder = s.possessorOf(gun.id());
        require(holder == null, section, "gun", gun.id() + " is possessed by " + (holder == null ? "" : holder.id())
                + "; only an abandoned Gun may be taken");
        require(unit.side() != null && unit.side().equals(gun.side()), section, "counter",
                "only a unit of the Gun's side takes possession of it here (capture is the players' to handle)");
        require(PackTi.mayCarry(unit, gun), section, "counter", "support-weapon".equals(gun.kind())
                ? "only an MMC may take a support weapon to (un)pack it"
                : "only a crew may take possession of a Gun to (un)pack it");
        require(PackTi.sameNationality(unit, gun), section, "counter", "only a unit of the Gun's nationality ("
                + gun.nationality() + ") may (un)pack it; this one is " + unit.nationality());
        require(!unit.prc(), "10.11", "counter", "a PRC may not (un)pack a Gun");
        require(unit.goodOrder(), section, "counter", "only a Good Order unit takes possession of a Gun");
        require(PackTi.same(unit, gun), section, "counter", unit.id() + " must be in the Gun's Location ("
                + gun.hex() + ")");
        AslCounter held = unit.possesses() == null ? null : s.counters().get(unit.possesses());
        require(held == null || held.eliminated(), section, "counter", unit.id() + " already possesses "
                + unit.possesses());
        String previous = s.counters().values().stream().filter(c -> gun.id().equals(c.possesses()))
                .map(AslCounter::id).findFirst().orElse(null);
        out.add(new GunPossessionTaken(gun.id(), unit.id(), previous, section));
    }
}
