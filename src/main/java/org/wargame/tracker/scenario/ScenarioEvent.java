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
                           String diceCommitment, Map<String, Object> tables) implements ScenarioEvent {
        /** Without the campaign's tables (optional: null in events stored before they existed). */
        public ScenarioStarted(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                               List<Side> sides, List<CounterDefinition> counters, GameClock clock,
                               String diceCommitment) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, clock, diceCommitment, null);
        }
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

    // Undo and disputes (see docs/history.md): nothing is removed from the stream; these events say which action's
    // effects no longer count, and who asked, agreed or ruled.

    /** The action's effects are rolled back: the scenario is as if it had never been taken. */
    record ActionUndone(String actionId, String requestedBy, String approvedBy, String reason)
            implements ScenarioEvent {
    }

    /** A die decided the action, so undoing it waits for the opponent's (or the referee's) consent. */
    record UndoRequested(String requestId, String actionId, String side, String requestedBy, String reason)
            implements ScenarioEvent {
    }

    /** Consent given; the ActionUndone follows it in the same action. */
    record UndoAccepted(String requestId, String actionId, String acceptedBy) implements ScenarioEvent {
    }

    /** Consent refused: the action stands. */
    record UndoRefused(String requestId, String actionId, String refusedBy, String reason) implements ScenarioEvent {
    }

    /** A player contests an action; the referee rules on it. */
    record ActionDisputed(String disputeId, String actionId, String raisedBy, String reason) implements ScenarioEvent {
    }

    /** The referee ruled that the action stands. */
    record DisputeDismissed(String disputeId, String actionId, String referee, String ruling)
            implements ScenarioEvent {
    }

    /**
     * The referee ruled against the action: the scenario rolls back to before it (and every later action); the
     * rolled-back events stay in the stream, readable. {@code correction} says in words what is to be played
     * instead; {@code corrected}, when given, is the action's request as the ruling corrected it (null: the action
     * is simply removed). The same command then replays: the corrected action and every later action that was
     * rolled back, re-decided in order with the dice they had, each as its usual events (metadata
     * {@code replayedBy} = the dispute), or an {@link ActionDropped} when the rules now refuse it. Events written
     * before replay existed have no {@code corrected} and no replay follows them.
     */
    record DisputeUpheld(String disputeId, String actionId, String referee, String ruling, String rule,
                         String correction, Map<String, Object> corrected) implements ScenarioEvent {
    }

    /**
     * An action rolled back by an upheld dispute that could not be taken again after the ruling: the rules refuse
     * it now, or it would need other dice than it rolled ({@code reason}, the refusal). It changes nothing.
     */
    record ActionDropped(String disputeId, String actionId, String type, Map<String, Object> request,
                         String reason) implements ScenarioEvent {
    }
}
