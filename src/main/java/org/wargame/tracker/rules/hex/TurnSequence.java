package org.wargame.tracker.rules.hex;

import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The game's turn sequence as this rule set declares it (each side's Player Turn: Command, Movement, Fire, Close
 * Assault Phase) and, as a table, the phase and side in which each action is accepted. Section 12 names the Command
 * Phase (12.4), Opportunity Fire (12.61: fire by the side not moving, during the moving side's Movement Phase) and
 * close assaults with an assaulting and a defending side (12.52, 12.53); where it is silent the row is a reading,
 * recorded in docs/rules/hex.md.
 */
final class TurnSequence {

    static final String CP = "CP";
    static final String MP = "MP";
    static final String FP = "FP";
    static final String CA = "CA";

    /** Both sides act in the Movement Phase (Opportunity Fire, 12.61) and the Close Assault Phase (12.52, 12.53). */
    static final PhaseSequence PHASES = new PhaseSequence(List.of(Phase.of(CP, "Command Phase"),
            Phase.bothSides(MP, "Movement Phase"), Phase.of(FP, "Fire Phase"),
            Phase.bothSides(CA, "Close Assault Phase")));

    /** Whose units act in a window: the phasing side's, the other side's, or either. */
    enum Who { PHASING, NON_PHASING, EITHER }

    /** A phase, and whose units may act in it. */
    record Window(String phase, Who who) {

        boolean admits(String side, GameClock clock) {
            boolean phasing = side.equals(clock.phasingSide());
            return phase.equals(clock.phase()) && switch (who) {
                case PHASING -> phasing;
                case NON_PHASING -> !phasing;
                case EITHER -> true;
            };
        }
    }

    /**
     * One row of the table: the action ({@code type}, or {@code type/context}), the section that gives its phase (or
     * that the reading rests on), and the words of the refusal: {@code subject} {@code when}.
     */
    record Row(String action, String section, String subject, String when, List<Window> windows) {
    }

    private static final Window PHASING_MP = new Window(MP, Who.PHASING);
    private static final Window OPPORTUNITY_FIRE = new Window(MP, Who.NON_PHASING);
    private static final Window PHASING_FP = new Window(FP, Who.PHASING);
    private static final Window PHASING_CP = new Window(CP, Who.PHASING);

    /** The table; an action not in it (recording a loss or a pin read off the combat tables) is taken any time. */
    static final Map<String, Row> TABLE = table(
            new Row("move", "12.2", "Movement Points are spent", "in the unit's own side's Movement Phase",
                    List.of(PHASING_MP)),
            new Row("transfer-weapon", "12.4", "support weapons are exchanged or transferred",
                    "only during the owning player's Command Phase", List.of(PHASING_CP)),
            new Row("exchange-weapons", "12.4", "support weapons are exchanged or transferred",
                    "only during the owning player's Command Phase", List.of(PHASING_CP)),
            new Row("fire", "12.3", "a unit attacks with a support weapon, grenades or a satchel charge",
                    "in its side's Fire Phase, or as Opportunity Fire during the enemy's Movement Phase",
                    List.of(PHASING_FP, OPPORTUNITY_FIRE)),
            new Row("mortar-fire", "12.61", "mortars fire", "only in their side's Fire Phase (no Opportunity Fire)",
                    List.of(PHASING_FP)),
            new Row("mortar-smoke", "12.66", "a mortar fires a smoke round",
                    "only in its side's Fire Phase (the same rules as firing normally: no Opportunity Fire)",
                    List.of(PHASING_FP)),
            new Row("use-panzerfaust", "12.51", "a Panzerfaust attack is made",
                    "in the side's Fire Phase, or as Opportunity Fire during the enemy's Movement Phase",
                    List.of(PHASING_FP, OPPORTUNITY_FIRE)),
            new Row("use-at-grenade", "12.51", "an AT Grenade attack is made",
                    "in the side's Fire Phase, or as Opportunity Fire during the enemy's Movement Phase",
                    List.of(PHASING_FP, OPPORTUNITY_FIRE)),
            new Row("use-grenades/" + GrenadeUse.CLOSE_ASSAULT_ATTACK, "12.52",
                    "grenades of an assaulting unit are used", "in its own side's Close Assault Phase",
                    List.of(new Window(CA, Who.PHASING))),
            new Row("use-grenades/" + GrenadeUse.CLOSE_ASSAULT_DEFENCE, "12.52",
                    "grenades in defence of a close assault are used",
                    "in the Close Assault Phase by a unit of the side being assaulted (not the phasing side)",
                    List.of(new Window(CA, Who.NON_PHASING))),
            new Row("use-grenades/" + GrenadeUse.OVERRUN, "12.52",
                    "grenades of the passengers of an overrunning AFV are used",
                    "in their side's Movement Phase, while the AFV moves", List.of(PHASING_MP)),
            new Row("use-satchel-charge/" + SatchelCharge.CLOSE_ASSAULT, "12.53",
                    "satchel charges in a close assault are used", "in the Close Assault Phase (by either side)",
                    List.of(new Window(CA, Who.EITHER))),
            new Row("use-satchel-charge/" + SatchelCharge.OVERRUN, "12.53",
                    "satchel charges of the passengers of an overrunning AFV are used",
                    "in their side's Movement Phase, while the AFV moves", List.of(PHASING_MP)));

    private TurnSequence() {
    }

    private static Map<String, Row> table(Row... rows) {
        Map<String, Row> map = new LinkedHashMap<>();
        for (Row row : rows) {
            map.put(row.action(), row);
        }
        return Collections.unmodifiableMap(map);
    }

    /**
     * Why {@code action} by a unit of {@code side} is not accepted at {@code clock} ("12.4: ..."), or null when it
     * is (or when the table does not restrict it).
     */
    static String refusal(String action, String side, GameClock clock) {
        Row row = refused(action, side, clock);
        return row == null ? null : row.section() + ": " + words(row, side, clock, "the unit");
    }

    /** Refuses, under the row's section, an action taken outside its phase or by the wrong side's unit. */
    static void require(String action, HexCounter unit, GameClock clock) {
        Row row = refused(action, unit.side(), clock);
        if (row != null) {
            throw new RuleViolation(row.section(), words(row, unit.side(), clock, "'" + unit.id() + "'"));
        }
    }

    private static Row refused(String action, String side, GameClock clock) {
        Row row = TABLE.get(action);
        return row == null || row.windows().stream().anyMatch(w -> w.admits(side, clock)) ? null : row;
    }

    private static String words(Row row, String side, GameClock clock, String unit) {
        boolean rightPhase = row.windows().stream().anyMatch(w -> w.phase().equals(clock.phase()));
        return row.subject() + " " + row.when() + " (now: " + clock.label() + ")"
                + (rightPhase ? "; " + unit + " is of side '" + side + "'" : "");
    }
}
