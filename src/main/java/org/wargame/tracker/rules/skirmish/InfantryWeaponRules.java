package org.wargame.tracker.rules.skirmish;

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

/** Rule set {@code skirmish}: a 1:1 miniatures game's infantry weapons. */
public final class InfantryWeaponRules implements RuleSet<SkirmishState, SkirmishAction, SkirmishEvent> {

    private static final Set<String> KINDS = Set.of("figure", "animal", "vehicle");

    @Override
    public String id() {
        return "skirmish";
    }

    @Override
    public String title() {
        return "1:1 skirmish infantry weapons";
    }

    @Override
    public PhaseSequence phases() {
        // the phases the text names: the artillery spotting round phase and VI. infantry weapons fire/ATGM launch
        return new PhaseSequence(List.of(Phase.of("SPOT", "Artillery Spotting Round Phase"),
                Phase.of("MOVE", "Movement Phase"), Phase.of("FIRE", "Infantry Weapons Fire/ATGM Launch Phase"),
                Phase.of("CC", "Close Combat Phase")));
    }

    @Override
    public Set<String> counterKinds() {
        return KINDS;
    }

    @Override
    public Class<SkirmishState> stateType() {
        return SkirmishState.class;
    }

    @Override
    public Class<SkirmishAction> actionType() {
        return SkirmishAction.class;
    }

    @Override
    public void validate(CounterDefinition counter) {
        if (!KINDS.contains(counter.kind())) {
            throw new IllegalArgumentException("kind: '" + counter.kind() + "' is not a counter kind of rule set skirmish "
                    + KINDS);
        }
    }

    @Override
    public SkirmishState setUp(List<CounterDefinition> counters) {
        return new SkirmishState(counters);
    }

    @Override
    public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, SkirmishAction action, Dice dice) {
        throw new RuleViolation("Infantry Weapons Rules", "no action of this rule set is tracked yet");
    }

    @Override
    public List<SkirmishEvent> clockAdvanced(SkirmishState state, GameClock from, GameClock to, Dice dice) {
        return List.of();
    }

    @Override
    public SkirmishState evolve(SkirmishState state, SkirmishEvent event) {
        return state;
    }

    @Override
    public String actingSide(SkirmishState state, SkirmishAction action) {
        throw new RuleViolation("Infantry Weapons Rules", "no action of this rule set is tracked yet");
    }

    @Override
    public List<CounterView> counters(SkirmishState state) {
        return state.counters().stream().map(c -> new CounterView(c.id(), c.kind(), c.name(), c.side(),
                c.nationality(), (String) c.state().get("hex"), c.data(), c.state(), List.of(), false)).toList();
    }

    @Override
    public List<CounterOutcome> outcome(SkirmishState state) {
        return state.counters().stream().map(c -> new CounterOutcome(c.id(), false, c.state())).toList();
    }
}
