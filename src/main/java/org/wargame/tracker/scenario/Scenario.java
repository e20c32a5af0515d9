package org.wargame.tracker.scenario;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.serialization.Revision;
import org.axonframework.spring.stereotype.Aggregate;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.LeftBehind;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.refusal.StaleVersion;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.scenario.ScenarioCommand.AdvanceClock;
import org.wargame.tracker.scenario.ScenarioCommand.EndPhase;
import org.wargame.tracker.scenario.ScenarioCommand.StartScenario;
import org.wargame.tracker.scenario.ScenarioCommand.TakeAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioEvent.SideDone;
import org.wargame.tracker.store.ActionMetaData;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;


/**
 * One scenario of a campaign. Decides: checks who may act and asks the scenario's rule set what an action causes;
 * evolves: only folds events into {@link ScenarioState}. An action's events are applied together or not at all.
 */
@Aggregate(snapshotTriggerDefinition = "scenarioSnapshotTrigger", cache = "scenarioCache",
        snapshotFilter = "scenarioSnapshotFilter")
@Revision(ScenarioState.FOLD_REVISION) // snapshots of another fold are skipped and the events folded instead
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.ANY, getterVisibility = JsonAutoDetect.Visibility.NONE,
        isGetterVisibility = JsonAutoDetect.Visibility.NONE)
public class Scenario {

    @AggregateIdentifier
    private String scenarioId;
    private ScenarioState state;

    protected Scenario() {
        // for Axon and for snapshots
    }

    @CommandHandler
    public Scenario(StartScenario command) {
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = RuleSets.byId(command.ruleSet());
        if (command.turnLimit() < 1 || command.turnLimit() > ScenarioPlan.MAX_TURN_LIMIT) {
            throw new FieldRefused("turnLimit", ScenarioPlan.TURN_LIMIT_RANGE);
        }
        if (command.sides() == null || command.sides().size() < 2) {
            throw new FieldRefused("sides", "a scenario needs two or more sides");
        }
        Set<String> sideIds = new HashSet<>();
        command.sides().forEach(s -> sideIds.add(s.id()));
        Set<String> counterIds = new HashSet<>();
        for (CounterDefinition counter : command.counters()) {
            if (!counterIds.add(counter.id())) {
                throw new FieldRefused("counters", "'" + counter.id() + "' is listed twice");
            }
            if (!sideIds.contains(counter.side())) {
                throw new FieldRefused("counters", "'" + counter.id() + "' belongs to unknown side '"
                        + counter.side() + "'");
            }
            ruleSet.validate(counter);
        }
        if (command.map() != null) {
            org.wargame.tracker.rules.ScenarioMap.check("map", command.map());
            ruleSet.validateMap("map", command.map());
            ruleSet.placedOn(command.map(), command.counters());
        }
        // refuses a set-up the rules do not allow, before anything is stored
        ruleSet.setUp(command.counters(), command.tables());
        ruleSet.validateStart(command.counters());
        List<String> hideable = command.hideable() == null ? List.of() : command.hideable();
        for (String counter : hideable) {
            if (!counterIds.contains(counter)) {
                throw new FieldRefused("hidden", "'" + counter + "' is not a counter of this scenario");
            }
        }
        List<String> order = command.sides().stream().map(Side::id).toList();
        apply(new ScenarioStarted(command.scenarioId(), command.campaignId(), command.name(), command.ruleSet(),
                command.turnLimit(), command.sides(), command.counters(), ruleSet.phases().start(order),
                command.diceCommitment(), command.tables(), command.map(), hideable));
    }

