package org.wargame.tracker.scenario;

import org.axonframework.eventhandling.DomainEventMessage;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.store.ActionMetaData;

/**
 * What the fold of a scenario ({@link ScenarioState#evolve}) takes: one event of its stream, of one of the two
 * kinds a scenario's stream holds. The side an event was recorded for travels with the core event that keeps it
 * (the last action); a rule set's event needs none.
 */
public sealed interface FoldInput {

    /** An event of the scenario core, with the side on whose behalf it was recorded (null: none, the clock). */
    record Core(ScenarioEvent event, String side) implements FoldInput {
    }

    /** An event of the scenario's rule set. */
    record Rule(RuleEvent event) implements FoldInput {
    }

    /** The event itself, whatever its kind. */
    Object event();

    /** An event of a scenario's stream with the side from its metadata; anything else is no scenario event. */
    static FoldInput of(Object event, String side) {
        if (event instanceof ScenarioEvent core) {
            return new Core(core, side);
        }
        if (event instanceof RuleEvent rule) {
            return new Rule(rule);
        }
        throw new IllegalArgumentException("a scenario's stream holds no " + (event == null ? "null event"
                : event.getClass().getSimpleName()));
    }

    /** A stored event as the fold takes it: its payload, and the side its metadata names. */
    static FoldInput of(DomainEventMessage<?> message) {
        Object side = message.getMetaData().get(ActionMetaData.SIDE);
        return of(message.getPayload(), side == null ? null : side.toString());
    }
}
