package org.wargame.tracker.scenario;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.test.aggregate.FixtureConfiguration;

import java.util.List;

/**
 * The record of an Axon Test fixture's in-memory event store, as the aggregate is handed it in the tracker (the
 * fixture is given the same resolver of the aggregate's log over it).
 */
public final class FixtureRecord {

    private FixtureRecord() {
    }

    public static ScenarioRecord of(FixtureConfiguration<?> fixture) {
        ScenarioRecord record = scenarioId -> {
            List<? extends DomainEventMessage<?>> events = fixture.getEventStore().readEvents(scenarioId).asStream()
                    .toList();
            return ScenarioLog.ofMessages(events);
        };
        fixture.registerParameterResolverFactory(ScenarioLogs.over(record));
        return record;
    }
}
