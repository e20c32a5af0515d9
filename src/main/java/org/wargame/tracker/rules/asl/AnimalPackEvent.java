package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.RuleEvent;

import java.util.List;
import java.util.Map;

/**
 * What happens under the Animal-Pack rules. Each event names the section that made it happen; every die roll that
 * decided it is inside it.
 */
public sealed interface AnimalPackEvent extends RuleEvent {

    /**
     * The stored name of every event of this family, in one place. Names are part of the record (the hash chain and
     * every export hold them): never rename one; a new event type gets a new name.
     */
    Map<String, Class<? extends AnimalPackEvent>> NAMES = Map.ofEntries(
            Map.entry("asl.PackTiTaken", PackTiTaken.class),
            Map.entry("asl.PeriodBegan", PeriodBegan.class),
            Map.entry("asl.PackTiLost", PackTiLost.class),
            Map.entry("asl.PlayerTurnCounted", PlayerTurnCounted.class),
            Map.entry("asl.GameTurnCounted", GameTurnCounted.class),
            Map.entry("asl.GunTransferred", GunTransferred.class),
            Map.entry("asl.TransferPrevented", TransferPrevented.class),
            Map.entry("asl.PeriodCompleted", PeriodCompleted.class),
            Map.entry("asl.DirectionReversed", DirectionReversed.class),
            Map.entry("asl.AttackMade", AttackMade.class),
            Map.entry("asl.GunBrokeDown", GunBrokeDown.class),
            Map.entry("asl.GunRepaired", GunRepaired.class),
            Map.entry("asl.UnitPinned", UnitPinned.class),
            Map.entry("asl.UnitBroken", UnitBroken.class),
            Map.entry("asl.UnitRallied", UnitRallied.class),
            Map.entry("asl.CasualtyReduced", CasualtyReduced.class),
            Map.entry("asl.CounterEliminated", CounterEliminated.class),
            Map.entry("asl.VulnerabilityRolled", VulnerabilityRolled.class),
            Map.entry("asl.GunUnloadedInvoluntarily", GunUnloadedInvoluntarily.class),
            Map.entry("asl.GunMalfunctioned", GunMalfunctioned.class),
            Map.entry("asl.LowAmmoMarked", LowAmmoMarked.class),
            Map.entry("asl.CounterMoved", CounterMoved.class),
            Map.entry("asl.PinsRemoved", PinsRemoved.class),
            Map.entry("asl.PeriodEnded", PeriodEnded.class),
            Map.entry("asl.GunPossessionTaken", GunPossessionTaken.class),
            Map.entry("asl.RallyAttempted", RallyAttempted.class),
            Map.entry("asl.RepairAttempted", RepairAttempted.class));

    String section();

    /**
     * This event applied to {@code state}: each event hands itself to the one fold method of
     * {@link AnimalPackState} made for it, so that the fold is exhaustive by construction (a new event type does not
     * compile until it says how it changes the state).
     */
    AnimalPackState applyTo(AnimalPackState state);

