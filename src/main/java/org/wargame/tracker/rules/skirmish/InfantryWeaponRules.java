package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RosterChange;
import org.wargame.tracker.rules.RuleSet;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule set {@code skirmish}: the Infantry Weapons Rules of a 1:1 miniatures game (infantry fire, hit locations, crews,
 * animals, vehicles) and its mascots (Soldiers and Their Pets). This class only wires the plug-in point; each section
 * or table decides in its own class: the turn ({@link TurnSequence}), VI. Infantry Weapons Fire (designation in
 * {@link FireOrder} and {@link WeaponUse}, the shot in {@link InfantryFire} and {@link ChanceToHit}), hits on men
 * ({@link FigureHits}), animals ({@link AnimalHits}) and vehicles ({@link VehicleHits}), artillery effects
 * ({@link ArtilleryEffects}), casualties and their crews ({@link Casualties}, {@link CasualtyCause},
 * {@link SurvivorsUnite}), movement and positions ({@link FigureMovement}), litter cases ({@link LitterCases}),
 * indirect machine gun fire ({@link IndirectMachineGunFire}) and medical treatment ({@link MedicalTreatment},
 * {@link MedicalTreatmentChart}). The fold is
 * {@link SkirmishState#evolve}; what the players see is {@link CounterViews} and {@link AvailableActions}.
 */
public final class InfantryWeaponRules implements RuleSet<SkirmishState, SkirmishAction, SkirmishEvent> {

    @Override
    public Map<String, Class<? extends SkirmishEvent>> eventNames() {
        return SkirmishEvent.NAMES;
    }

    private static final SkirmishWords WORDS = new SkirmishWords();

    @Override
    public org.wargame.tracker.rules.RuleSetWords words() {
        return WORDS;
    }

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
        return TurnSequence.phases();
    }

    @Override
    public Set<String> counterKinds() {
        return SkirmishCounters.KINDS;
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
        SkirmishCounters.validate(counter);
    }

    @Override
    public SkirmishState setUp(List<CounterDefinition> counters) {
        return SkirmishCounters.setUp(counters, Map.of());
    }

    /** The campaign's tables: the Medical Treatment chart the text refers to without printing it. */
    @Override
    public void validateTables(Map<String, Object> tables) {
        if (tables == null) {
            return;
        }
        for (String key : tables.keySet()) {
            FieldRefused.require(MedicalTreatmentChart.KEY.equals(key), "tables." + key, "not a table of rule set "
                    + "skirmish (it reads " + MedicalTreatmentChart.KEY + ")");
        }
        MedicalTreatmentChart.read(tables);
    }

    @Override
    public SkirmishState setUp(List<CounterDefinition> counters, Map<String, Object> tables) {
        validateTables(tables);
        return SkirmishCounters.setUp(counters, tables);
    }

    @Override
    public RosterChange betweenScenarios(CounterDefinition counter) {
        return MedicalTreatment.betweenScenarios(counter);
    }

    @Override
    public String waitsBetweenScenarios(CounterDefinition counter, Map<String, Object> tables) {
        return MedicalTreatment.waiting(counter, tables);
    }

    @Override
    public org.wargame.tracker.rules.BetweenScenariosRoll rollBetweenScenarios(CounterDefinition counter,
                                                                           Map<String, Object> tables, Dice dice) {
        return MedicalTreatment.rollBetween(counter, tables, dice);
    }

    @Override
    public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, SkirmishAction action, Dice dice) {
        if (action == null) {
            throw new FieldRefused("type", "missing or not an action of rule set skirmish");
        }
        return action.decide(state, clock, dice);
    }

    @Override
    public List<SkirmishEvent> clockAdvanced(SkirmishState state, GameClock from, GameClock to, Dice dice) {
        return TurnSequence.clockAdvanced(state, from, to, dice);
    }

    @Override
    public SkirmishState evolve(SkirmishState state, SkirmishEvent event) {
        return state.evolve(event);
    }

    @Override
    public String actingSide(SkirmishState state, SkirmishAction action) {
        if (action == null) {
            throw new FieldRefused("type", "not an action of rule set skirmish");
        }
        return action.actingSide(state);
    }

    /** Which spotting round is real is sealed when they are placed (docs/history.md, Sealed choices). */
    @Override
    public String sealedField(String type) {
        return "place-spotting-rounds".equals(type) ? "real" : null;
    }

    @Override
    public void checkSealed(SkirmishState state, SkirmishAction action) {
        if (action instanceof SkirmishAction.PlaceSpottingRounds place) {
            SpottingRounds.checkSealed(place);
        }
    }

    /** Rolling for the spotting rounds reveals which was real, as the rules require. */
    @Override
    public String revealField(String type) {
        return "resolve-spotting-rounds".equals(type) ? "real" : null;
    }

    @Override
    public String revealedSeal(SkirmishState state, SkirmishAction action) {
        if (action instanceof SkirmishAction.ResolveSpottingRounds resolve) {
            SkirmishState.Spotting placed = SpottingRounds.pending(state, state.gameTurn(), resolve.gunner());
            return placed == null ? null : placed.seal();
        }
        return null;
    }

    @Override
    public List<org.wargame.tracker.rules.ActionSchema> actionSchemas() {
        return SkirmishActionSchemas.ALL;
    }

    /**
     * VI: a shot designated in the fire phase is fired in it or not at all (FirePhaseClosed lists those left); leaving
     * the phase with some still designated is the players' call, so it is asked for ({@code unfired}).
     */
    @Override
    public java.util.Map<String, String> leftBehind(SkirmishState state, GameClock from, GameClock to) {
        if (!FireOrder.PHASE.equals(from.phase()) || FireOrder.PHASE.equals(to.phase())) {
            return java.util.Map.of();
        }
        java.util.Map<String, String> names = new java.util.HashMap<>();
        counters(state).forEach(c -> names.put(c.id(), c.name() == null ? c.id() : c.name()));
        List<String> unfired = state.designations().stream()
                .filter(d -> d.status() == SkirmishState.DesignationStatus.PENDING)
                .map(d -> names.getOrDefault(d.firer(), d.firer()) + " at "
                        + names.getOrDefault(d.target(), String.valueOf(d.target()))).toList();
        if (unfired.isEmpty()) {
            return java.util.Map.of();
        }
        return java.util.Map.of("unfired", unfired.size() + (unfired.size() == 1 ? " designation" : " designations")
                + " not fired: " + String.join(", ", unfired));
    }

    /** VI: at the start of the fire phase each side designates its targets before anyone fires. */
    @Override
    public String decisionNeeded(SkirmishState state, GameClock clock) {
        return options(state, clock).stream().filter(o -> o.allowed() && o.action().equals("designate-targets"))
                .findFirst().map(o -> FireOrder.RULE + ": side " + o.request().get("side")
                        + " designates its targets").orElse(null);
    }

    @Override
    public List<ActionOption> options(SkirmishState state, GameClock clock) {
        return AvailableActions.of(this, state, clock);
    }

    @Override
    public List<CounterView> counters(SkirmishState state) {
        return CounterViews.counters(state);
    }

    @Override
    public List<CounterOutcome> outcome(SkirmishState state) {
        return CounterViews.outcome(state);
    }
}
