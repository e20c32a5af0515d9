package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;

import java.util.List;
import java.util.Map;

/**
 * The scenario core's own events; each rule set adds its family of {@link org.wargame.tracker.rules.RuleEvent}s to
 * the same stream. Stored as JSON; shapes change only through upcasters.
 */
public sealed interface ScenarioEvent {

    /**
     * The scenario begins with these counters (roster state plus placement), sides in Player-Turn order, and the
     * hash of the seed of its server dice (revealed when it is concluded).
     */
    record ScenarioStarted(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                           List<Side> sides, List<CounterDefinition> counters, GameClock clock,
                           String diceCommitment) implements ScenarioEvent {
    }

    /**
     * A player action as it was asked for, with every die rolled for it; the rule events it caused follow it in the
     * stream with the same action id in their metadata.
     */
    record ActionTaken(String actionId, String type, Map<String, Object> request, List<DiceRoll> dice)
            implements ScenarioEvent {
    }

    /** The clock moved on; what the rules make happen by themselves then follows it, with these dice. */
    record ClockAdvanced(String actionId, GameClock from, GameClock to, List<DiceRoll> dice)
            implements ScenarioEvent {
    }

    /** The end of the scenario: every counter's end state for the roster, and the dice seed revealed. */
    record ScenarioConcluded(String campaignId, String result, List<CounterOutcome> outcomes, String diceSeed)
            implements ScenarioEvent {
    }
}
