package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.BecomePackTi;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PackTiLost;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PackTiTaken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodBegan;

import java.util.ArrayList;
import java.util.List;

/**
 * 10.11 PACK-TI: who may become Pack-TI, and when; a crew taking it begins a period (10.3) or carries a counted one
 * on; a Pack-TI crew that does what TI forbids, or is pinned or broken, loses it at once.
 */
public final class PackTi {

    private PackTi() {
    }

    /** 10.11: only in RPh Step 1.13B at the start of a Game Turn (also when reversing, 10.33). */
    public static void requireStartOfGameTurn(GameClock clock, String section, String what) {
        RuleViolation.require(clock.initialPlayerTurn() && clock.isAt("RPh", "1.13B"), section,
                what + " only in RPh Step 1.13B at the start of a Game Turn (now: " + clock.label() + ")");
    }

    /**
     * 10.11 (and 10.7 for SW): the unit that may become Pack-TI with its Gun: a non-PRC, Good Order crew of the
     * Gun's nationality, not pinned; for a SW any MMC of its nationality.
     */
    public static void requireEligible(AslCounter unit, AslCounter gun) {
        String field = "crew";
        boolean sw = "support-weapon".equals(gun.kind());
        if (sw) {
            require(mayCarry(unit, gun), "10.7", field, "only an MMC may (un)pack a support weapon");
        } else {
            require(mayCarry(unit, gun), "10.11", field,
                    "the only Personnel unit that may become Pack-TI is a crew counter");
        }
        require(!unit.prc(), "10.11", field, "a PRC may not become Pack-TI");
        require(unit.goodOrder(), "10.11", field, "only a Good Order crew may become Pack-TI");
        require(!unit.pinned(), "10.11", field, "a pinned crew may not become Pack-TI");
        require(sameNationality(unit, gun), sw ? "10.7" : "10.11", field, "only a crew of the Gun's nationality ("
                + gun.nationality() + ") may become Pack-TI with it; this one is " + unit.nationality());
    }

    /** 10.11, 10.7: the kind of unit that may (un)pack this Gun: a crew; for a SW any MMC. */
    static boolean mayCarry(AslCounter unit, AslCounter gun) {
        if ("support-weapon".equals(gun.kind())) {
            return "crew".equals(unit.kind()) || "squad".equals(unit.kind()) || "half-squad".equals(unit.kind());
        }
        return "crew".equals(unit.kind());
    }

    static boolean sameNationality(AslCounter unit, AslCounter gun) {
        return unit.nationality() != null && unit.nationality().equals(gun.nationality());
    }

    /** 10.11, 10.2, 10.3: the crew, its Gun and the Mule become Pack-TI; a new period begins or a counted one resumes. */
    static void become(Decision out, GameClock clock, BecomePackTi action) {
        AnimalPackState s = out.state();
        AslCounter crew = s.inPlay("10.11", "crew", action.crew());
        require(crew.possesses() != null, "10.11", "crew", crew.id() + " possesses no Pack Gun");
        AslCounter gun = s.counter("crew", crew.possesses());
        require(!gun.eliminated(), "10.11", "crew", "the Gun " + crew.id() + " possessed (" + gun.id()
                + ") is eliminated: there is nothing to (un)pack");
        PackGuns.require(gun, "crew");
        requireEligible(crew, gun);
        require(!crew.packTi(), "10.11", "crew", crew.id() + " is Pack-TI already");
        requireStartOfGameTurn(clock, "10.11", "a crew may become Pack-TI");
        require(!PackGuns.mustBeDm(gun) || gun.dm(), "10.2", "crew", "the Gun must be dm to be Animal-Packed");
        UnpackingPeriod period = s.periodOf(gun.id());
        AslCounter mule = gun.loadedOn() != null ? s.counters().get(gun.loadedOn())
                : period != null && period.mule() != null ? s.counters().get(period.mule()) : freeMule(s, gun);
        if (mule == null && period == null && gun.loadedOn() == null) {
            require(s.at(gun.hex()).stream().noneMatch(m -> m.isMule() && s.gunOn(m.id()) == null), "10.1", "crew",
                    "only a \"squad\" Mule carries a Gun (EX 10.41: \"back on another 'squad' Mule\"); the Mules "
                            + "in the Gun's Location are \"HS\"");
        }
        require(mule != null && !mule.eliminated() || period != null && period.transferred(), "10.1", "crew",
                "no Mule to (un)pack the Gun with in its Location");
        require(same(crew, gun), "10.11", "crew", "the crew and its Gun must share a Location");
        List<String> counters = new ArrayList<>(List.of(crew.id(), gun.id()));
        if (mule != null && !mule.eliminated()) {
            require(same(mule, gun), "10.11", "crew", "the Mule and the Gun must share a Location");
            counters.add(mule.id());
        }
        if (period != null) {
            out.add(new PackTiTaken(counters, gun.id(), "resumes the " + period.direction().toLowerCase()
                    + " period: " + period.completedTurns() + " of " + period.length() + " Game Turns counted",
                    "10.3"));
            return;
        }
        String direction = gun.loadedOn() != null ? UnpackingPeriod.UNPACKING : UnpackingPeriod.PACKING;
        int length = UnpackingPeriod.length(PackGuns.manhandling(gun), PackGuns.isMortar(gun));
        out.add(new PackTiTaken(counters, gun.id(), "begins " + direction.toLowerCase(), "10.11"));
        // 10.31: an Unpacking Period that must end with an unload the terrain prohibits is not begun (see the
        // readings: the voluntary unload is prohibited, not an elimination)
        require(!(UnpackingPeriod.UNPACKING.equals(direction) && Unloading.prohibited(gun)), "10.31", "crew",
                "the Gun's Location (" + gun.terrain() + ") prohibits Guns: the Gun may not be unloaded there, so "
                        + "no Unpacking Period is begun; move the Mule on first");
        String warning = "";
        out.add(new PeriodBegan(new UnpackingPeriod(gun.id(), crew.id(), mule.id(), direction, length, 0,
                clock.gameTurn(), 0, false, false, false), "12 - M# " + PackGuns.manhandling(gun)
                + (PackGuns.isMortar(gun) ? "" : " + 1 (not a mortar)") + " = " + length + " Game Turns" + warning,
                "10.3"));
    }

    /** 10.11: a Pack-TI crew that attacks, moves, is pinned or breaks loses Pack-TI at once. */
    static void loseIfPackTi(Decision out, AslCounter c, String why) {
        if (c.packTi() && c.isPersonnel()) {
            out.add(new PackTiLost(c.id(), c.possesses(), why, "10.11"));
        }
    }

    private static AslCounter freeMule(AnimalPackState s, AslCounter gun) {
        // 10.1, EX 10.41: a Gun goes back only on a "squad" Mule
        return s.at(gun.hex()).stream().filter(AslCounter::isMule).filter(AslCounter::carriesGuns)
                .filter(m -> s.gunOn(m.id()) == null).findFirst().orElse(null);
    }

    static boolean same(AslCounter a, AslCounter b) {
        return a.hex() != null && a.hex().equals(b.hex());
    }

    static void require(boolean condition, String section, String field, String message) {
        if (!condition) {
            throw new RuleViolation(section, field, message);
        }
    }
}
