package org.wargame.tracker.scenario;

import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.test.aggregate.FixtureConfiguration;

import java.util.List;

/** The record of an Axon Test fixture's in-memory event store, as the aggregate reads it in the tracker. */
public final class FixtureRecord {

    private FixtureRecord() {
    }

    public static ScenarioRecord of(FixtureConfiguration<?> fixture) {
        return scenarioId -> {
            List<? extends DomainEventMessage<?>> events = fixture.getEventStore().readEvents(scenarioId).asStream()
                    .toList();
            return ScenarioLog.ofMessages(events);
        };
    }
}
