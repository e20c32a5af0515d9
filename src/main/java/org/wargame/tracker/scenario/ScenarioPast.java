package org.wargame.tracker.scenario;

/**
 * The record of one scenario as a fold needs it when an event rolls the scenario back: the state after its first
 * {@code count} events, and where an action began. The state itself never keeps earlier states: they are folded
 * from the record (from the nearest checkpoint) when a roll-back asks for one.
 */
public interface ScenarioPast {

    /** The scenario as it stood after its first {@code count} events. */
    ScenarioState stateAt(long count);

    /**
     * The position (sequence number) of the first event of the latest taking of {@code actionId} before position
     * {@code before}; for events written before positions were stored.
     */
    long positionOf(String actionId, long before);

    /** A fold without a record: fine for every event but a roll-back. */
    ScenarioPast NONE = new ScenarioPast() {
        @Override
        public ScenarioState stateAt(long count) {
            throw new IllegalStateException("a roll-back needs the scenario's record to fold");
        }

        @Override
        public long positionOf(String actionId, long before) {
            throw new IllegalStateException("a roll-back needs the scenario's record to fold");
        }
    };
}
