package org.wargame.tracker.scenario;

import org.axonframework.serialization.Revision;
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
     * The stored name of every core scenario event, in one place (docs/history.md: names never change; a new field
     * is optional or comes with an upcaster and a revision).
     */
    Map<String, Class<? extends ScenarioEvent>> NAMES = Map.ofEntries(
            Map.entry("scenario.ScenarioStarted", ScenarioStarted.class),
            Map.entry("scenario.ActionTaken", ActionTaken.class),
            Map.entry("scenario.ClockAdvanced", ClockAdvanced.class),
            Map.entry("scenario.ScenarioConcluded", ScenarioConcluded.class),
            Map.entry("scenario.ActionUndone", ActionUndone.class),
            Map.entry("scenario.UndoRequested", UndoRequested.class),
            Map.entry("scenario.UndoAccepted", UndoAccepted.class),
            Map.entry("scenario.UndoRefused", UndoRefused.class),
            Map.entry("scenario.ActionDisputed", ActionDisputed.class),
            Map.entry("scenario.DisputeDismissed", DisputeDismissed.class),
            Map.entry("scenario.DisputeUpheld", DisputeUpheld.class),
            Map.entry("scenario.ActionDropped", ActionDropped.class),
            Map.entry("scenario.ConclusionProposed", ConclusionProposed.class),
            Map.entry("scenario.ConclusionAccepted", ConclusionAccepted.class),
            Map.entry("scenario.ConclusionDeclined", ConclusionDeclined.class),
            Map.entry("scenario.ConclusionWithdrawn", ConclusionWithdrawn.class),
            Map.entry("scenario.ReopeningProposed", ReopeningProposed.class),
            Map.entry("scenario.ReopeningDeclined", ReopeningDeclined.class),
            Map.entry("scenario.ScenarioReopened", ScenarioReopened.class),
            Map.entry("scenario.SideDone", SideDone.class),
            Map.entry("scenario.NoteWritten", NoteWritten.class),
            Map.entry("scenario.Sealed", ChoiceSealed.class),
            Map.entry("scenario.Revealed", ChoiceRevealed.class));

    /**
     * An event that takes the scenario back to how it stood after its first {@code rolledBackTo} events (the
     * position of the first event of the action rolled back). Null in events written before positions were stored:
     * the fold then finds the action's position in the record.
     */
    sealed interface RollBack extends ScenarioEvent {
        String actionId();

        Long rolledBackTo();
    }

    /** True for the events about the record itself (undo, consent, disputes, rulings), not an action's own. */
    static boolean aboutHistory(Object event) {
        return event instanceof RollBack || event instanceof AboutAction || event instanceof UndoAccepted
                || event instanceof UndoRefused || event instanceof DisputeDismissed;
    }

    /** An open request or dispute about one action; {@code actionAt} is that action's position (null: find it). */
    sealed interface AboutAction extends ScenarioEvent {
        String actionId();

        Long actionAt();
    }

    /**
     * The scenario begins with these counters (roster state plus placement), sides in Player-Turn order, and the
     * hash of the seed of its server dice (revealed when it is concluded).
     */
    record ScenarioStarted(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                           List<Side> sides, List<CounterDefinition> counters, GameClock clock,
                           String diceCommitment, Map<String, Object> tables,
                           org.wargame.tracker.rules.ScenarioMap map, List<String> hideable)
            implements ScenarioEvent {
        /**
         * {@code hideable} (optional: null in events stored before hidden set-ups, and when the plan lets none):
         * the counters the plan lets their side set up hidden (docs/history.md, Hidden set-up).
         */
        public ScenarioStarted {
            hideable = hideable == null || hideable.isEmpty() ? null : List.copyOf(hideable);
        }

        /** Without counters that may be set up hidden. */
        public ScenarioStarted(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                               List<Side> sides, List<CounterDefinition> counters, GameClock clock,
                               String diceCommitment, Map<String, Object> tables,
                               org.wargame.tracker.rules.ScenarioMap map) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, clock, diceCommitment, tables,
                    map, null);
        }

        /** The counters that may be set up hidden (none when the event has none). */
        public List<String> mayHide() {
            return hideable == null ? List.of() : hideable;
        }

        /** Without the campaign's tables (optional: null in events stored before they existed). */
        public ScenarioStarted(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                               List<Side> sides, List<CounterDefinition> counters, GameClock clock,
                               String diceCommitment) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, clock, diceCommitment, null,
                    null);
        }

        /** Without the plan's map (optional: null in events stored before maps existed, and for a table game). */
        public ScenarioStarted(String scenarioId, String campaignId, String name, String ruleSet, int turnLimit,
                               List<Side> sides, List<CounterDefinition> counters, GameClock clock,
                               String diceCommitment, Map<String, Object> tables) {
            this(scenarioId, campaignId, name, ruleSet, turnLimit, sides, counters, clock, diceCommitment, tables,
                    null);
        }
    }

    /**
     * A player action as it was asked for, with every die rolled for it; the rule events it caused follow it in the
     * stream with the same action id in their metadata.
     */
    record ActionTaken(String actionId, String type, Map<String, Object> request, List<DiceRoll> dice)
            implements ScenarioEvent {
    }

    /**
     * The clock moved on; what the rules make happen by themselves then follows it, with these dice. {@code left}
     * (optional: null when nothing was, and in events stored before it existed): what the players confirmed they
     * left behind in the phase, in words ("2 designations not fired: ...").
     */
    record ClockAdvanced(String actionId, GameClock from, GameClock to, List<DiceRoll> dice, List<String> left)
            implements ScenarioEvent {
        public ClockAdvanced(String actionId, GameClock from, GameClock to, List<DiceRoll> dice) {
            this(actionId, from, to, dice, null);
        }
    }

    /** The end of the scenario: every counter's end state for the roster, and the dice seed revealed. */
    record ScenarioConcluded(String campaignId, String result, List<CounterOutcome> outcomes, String diceSeed)
            implements ScenarioEvent {
    }

    // Undo and disputes (see docs/history.md): nothing is removed from the stream; these events say which action's
    // effects no longer count, and who asked, agreed or ruled.

    /**
     * The action's effects are rolled back: the scenario is as if it had never been taken. Any later actions follow
     * it, re-decided with their own dice (metadata {@code replayedBy} = the undone action), or dropped.
     */
    record ActionUndone(String actionId, String requestedBy, String approvedBy, String reason, Long rolledBackTo)
            implements RollBack {
    }

    /** A die decided the action, so undoing it waits for the opponent's (or the referee's) consent. */
    record UndoRequested(String requestId, String actionId, String side, String requestedBy, String reason,
                         Long actionAt) implements AboutAction {
    }

    /** Consent given; the ActionUndone follows it in the same action. */
    record UndoAccepted(String requestId, String actionId, String acceptedBy) implements ScenarioEvent {
    }

    /** Consent refused: the action stands. */
    record UndoRefused(String requestId, String actionId, String refusedBy, String reason) implements ScenarioEvent {
    }

    /** A player contests an action; the referee rules on it. */
    record ActionDisputed(String disputeId, String actionId, String raisedBy, String reason, Long actionAt)
            implements AboutAction {
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
     * before replay existed have no {@code corrected} and no replay follows them. Revision 1 added
     * {@code corrected} (an upcaster reads the first shape); {@code rolledBackTo} is optional.
     */
    @Revision("1")
    record DisputeUpheld(String disputeId, String actionId, String referee, String ruling, String rule,
                         String correction, Map<String, Object> corrected, Long rolledBackTo) implements RollBack {
    }

    /**
     * An action rolled back by an undo or an upheld dispute that could not be taken again after it: the rules refuse
     * it now, or it would need other dice than it rolled ({@code reason}, the refusal). It changes nothing.
     */
    record ActionDropped(String disputeId, String actionId, String type, Map<String, Object> request,
                         String reason) implements ScenarioEvent {
    }

    // The end of a scenario by agreement (see docs/history.md): one side proposes, the other side or the referee
    // answers; the referee concludes and reopens directly. Nothing is removed: a reopening appends.

    /** A player proposes to end the scenario with {@code result}; {@code side}: the proposing side(s), by id. */
    record ConclusionProposed(String proposalId, String side, String proposedBy, String result)
            implements ScenarioEvent {
    }

    /** The other side (or the referee) agreed; the {@link ScenarioConcluded} follows it in the same action. */
    record ConclusionAccepted(String proposalId, String acceptedBy) implements ScenarioEvent {
    }

    /** The other side (or the referee) refused the proposal: the scenario plays on. */
    record ConclusionDeclined(String proposalId, String declinedBy, String reason) implements ScenarioEvent {
    }

    /** The proposing side took its proposal back. */
    record ConclusionWithdrawn(String proposalId, String withdrawnBy) implements ScenarioEvent {
    }

    /** A player of a concluded scenario proposes to reopen it; the other side (or the referee) answers. */
    record ReopeningProposed(String proposalId, String side, String proposedBy, String reason)
            implements ScenarioEvent {
    }

    /** The proposal to reopen was refused, or withdrawn by its side ({@code declinedBy}: who). */
    record ReopeningDeclined(String proposalId, String declinedBy, String reason) implements ScenarioEvent {
    }

    /**
     * A concluded scenario is in play again: undo and disputes work in it, and its counters are back in it (the
     * campaign records {@code campaign.ScenarioReopened}). Its dice seed was revealed at the conclusion, so from
     * now on it takes entered dice only. {@code proposedBy}: the player whose proposal was accepted (null: the
     * referee reopened it); {@code reopenedBy}: the referee, or the player who accepted.
     */
    record ScenarioReopened(String campaignId, String reopenedBy, String proposedBy, String reason)
            implements ScenarioEvent {
    }

    /**
     * A side that acts in a phase several sides act in said it is done ("End my phase") at {@code clock};
     * {@code section} is the phase of the turn sequence it ends for that side. When every side that acts in it is
     * done, the clock advances in the same action.
     */
    record SideDone(String actionId, String side, GameClock clock, String section) implements ScenarioEvent {
    }

    /**
     * Table talk: a note a player or the referee wrote in the scenario, plain text as written, at {@code clock}.
     * Never edited: a correction is a new note. {@code about} (optional): the id of the action it is about,
     * {@code aboutAt} that action's position in the stream. It changes nothing in the game.
     */
    record NoteWritten(String noteId, String author, String text, String about, Long aboutAt, GameClock clock)
            implements ScenarioEvent {
    }

    // Sealed choices (docs/history.md, Sealed choices): the record holds the commitment, the content is kept beside
    // it (table sealed_secret) until the reveal publishes it with its salt.

    /**
     * {@code side} sealed a choice: {@code label} is what everybody reads about it ("which spotting round is real"),
     * {@code commitment} the hash of its salt and content ({@link Commitment}); the content is not in the record.
     */
    record ChoiceSealed(String sealId, String side, String label, String commitment, String hides)
            implements ScenarioEvent {
        /** A choice that hides no counter's position ({@code hides}: optional, null in every other seal). */
        public ChoiceSealed(String sealId, String side, String label, String commitment) {
            this(sealId, side, label, commitment, null);
        }
    }

    /**
     * A sealed choice made public, once: its content and salt, which anyone checks against the commitment of its
     * {@link ChoiceSealed}; {@code revealedBy}: the account (the sealing side's player, the referee, or the player
     * whose action the rules reveal it with).
     */
    record ChoiceRevealed(String sealId, String content, String salt, String revealedBy) implements ScenarioEvent {
    }
}
