package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleViolation;

import java.util.List;
import java.util.Set;

/** Rule set {@code hex}: a hex-and-counter game's section 12, support weapons. */
public final class AnimalPackRules implements RuleSet<AnimalPackState, AnimalPackAction, AnimalPackEvent> {

    private static final Set<String> KINDS = Set.of("squad", "half-squad", "crew", "leader", "gun", "support-weapon",
            "horse");

    @Override
    public String id() {
        return "asl";
    }

    @Override
    public String title() {
        return "ASL Animal-Pack (section 10)";
    }

    @Override
    public PhaseSequence phases() {
        return new PhaseSequence(List.of(Phase.of("RPh", "Rally Phase", "1.13B"), Phase.of("PFPh", "Prep Fire Phase"),
                Phase.of("MPh", "Movement Phase"), Phase.of("DFPh", "Defensive Fire Phase"),
                Phase.of("AFPh", "Advancing Fire Phase"), Phase.of("RtPh", "Rout Phase"),
                Phase.of("APh", "Advance Phase"), Phase.of("CCPh", "Close Combat Phase")));
    }

    @Override
    public Set<String> counterKinds() {
        return KINDS;
    }

    @Override
    public Class<AnimalPackState> stateType() {
        return AnimalPackState.class;
    }

    @Override
    public Class<AnimalPackAction> actionType() {
        return AnimalPackAction.class;
    }

    @Override
    public void validate(CounterDefinition counter) {
        if (!KINDS.contains(counter.kind())) {
            throw new IllegalArgumentException("kind: '" + counter.kind() + "' is not a counter kind of rule set asl "
                    + KINDS);
        }
    }

    @Override
    public AnimalPackState setUp(List<CounterDefinition> counters) {
        return new AnimalPackState(counters);
    }

    @Override
    public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, AnimalPackAction action, Dice dice) {
        throw new RuleViolation("10", "no action of this rule set is tracked yet");
    }

    @Override
    public List<AnimalPackEvent> clockAdvanced(AnimalPackState state, GameClock from, GameClock to, Dice dice) {
        return List.of();
    }

    @Override
    public AnimalPackState evolve(AnimalPackState state, AnimalPackEvent event) {
        return state;
    }

    @Override
    public String actingSide(AnimalPackState state, AnimalPackAction action) {
        throw new RuleViolation("10", "no action of this rule set is tracked yet");
    }

    @Override
    public List<CounterView> counters(AnimalPackState state) {
        return state.counters().stream().map(c -> new CounterView(c.id(), c.kind(), c.name(), c.side(),
                c.nationality(), (String) c.state().get("hex"), c.data(), c.state(), List.of(), false)).toList();
    }

    @Override
    public List<CounterOutcome> outcome(AnimalPackState state) {
        return state.counters().stream().map(c -> new CounterOutcome(c.id(), false, c.state())).toList();
    }
}
