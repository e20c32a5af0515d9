package org.wargame.tracker.rules;

/**
 * Where a rule gets a die roll from. The scenario hands a rule the dice a player entered for the action, in order;
 * when none is left for a roll the server rolls it from the scenario's committed seed.
 */
public interface Dice {
    DiceRoll roll(DiceKind kind, String purpose);
}
