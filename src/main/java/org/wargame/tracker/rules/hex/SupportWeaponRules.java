package org.wargame.tracker.rules.hex;

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
public final class SupportWeaponRules implements RuleSet<HexState, HexAction, HexEvent> {

    private static final Set<String> KINDS = Set.of("squad", "half-squad", "leader", "support-weapon", "vehicle",
            "afv", "gun");

    @Override
    public String id() {
        return "hex";
    }

    @Override
    public String title() {
        return "Hex-and-counter support weapons (section 12)";
    }

    @Override
    public PhaseSequence phases() {
        // 12.4 names the Command Phase; the other phases are the ones section 12 refers to (movement with
        // opportunity fire, fire, close assault)
        return new PhaseSequence(List.of(Phase.of("CP", "Command Phase"), Phase.of("MP", "Movement Phase"),
                Phase.of("FP", "Fire Phase"), Phase.of("CA", "Close Assault Phase")));
    }

    @Override
    public Set<String> counterKinds() {
        return KINDS;
    }

    @Override
    public Class<HexState> stateType() {
        return HexState.class;
    }

    @Override
    public Class<HexAction> actionType() {
        return HexAction.class;
    }

    @Override
    public void validate(CounterDefinition counter) {
        if (!KINDS.contains(counter.kind())) {
            throw new IllegalArgumentException("kind: '" + counter.kind() + "' is not a counter kind of rule set hex "
                    + KINDS);
        }
    }

    @Override
    public HexState setUp(List<CounterDefinition> counters) {
        return new HexState(counters);
    }

    @Override
    public List<HexEvent> decide(HexState state, GameClock clock, HexAction action, Dice dice) {
        throw new RuleViolation("12", "no action of this rule set is tracked yet");
    }

    @Override
    public List<HexEvent> clockAdvanced(HexState state, GameClock from, GameClock to, Dice dice) {
        return List.of();
    }

    @Override
    public HexState evolve(HexState state, HexEvent event) {
        return state;
    }

    @Override
    public String actingSide(HexState state, HexAction action) {
        throw new RuleViolation("12", "no action of this rule set is tracked yet");
    }

    @Override
    public List<CounterView> counters(HexState state) {
        return state.counters().stream().map(c -> new CounterView(c.id(), c.kind(), c.name(), c.side(),
                c.nationality(), (String) c.state().get("hex"), c.data(), c.state(), List.of(), false)).toList();
    }

    @Override
    public List<CounterOutcome> outcome(HexState state) {
        return state.counters().stream().map(c -> new CounterOutcome(c.id(), false, c.state())).toList();
    }
}
