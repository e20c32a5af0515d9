package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ASL sequence of play (A3) as a table: the phases, and whose units, in which each action is accepted. Fire:
 * Prep Fire in its own PFPh, Defensive First Fire in the enemy's MPh, Defensive Final Fire in the enemy's DFPh,
 * Advancing Fire in its own AFPh, and Close Combat in the CCPh (A11). Moves: in its own MPh and APh; a broken unit
 * routs in the RtPh (A10.5). Rally and repair: in the RPh, by either side. Pack-TI and reversal check their own
 * step (10.11, 10.33); casualties are results of an attack and are recorded whenever they happen.
 */
final class ActionPhases {

    static final String SEQUENCE = "A3";
    static final String ROUT = "A10.5";

    /** Whose units act in a window: the phasing side's, the other side's, or either. */
    enum Who { PHASING, NON_PHASING, EITHER }

    /** A phase, whose units act in it, and whether only broken units do (rout). */
    record Window(String phase, Who who, boolean brokenOnly) {

        boolean admits(AslCounter unit, GameClock clock) {
            boolean phasing = unit.side() != null && unit.side().equals(clock.phasingSide());
            boolean side = switch (who) {
                case PHASING -> phasing;
                case NON_PHASING -> !phasing;
                case EITHER -> true;
            };
            return phase.equals(clock.phase()) && side && (!brokenOnly || !unit.goodOrder());
        }
    }

    /** One row: the section that gives the phase, and the words of the refusal: {@code subject} {@code when}. */
    record Row(String section, String subject, String when, List<Window> windows) {
    }

    static final Map<String, Row> TABLE = Map.of(
            "fire", new Row(SEQUENCE, "a unit attacks", "as Prep Fire in its side's PFPh, Defensive First Fire in "
                    + "the enemy's MPh, Defensive Final Fire in the enemy's DFPh, Advancing Fire in its side's AFPh, "
                    + "or in Close Combat in the CCPh",
                    List.of(new Window("PFPh", Who.PHASING, false), new Window("MPh", Who.NON_PHASING, false),
                            new Window("DFPh", Who.NON_PHASING, false), new Window("AFPh", Who.PHASING, false),
                            new Window("CCPh", Who.EITHER, false))),
            "move", new Row(SEQUENCE, "a unit moves", "in its side's MPh or APh (a broken unit routs in the RtPh, "
                    + ROUT + ")",
                    List.of(new Window("MPh", Who.PHASING, false), new Window("APh", Who.PHASING, false),
                            new Window("RtPh", Who.EITHER, true))),
            "rally", new Row(SEQUENCE, "rally attempts are made", "in the RPh",
                    List.of(new Window("RPh", Who.EITHER, false))),
            "repair-gun", new Row(SEQUENCE, "repair attempts are made", "in the RPh",
                    List.of(new Window("RPh", Who.EITHER, false))));

    private ActionPhases() {
    }

    /** Why {@code action} by {@code unit} is not accepted now ("A3: ..."), or null when it is. */
    static String refusal(String action, AslCounter unit, GameClock clock) {
        return refusal(action, unit, clock, "the unit"); // an option's words are shown on a page: no id
    }

    private static String refusal(String action, AslCounter unit, GameClock clock, String who) {
        Row row = TABLE.get(action);
        if (row == null || row.windows().stream().anyMatch(w -> w.admits(unit, clock))) {
            return null;
        }
        boolean rightPhase = row.windows().stream().anyMatch(w -> w.phase().equals(clock.phase()));
        return row.section() + ": " + row.subject() + " " + row.when() + " (now: " + clock.label() + ")"
                + (rightPhase ? "; " + who + " is of side '" + unit.side() + "'" : "");
    }

    /** Refuses, under the row's section and the request field naming the unit, an action outside its phase. */
    static void require(String action, AslCounter unit, GameClock clock, String field) {
        String refusal = refusal(action, unit, clock, unit.id());
        if (refusal != null) {
            throw new RuleViolation(TABLE.get(action).section(), field, refusal.substring(refusal.indexOf(": ") + 2));
        }
    }

    /**
     * A fire type the players name (free words) must be one of the phase it is fired in: Prep Fire in the PFPh,
     * (Subsequent) First Fire and Final Protective Fire in the MPh, Final Fire in the MPh or DFPh, Advancing Fire in
     * the AFPh. Words the tracker does not know are not checked; Close Combat is {@link Attack#closeCombat}'s.
     */
    static void requireFireType(String fireType, GameClock clock) {
        String type = fireType == null ? "" : fireType.toLowerCase(Locale.ROOT);
        List<String> phases;
        String kind;
        if (type.contains("prep")) {
            phases = List.of("PFPh");
            kind = "Prep Fire";
        } else if (type.contains("advancing")) {
            phases = List.of("AFPh");
            kind = "Advancing Fire";
        } else if (type.contains("first fire") || type.contains("protective")) {
            phases = List.of("MPh");
            kind = "Defensive First Fire (and Subsequent First Fire, Final Protective Fire)";
        } else if (type.contains("final fire")) {
            phases = List.of("MPh", "DFPh");
            kind = "Final Fire";
        } else {
            return;
        }
        if (!phases.contains(clock.phase())) {
            throw new RuleViolation(SEQUENCE, "fireType", kind + " is fired in the " + String.join(" or ", phases)
                    + " (now: " + clock.label() + ")");
        }
    }
}