    /** 10.11: these counters became Pack-TI (crew, Gun and Mule, or only Gun and Mule after 10.4). */
    record PackTiTaken(List<String> counters, String gun, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.packTiTaken(this);
        }
    }

    /** 10.3 / 10.33 / 10.4: a new (Un)Packing Period for the Gun. */
    record PeriodBegan(UnpackingPeriod period, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.periodBegan(this);
        }
    }

    /** 10.11: the counter lost Pack-TI at once; its period's current Game Turn no longer counts. */
    record PackTiLost(String counter, String gun, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.packTiLost(this);
        }
    }

    /** 10.3: the Player Turn passed while Pack-TI (counts toward half the period). */
    record PlayerTurnCounted(String gun, int gameTurn, int playerTurnsThisTurn, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.playerTurnCounted(this);
        }
    }

    /** 10.3: a Game Turn ended; it counted (the crew was Pack-TI throughout) or not. */
    record GameTurnCounted(String gun, int gameTurn, boolean counted, int completedTurns, int length, String why,
                           String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gameTurnCounted(this);
        }
    }

    /** 10.31: the Gun came off (or onto) its Mule. */
    record GunTransferred(String gun, String mule, String direction, String hex, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gunTransferred(this);
        }
    }

    /** 10.31: the (un)load is due but cannot happen now. */
    record TransferPrevented(String gun, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.transferPrevented(this);
        }
    }

    /** 10.3: the period is complete; Gun, Mule and crew leave Pack-TI. */
    record PeriodCompleted(String gun, String direction, List<String> counters, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.periodCompleted(this);
        }
    }

    /** 10.33: the period now runs the other way. */
    record DirectionReversed(String gun, UnpackingPeriod period, String why, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.directionReversed(this);
        }
    }

    /**
     * An attack; a Pack-TI crew's attack is Area Fire (10.11), except in Close Combat, where the TI DRM apply instead.
     * {@code closeCombat} is absent from attacks recorded before it was kept (read as not stated).
     */
    record AttackMade(String firer, String target, String weapon, String fireType, boolean areaFire,
                      DiceRoll originalDr, String result, String section, Boolean closeCombat)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.attackMade(this);
        }
    }

    /** A Gun's Original DR reached its B# (malfunction) or X# (removed). */
    record GunBrokeDown(String gun, int originalDr, Integer breakdown, Integer disablement, boolean disabled,
                        String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gunBrokeDown(this);
        }
    }

    record GunRepaired(String gun, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gunRepaired(this);
        }
    }

    record UnitPinned(String counter, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.unitPinned(this);
        }
    }

    record UnitBroken(String counter, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.unitBroken(this);
        }
    }

    record UnitRallied(String counter, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.unitRallied(this);
        }
    }

    /** Casualty Reduction: squad to HS, "squad" Mule to "HS" Mule. */
    record CasualtyReduced(String counter, String from, String to, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.casualtyReduced(this);
        }
    }

    record CounterEliminated(String counter, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.counterEliminated(this);
        }
    }

    /** 10.4: the vulnerability dr for the Gun of a Mule that was Casualty Reduced or eliminated. */
    record VulnerabilityRolled(String mule, String gun, DiceRoll dr, int drm, int finalDr, boolean gunLoaded,
                               String result, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.vulnerabilityRolled(this);
        }
    }

    /** 10.4: the Gun came off its Mule involuntarily, with its randomly determined Covered Arc. */
    record GunUnloadedInvoluntarily(String gun, String mule, DiceRoll coveredArcDr, int coveredArc, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gunUnloadedInvoluntarily(this);
        }
    }

    record GunMalfunctioned(String gun, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gunMalfunctioned(this);
        }
    }

    /** 10.41: Low Ammo: B# becomes X#, new B# one less. */
    record LowAmmoMarked(String gun, int lowAmmoCount, Integer breakdown, Integer disablement, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.lowAmmoMarked(this);
        }
    }

    record CounterMoved(String counter, List<String> carried, String hex, String terrain, boolean prohibitsGuns,
                        String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.counterMoved(this);
        }
    }

    /** Pins last until the end of the Player Turn. */
    record PinsRemoved(List<String> counters, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.pinsRemoved(this);
        }
    }

    /**
     * 10.3 / 10.11: the period ends without completing (its Gun is gone, nothing is left to (un)pack it with, or the
     * (un)load cannot happen where the Gun is); the listed counters leave Pack-TI.
     */
    record PeriodEnded(String gun, List<String> counters, String why, String section) implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.periodEnded(this);
        }
    }

    /**
     * 10.11 / 10.7: a unit took possession of an abandoned Gun (its possessor is gone); a period in progress is now
     * carried on by it. {@code previous} is the possessor that was lost, if any.
     */
    record GunPossessionTaken(String gun, String counter, String previous, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.gunPossessionTaken(this);
        }
    }

    /** A rally attempt: the DR (entered or server-rolled) and the result the players read from their charts. */
    record RallyAttempted(String counter, DiceRoll dr, String result, boolean rallied, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.rallyAttempted(this);
        }
    }

    /** A repair attempt on a Malfunctioned Gun: the dr and the result the players read from the counter's numbers. */
    record RepairAttempted(String gun, DiceRoll dr, String result, boolean repaired, String section)
            implements AnimalPackEvent {
        @Override
        public AnimalPackState applyTo(AnimalPackState state) {
            return state.repairAttempted(this);
        }
    }
}
