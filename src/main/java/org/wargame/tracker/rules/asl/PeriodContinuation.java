package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterEliminated;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodEnded;

import java.util.List;

/**
 * Whether an (Un)Packing Period can still go on, so that no counter stays Pack-TI when no rule keeps it so (10.3,
 * 10.11, 10.41). A period goes on while it has its Gun and someone who can (un)pack it: its crew, or, once the
 * crew is lost, a unit that may take possession of the abandoned Gun and carry the period on (10.11; 10.7 for SW).
 * Otherwise it ends and Gun, Mule and crew leave Pack-TI:
 * <ul>
 *   <li>the Gun is eliminated (10.4: "Pack-TI status is NA"; or by its X#, a repair, an attack);</li>
 *   <li>a Packing Period's Mule is eliminated, or Casualty Reduced to "HS", before the Gun was loaded on it
 *       (nothing is left to pack onto: 10.1, EX 10.41, only a "squad" Mule carries a Gun);</li>
 *   <li>its crew is lost and no unit in play could ever take the Gun up (of its side and nationality, a crew for a
 *       Gun or an MMC for a SW, not PRC, not holding another Gun), or the unit holding it may not (un)pack it.</li>
 * </ul>
 * While a crew is only broken or pinned, or another unit can still take the Gun up, the period is suspended: its
 * Game Turns do not count, Gun and Mule stay Pack-TI (10.41: a Mule leaves it only by completing a period).
 */
final class PeriodContinuation {

    private PeriodContinuation() {
    }

    /** Eliminates a Gun, and ends the period it was in (who was Pack-TI with it leaves Pack-TI). */
    static void eliminateGun(Decision out, AslCounter gun, String why, String section) {
        boolean inPeriod = out.state().periodOf(gun.id()) != null;
        List<String> packTi = out.state().packTiParticipants(gun.id()).stream().filter(id -> !id.equals(gun.id()))
                .toList();
        out.add(new CounterEliminated(gun.id(), why, section));
        if (inPeriod) {
            out.add(new PeriodEnded(gun.id(), packTi, "the Gun is eliminated: there is nothing left to (un)pack",
                    section));
        }
    }

    /** Ends every period that can no longer go on. */
    static void check(Decision out) {
        for (String gunId : List.copyOf(out.state().periods().keySet())) {
            AnimalPackState s = out.state();
            UnpackingPeriod p = s.periodOf(gunId);
            AslCounter gun = s.counters().get(gunId);
            String why = null;
            String section = "10.11";
            if (gun == null || gun.eliminated()) {
                why = "the Gun is eliminated: there is nothing left to (un)pack";
            } else if (UnpackingPeriod.PACKING.equals(p.direction()) && !p.transferred() && !alive(s, p.mule())) {
                why = "the Mule to pack the Gun onto is eliminated";
                section = "10.3";
            } else if (UnpackingPeriod.PACKING.equals(p.direction()) && !p.transferred()
                    && !s.counters().get(p.mule()).carriesGuns()) {
                why = "the Mule to pack the Gun onto is now \"HS\": only a \"squad\" Mule carries a Gun (EX 10.41)";
                section = "10.1";
            } else if (!carriedOn(s, p, gun)) {
                why = "its crew is lost and no unit is left that could take the Gun up and carry the period on";
            }
            if (why != null) {
                out.add(new PeriodEnded(gunId, s.packTiParticipants(gunId), why, section));
            }
        }
    }

    private static boolean alive(AnimalPackState s, String id) {
        AslCounter c = id == null ? null : s.counters().get(id);
        return c != null && !c.eliminated();
    }

    /** The period's crew still holds the Gun, or another unit could take the abandoned Gun up. */
    private static boolean carriedOn(AnimalPackState s, UnpackingPeriod p, AslCounter gun) {
        AslCounter holder = s.possessorOf(gun.id());
        if (holder != null) {
            return mayTakeUp(s, holder, gun); // a holder that may not (un)pack it cannot carry the period on
        }
        return s.counters().values().stream().anyMatch(unit -> mayTakeUp(s, unit, gun));
    }

    /**
     * 10.11, 10.7: a unit that may (some time) take possession of this abandoned Gun and (un)pack it: in play, of the
     * Gun's side and nationality, a crew (for a SW an MMC), not PRC, holding no other Gun. Where it is, and whether it
     * is broken or pinned now, does not matter: it may move there and rally.
     */
    static boolean mayTakeUp(AnimalPackState s, AslCounter unit, AslCounter gun) {
        if (unit.eliminated() || unit.prc() || !PackTi.mayCarry(unit, gun) || !PackTi.sameNationality(unit, gun)
                || unit.side() == null || !unit.side().equals(gun.side())) {
            return false;
        }
        return unit.possesses() == null || unit.possesses().equals(gun.id()) || !alive(s, unit.possesses());
    }
}
