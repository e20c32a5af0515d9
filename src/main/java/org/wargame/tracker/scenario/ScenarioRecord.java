package org.wargame.tracker.scenario;

/** Where the aggregate, the read model and history find a scenario's record (the event store, in the tracker). */
public interface ScenarioRecord {

    ScenarioLog log(String scenarioId);
}