    @CommandHandler
    public ScenarioState handle(TakeAction command, DiceSeeds seeds, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = state.ruleSet();
        String side = ruleSet.actingSide(state.rules(), command.action());
        command.actor().requireMayActFor(side);
        // a choice revealed before (an action undone and taken again) is public already: not revealed twice
        List<ScenarioEvent.ChoiceRevealed> reveals = new ArrayList<>();
        for (ScenarioCommand.Opening opening : command.reveals()) {
            ScenarioState.Seal seal = requireSeal(opening.sealId());
            if (!seal.revealed()) {
                reveals.add(revealing(opening, command.actor()));
            } else if (!seal.content().equals(opening.content())) {
                throw new Conflict("'" + seal.label() + "' was revealed as " + seal.content() + "; nothing was done");
            }
        }
        requireNoHiddenCounter(command.request(), reveals);
        ActionDice dice = new ActionDice(scenarioId, serverSeed(seeds), state.serverRolls(), command.dice());
        RuleAction action = state.map() == null ? command.action() : ruleSet.onMap(state.map(), command.action());
        // decided on the board as the reveals leave it: a hidden counter that fires is in its hex when it does
        List<RuleEvent> events = ruleSet.decide(state.revealing(reveals), state.clock(), action, dice);
        dice.requireAllEnteredUsed();
        MetaData meta = MetaData.with(ActionMetaData.SIDE, side);
        record(new ActionTaken(command.actionId(), command.type(), command.request(), dice.rolled()), meta);
        reveals.forEach(event -> record(event, meta)); // the rules reveal it: published before what it decides
        if (command.seal() != null) {
            record(sealing(side, command.seal()), meta);
        }
        events.forEach(event -> record(event, meta));
        return state;
    }

    /** A side seals a choice: the record gets the commitment, the content stays where the service kept it. */
    @CommandHandler
    public ScenarioState handle(ScenarioCommand.SealChoice command, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        command.actor().requireMayActFor(command.side());
        if (!state.sideOrder().contains(command.side())) {
            throw new FieldRefused("side", "'" + command.side() + "' is not a side of this scenario");
        }
        record(sealing(command.side(), command.seal()), MetaData.with(ActionMetaData.SIDE, command.side()));
        return state;
    }

    /**
     * The sealing side's player or the referee reveals a choice, once; its content must give the commitment. A
     * hidden counter's reveal publishes what it did while hidden with it ({@code with}).
     */
    @CommandHandler
    public ScenarioState handle(ScenarioCommand.RevealChoice command, ScenarioLog log) {
        requireVersion(command.expectedVersion(), log);
        ScenarioState.Seal seal = requireSeal(command.opening().sealId());
        command.actor().requireMayActFor(seal.side());
        List<ScenarioEvent.ChoiceRevealed> reveals = new ArrayList<>();
        reveals.add(revealing(command.opening(), command.actor()));
        for (ScenarioCommand.Opening opening : command.with()) {
            ScenarioState.Seal also = requireSeal(opening.sealId());
            if (!also.side().equals(seal.side())) {
                throw new Conflict("a hidden counter's reveal publishes only its own side's sealed choices");
            }
            if (!also.revealed()) {
                reveals.add(revealing(opening, command.actor()));
            }
        }
        MetaData meta = MetaData.with(ActionMetaData.SIDE, actingFor(command.actor()));
        reveals.forEach(event -> record(event, meta));
        return state;
    }

    /**
     * A player of the counter's side (or the referee) sets it up hidden, before the scenario's first action, where
     * the plan lets it (its {@code hidden} list): the record gets the commitment to its position and the counter
     * leaves the board the rules read until its reveal (docs/history.md, Hidden set-up).
     */
    @CommandHandler
    public ScenarioState handle(ScenarioCommand.HideCounter command, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        org.wargame.tracker.rules.CounterView counter = state.counters().stream()
                .filter(c -> c.id().equals(command.counter())).findFirst().orElse(null);
        if (counter == null) {
            throw new FieldRefused("counter", "this scenario has no counter '" + command.counter() + "'");
        }
        command.actor().requireMayActFor(counter.side());
        if (!state.hideable().contains(counter.id())) {
            throw new FieldRefused("counter", "the plan does not let " + counter.name() + " be set up hidden");
        }
        if (state.hiding(counter.id()) != null) {
            throw new Conflict(counter.name() + " was set up hidden already; a counter is hidden once");
        }
        if (state.lastAction() != null) {
            throw new Conflict("a counter is set up hidden before the scenario's first action; this one has begun");
        }
        ScenarioCommand.NewSeal seal = command.seal();
        if (state.seal(seal.sealId()) != null) {
            throw new Conflict("a choice " + seal.sealId() + " is sealed already");
        }
        record(new ScenarioEvent.ChoiceSealed(seal.sealId(), counter.side(), seal.label(), seal.commitment(),
                counter.id()), MetaData.with(ActionMetaData.SIDE, counter.side()));
        return state;
    }

