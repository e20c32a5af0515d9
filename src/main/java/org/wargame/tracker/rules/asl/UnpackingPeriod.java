package org.wargame.tracker.rules.asl;

/**
 * An (Un)Packing Period in progress for one Gun. 10.3: it lasts 12 - M# complete Game Turns, +1 when the Gun is not
 * a mortar; a Game Turn in which the crew was not Pack-TI throughout does not count, and counted turns carry on when
 * Pack-TI is taken again. 10.31: the Gun is (un)loaded at the start of the Player-Turn RPh that follows the
 * completion of half the period, i.e. once {@code length} Player Turns (half of {@code length} Game Turns) have
 * passed.
 *
 * @param direction          UNPACKING or PACKING
 * @param countFromTurn      the first Game Turn that may count (the next one when the period began mid-turn)
 * @param playerTurnsThisTurn Player Turns of the current Game Turn already passed while Pack-TI
 * @param spoiledThisTurn    the current Game Turn can no longer count (Pack-TI lost or not taken at its start)
 * @param transferred        the Gun has already been (un)loaded (10.31)
 * @param involuntary        begun by a 10.4 unload, not by a crew
 */
public record UnpackingPeriod(String gun, String crew, String mule, String direction, int length,
                              int completedTurns, int countFromTurn, int playerTurnsThisTurn,
                              boolean spoiledThisTurn, boolean transferred, boolean involuntary) {

    public static final String UNPACKING = "UNPACKING";
    public static final String PACKING = "PACKING";

    /** 10.3: 12 - M#, +1 if not a mortar. */
    public static int length(int manhandling, boolean mortar) {
        return 12 - manhandling + (mortar ? 0 : 1);
    }

    /** 10.31: half the period is complete: {@code length} Player Turns = length/2 Game Turns. */
    public boolean halfComplete() {
        return completedTurns * 2 + (spoiledThisTurn ? 0 : playerTurnsThisTurn) >= length;
    }

    public boolean complete() {
        return completedTurns >= length;
    }

    public int remainingTurns() {
        return Math.max(0, length - completedTurns);
    }

    /** 10.11: the same period, now (un)packed by the unit that took possession of the abandoned Gun. */
    UnpackingPeriod carriedOnBy(String newCrew) {
        return new UnpackingPeriod(gun, newCrew, mule, direction, length, completedTurns, countFromTurn,
                playerTurnsThisTurn, spoiledThisTurn, transferred, involuntary);
    }

    UnpackingPeriod with(int completed, int playerTurns, boolean spoiled, boolean transferred) {
        return new UnpackingPeriod(gun, crew, mule, direction, length, completed, countFromTurn, playerTurns,
                spoiled, transferred, involuntary);
    }
}
