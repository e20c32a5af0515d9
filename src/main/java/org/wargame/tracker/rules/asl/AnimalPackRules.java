package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PinsRemoved;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule set {@code asl}: Advanced Squad Leader section 10, Animal-Pack. This class only wires the plug-in point; each
 * section decides in its own class: {@link CounterData} and {@link ScenarioSetUp} (10.1, 10.2, 10.41 B#),
 * {@link PackTi} (10.11), {@link Reversal} (10.33), {@link PeriodCount} (10.3) and {@link Unloading} (10.31, 10.7),
 * {@link PeriodContinuation} (no period without a Gun or someone to (un)pack it), {@link Possession} (an abandoned
 * Gun), {@link Attack} (10.11 Area Fire, 10.42, B#/X#), {@link Casualties} and {@link Vulnerability} (10.4, 10.41),
 * {@link Movement} (10.5), {@link RallyAttempt} and {@link GunRepair} (recorded with the players' dice and result). The fold
 * is {@link AnimalPackState#evolve}; the view and the options are {@link CounterViews} and {@link AvailableActions}.
 */
public final class AnimalPackRules implements RuleSet<AnimalPackState, AnimalPackAction, AnimalPackEvent> {

    @Override
    public Map<String, Class<? extends AnimalPackEvent>> eventNames() {
        return AnimalPackEvent.NAMES;
    }

    private static final AslWords WORDS = new AslWords();

    @Override
    public org.wargame.tracker.rules.RuleSetWords words() {
        return WORDS;
    }

    @Override
    public String id() {
        return "asl";
    }

    @Override
    public String title() {
        return "ASL Animal-Pack (section 10)";
    }

    /**
     * The Player Turn's phases. The non-phasing side acts in the MPh (Defensive First Fire, as in EX 10.3's crew
     * using "Defensive First Fire and then Subsequent First Fire") and in the DFPh: both sides end those phases.
     */
    @Override
    public PhaseSequence phases() {
        return new PhaseSequence(List.of(Phase.of("RPh", "Rally Phase", "1.13B"), Phase.of("PFPh", "Prep Fire Phase"),
                Phase.bothSides("MPh", "Movement Phase"), Phase.bothSides("DFPh", "Defensive Fire Phase"),
                Phase.of("AFPh", "Advancing Fire Phase"), Phase.of("RtPh", "Rout Phase"),
                Phase.of("APh", "Advance Phase"), Phase.of("CCPh", "Close Combat Phase")));
    }

    @Override
    public Set<String> counterKinds() {
        return CounterData.KINDS;
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
        CounterData.validate(counter);
    }

    @Override
    public AnimalPackState setUp(List<CounterDefinition> definitions) {
        return ScenarioSetUp.of(definitions);
    }

    @Override
    public void validateMap(String at, org.wargame.tracker.rules.ScenarioMap map) {
        MapTerrain.validate(at, map);
    }

    @Override
    public List<CounterDefinition> placedOn(org.wargame.tracker.rules.ScenarioMap map,
                                            List<CounterDefinition> counters) {
        return MapTerrain.placed(map, counters);
    }

    @Override
    public String hiddenPosition(String field, String position, org.wargame.tracker.rules.ScenarioMap map) {
        return org.wargame.tracker.rules.ScenarioMap.hiddenHex(field, position, map);
    }

    /** A hidden counter is off the board until revealed; then in its hex, with the map's terrain when there is one. */
    @Override
    public AnimalPackState placed(AnimalPackState state, String counter, String position,
                                  org.wargame.tracker.rules.ScenarioMap map) {
        if (state.counters().get(counter) == null) {
            return state;
        }
        return state.update(counter, c -> {
            c.hex = position;
            if (position == null) {
                c.terrain = null;
                c.prohibitsGuns = false;
            } else if (map != null) {
                c.terrain = map.terrainOf(position);
                c.prohibitsGuns = MapTerrain.prohibitsGuns(map, position);
            }
            return c;
        });
    }

    @Override
    public AnimalPackAction onMap(org.wargame.tracker.rules.ScenarioMap map, AnimalPackAction action) {
        return action instanceof AnimalPackAction.Move move ? MapTerrain.move(map, move) : action;
    }

    @Override
    public void validateStart(List<CounterDefinition> counters) {
        ScenarioSetUp.requireStart(counters);
    }

    @Override
    public String actingSide(AnimalPackState state, AnimalPackAction action) {
        return action.actingSide(state);
    }

    @Override
    public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, AnimalPackAction action, Dice dice) {
        return action.decide(state, clock, dice);
    }

    /** The events of one action's decision, each applied at once; then whether the periods can go on. */
    static List<AnimalPackEvent> decided(AnimalPackState state, java.util.function.Consumer<Decision> decide) {
        Decision out = new Decision(state);
        decide.accept(out);
        PeriodContinuation.check(out);
        return out.events();
    }

    @Override
    public List<AnimalPackEvent> clockAdvanced(AnimalPackState state, GameClock from, GameClock to, Dice dice) {
        Decision out = new Decision(state);
        boolean playerTurnEnded = to.gameTurn() != from.gameTurn() || to.playerTurn() != from.playerTurn();
        if (!playerTurnEnded) {
            return out.events();
        }
        List<String> pinned = state.counters().values().stream().filter(AslCounter::pinned).map(AslCounter::id)
                .toList();
        if (!pinned.isEmpty()) {
            out.add(new PinsRemoved(pinned, Sections.PIN)); // pins last until the end of the Player Turn
        }
        PeriodContinuation.check(out);
        PeriodCount.playerTurnEnded(out, from, to);
        return out.events();
    }

    @Override
    public AnimalPackState evolve(AnimalPackState state, AnimalPackEvent event) {
        return state.evolve(event);
    }

    @Override
    public List<CounterView> counters(AnimalPackState state) {
        return CounterViews.of(state);
    }

    @Override
    public List<CounterOutcome> outcome(AnimalPackState state) {
        return CounterViews.outcome(state);
    }

    @Override
    public List<org.wargame.tracker.rules.ActionSchema> actionSchemas() {
        return AnimalPackActionSchemas.ALL;
    }

    /** 10.11: a crew may become Pack-TI only at this step of the Game Turn: the players decide. */
    @Override
    public String decisionNeeded(AnimalPackState state, GameClock clock) {
        ActionOption o = AvailableActions.firstPackTi(this, state, clock);
        // "become Pack-TI": the rule's term keeps its capitals
        return o == null ? null : "10.11: " + o.counterId() + " may " + Character.toLowerCase(o.label().charAt(0))
                + o.label().substring(1) + " now";
    }

    @Override
    public List<ActionOption> options(AnimalPackState state, GameClock clock) {
        return AvailableActions.of(this, state, clock);
    }
}
