package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.hex.HexEvent.GameTurnBegan;
import org.wargame.tracker.rules.hex.HexEvent.MovementPhaseBegan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule set {@code hex}: a hex-and-counter game's section 12, support weapons. This class only wires the plug-in
 * point; each section decides in its own class (Portage 12.2, AttackFirepower 12.3, WeaponTransfer 12.4,
 * ExpendablePool 12.5, Panzerfaust 12.51, GrenadeUse 12.52, SatchelCharge 12.53, MortarFire 12.61-12.65 and 12.67,
 * SmokeSupply 12.66).
 */
public final class SupportWeaponRules implements RuleSet<HexState, HexAction, HexEvent> {

    @Override
    public Map<String, Class<? extends HexEvent>> eventNames() {
        return HexEvent.NAMES;
    }

    private static final HexWords WORDS = new HexWords();

    @Override
    public org.wargame.tracker.rules.RuleSetWords words() {
        return WORDS;
    }

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
        return TurnSequence.PHASES;
    }

    @Override
    public Set<String> counterKinds() {
        return HexCounter.KINDS;
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
    public void validate(CounterDefinition definition) {
        validate(HexCounter.from(definition));
    }

    private static void validate(HexCounter counter) {
        switch (counter.kind()) {
            case HexCounter.SQUAD, HexCounter.HALF_SQUAD, HexCounter.LEADER -> InfantryUnit.of(counter);
            case HexCounter.SUPPORT_WEAPON -> SupportWeapon.of(counter);
            case HexCounter.AFV -> {
                counter.numberAtLeast("rearArmor", 0);
                optionalMovement(counter);
            }
            case HexCounter.VEHICLE, HexCounter.GUN -> optionalMovement(counter);
            case HexCounter.EXPENDABLES -> ExpendablePool.validate(counter);
            default -> throw Refuse.counter(counter.id(), "kind", "'" + counter.kind() + "' is not a counter kind "
                    + "of rule set hex");
        }
    }

    private static void optionalMovement(HexCounter counter) {
        if (counter.optionalNumber("movement") != null) {
            counter.numberAtLeast("movement", 1);
        }
    }

    /** The campaign's tables: hex reads the fire table (12.64), and no other. */
    @Override
    public void validateTables(Map<String, Object> tables) {
        if (tables == null) {
            return;
        }
        for (String key : tables.keySet()) {
            Refuse.fieldUnless(FireTable.KEY.equals(key), "tables." + key, "not a table of rule set hex (it reads "
                    + FireTable.KEY + ")");
        }
        FireTable.read(tables);
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

    /** A hidden unit is off the board until revealed; then in its hex, with the map's terrain when there is one. */
    @Override
    public HexState placed(HexState state, String counter, String position,
                           org.wargame.tracker.rules.ScenarioMap map) {
        return state.change(counter, c -> c.at(position, position == null ? null
                : map != null ? map.terrainOf(position) : c.terrain(), c.mpSpent()));
    }

    @Override
    public HexAction onMap(org.wargame.tracker.rules.ScenarioMap map, HexAction action) {
        return action instanceof HexAction.Move move ? MapTerrain.move(map, move) : action;
    }

    @Override
    public HexState setUp(List<CounterDefinition> definitions, Map<String, Object> tables) {
        validateTables(tables);
        HexState state = setUp(definitions);
        return new HexState(state.counters(), state.smoke(), FireTable.read(tables));
    }

    @Override
    public HexState setUp(List<CounterDefinition> definitions) {
        List<HexCounter> counters = new ArrayList<>();
        for (CounterDefinition definition : definitions) {
            HexCounter counter = HexCounter.from(definition);
            validate(counter);
            counters.add(counter);
        }
        HexState state = new HexState(counters, Map.of(), null);
        Set<String> sidesWithPool = new HashSet<>();
        for (HexCounter counter : counters) {
            Refuse.unless(!counter.is(HexCounter.EXPENDABLES) || sidesWithPool.add(counter.side()), "12.5",
                    "counters[" + counter.id() + "]", "side '" + counter.side() + "' has two expendables counters; "
                            + "12.5 keeps one pool per side");
            if (counter.is(HexCounter.SUPPORT_WEAPON)) {
                setUpWeapon(state, counter);
            }
            if (counter.aboard() != null) {
                HexCounter carrierVehicle = state.find(counter.aboard()).orElseThrow(() -> Refuse.counter(
                        counter.id(), "state.aboard", "no counter '" + counter.aboard() + "' in this scenario"));
                if (!carrierVehicle.vehicle()) {
                    throw Refuse.counter(counter.id(), "state.aboard", "'" + carrierVehicle.id() + "' is not a "
                            + "vehicle");
                }
            }
        }
        // 12.67: the Armor Elimination Table must cover every AFV a mortar may hit (friendly ones too: the
        // barrage attacks every vehicle in the hex it strikes)
        for (HexCounter weapon : counters) {
            if (!weapon.is(HexCounter.SUPPORT_WEAPON)) {
                continue;
            }
            SupportWeapon mortar = SupportWeapon.of(weapon);
            if (mortar.mortar() && mortar.canAttackAt()) {
                counters.stream().filter(c -> c.is(HexCounter.AFV))
                        .forEach(afv -> MortarFire.eliminationNumber(mortar, afv));
            }
        }
        return state;
    }

    private static void setUpWeapon(HexState state, HexCounter weapon) {
        String field = "counters[" + weapon.id() + "].state.carrier";
        Refuse.unless(weapon.carrier() != null, "12.2", field, "'" + weapon.id() + "' is under no unit: a support "
                + "weapon is placed under the unit carrying it");
        HexCounter carrier = state.find(weapon.carrier()).orElseThrow(() -> Refuse.field(field, "'"
                + weapon.carrier() + "' is not in this scenario"));
        Refuse.unless(carrier.side().equals(weapon.side()), "12.2", field, "'" + weapon.id() + "' is placed under '"
                + carrier.id() + "', who belongs to another side");
        Portage.requireMayCarry(state, carrier, SupportWeapon.of(weapon), List.of(), "12.2", field);
    }

    @Override
    public List<HexEvent> decide(HexState state, GameClock clock, HexAction action, Dice dice) {
        Refuse.required(action, "type", "the action to take");
        return action.decide(state, clock, dice);
    }

    @Override
    public List<HexEvent> clockAdvanced(HexState state, GameClock from, GameClock to, Dice dice) {
        List<HexEvent> events = new ArrayList<>();
        if (to.gameTurn() != from.gameTurn()) {
            // 12.3: "one support weapon per turn" counts per Game Turn; Fire markers come off with it
            events.add(new GameTurnBegan(to.gameTurn()));
        }
        if ("MP".equals(to.phase()) && !("MP".equals(from.phase()) && from.playerTurn() == to.playerTurn()
                && from.gameTurn() == to.gameTurn())) {
            events.add(new MovementPhaseBegan(to.phasingSide(), to.gameTurn(), to.playerTurn()));
        }
        return events;
    }

    @Override
    public HexState evolve(HexState state, HexEvent event) {
        return event.applyTo(state);
    }

    @Override
    public String actingSide(HexState state, HexAction action) {
        Refuse.required(action, "type", "the action to take");
        return action.actingSide(state);
    }

    /** A barrage is fired on behalf of the side of its first mortar. */
    static String mortarSide(HexState state, HexAction.MortarFire a) {
        Refuse.fieldUnless(a.weaponIds() != null && !a.weaponIds().isEmpty(), "weaponIds", "missing (the "
                + "mortars firing)");
        return state.counter(a.weaponIds().get(0), "weaponIds").side();
    }

    @Override
    public List<CounterView> counters(HexState state) {
        List<CounterView> views = new ArrayList<>();
        for (HexCounter c : state.counters()) {
            List<String> markers = new ArrayList<>();
            Map<String, Object> shown = new LinkedHashMap<>(c.other());
            String hex = state.hexOf(c);
            put(shown, "hex", hex);
            put(shown, "terrain", state.terrainOf(c));
            if (c.eliminated()) {
                markers.add("Eliminated");
            }
            if (c.fired()) {
                markers.add("Fire");
            }
            if (c.pinned()) {
                markers.add("Pinned");
                shown.put("pinned", true);
            }
            if (hex != null && state.smoke().containsKey(hex)) {
                markers.add("Smoke " + state.smoke().get(hex));
            }
            if (c.aboard() != null) {
                markers.add("aboard " + c.aboard());
                shown.put("aboard", c.aboard());
            }
            if (c.is(HexCounter.SUPPORT_WEAPON)) {
                put(shown, "carrier", c.carrier());
                if (c.carrier() != null) {
                    markers.add("under " + c.carrier());
                }
            } else if (c.is(HexCounter.EXPENDABLES)) {
                c.pool().forEach((item, n) -> {
                    shown.put(item, n);
                    markers.add(ExpendablePool.LABELS.get(item) + (ExpendablePool.SMOKE.equals(item)
                            ? "s " : " x") + n);
                });
                if (!state.smoke().isEmpty()) {
                    shown.put("smokeMarkers", state.smoke()); // 12.66: where Smoke markers lie
                }
            } else {
                List<HexCounter> carried = state.carriedBy(c.id());
                carried.forEach(w -> markers.add("carrying " + SupportWeapon.of(w).label()));
                if (!carried.isEmpty()) {
                    shown.put("carrying", carried.stream().map(HexCounter::id).toList());
                }
                Integer allowance = Portage.movementAllowance(state, c);
                if (allowance != null) {
                    shown.put("movementAllowance", allowance); // 12.2
                    shown.put("mpSpent", c.mpSpent());
                }
                if (c.infantry()) {
                    shown.put("supportWeaponFired", c.weaponFired()); // 12.3
                }
            }
            views.add(new CounterView(c.id(), c.kind(), c.name(), c.side(), c.nationality(), hex, c.data(), shown,
                    markers, c.eliminated()));
        }
        return views;
    }

    private static void put(Map<String, Object> map, String key, Object value) {
        if (value != null) {
            map.put(key, value);
        }
    }

    @Override
    public List<org.wargame.tracker.rules.ActionSchema> actionSchemas() {
        return HexActionSchemas.ALL;
    }

    @Override
    public List<ActionOption> options(HexState state, GameClock clock) {
        return AvailableActions.of(state, clock);
    }

    @Override
    public List<CounterOutcome> outcome(HexState state) {
        // what carries into the next scenario: a weapon's carrier (12.2), the side's pool and smoke supply (12.5,
        // 12.66) and whatever the campaign file kept that this rule set does not read; the map position does not
        List<CounterOutcome> outcomes = new ArrayList<>();
        for (HexCounter c : state.counters()) {
            Map<String, Object> carried = new LinkedHashMap<>(c.other());
            if (c.carrier() != null) {
                carried.put("carrier", c.carrier());
            }
            if (c.is(HexCounter.EXPENDABLES)) {
                carried.putAll(c.pool());
            }
            outcomes.add(new CounterOutcome(c.id(), c.eliminated(), carried));
        }
        return outcomes;
    }
}
