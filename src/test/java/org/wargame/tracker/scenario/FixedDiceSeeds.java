package org.wargame.tracker.scenario;

import java.util.Arrays;

/** Dice seeds for aggregate fixtures: one fixed seed for every scenario, so server dice are repeatable. */
public class FixedDiceSeeds implements DiceSeeds {

    private final byte[] seed;

    public FixedDiceSeeds(byte fill) {
        seed = new byte[32];
        Arrays.fill(seed, fill);
    }

    public byte[] seed() {
        return seed.clone();
    }

    @Override
    public String commit(String scenarioId) {
        return ServerDice.commitment(seed);
    }

    @Override
    public byte[] seedOf(String scenarioId) {
        return seed.clone();
    }
}