    /**
     * Refuses an action that names a counter set up hidden and not revealed with it: nobody acts on a counter whose
     * position is sealed (its own side's action reveals it, the service adds that reveal).
     */
    private void requireNoHiddenCounter(java.util.Map<String, Object> request,
                                        List<ScenarioEvent.ChoiceRevealed> reveals) {
        List<String> hidden = new ArrayList<>(state.hiddenCounters());
        for (ScenarioEvent.ChoiceRevealed revealed : reveals) {
            ScenarioState.Seal seal = state.seal(revealed.sealId());
            if (seal != null && seal.hides() != null) {
                hidden.remove(seal.hides());
            }
        }
        for (String counter : hidden) {
            if (names(request, counter)) {
                String name = state.counters().stream().filter(c -> c.id().equals(counter))
                        .map(org.wargame.tracker.rules.CounterView::name).findFirst().orElse(counter);
                throw new Conflict(name + " is set up hidden: nothing acts on it before its side reveals it (when it "
                        + "fires, moves in view or is spotted)");
            }
        }
    }

    /** Whether a request names {@code counter} in any of its values. */
    static boolean names(Object value, String counter) {
        if (value instanceof java.util.Map<?, ?> map) {
            return map.values().stream().anyMatch(v -> names(v, counter));
        }
        if (value instanceof java.util.Collection<?> list) {
            return list.stream().anyMatch(v -> names(v, counter));
        }
        return counter.equals(value);
    }

    private ScenarioEvent.ChoiceSealed sealing(String side, ScenarioCommand.NewSeal seal) {
        if (state.seal(seal.sealId()) != null) {
            throw new Conflict("a choice " + seal.sealId() + " is sealed already");
        }
        return new ScenarioEvent.ChoiceSealed(seal.sealId(), side, seal.label(), seal.commitment());
    }

    /** A reveal that does not give the commitment is never recorded: the kept content was changed. */
    private ScenarioEvent.ChoiceRevealed revealing(ScenarioCommand.Opening opening, Actor actor) {
        ScenarioState.Seal seal = requireSeal(opening.sealId());
        if (seal.revealed()) {
            throw new Conflict("'" + seal.label() + "', sealed by the " + state.sideName(seal.side())
                    + ", was revealed already: a sealed choice is revealed once");
        }
        if (!Commitment.matches(seal.commitment(), opening.salt(), opening.content())) {
            throw new Conflict("the kept content of the " + seal.label() + " does not give the commitment the "
                    + "record holds: it was changed outside the tracker; nothing was revealed (the referee checks "
                    + "it with verify)");
        }
        return new ScenarioEvent.ChoiceRevealed(seal.sealId(), opening.content(), opening.salt(), actor.account());
    }

    private ScenarioState.Seal requireSeal(String sealId) {
        ScenarioState.Seal seal = sealId == null ? null : state.seal(sealId);
        if (seal == null) {
            throw new org.wargame.tracker.refusal.NotFound("this scenario has no sealed choice " + sealId);
        }
        return seal;
    }

    /**
     * Moves the clock one step on. By the side whose move it is: in a phase only the phasing side acts in, its
     * player (or the referee) moves the clock on; in a phase several sides act in, it moves when each has ended its
     * phase ({@link EndPhase}), or by the referee. A campaign with {@code clock: any-player} lets any player move it.
     */
    @CommandHandler
    public ScenarioState handle(AdvanceClock command, DiceSeeds seeds, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        command.actor().requireParticipant();
        if (!command.anyPlayer() && !command.actor().referee()) {
            requireTheirMove(command.actor());
        }
        moveOn(command.actionId(), command.dice(), command.confirm(), seeds,
                MetaData.with(ActionMetaData.SIDE, actingFor(command.actor())));
        return state;
    }

