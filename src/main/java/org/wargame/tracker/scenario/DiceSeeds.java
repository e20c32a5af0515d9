package org.wargame.tracker.scenario;

/**
 * Keeps each scenario's secret dice seed outside the event stream until the scenario ends (only its hash is
 * published when it starts).
 */
public interface DiceSeeds {

    /** Creates and keeps a new seed for the scenario; returns its commitment. */
    String commit(String scenarioId);

    byte[] seedOf(String scenarioId);
}
