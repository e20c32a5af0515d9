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
            Map.entry("asl.PinsRemoved", PinsRemoved.class));

    String section();

    /** 10.11: these counters became Pack-TI (crew, Gun and Mule, or only Gun and Mule after 10.4). */
    record PackTiTaken(List<String> counters, String gun, String why, String section) implements AnimalPackEvent {
    }

    /** 10.3 / 10.33 / 10.4: a new (Un)Packing Period for the Gun. */
    record PeriodBegan(UnpackingPeriod period, String why, String section) implements AnimalPackEvent {
    }

    /** 10.11: the counter lost Pack-TI at once; its period's current Game Turn no longer counts. */
    record PackTiLost(String counter, String gun, String why, String section) implements AnimalPackEvent {
    }

    /** 10.3: the Player Turn passed while Pack-TI (counts toward half the period). */
    record PlayerTurnCounted(String gun, int gameTurn, int playerTurnsThisTurn, String section)
            implements AnimalPackEvent {
    }

    /** 10.3: a Game Turn ended; it counted (the crew was Pack-TI throughout) or not. */
    record GameTurnCounted(String gun, int gameTurn, boolean counted, int completedTurns, int length, String why,
                           String section) implements AnimalPackEvent {
    }

    /** 10.31: the Gun came off (or onto) its Mule. */
    record GunTransferred(String gun, String mule, String direction, String hex, String section)
            implements AnimalPackEvent {
    }

    /** 10.31: the (un)load is due but cannot happen now. */
    record TransferPrevented(String gun, String why, String section) implements AnimalPackEvent {
    }

    /** 10.3: the period is complete; Gun, Mule and crew leave Pack-TI. */
    record PeriodCompleted(String gun, String direction, List<String> counters, String section)
            implements AnimalPackEvent {
    }

    /** 10.33: the period now runs the other way. */
    record DirectionReversed(String gun, UnpackingPeriod period, String why, String section)
            implements AnimalPackEvent {
    }

    /** An attack; a Pack-TI crew's attack is Area Fire (10.11). */
    record AttackMade(String firer, String target, String weapon, String fireType, boolean areaFire,
                      DiceRoll originalDr, String result, String section) implements AnimalPackEvent {
    }

    /** A Gun's Original DR reached its B# (malfunction) or X# (removed). */
    record GunBrokeDown(String gun, int originalDr, Integer breakdown, Integer disablement, boolean disabled,
                        String section) implements AnimalPackEvent {
    }

    record GunRepaired(String gun, String section) implements AnimalPackEvent {
    }

    record UnitPinned(String counter, String section) implements AnimalPackEvent {
    }

    record UnitBroken(String counter, String section) implements AnimalPackEvent {
    }

    record UnitRallied(String counter, String section) implements AnimalPackEvent {
    }

    /** Casualty Reduction: squad to HS, "squad" Mule to "HS" Mule. */
    record CasualtyReduced(String counter, String from, String to, String section) implements AnimalPackEvent {
    }

    record CounterEliminated(String counter, String why, String section) implements AnimalPackEvent {
    }

    /** 10.4: the vulnerability dr for the Gun of a Mule that was Casualty Reduced or eliminated. */
    record VulnerabilityRolled(String mule, String gun, DiceRoll dr, int drm, int finalDr, boolean gunLoaded,
                               String result, String section) implements AnimalPackEvent {
    }

    /** 10.4: the Gun came off its Mule involuntarily, with its randomly determined Covered Arc. */
    record GunUnloadedInvoluntarily(String gun, String mule, DiceRoll coveredArcDr, int coveredArc, String section)
            implements AnimalPackEvent {
    }

    record GunMalfunctioned(String gun, String why, String section) implements AnimalPackEvent {
    }

    /** 10.41: Low Ammo: B# becomes X#, new B# one less. */
    record LowAmmoMarked(String gun, int lowAmmoCount, Integer breakdown, Integer disablement, String section)
            implements AnimalPackEvent {
    }

    record CounterMoved(String counter, List<String> carried, String hex, String terrain, boolean prohibitsGuns,
                        String section) implements AnimalPackEvent {
    }

    /** Pins last until the end of the Player Turn. */
    record PinsRemoved(List<String> counters, String section) implements AnimalPackEvent {
    }
}