    /**
     * "End my phase" in a phase several sides act in: each of the actor's sides still waited for says it is done
     * (the referee's: every side waited for); the last side's done moves the clock on instead (its
     * {@code ClockAdvanced}, recorded for that side, is its done).
     */
    @CommandHandler
    public ScenarioState handle(EndPhase command, DiceSeeds seeds, ScenarioLog log) {
        requireInPlay();
        requireVersion(command.expectedVersion(), log);
        Actor actor = command.actor();
        actor.requireParticipant();
        Phase phase = state.phase();
        GameClock clock = state.clock();
        if (!phase.severalSidesAct()) {
            throw new Conflict("only " + state.sideNames(List.of(clock.phasingSide())) + " act in the "
                    + phase.name() + ": their player ends it by moving the clock on");
        }
        List<String> waiting = state.waitingFor();
        List<String> mine = waiting.stream().filter(actor::mayActFor).toList();
        if (mine.isEmpty()) {
            throw new Conflict(actor.sides().stream().anyMatch(state.sideOrder()::contains)
                    ? "you have ended the " + phase.name() + " already; waiting for " + state.sideNames(waiting)
                    : "none of your sides acts in the " + phase.name());
        }
        if (mine.size() == waiting.size()) {
            // the last side's done is the clock's advance itself, one action: undone, it returns to the phase
            // waiting for that side alone, as the record of the earlier sides' done says
            moveOn(command.actionId(), command.dice(), command.confirm(), seeds,
                    MetaData.with(ActionMetaData.SIDE, actingFor(actor)));
            return state;
        }
        for (String side : mine) {
            record(new SideDone(command.actionId(), side, clock, phase.code()),
                    MetaData.with(ActionMetaData.SIDE, side));
        }
        return state;
    }

    private void requireTheirMove(Actor actor) {
        Phase phase = state.phase();
        GameClock clock = state.clock();
        if (!phase.severalSidesAct()) {
            if (!actor.mayActFor(clock.phasingSide())) {
                throw new NotYourSide("it is " + possessive(state.sideName(clock.phasingSide())) + " "
                        + phase.name() + ": their player moves the clock on");
            }
            return;
        }
        throw new Conflict((phase.acting() == Phase.Acting.ALL_SIDES ? "all sides act" : "both sides act")
                + " in the " + phase.name() + ": the clock moves on when each has ended its phase (End my phase); "
                + "waiting for " + state.sideNames(state.waitingFor()));
    }

    /** "the Germans'", "the British's"... as players say it. */
    public static String possessive(String sideName) {
        return "the " + sideName + (sideName.endsWith("s") ? "'" : "'s");
    }

    private GameClock next() {
        GameClock to = state.ruleSet().phases().next(state.clock(), state.sideOrder());
        if (to.gameTurn() > state.turnLimit()) {
            throw new Conflict("the scenario's last Game Turn (" + state.turnLimit()
                    + ") is over; conclude the scenario");
        }
        return to;
    }

    /** The clock's step with what follows by itself; what is left behind, confirmed, is recorded in it. */
    private void moveOn(String actionId, List<EnteredRoll> entered, List<String> confirm, DiceSeeds seeds,
                        MetaData meta) {
        GameClock from = state.clock();
        GameClock to = next();
        List<LeftBehind.Left> left = requireConfirmed(from, to, confirm);
        ActionDice dice = new ActionDice(scenarioId, serverSeed(seeds), state.serverRolls(), entered);
        List<RuleEvent> events = state.ruleSet().clockAdvanced(state.rules(), from, to, dice);
        dice.requireAllEnteredUsed();
        record(new ClockAdvanced(actionId, from, to, dice.rolled(),
                left.isEmpty() ? null : left.stream().map(LeftBehind.Left::what).toList()), meta);
        events.forEach(event -> record(event, meta));
    }

    /**
     * Refuses to leave behind, unconfirmed, designated shots not fired (the rule set's), a decision the rules wait
     * for, or an open undo request; returns everything left (confirmed).
     */
    private List<LeftBehind.Left> requireConfirmed(GameClock from, GameClock to, List<String> confirm) {
        List<LeftBehind.Left> left = leftBehind(state, from, to);
        List<LeftBehind.Left> unconfirmed = left.stream().filter(l -> !confirm.contains(l.kind())).toList();
        if (!unconfirmed.isEmpty()) {
            throw new LeftBehind("leaving the " + state.phase().name() + " would leave "
                    + String.join("; ", unconfirmed.stream().map(LeftBehind.Left::what).toList())
                    + "; nothing was done. To leave " + (unconfirmed.size() == 1 ? "it" : "them")
                    + " all the same, send confirm: " + unconfirmed.stream().map(LeftBehind.Left::kind).toList(),
                    unconfirmed);
        }
        return left;
    }

