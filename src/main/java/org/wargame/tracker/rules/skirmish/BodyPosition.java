package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * HARD COVER or BODY POSITION: which hit locations are exposed; "Infantrymen behind hard cover or less exposed
 * positions are protected from small arms fire if the body location hit was covered." Also the two lines under
 * VI. Infantry Weapons Fire on poses (a kneeling figure that moved at crawling speed is prone) and the modifier for a
 * firer above the target.
 */
public final class BodyPosition {

    public static final String RULE = "Hard Cover or Body Position";

    /** HARD COVER or BODY POSITION | HIT LOCATIONS (the exposed ones). */
    public enum Row {
        FIRING_PORT("firing port", 1),
        OVER_A_HIGH_WALL("over a high wall", 1, 2),
        PREPARED_FOXHOLE("prepared foxhole", 1, 2),
        PRONE_IN_THE_OPEN("prone in the open", 1, 2),
        LOW_WALL("low wall", 1, 2, 3),
        HASTY_FOXHOLE("hasty foxhole", 1, 2, 3),
        WINDOW("window", 1, 2, 3),
        AROUND_A_CORNER_RIGHT("around a corner (right)", 2, 4, 6),
        AROUND_A_CORNER_LEFT("around a corner (left)", 1, 3, 5),
        KNEELING_IN_THE_OPEN("kneeling in the open", 1, 2, 3, 4),
        STANDING_IN_THE_OPEN("standing in the open", 1, 2, 3, 4, 5, 6);

        private final String label;
        private final Set<Integer> exposed;

        Row(String label, Integer... exposed) {
            this.label = label;
            this.exposed = Set.of(exposed);
        }

        public String label() {
            return label;
        }

        public boolean exposes(int location) {
            return exposed.contains(location);
        }

        public List<Integer> exposed() {
            return exposed.stream().sorted().toList();
        }
    }

    private BodyPosition() {
    }

    /**
     * The row a player names ("prone in the open", "low wall"...). "A kneeling figure, which moved at crawling speed,
     * is assumed to have been in a prone position."
     */
    public static Row parse(String position, boolean crawled) {
        if (position == null || position.isBlank()) {
            throw new FieldRefused("position", "missing (one of " + labels() + ")");
        }
        String p = position.trim().toLowerCase().replace('-', ' ').replace('_', ' ');
        for (Row row : Row.values()) {
            if (row.label.equals(p) || row.name().replace('_', ' ').equalsIgnoreCase(p)) {
                return row == Row.KNEELING_IN_THE_OPEN && crawled ? Row.PRONE_IN_THE_OPEN : row;
            }
        }
        throw new FieldRefused("position", "'" + position + "' is not a row of the Hard Cover or Body "
                + "Position table (" + labels() + ")");
    }

    /**
     * The target man's position for a hit: the one recorded in the state. A shot may name it (with {@code crawled}),
     * but not another: "positions are state", set by the target's side with a move.
     *
     * @return the recorded row, or null when none is recorded and {@code required} is false
     */
    public static Row ofTarget(SkirmishState.Figure target, String named, Boolean crawled, boolean required) {
        Row recorded = target.position() == null ? null : parse(target.position(), false);
        if (recorded == null) {
            if (required || named != null) {
                throw new RuleViolation(RULE, "position", "no position is recorded for " + target.id()
                        + ": his side records it (move, with position) before he is hit");
            }
            return null;
        }
        if (named != null && !named.isBlank()) {
            Row row = parse(named, Boolean.TRUE.equals(crawled));
            if (row != recorded) {
                throw new RuleViolation(RULE, "position", target.id() + " is recorded " + recorded.label()
                        + "; a hit naming '" + row.label() + "' is refused (his side changes his position with a "
                        + "move)");
            }
        }
        return recorded;
    }

    /** "The hit location is modified +1 if the firer is above the target unless the target also has overhead protection." */
    public static List<HitLocationModifier> firerAbove(boolean firerAbove, boolean overheadProtection) {
        List<HitLocationModifier> modifiers = new ArrayList<>();
        if (firerAbove && !overheadProtection) {
            modifiers.add(new HitLocationModifier("firer above the target", 1));
        }
        return modifiers;
    }

    public static List<String> labels() {
        return Arrays.stream(Row.values()).map(Row::label).toList();
    }
}
