package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.scenario.ScenarioEvent.AboutAction;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.DisputeDismissed;
import org.wargame.tracker.scenario.ScenarioEvent.RollBack;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoAccepted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRefused;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A scenario as its events made it: the clock, the rule state of every counter, how many server dice were rolled,
 * the last action still in force, and the open undo requests and disputes. Pure and immutable: the aggregate, the
 * read model and time travel all fold events with {@link #evolve}. It holds no earlier state: a roll-back asks the
 * record ({@link ScenarioPast}, handed to the fold) for the state it returns to, so its size does not grow with
 * the history. {@code map}: the plan's map the scenario is played on (null: none), from its start.
 * <p>
 * Every copy of a folded state that is kept (the aggregate's snapshots, the checkpoints, the read-model rows)
 * carries {@link #FOLD_VERSION}; a copy of another version is not used: snapshots and checkpoints are ignored
 * (folded from the events instead), read-model rows folded again at start-up.
 */
public record ScenarioState(String scenarioId, String campaignId, String name, String ruleSetId, int turnLimit,
                            List<Side> sides, GameClock clock, boolean concluded, String result, RuleState rules,
                            int serverRolls, String diceCommitment, long events, LastAction lastAction,
                            List<UndoRequested> requests, List<ActionDisputed> disputes, Proposal proposal,
                            int reopenings, List<String> done, org.wargame.tracker.rules.ScenarioMap map,
                            List<Seal> seals, List<String> hideable) {

    /**
     * The version of this fold. Raise it whenever a change of the code changes the state a fold of the same events
     * gives (or its stored shape): every kept copy of an older fold is then ignored or folded again.
     */
    public static final int FOLD_VERSION = 5;
    /** {@link #FOLD_VERSION} as the revision of the aggregate's snapshots. */
    public static final String FOLD_REVISION = "" + FOLD_VERSION;

    /** The clock-advance "type" of an action (a player action's type is its rule set's action type). */
    public static final String CLOCK = "clock-advance";

    /**
     * The latest action still in force: what "undo my last action" undoes. {@code at} is the position of its first
     * event; {@code diced} whether a die decided it; {@code side} on whose behalf it was taken (null: the clock).
     */
    public record LastAction(String actionId, String type, String side, boolean diced, long at) {
    }

    /**
     * An open proposal to end the scenario ({@code kind} "conclude", {@code text} its result) or to reopen it
     * ("reopen", {@code text} its reason), made by {@code proposedBy} for {@code side} (the proposing sides' ids,
     * comma-separated). A proposal to conclude lapses when the game changes (an action, a clock advance, a roll-back):
     * the other side agrees to end the scenario as it stood. Null in states stored before proposals existed.
     */
    public record Proposal(String proposalId, String kind, String side, String proposedBy, String text) {
        public static final String CONCLUDE = "conclude";
        public static final String REOPEN = "reopen";
    }

    /**
     * A sealed choice as the record stands: who sealed it, what it is about, its commitment, where and when (the
     * position and clock of its {@code ChoiceSealed}); content and salt only once revealed ({@code revealedAt}: the
     * position of the reveal). Seals carry on through roll-backs like the dice count: what was sealed stays
     * committed, and a choice once revealed cannot be hidden again. {@code hides}: the counter whose position it
     * seals (a hidden set-up: its content is the position), null for any other choice.
     */
    public record Seal(String sealId, String side, String label, String commitment, long at, GameClock clock,
                       String content, String salt, Long revealedAt, String hides) {
        public boolean revealed() {
            return revealedAt != null;
        }
    }

    /** The counters set up hidden and not revealed yet, in the order they were hidden. */
    public List<String> hiddenCounters() {
        return seals.stream().filter(s -> s.hides() != null && !s.revealed()).map(Seal::hides).toList();
    }

    /** The seal of the hidden set-up of {@code counter} (revealed or not), or null. */
    public Seal hiding(String counter) {
        return seals.stream().filter(s -> counter.equals(s.hides())).findFirst().orElse(null);
    }

    /**
     * The rule state as these reveals leave it: a hidden counter they reveal placed at its position. What an action
     * that reveals a hidden counter (it fires) is decided on, before the reveal is recorded with it.
     */
    public RuleState revealing(List<ScenarioEvent.ChoiceRevealed> reveals) {
        RuleState now = rules;
        for (ScenarioEvent.ChoiceRevealed revealed : reveals) {
            Seal seal = seal(revealed.sealId());
            if (seal != null && seal.hides() != null && !seal.revealed()) {
                now = ruleSet().placed(now, seal.hides(), revealed.content(), map);
            }
        }
        return now;
    }

    /** The seal of that id, or null. */
    public Seal seal(String sealId) {
        return seals.stream().filter(s -> s.sealId().equals(sealId)).findFirst().orElse(null);
    }

    public ScenarioState {
        requests = requests == null ? List.of() : List.copyOf(requests);
        disputes = disputes == null ? List.of() : List.copyOf(disputes);
        done = done == null ? List.of() : List.copyOf(done); // null in a state kept before sides said they were done
        seals = seals == null ? List.of() : List.copyOf(seals); // null in a state kept before seals existed
        hideable = hideable == null ? List.of() : List.copyOf(hideable); // null before hidden set-ups existed
    }

    public static ScenarioState started(ScenarioStarted e) {
        RuleSet<RuleState, RuleAction, RuleEvent> ruleSet = RuleSets.byId(e.ruleSet());
        return new ScenarioState(e.scenarioId(), e.campaignId(), e.name(), e.ruleSet(), e.turnLimit(), e.sides(),
                e.clock(), false, null, ruleSet.setUp(e.counters(), e.tables()), 0, e.diceCommitment(), 1, null,
                List.of(), List.of(), null, 0, List.of(), e.map(), List.of(), e.mayHide());
    }

    /** Applies one event that is not a roll-back (see {@link #evolve(FoldInput, ScenarioPast)}). */
    public ScenarioState evolve(FoldInput input) {
        return evolve(input, ScenarioPast.NONE);
    }

    /**
     * Applies one event of the scenario's stream (a core event or one of its rule set's) at position
     * {@link #events()}; a core event's side (from its metadata) is kept for the last action. A roll-back returns
     * to the state the record ({@code past}) had at its position, with the counts carried on (a die once rolled is
     * never rolled again) and the requests and disputes about the actions rolled back closed.
     */
    public ScenarioState evolve(FoldInput input, ScenarioPast past) {
        if (input instanceof FoldInput.Rule rule) {
            return next(clock, ruleSet().evolve(rules, rule.event()), serverRolls, lastAction, requests, disputes);
        }
        FoldInput.Core core = (FoldInput.Core) input; // the other kind of the sealed two
        ScenarioEvent event = core.event();
        String side = core.side();
        if (event instanceof ScenarioStarted started) {
            return started(started);
        }
        if (event instanceof ActionTaken taken) {
            return next(clock, rules, serverDiceAfter(serverRolls, taken.dice()),
                    new LastAction(taken.actionId(), taken.type(), side, !taken.dice().isEmpty(), events),
                    requests, disputes).withProposal(lapsed());
        }
        if (event instanceof ClockAdvanced advanced) {
            return next(advanced.to(), rules, serverDiceAfter(serverRolls, advanced.dice()),
                    new LastAction(advanced.actionId(), CLOCK, null, !advanced.dice().isEmpty(), events),
                    requests, disputes).withProposal(lapsed()).withDone(List.of()); // a new phase: nobody done yet
        }
        if (event instanceof ScenarioEvent.SideDone sideDone) {
            return next(clock, rules, serverRolls, lastAction, requests, disputes)
                    .withDone(done.contains(sideDone.side()) ? done : append(done, sideDone.side()));
        }
        if (event instanceof RollBack rollBack) {
            long to = rollBack.rolledBackTo() != null ? rollBack.rolledBackTo()
                    : past.positionOf(rollBack.actionId(), events);
            ScenarioState back = past.stateAt(to);
            Predicate<AboutAction> stays = about -> positionOf(about, past) < to;
            return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, back.clock, concluded,
                    result, hiddenCarriedOn(back.rules, to), serverRolls, diceCommitment, events + 1, back.lastAction,
                    requests.stream().filter(stays::test).toList(), disputes.stream().filter(stays::test).toList(),
                    lapsed(), reopenings, back.done, map, seals, hideable);
        }
        if (event instanceof UndoRequested requested) {
            return next(clock, rules, serverRolls, lastAction, append(requests, requested), disputes);
        }
        if (event instanceof UndoAccepted accepted) {
            return next(clock, rules, serverRolls, lastAction, withoutRequest(accepted.requestId()), disputes);
        }
        if (event instanceof UndoRefused refused) {
            return next(clock, rules, serverRolls, lastAction, withoutRequest(refused.requestId()), disputes);
        }
        if (event instanceof ActionDisputed disputed) {
            return next(clock, rules, serverRolls, lastAction, requests, append(disputes, disputed));
        }
        if (event instanceof DisputeDismissed dismissed) {
            return next(clock, rules, serverRolls, lastAction, requests,
                    disputes.stream().filter(d -> !d.disputeId().equals(dismissed.disputeId())).toList());
        }
        if (event instanceof ScenarioConcluded done) {
            return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, true,
                    done.result(), rules, serverRolls, diceCommitment, events + 1, lastAction, requests, disputes,
                    null, reopenings, this.done, map, seals, hideable);
        }
        if (event instanceof ScenarioEvent.ConclusionProposed p) {
            return next(clock, rules, serverRolls, lastAction, requests, disputes).withProposal(
                    new Proposal(p.proposalId(), Proposal.CONCLUDE, p.side(), p.proposedBy(), p.result()));
        }
        if (event instanceof ScenarioEvent.ReopeningProposed p) {
            return next(clock, rules, serverRolls, lastAction, requests, disputes).withProposal(
                    new Proposal(p.proposalId(), Proposal.REOPEN, p.side(), p.proposedBy(), p.reason()));
        }
        if (event instanceof ScenarioEvent.ConclusionAccepted || event instanceof ScenarioEvent.ConclusionDeclined
                || event instanceof ScenarioEvent.ConclusionWithdrawn
                || event instanceof ScenarioEvent.ReopeningDeclined) {
            return next(clock, rules, serverRolls, lastAction, requests, disputes).withProposal(null);
        }
        if (event instanceof ScenarioEvent.ScenarioReopened) {
            return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, false, null,
                    rules, serverRolls, diceCommitment, events + 1, lastAction, requests, disputes, null,
                    reopenings + 1, done, map, seals, hideable);
        }
        if (event instanceof ScenarioEvent.ChoiceSealed sealed) {
            // a counter set up hidden leaves the board the rules read until its reveal places it
            RuleState now = sealed.hides() == null ? rules : ruleSet().placed(rules, sealed.hides(), null, map);
            return next(clock, now, serverRolls, lastAction, requests, disputes).withSeals(append(seals,
                    new Seal(sealed.sealId(), sealed.side(), sealed.label(), sealed.commitment(), events, clock, null,
                            null, null, sealed.hides())));
        }
        if (event instanceof ScenarioEvent.ChoiceRevealed revealed) {
            long at = events;
            return next(clock, revealing(List.of(revealed)), serverRolls, lastAction, requests, disputes)
                    .withSeals(seals.stream().map(s -> s.sealId().equals(revealed.sealId()) && !s.revealed()
                            ? new Seal(s.sealId(), s.side(), s.label(), s.commitment(), s.at(), s.clock(),
                            revealed.content(), revealed.salt(), at, s.hides()) : s).toList());
        }
        if (event instanceof ScenarioEvent.ActionDropped || event instanceof ScenarioEvent.NoteWritten) {
            return next(clock, rules, serverRolls, lastAction, requests, disputes); // changes nothing but the count
        }
        throw new IllegalStateException("the fold has no case for " + event.getClass().getSimpleName());
    }

    /**
     * The rule state a roll-back to {@code to} returns to, with the hidden set-ups carried on like every seal: a
     * counter hidden after that point stays off the board, one revealed after it stays where it was revealed.
     */
    private RuleState hiddenCarriedOn(RuleState back, long to) {
        RuleState now = back;
        for (Seal seal : seals) {
            if (seal.hides() != null && seal.revealed() && seal.revealedAt() >= to) {
                now = ruleSet().placed(now, seal.hides(), seal.content(), map);
            } else if (seal.hides() != null && !seal.revealed() && seal.at() >= to) {
                now = ruleSet().placed(now, seal.hides(), null, map);
            }
        }
        return now;
    }

    public RuleSet<RuleState, RuleAction, RuleEvent> ruleSet() {
        return RuleSets.byId(ruleSetId);
    }

    /** Every counter as the rules show it; a counter set up hidden carries the marker everybody sees instead. */
    public List<CounterView> counters() {
        List<CounterView> views = ruleSet().counters(rules);
        List<String> hidden = hiddenCounters();
        if (hidden.isEmpty()) {
            return views;
        }
        return views.stream().map(c -> hidden.contains(c.id()) ? new CounterView(c.id(), c.kind(), c.name(),
                c.side(), c.nationality(), null, c.data(), c.state(), append(c.markers(), HIDDEN_MARKER),
                c.eliminated()) : c).toList();
    }

    /** The marker of a counter set up hidden, on every page and in the API (its position is sealed). */
    public static final String HIDDEN_MARKER = "hidden unit (set up hidden, its position sealed)";

    public List<String> sideOrder() {
        return sides.stream().map(Side::id).toList();
    }

    /** The phase the clock stands in, with who acts in it. */
    public org.wargame.tracker.rules.Phase phase() {
        return ruleSet().phases().phaseAt(clock);
    }

    /**
     * The sides that act in the phase the clock stands in and have not said they are done: the phasing side alone
     * in a phase only it acts in, else every side not done yet.
     */
    public List<String> waitingFor() {
        if (concluded) {
            return List.of();
        }
        if (!phase().severalSidesAct()) {
            return List.of(clock.phasingSide());
        }
        return sideOrder().stream().filter(s -> !done.contains(s)).toList();
    }

    /** "the Germans and the British": side names for a sentence. */
    public String sideNames(List<String> sideIds) {
        List<String> names = sideIds.stream().map(id -> "the " + sideName(id)).toList();
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /** The side name players know ("Italians"), for a side id ("axis"). */
    public String sideName(String sideId) {
        return sides.stream().filter(s -> s.id().equals(sideId)).map(Side::name).findFirst().orElse(sideId);
    }

    private static long positionOf(AboutAction about, ScenarioPast past) {
        return about.actionAt() != null ? about.actionAt() : past.positionOf(about.actionId(), Long.MAX_VALUE);
    }

    /**
     * The server dice used after these rolls: past the highest die number among them. A roll replayed after an undo
     * or an upheld dispute carries its original number, below the count, so it is not counted twice (nothing is
     * re-rolled).
     */
    private static int serverDiceAfter(int used, List<DiceRoll> dice) {
        int next = used;
        for (DiceRoll d : dice) {
            if (DiceRoll.SERVER.equals(d.source())) {
                next = d.index() == null ? next + d.values().size() : Math.max(next, d.index() + d.values().size());
            }
        }
        return next;
    }

    private ScenarioState next(GameClock clock, RuleState rules, int serverRolls, LastAction lastAction,
                               List<UndoRequested> requests, List<ActionDisputed> disputes) {
        return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, concluded, result,
                rules, serverRolls, diceCommitment, events + 1, lastAction, requests, disputes, proposal,
                reopenings, done, map, seals, hideable);
    }

    private ScenarioState withProposal(Proposal open) {
        return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, concluded, result,
                rules, serverRolls, diceCommitment, events, lastAction, requests, disputes, open, reopenings, done,
                map, seals, hideable);
    }

    private ScenarioState withDone(List<String> sidesDone) {
        return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, concluded, result,
                rules, serverRolls, diceCommitment, events, lastAction, requests, disputes, proposal, reopenings,
                sidesDone, map, seals, hideable);
    }

    private ScenarioState withSeals(List<Seal> now) {
        return new ScenarioState(scenarioId, campaignId, name, ruleSetId, turnLimit, sides, clock, concluded, result,
                rules, serverRolls, diceCommitment, events, lastAction, requests, disputes, proposal, reopenings, done,
                map, now, hideable);
    }

    /** The open proposal once the game changed: a proposal to conclude lapses, one to reopen cannot be open. */
    private Proposal lapsed() {
        return proposal != null && Proposal.CONCLUDE.equals(proposal.kind()) ? null : proposal;
    }

    /**
     * Whether the server may roll for this scenario: not once it was reopened, since its seed was revealed at the
     * conclusion and every later server die could be computed by anyone (it takes entered dice instead).
     */
    public boolean serverDiceOpen() {
        return reopenings == 0;
    }

    private List<UndoRequested> withoutRequest(String requestId) {
        return requests.stream().filter(r -> !r.requestId().equals(requestId)).toList();
    }

    private static <T> List<T> append(List<T> list, T item) {
        List<T> copy = new ArrayList<>(list);
        copy.add(item);
        return copy;
    }
}