    /** What leaving the clock's position now for {@code to} would leave behind, by kind. */
    public static List<LeftBehind.Left> leftBehind(ScenarioState state, GameClock from, GameClock to) {
        return leftBehind(state, from, to, state.ruleSet().decisionNeeded(state.rules(), from));
    }

    /** The same, with the decision the rules wait for at {@code from} already asked (a view asks it once). */
    public static List<LeftBehind.Left> leftBehind(ScenarioState state, GameClock from, GameClock to,
                                                   String decision) {
        List<LeftBehind.Left> left = new ArrayList<>();
        state.ruleSet().leftBehind(state.rules(), from, to).entrySet().stream()
                .sorted(java.util.Map.Entry.comparingByKey())
                .forEach(e -> left.add(new LeftBehind.Left(e.getKey(), e.getValue())));
        if (decision != null) {
            left.add(new LeftBehind.Left(DECISION, "a decision the rules wait for (" + decision + ")"));
        }
        if (!state.requests().isEmpty()) {
            left.add(new LeftBehind.Left(UNDO, state.requests().size() + (state.requests().size() == 1
                    ? " undo request" : " undo requests") + " not answered (asked by " + String.join(", ",
                    state.requests().stream().map(ScenarioEvent.UndoRequested::requestedBy).distinct().toList())
                    + ")"));
        }
        return left;
    }

    /** The word a request confirms a decision left behind with. */
    public static final String DECISION = "decision";
    /** The word a request confirms open undo requests left behind with. */
    public static final String UNDO = "undo";

    /**
     * Conclude or reopen, by the referee at once or by one side's proposal and the other's consent
     * ({@link ConclusionPolicy}); the conclusion reveals the dice seed and hands every counter's end state over.
     */
    @CommandHandler
    public ScenarioState handle(ConclusionCommand command, DiceSeeds seeds, ScenarioLog log) {
        requireVersion(command.expectedVersion(), log);
        command.actor().requireParticipant();
        byte[] seed = seeds.seedOf(scenarioId);
        MetaData meta = MetaData.with(ActionMetaData.SIDE, actingFor(command.actor()));
        ConclusionPolicy.decide(state, command, seed == null ? null : ActionDice.hex(seed))
                .forEach(event -> record(event, meta));
        return state;
    }

    /**
     * Undo, consent, disputes and rulings, reaching any action in force: {@link UndoPolicy} decides with the
     * scenario's record, the events roll back through the fold.
     */
    @CommandHandler
    public ScenarioState handle(HistoryCommand command, ScenarioLog log) {
        if (state.concluded()) {
            // after the end: a dispute within the campaign's period, and the referee's ruling on it; nothing else
            boolean ruling = command.request() instanceof HistoryCommand.Resolve;
            boolean dispute = command.request() instanceof HistoryCommand.Dispute;
            if (!ruling && !(dispute && command.afterTheEnd())) {
                throw new Conflict("scenario '" + state.name() + "' is concluded; " + (dispute
                        ? "the campaign's period for disputes after the end is over (or it sets none)"
                        : "nothing more can happen in it (an action of it may still be disputed within the "
                        + "campaign's period)"));
            }
        }
        requireVersion(command.expectedVersion(), log);
        MetaData meta = MetaData.with(ActionMetaData.SIDE, actingFor(command.actor()));
        HistoryCommand.Request request = command.request();
        String by = request instanceof HistoryCommand.Resolve r ? r.disputeId()
                : request instanceof HistoryCommand.AcceptUndo a ? a.requestId()
                : request instanceof HistoryCommand.Undo u ? u.requestId() : null;
        for (Replay.Decided decided : UndoPolicy.decideAll(state, log, command)) {
            if (decided.replayOf() == null) {
                record(decided.event(), meta);
            } else { // re-decided after the roll-back: marked so, on behalf of the side that took it
                record(decided.event(), meta.and(ActionMetaData.REPLAYED_BY, by)
                        .and(ActionMetaData.REPLAY_OF, decided.replayOf())
                        .and(ActionMetaData.SIDE, decided.side() == null ? meta.get(ActionMetaData.SIDE)
                                : decided.side()));
            }
        }
        return state;
    }

    /**
     * A note of table talk, by a player of the scenario or the referee, in play or concluded; it is about an action
     * of the record when it names one (in force or not: a note may explain an undone action too).
     */
    @CommandHandler
    public ScenarioState handle(ScenarioCommand.WriteNote command, ScenarioLog log) {
        Actor actor = command.actor();
        if (!actor.referee() && actor.sides().stream().noneMatch(state.sideOrder()::contains)) {
            throw new NotYourSide(actor.account() + " plays no side of scenario '" + state.name()
                    + "': its players and the referee write in it");
        }
        String text = org.wargame.tracker.campaign.NoteText.require(command.text());
        Long aboutAt = null;
        if (command.about() != null) {
            try {
                aboutAt = log.positionOf(command.about(), log.length());
            } catch (IllegalStateException e) {
                throw new FieldRefused("actionId", "the scenario has no action '"
                        + org.wargame.tracker.refusal.RequestJson.shortened(command.about()) + "'");
            }
        }
        record(new ScenarioEvent.NoteWritten(command.noteId(), actor.account(), text, command.about(), aboutAt,
                state.clock()), MetaData.with(ActionMetaData.SIDE, actingFor(actor)));
        return state;
    }

    /** Applies an event with the game clock at which it happens (a clock advance happens at the clock it reaches). */
    private void record(Object event, MetaData meta) {
        GameClock at = event instanceof ClockAdvanced advanced ? advanced.to() : state.clock();
        apply(event, meta.mergedWith(ActionMetaData.clock(at)));
    }

    @EventSourcingHandler
    void on(ScenarioStarted event) {
        scenarioId = event.scenarioId();
        state = ScenarioState.started(event);
    }

    /** A roll-back asks {@code past} (handed in, see {@link ScenarioLogs}) for the state it returns to. */
    @EventSourcingHandler
    void on(ScenarioEvent event, @MetaDataValue(ActionMetaData.SIDE) String side, ScenarioPast past) {
        if (!(event instanceof ScenarioStarted)) {
            state = state.evolve(new FoldInput.Core(event, side), past);
        }
    }

    @EventSourcingHandler
    void on(RuleEvent event) {
        state = state.evolve(new FoldInput.Rule(event));
    }

    /** The seed of the server's dice, or null (entered dice only) once it was revealed and the scenario reopened. */
    private java.util.function.Supplier<byte[]> serverSeed(DiceSeeds seeds) {
        boolean open = state.serverDiceOpen();
        return () -> open ? seeds.seedOf(scenarioId) : null; // read only when the server rolls
    }

    private void requireInPlay() {
        if (state.concluded()) {
            throw new Conflict("scenario '" + state.name() + "' is concluded; nothing more can happen in it");
        }
    }

    /**
     * Refuses a command sent on a view of the scenario that is no longer the latest, saying what changed since
     * (two players at one scenario: the second click must not act on what the first changed).
     */
    private void requireVersion(Long expected, ScenarioLog log) {
        if (expected == null || expected == state.events()) {
            return;
        }
        if (expected > state.events() || expected < 1) {
            throw new Conflict("expectedVersion", "the scenario has " + state.events() + " events, not " + expected
                    + "; reload it");
        }
        GameClock then = log.stateAt(expected).clock();
        long since = state.events() - expected;
        String what = then.equals(state.clock()) ? since + (since == 1 ? " event was" : " events were")
                + " recorded since (" + state.clock().phase() + " of Turn " + state.clock().gameTurn() + ")"
                : "the clock moved from " + then.phase() + " of Turn " + then.gameTurn() + " ("
                + state.sideName(then.phasingSide()) + ") to " + state.clock().phase() + " of Turn "
                + state.clock().gameTurn() + " (" + state.sideName(state.clock().phasingSide()) + ")";
        throw new StaleVersion("the scenario changed since you looked: " + what + "; nothing was done",
                state.events());
    }

    private static String actingFor(Actor actor) {
        return actor.referee() ? "referee" : String.join(",", actor.sides());
    }

    public ScenarioState state() {
        return state;
    }
}
