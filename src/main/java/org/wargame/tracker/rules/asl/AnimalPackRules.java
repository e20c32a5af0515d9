package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.CounterOutcome;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.PhaseSequence;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.asl.AnimalPackAction.BecomePackTi;
import org.wargame.tracker.rules.asl.AnimalPackAction.Casualty;
import org.wargame.tracker.rules.asl.AnimalPackAction.Fire;
import org.wargame.tracker.rules.asl.AnimalPackAction.Move;
import org.wargame.tracker.rules.asl.AnimalPackAction.Rally;
import org.wargame.tracker.rules.asl.AnimalPackAction.RepairGun;
import org.wargame.tracker.rules.asl.AnimalPackAction.ReversePacking;
import org.wargame.tracker.rules.asl.AnimalPackEvent.AttackMade;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CasualtyReduced;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterEliminated;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterMoved;
import org.wargame.tracker.rules.asl.AnimalPackEvent.DirectionReversed;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GameTurnCounted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunBrokeDown;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunMalfunctioned;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunRepaired;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunTransferred;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunUnloadedInvoluntarily;
import org.wargame.tracker.rules.asl.AnimalPackEvent.LowAmmoMarked;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PackTiLost;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PackTiTaken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodBegan;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodCompleted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PinsRemoved;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PlayerTurnCounted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.TransferPrevented;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitBroken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitPinned;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitRallied;
import org.wargame.tracker.rules.asl.AnimalPackEvent.VulnerabilityRolled;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rule set {@code asl}: Advanced Squad Leader section 10, Animal-Pack. Decides which events an action causes by
 * asking the section's rule classes ({@link PackGuns}, {@link PackTi}, {@link UnpackingPeriod},
 * {@link VulnerabilityTable}, {@link LowAmmo}, {@link GunBreakdown}); {@link #evolve} only applies them.
 */
public final class AnimalPackRules implements RuleSet<AnimalPackState, AnimalPackAction, AnimalPackEvent> {

    private static final Set<String> KINDS = Set.of("squad", "half-squad", "crew", "leader", "gun", "support-weapon",
            "horse");
    private static final String SQUAD = "squad";
    private static final String HS = "HS";

    @Override
    public Map<String, Class<? extends AnimalPackEvent>> eventNames() {
        return AnimalPackEvent.NAMES;
    }

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
        String where = "counter '" + counter.id() + "': ";
        if (!KINDS.contains(counter.kind())) {
            throw new IllegalArgumentException(where + "kind '" + counter.kind() + "' is not one of rule set asl "
                    + KINDS.stream().sorted().toList());
        }
        Map<String, Object> data = counter.data();
        if ("gun".equals(counter.kind())) {
            requireNumber(where, data, "caliber");
            requireNumber(where, data, "manhandling");
            if (!(data.get("gunType") instanceof String)) {
                throw new IllegalArgumentException(where + "data.gunType is required (MTR, INF, ART...)");
            }
        }
        if ("support-weapon".equals(counter.kind()) && !(data.get("swType") instanceof String)) {
            throw new IllegalArgumentException(where + "data.swType is required (MMG, HMG, light-mortar, 37mm-INF...)");
        }
        for (String key : List.of("breakdown", "disablement")) {
            if (data.containsKey(key)) {
                requireNumber(where, data, key);
            }
        }
        if (counter.nationality() == null) {
            throw new IllegalArgumentException(where + "nationality is required (or the side's)");
        }
    }

    private static void requireNumber(String where, Map<String, Object> data, String key) {
        if (!(data.get(key) instanceof Number)) {
            throw new IllegalArgumentException(where + "data." + key + " must be a number");
        }
    }

    @Override
    public AnimalPackState setUp(List<CounterDefinition> definitions) {
        Map<String, AslCounter> counters = new LinkedHashMap<>();
        for (CounterDefinition d : definitions) {
            Map<String, Object> s = d.state();
            boolean mule = "horse".equals(d.kind());
            boolean unit = "squad".equals(d.kind()) || mule;
            counters.put(d.id(), new AslCounter(d.id(), d.kind(), d.name(), d.side(), d.nationality(), d.data(),
                    str(s, "hex"), str(s, "terrain"), bool(s, "prohibitsGuns"), !bool(s, "broken"),
                    bool(s, "pinned"), bool(s, "prc"), false, false, null,
                    unit ? (str(s, "size") == null ? SQUAD : str(s, "size")) : null,
                    str(s, "possesses"), str(s, "loadedOn"), bool(s, "dm"), bool(s, "malfunctioned"),
                    integer(s, "lowAmmo", 0), integer(s, "breakdown", integer(d.data(), "breakdown", null)),
                    integer(s, "disablement", integer(d.data(), "disablement", null)), integer(s, "coveredArc", null)));
        }
        Set<String> usedMules = new java.util.HashSet<>();
        for (AslCounter c : counters.values()) {
            if (c.loadedOn() != null) {
                AslCounter mule = counters.get(c.loadedOn());
                RuleViolation.require(mule != null && mule.isMule(), "10.1", c.id()
                        + " is loaded on '" + c.loadedOn() + "', which is not a Mule (a Horse the scenario designates)");
                RuleViolation.require(usedMules.add(mule.id()), "10.1", "a Mule carries one Pack Gun ("
                        + mule.id() + ")");
                String refusal = PackGuns.refusal(c);
                if (refusal != null) {
                    throw new RuleViolation(refusal.substring(0, refusal.indexOf(':')),
                            refusal.substring(refusal.indexOf(':') + 2));
                }
                RuleViolation.require(!PackGuns.mustBeDm(c) || c.dm(), "10.2",
                        c.id() + " must be dm to be Animal-Packed");
            }
            if (c.possesses() != null) {
                AslCounter gun = counters.get(c.possesses());
                if (gun == null || !gun.isGun()) {
                    throw new IllegalArgumentException("counter '" + c.id() + "': state.possesses names no Gun of "
                            + "this scenario ('" + c.possesses() + "')");
                }
            }
        }
        return new AnimalPackState(counters, Map.of());
    }

    @Override
    public String actingSide(AnimalPackState state, AnimalPackAction action) {
        String id;
        String field;
        if (action instanceof BecomePackTi a) { id = a.crew(); field = "crew"; }
        else if (action instanceof ReversePacking a) { id = a.crew(); field = "crew"; }
        else if (action instanceof Fire a) { id = a.firer(); field = "firer"; }
        else if (action instanceof Casualty a) { id = a.counter(); field = "counter"; }
        else if (action instanceof Move a) { id = a.counter(); field = "counter"; }
        else if (action instanceof Rally a) { id = a.counter(); field = "counter"; }
        else { id = ((RepairGun) action).gun(); field = "gun"; }
        return state.counter(field, id).side();
    }

    @Override
    public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, AnimalPackAction action, Dice dice) {
        Outcome out = new Outcome(state);
        if (action instanceof BecomePackTi a) {
            becomePackTi(out, clock, a);
        } else if (action instanceof ReversePacking a) {
            reverse(out, clock, a);
        } else if (action instanceof Fire a) {
            fire(out, a, dice);
        } else if (action instanceof Casualty a) {
            casualty(out, clock, a, dice);
        } else if (action instanceof Move a) {
            move(out, a);
        } else if (action instanceof Rally a) {
            AslCounter c = alive(state, "counter", a.counter());
            RuleViolation.require(!c.goodOrder(), "rally", c.id() + " is already in Good Order");
            out.add(new UnitRallied(c.id(), "rally"));
        } else if (action instanceof RepairGun a) {
            AslCounter gun = alive(state, "gun", a.gun());
            RuleViolation.require(gun.malfunctioned(), "repair", gun.id() + " is not Malfunctioned");
            out.add(new GunRepaired(gun.id(), "repair"));
        }
        return out.events;
    }

    // 10.11, 10.2, 10.3: the crew, its Gun and the Mule become Pack-TI; a new period begins or a counted one resumes
    private void becomePackTi(Outcome out, GameClock clock, BecomePackTi action) {
        AnimalPackState s = out.state;
        AslCounter crew = alive(s, "crew", action.crew());
        RuleViolation.require(crew.possesses() != null, "10.11", crew.id() + " possesses no Pack Gun");
        AslCounter gun = alive(s, "crew", crew.possesses());
        String refusal = PackGuns.refusal(gun);
        if (refusal != null) {
            throw new RuleViolation(refusal.substring(0, refusal.indexOf(':')), refusal.substring(refusal.indexOf(':') + 2));
        }
        PackTi.requireEligible(crew, gun);
        RuleViolation.require(!crew.packTi(), "10.11", crew.id() + " is Pack-TI already");
        PackTi.requireStartOfGameTurn(clock, "10.11", "a crew may become Pack-TI");
        RuleViolation.require(!PackGuns.mustBeDm(gun) || gun.dm(), "10.2", "the Gun must be dm to be Animal-Packed");
        UnpackingPeriod period = s.periodOf(gun.id());
        AslCounter mule = gun.loadedOn() != null ? s.counters().get(gun.loadedOn())
                : period != null && period.mule() != null ? s.counters().get(period.mule()) : freeMule(s, gun);
        RuleViolation.require(mule != null && !mule.eliminated() || period != null && period.transferred(), "10.1",
                "no Mule to (un)pack the Gun with in its Location");
        RuleViolation.require(same(crew, gun), "10.11", "the crew and its Gun must share a Location");
        List<String> counters = new ArrayList<>(List.of(crew.id(), gun.id()));
        if (mule != null && !mule.eliminated()) {
            RuleViolation.require(same(mule, gun), "10.11", "the Mule and the Gun must share a Location");
            counters.add(mule.id());
        }
        if (period != null) {
            out.add(new PackTiTaken(counters, gun.id(), "resumes the " + period.direction().toLowerCase()
                    + " period: " + period.completedTurns() + " of " + period.length() + " Game Turns counted",
                    "10.3"));
            return;
        }
        String direction = gun.loadedOn() != null ? UnpackingPeriod.UNPACKING : UnpackingPeriod.PACKING;
        int length = UnpackingPeriod.length(PackGuns.manhandling(gun), PackGuns.isMortar(gun));
        out.add(new PackTiTaken(counters, gun.id(), "begins " + direction.toLowerCase(), "10.11"));
        out.add(new PeriodBegan(new UnpackingPeriod(gun.id(), crew.id(), mule.id(), direction, length, 0,
                clock.gameTurn(), 0, false, false, false), "12 - M# " + PackGuns.manhandling(gun)
                + (PackGuns.isMortar(gun) ? "" : " + 1 (not a mortar)") + " = " + length + " Game Turns", "10.3"));
    }

    // 10.33: reverse direction while all involved are Pack-TI
    private void reverse(Outcome out, GameClock clock, ReversePacking action) {
        AnimalPackState s = out.state;
        AslCounter crew = alive(s, "crew", action.crew());
        AslCounter gun = crew.possesses() == null ? null : s.counters().get(crew.possesses());
        UnpackingPeriod period = gun == null ? null : s.periodOf(gun.id());
        RuleViolation.require(period != null, "10.33", crew.id() + " is not (un)packing a Gun");
        PackTi.requireStartOfGameTurn(clock, "10.33", "reversing is stated");
        AslCounter mule = period.mule() == null ? null : s.counters().get(period.mule());
        RuleViolation.require(crew.packTi() && gun.packTi() && (mule == null || mule.eliminated() || mule.packTi()),
                "10.33", "a Gun's (un)packing may be reversed only while all involved are Pack-TI");
        String direction = UnpackingPeriod.UNPACKING.equals(period.direction()) ? UnpackingPeriod.PACKING
                : UnpackingPeriod.UNPACKING;
        RuleViolation.require(UnpackingPeriod.UNPACKING.equals(direction) || mule != null && !mule.eliminated(),
                "10.33", "there is no Mule left to pack the Gun onto");
        int length = period.involuntary()
                ? UnpackingPeriod.length(PackGuns.manhandling(gun), PackGuns.isMortar(gun))
                : period.completedTurns();
        boolean inPlace = UnpackingPeriod.PACKING.equals(direction) == (gun.loadedOn() != null);
        UnpackingPeriod reversed = new UnpackingPeriod(gun.id(), crew.id(), period.mule(), direction, length, 0,
                clock.gameTurn(), 0, false, inPlace, false);
        out.add(new DirectionReversed(gun.id(), reversed, period.involuntary()
                ? "after an involuntary unload the new period is set by 10.3: " + length + " Game Turns"
                : "the net Game Turns already spent: " + length, "10.33"));
        if (length == 0 && inPlace) {
            out.add(new PeriodCompleted(gun.id(), direction, packTiParticipants(out.state, gun.id()), "10.33"));
        }
    }

    private void fire(Outcome out, Fire action, Dice dice) {
        AnimalPackState s = out.state;
        AslCounter firer = alive(s, "firer", action.firer());
        RuleViolation.require(firer.isPersonnel(), "10.11", "only Personnel fire (" + firer.id() + " is a "
                + firer.kind() + ")");
        RuleViolation.require(firer.goodOrder(), "A7", "a broken unit cannot attack");
        if (action.target() != null) {
            AslCounter target = alive(s, "target", action.target());
            RuleViolation.require(!(target.isGun() && target.loadedOn() != null), "10.42",
                    "an Animal-Packed Gun is not a target as a Gun; attack its Mule");
        }
        AslCounter gun = null;
        if (action.weapon() != null) {
            gun = alive(s, "weapon", action.weapon());
            RuleViolation.require(gun.isGun() && firer.id().equals(ownerOf(s, gun.id())), "weapon",
                    firer.id() + " does not possess " + gun.id());
            RuleViolation.require(gun.loadedOn() == null, "10.1", "an Animal-Packed Gun cannot fire");
            RuleViolation.require(!gun.packTi(), "10.11", "a Pack-TI Gun cannot fire until its period is complete");
            RuleViolation.require(!gun.malfunctioned(), "malfunction", "a Malfunctioned Gun cannot fire");
        }
        boolean areaFire = firer.packTi(); // 10.11: each attack by a Pack-TI crew is Area Fire
        DiceRoll original = gun == null ? null : dice.roll(DiceKind.DR, "Original DR of " + gun.id() + " vs B#/X#");
        out.add(new AttackMade(firer.id(), action.target(), action.weapon(), action.fireType(), areaFire, original,
                action.result(), areaFire ? "10.11" : null));
        if (firer.packTi()) {
            out.add(new PackTiLost(firer.id(), firer.possesses(), "attacked (" + (action.fireType() == null ? "fire"
                    : action.fireType()) + "), which TI forbids", "10.11"));
        }
        if (gun != null) {
            GunBreakdown.Outcome outcome = GunBreakdown.of(original.total(), gun.breakdown(), gun.disablement());
            if (outcome != GunBreakdown.Outcome.NONE) {
                out.add(new GunBrokeDown(gun.id(), original.total(), gun.breakdown(), gun.disablement(),
                        outcome == GunBreakdown.Outcome.DISABLED, gun.lowAmmo() > 0 ? "10.41" : "B#"));
            }
        }
    }

    private void casualty(Outcome out, GameClock clock, Casualty action, Dice dice) {
        AnimalPackState s = out.state;
        AslCounter c = alive(s, "counter", action.counter());
        String result = action.result() == null ? "" : action.result();
        switch (result) {
            case "pin" -> {
                RuleViolation.require(c.isPersonnel(), "casualty", "only Personnel are pinned");
                out.add(new UnitPinned(c.id(), "A7.8"));
                loseIfPackTi(out, c, "became pinned");
            }
            case "break" -> {
                RuleViolation.require(c.isPersonnel(), "casualty", "only Personnel break");
                out.add(new UnitBroken(c.id(), "A10"));
                loseIfPackTi(out, c, "is no longer in Good Order");
            }
            case "casualty-reduction" -> {
                if (c.isMule() || "squad".equals(c.kind())) {
                    if (SQUAD.equals(c.size())) {
                        out.add(new CasualtyReduced(c.id(), "\"squad\"", "\"HS\"", c.isMule() ? "10.4" : "A7.302"));
                        if (c.isMule()) {
                            vulnerability(out, clock, c, false, dice);
                        }
                    } else {
                        eliminate(out, clock, c, "Casualty Reduction of a HS", dice);
                    }
                } else {
                    eliminate(out, clock, c, "Casualty Reduction of a " + c.kind(), dice);
                }
            }
            case "eliminate" -> eliminate(out, clock, c, "eliminated by an attack", dice);
            default -> throw new IllegalArgumentException("result: one of pin, break, casualty-reduction, eliminate");
        }
    }

    private void eliminate(Outcome out, GameClock clock, AslCounter c, String why, Dice dice) {
        out.add(new CounterEliminated(c.id(), why, c.isMule() ? "10.4" : "casualty"));
        if (c.isMule()) {
            vulnerability(out, clock, c, true, dice);
        }
    }

    // 10.4, 10.41: a Mule carrying a Gun, or a Pack-TI Mule, was Casualty Reduced or eliminated
    private void vulnerability(Outcome out, GameClock clock, AslCounter mule, boolean muleEliminated, Dice dice) {
        AnimalPackState s = out.state;
        AslCounter gun = s.gunOn(mule.id());
        if (gun == null && mule.packTi()) {
            gun = s.periods().values().stream().filter(p -> mule.id().equals(p.mule())).map(p -> s.counters()
                    .get(p.gun())).filter(g -> g != null && !g.eliminated()).findFirst().orElse(null);
        }
        if (gun == null) {
            return; // an empty Mule that is not Pack-TI: no Gun to endanger
        }
        boolean loaded = mule.id().equals(gun.loadedOn());
        DiceRoll dr = dice.roll(DiceKind.DR_SMALL, "10.4 vulnerability of " + gun.id());
        int drm = muleEliminated ? VulnerabilityTable.DRM_MULE_ELIMINATED : 0;
        int finalDr = dr.total() + drm;
        VulnerabilityTable.Result result = VulnerabilityTable.result(finalDr, loaded);
        out.add(new VulnerabilityRolled(mule.id(), gun.id(), dr, drm, finalDr, loaded, result.text(), "10.4"));
        if (result.eliminated()) {
            out.add(new CounterEliminated(gun.id(), "10.4: Final dr " + finalDr, "10.4"));
            return;
        }
        if (result.unload()) {
            if (gun.prohibitsGuns()) {
                out.add(new CounterEliminated(gun.id(), "unloaded into terrain prohibited to Guns; Pack-TI NA",
                        "support-weapon".equals(gun.kind()) ? "10.7" : "10.4"));
                return;
            }
            DiceRoll ca = dice.roll(DiceKind.DR_SMALL, "10.4 random Covered Arc of " + gun.id());
            out.add(new GunUnloadedInvoluntarily(gun.id(), mule.id(), ca, ca.total(), "10.4"));
        }
        if (result.malfunction()) {
            out.add(new GunMalfunctioned(gun.id(), "10.4 Final dr " + finalDr, "10.4"));
        }
        if (result.lowAmmo()) {
            AslCounter current = out.state.counters().get(gun.id());
            LowAmmo.Numbers numbers = LowAmmo.mark(current.breakdown(), current.disablement());
            out.add(new LowAmmoMarked(gun.id(), current.lowAmmo() + 1, numbers.breakdown(), numbers.disablement(),
                    "10.41"));
        }
        if (result.unload()) {
            // * Gun and Mule (not the crew) become, or remain, Pack-TI; an involuntary Unpacking Period (10.3)
            List<String> packTi = new ArrayList<>(List.of(gun.id()));
            if (!muleEliminated) {
                packTi.add(mule.id());
            }
            out.add(new PackTiTaken(packTi, gun.id(), "10.4 unload", "10.4"));
            UnpackingPeriod existing = out.state.periodOf(gun.id());
            int length = UnpackingPeriod.length(PackGuns.manhandling(gun), PackGuns.isMortar(gun));
            UnpackingPeriod period = existing != null
                    ? new UnpackingPeriod(gun.id(), existing.crew(), mule.id(), UnpackingPeriod.UNPACKING,
                    existing.length(), existing.completedTurns(), existing.countFromTurn(),
                    existing.playerTurnsThisTurn(), existing.spoiledThisTurn(), true, true)
                    : new UnpackingPeriod(gun.id(), ownerOf(s, gun.id()), mule.id(), UnpackingPeriod.UNPACKING,
                    length, 0, clock.gameTurn() + 1, 0, true, true, true);
            out.add(new PeriodBegan(period, existing != null ? "the period goes on; the Gun is off the Mule"
                    : "involuntary Unpacking Period: " + length + " complete Game Turns", "10.4"));
        }
    }

    private void move(Outcome out, Move action) {
        AnimalPackState s = out.state;
        AslCounter c = alive(s, "counter", action.counter());
        if (action.hex() == null || action.hex().isBlank()) {
            throw new IllegalArgumentException("hex: required");
        }
        RuleViolation.require(!(c.isGun() || c.isMule()) || !c.packTi(), "10.11",
                "a Pack-TI " + (c.isGun() ? "Gun" : "Mule") + " cannot be moved or advanced until its period is done");
        RuleViolation.require(!c.isGun() || c.loadedOn() == null, "10.1", "an Animal-Packed Gun moves with its Mule");
        RuleViolation.require(!c.pinned(), "A7.8", "a pinned unit cannot move");
        List<String> carried = new ArrayList<>();
        if (c.isMule()) {
            AslCounter gun = s.gunOn(c.id());
            if (gun != null) {
                carried.add(gun.id());
            }
        }
        out.add(new CounterMoved(c.id(), carried, action.hex(), action.terrain(),
                Boolean.TRUE.equals(action.prohibitsGuns()), c.isMule() ? "10.5" : "move"));
        loseIfPackTi(out, c, "moved, which TI forbids");
    }

    private void loseIfPackTi(Outcome out, AslCounter c, String why) {
        if (c.packTi() && c.isPersonnel()) {
            out.add(new PackTiLost(c.id(), c.possesses(), why, "10.11"));
        }
    }

    @Override
    public List<AnimalPackEvent> clockAdvanced(AnimalPackState state, GameClock from, GameClock to, Dice dice) {
        Outcome out = new Outcome(state);
        boolean playerTurnEnded = to.gameTurn() != from.gameTurn() || to.playerTurn() != from.playerTurn();
        if (!playerTurnEnded) {
            return out.events;
        }
        List<String> pinned = state.counters().values().stream().filter(AslCounter::pinned).map(AslCounter::id)
                .toList();
        if (!pinned.isEmpty()) {
            out.add(new PinsRemoved(pinned, "A7.8"));
        }
        for (String gun : List.copyOf(state.periods().keySet())) {
            UnpackingPeriod p = out.state.periodOf(gun);
            boolean counting = from.gameTurn() >= p.countFromTurn() && !p.spoiledThisTurn();
            if (counting) {
                out.add(new PlayerTurnCounted(gun, from.gameTurn(), p.playerTurnsThisTurn() + 1, "10.3"));
            }
            if (to.gameTurn() != from.gameTurn()) {
                p = out.state.periodOf(gun);
                boolean counted = counting && p.playerTurnsThisTurn() >= 2;
                String why = counted ? "Pack-TI throughout" : from.gameTurn() < p.countFromTurn()
                        ? "the period began during this Game Turn" : "Pack-TI was lost or not held throughout";
                out.add(new GameTurnCounted(gun, from.gameTurn(), counted, p.completedTurns() + (counted ? 1 : 0),
                        p.length(), why, "10.3"));
                p = out.state.periodOf(gun);
                if (p.complete() && p.transferred()) {
                    out.add(new PeriodCompleted(gun, p.direction(), packTiParticipants(out.state, gun), "10.3"));
                    continue;
                }
            }
            p = out.state.periodOf(gun);
            if (p != null && !p.transferred() && p.halfComplete()) {
                transfer(out, p);
            }
        }
        return out.events;
    }

    // 10.31: at the start of the RPh after half the period, and only if the crew is Pack-TI then
    private void transfer(Outcome out, UnpackingPeriod p) {
        AnimalPackState s = out.state;
        AslCounter crew = p.crew() == null ? null : s.counters().get(p.crew());
        AslCounter gun = s.counters().get(p.gun());
        if (!p.involuntary() && (crew == null || !crew.packTi())) {
            out.add(new TransferPrevented(p.gun(), "the crew is not Pack-TI at the start of this RPh", "10.31"));
            return;
        }
        if (UnpackingPeriod.UNPACKING.equals(p.direction()) && gun.prohibitsGuns()) {
            out.add(new TransferPrevented(p.gun(), "a Gun may not be unloaded in this terrain (" + gun.terrain() + ")",
                    "10.31"));
            return;
        }
        out.add(new GunTransferred(p.gun(), p.mule(), p.direction(), gun.hex(), "10.31"));
    }

    private static List<String> packTiParticipants(AnimalPackState s, String gunId) {
        UnpackingPeriod p = s.periodOf(gunId);
        List<String> ids = new ArrayList<>(List.of(gunId));
        if (p.mule() != null) {
            ids.add(p.mule());
        }
        if (p.crew() != null && s.counters().get(p.crew()).packTi()) {
            ids.add(p.crew());
        }
        return ids;
    }

    @Override
    public AnimalPackState evolve(AnimalPackState s, AnimalPackEvent event) {
        if (event instanceof PackTiTaken e) {
            AnimalPackState next = s;
            for (String id : e.counters()) {
                next = next.update(id, c -> { c.packTi = true; c.packTiNote = "Pack-TI: " + e.why(); return c; });
            }
            UnpackingPeriod p = next.periodOf(e.gun());
            if (p != null && e.counters().contains(p.crew())) { // the crew resumes: this Game Turn counts again
                next = next.withPeriod(e.gun(), p.with(p.completedTurns(), p.playerTurnsThisTurn(), false,
                        p.transferred()));
            }
            return next;
        }
        if (event instanceof PeriodBegan e) {
            return s.withPeriod(e.period().gun(), e.period());
        }
        if (event instanceof PackTiLost e) {
            AnimalPackState next = s.update(e.counter(), c -> {
                c.packTi = false;
                c.packTiNote = "lost Pack-TI: " + e.why();
                return c;
            });
            UnpackingPeriod p = e.gun() == null ? null : next.periodOf(e.gun());
            if (p != null && e.counter().equals(p.crew()) && !p.involuntary()) {
                next = next.withPeriod(e.gun(), p.with(p.completedTurns(), p.playerTurnsThisTurn(), true,
                        p.transferred()));
            }
            return next;
        }
        if (event instanceof PlayerTurnCounted e) {
            UnpackingPeriod p = s.periodOf(e.gun());
            return s.withPeriod(e.gun(), p.with(p.completedTurns(), e.playerTurnsThisTurn(), p.spoiledThisTurn(),
                    p.transferred()));
        }
        if (event instanceof GameTurnCounted e) {
            UnpackingPeriod p = s.periodOf(e.gun());
            AslCounter crew = p.crew() == null ? null : s.counters().get(p.crew());
            // the new Game Turn counts only if the crew holds Pack-TI from its start (it may take it in 1.13B)
            boolean spoiled = !p.involuntary() && (crew == null || !crew.packTi());
            return s.withPeriod(e.gun(), p.with(e.completedTurns(), 0, spoiled, p.transferred()));
        }
        if (event instanceof GunTransferred e) {
            boolean unpacking = UnpackingPeriod.UNPACKING.equals(e.direction());
            AnimalPackState next = s.update(e.gun(), c -> { c.loadedOn = unpacking ? null : e.mule(); return c; });
            UnpackingPeriod p = next.periodOf(e.gun());
            return next.withPeriod(e.gun(), p.with(p.completedTurns(), p.playerTurnsThisTurn(), p.spoiledThisTurn(),
                    true));
        }
        if (event instanceof PeriodCompleted e) {
            AnimalPackState next = s;
            for (String id : e.counters()) {
                next = next.update(id, c -> {
                    c.packTi = false;
                    c.packTiNote = e.direction().toLowerCase() + " period completed";
                    return c;
                });
            }
            return next.withPeriod(e.gun(), null);
        }
        if (event instanceof DirectionReversed e) {
            return s.withPeriod(e.gun(), e.period());
        }
        if (event instanceof GunBrokeDown e) {
            return e.disabled() ? s.update(e.gun(), c -> { c.eliminated = true; return c; })
                    : s.update(e.gun(), c -> { c.malfunctioned = true; return c; });
        }
        if (event instanceof GunRepaired e) {
            return s.update(e.gun(), c -> { c.malfunctioned = false; return c; });
        }
        if (event instanceof GunMalfunctioned e) {
            return s.update(e.gun(), c -> { c.malfunctioned = true; return c; });
        }
        if (event instanceof UnitPinned e) {
            return s.update(e.counter(), c -> { c.pinned = true; return c; });
        }
        if (event instanceof UnitBroken e) {
            return s.update(e.counter(), c -> { c.goodOrder = false; return c; });
        }
        if (event instanceof UnitRallied e) {
            return s.update(e.counter(), c -> { c.goodOrder = true; return c; });
        }
        if (event instanceof PinsRemoved e) {
            AnimalPackState next = s;
            for (String id : e.counters()) {
                next = next.update(id, c -> { c.pinned = false; return c; });
            }
            return next;
        }
        if (event instanceof CasualtyReduced e) {
            return s.update(e.counter(), c -> { c.size = HS; return c; });
        }
        if (event instanceof CounterEliminated e) {
            AnimalPackState next = s.update(e.counter(), c -> { c.eliminated = true; c.packTi = false; return c; });
            next = next.withPeriod(e.counter(), null); // an eliminated Gun's period ends
            return next;
        }
        if (event instanceof GunUnloadedInvoluntarily e) {
            return s.update(e.gun(), c -> { c.loadedOn = null; c.coveredArc = e.coveredArc(); return c; });
        }
        if (event instanceof LowAmmoMarked e) {
            return s.update(e.gun(), c -> {
                c.lowAmmo = e.lowAmmoCount();
                c.breakdown = e.breakdown();
                c.disablement = e.disablement();
                return c;
            });
        }
        if (event instanceof CounterMoved e) {
            AnimalPackState next = s;
            for (String id : concat(e.counter(), e.carried())) {
                next = next.update(id, c -> {
                    c.hex = e.hex();
                    c.terrain = e.terrain();
                    c.prohibitsGuns = e.prohibitsGuns();
                    return c;
                });
            }
            return next;
        }
        return s; // AttackMade, VulnerabilityRolled, TransferPrevented record what happened; their effects follow
    }

    @Override
    public List<CounterView> counters(AnimalPackState s) {
        List<CounterView> views = new ArrayList<>();
        for (AslCounter c : s.counters().values()) {
            List<String> markers = new ArrayList<>();
            Map<String, Object> numbers = new LinkedHashMap<>();
            if (c.packTi()) {
                markers.add("Pack-TI");
            }
            if (c.packTi() && c.isPersonnel()) {
                markers.add("Area Fire (10.11)");
                markers.add("Hazardous Movement (10.11)");
            }
            if (c.pinned()) {
                markers.add("Pinned");
            }
            if (!c.goodOrder()) {
                markers.add("Broken");
            }
            if (HS.equals(c.size())) {
                markers.add("Casualty Reduced (HS)");
            }
            if (c.size() != null) {
                numbers.put("size", c.size());
            }
            if (c.isGun()) {
                if (c.dm()) {
                    markers.add("dm");
                }
                if (c.loadedOn() != null) {
                    markers.add("Animal-Packed");
                }
                if (c.malfunctioned()) {
                    markers.add("Malfunctioned");
                }
                for (int i = 1; i <= c.lowAmmo(); i++) {
                    markers.add("Low Ammo");
                }
                numbers.put("manhandling", PackGuns.manhandling(c));
                numbers.put("breakdown", c.breakdown());
                numbers.put("disablement", c.disablement());
                numbers.put("lowAmmo", c.lowAmmo());
                numbers.put("malfunctioned", c.malfunctioned());
                numbers.put("loadedOn", c.loadedOn());
                numbers.put("coveredArc", c.coveredArc());
                numbers.put("packGun", PackGuns.refusal(c) == null);
                if (Boolean.TRUE.equals(c.data().get("gunshield"))) {
                    numbers.put("gunshield", c.packTi() ? "absent while Pack-TI (10.42)" : "present");
                }
                numbers.put("targetAsGun", c.loadedOn() == null ? "yes" : "no: Animal-Packed (10.42)");
                UnpackingPeriod p = s.periodOf(c.id());
                if (p != null) {
                    Map<String, Object> period = new LinkedHashMap<>();
                    period.put("direction", p.direction());
                    period.put("length", p.length());
                    period.put("completedGameTurns", p.completedTurns());
                    period.put("remainingGameTurns", p.remainingTurns());
                    period.put("playerTurnsThisTurn", p.playerTurnsThisTurn());
                    period.put("thisGameTurnCounts", !p.spoiledThisTurn());
                    period.put("halfComplete", p.halfComplete());
                    period.put(UnpackingPeriod.UNPACKING.equals(p.direction()) ? "unloaded" : "loaded",
                            p.transferred());
                    period.put("transferDue", p.transferred() ? "done" : "at the start of the first Player-Turn RPh "
                            + "after " + Math.max(0, p.length() - p.completedTurns() * 2
                            - (p.spoiledThisTurn() ? 0 : p.playerTurnsThisTurn())) + " more Player Turn(s) while "
                            + "Pack-TI (10.31)");
                    period.put("involuntary", p.involuntary());
                    period.put("crew", p.crew());
                    period.put("mule", p.mule());
                    numbers.put("period", period);
                }
            }
            if (c.possesses() != null) {
                numbers.put("possesses", c.possesses());
                AslCounter gun = s.counters().get(c.possesses());
                if (gun != null && gun.loadedOn() != null && !gun.eliminated()) {
                    numbers.put("stacking", "counts as a squad (10.21)");
                }
            }
            if (c.isMule()) {
                AslCounter gun = s.gunOn(c.id());
                numbers.put("carrying", gun == null ? null : gun.id());
                numbers.put("column", "may be part of a Column (10.5)");
            }
            if (c.packTiNote() != null) {
                numbers.put("packTiNote", c.packTiNote());
            }
            numbers.put("packTi", c.packTi());
            numbers.put("goodOrder", c.goodOrder());
            numbers.put("terrain", c.terrain());
            if (c.eliminated()) {
                markers.add("Eliminated");
            }
            views.add(new CounterView(c.id(), c.kind(), c.name(), c.side(), c.nationality(), c.hex(), c.data(),
                    numbers, markers, c.eliminated()));
        }
        return views;
    }

    @Override
    public List<CounterOutcome> outcome(AnimalPackState s) {
        List<CounterOutcome> outcomes = new ArrayList<>();
        for (AslCounter c : s.counters().values()) {
            Map<String, Object> carried = new LinkedHashMap<>();
            if (c.size() != null) {
                carried.put("size", c.size());
            }
            if (c.isGun()) {
                carried.put("lowAmmo", c.lowAmmo());
                if (c.breakdown() != null) {
                    carried.put("breakdown", c.breakdown());
                }
                if (c.disablement() != null) {
                    carried.put("disablement", c.disablement());
                }
                carried.put("malfunctioned", c.malfunctioned());
                carried.put("dm", c.dm());
            }
            if (!c.goodOrder()) {
                carried.put("broken", true);
            }
            outcomes.add(new CounterOutcome(c.id(), c.eliminated(), carried));
        }
        return outcomes;
    }

    @Override
    public List<ActionOption> options(AnimalPackState s, GameClock clock) {
        List<ActionOption> options = new ArrayList<>();
        for (AslCounter c : s.counters().values()) {
            if (c.eliminated()) {
                continue;
            }
            if (c.possesses() != null) {
                options.add(option(s, clock, c, "become-pack-ti", "Become Pack-TI", new BecomePackTi(c.id()),
                        Map.of("type", "become-pack-ti", "crew", c.id()), List.of(), List.of()));
                if (s.periodOf(c.possesses()) != null) {
                    options.add(option(s, clock, c, "reverse-packing", "Reverse (Un)Packing",
                            new ReversePacking(c.id()), Map.of("type", "reverse-packing", "crew", c.id()), List.of(),
                            List.of()));
                }
            }
            if (c.isPersonnel()) {
                options.add(new ActionOption(c.id(), "fire", c.packTi() ? "Fire (Area Fire, ends Pack-TI)" : "Fire",
                        c.goodOrder(), c.goodOrder() ? null : "A7: a broken unit cannot attack",
                        Map.of("type", "fire", "firer", c.id()), List.of("target", "weapon", "fireType", "result"),
                        List.of("DR")));
            }
            options.add(new ActionOption(c.id(), "casualty", "Casualty", true, null,
                    Map.of("type", "casualty", "counter", c.id()), List.of("result"), List.of("dr")));
            boolean movable = !((c.isGun() || c.isMule()) && c.packTi()) && !(c.isGun() && c.loadedOn() != null);
            options.add(new ActionOption(c.id(), "move", "Move", movable, movable ? null
                    : c.packTi() ? "10.11: a Pack-TI Gun or Mule cannot be moved" : "10.1: it moves with its Mule",
                    Map.of("type", "move", "counter", c.id()), List.of("hex", "terrain"), List.of()));
            if (!c.goodOrder()) {
                options.add(new ActionOption(c.id(), "rally", "Rally", true, null,
                        Map.of("type", "rally", "counter", c.id()), List.of(), List.of()));
            }
            if (c.malfunctioned()) {
                options.add(new ActionOption(c.id(), "repair-gun", "Repair", true, null,
                        Map.of("type", "repair-gun", "gun", c.id()), List.of(), List.of()));
            }
        }
        return options;
    }

    private ActionOption option(AnimalPackState s, GameClock clock, AslCounter c, String action, String label,
                                AnimalPackAction probe, Map<String, Object> request, List<String> fields,
                                List<String> dice) {
        try {
            decide(s, clock, probe, (kind, purpose) -> {
                throw new IllegalStateException("no dice while listing options");
            });
            return new ActionOption(c.id(), action, label, true, null, request, fields, dice);
        } catch (RuleViolation | IllegalArgumentException | IllegalStateException e) {
            return new ActionOption(c.id(), action, label, false, e.getMessage(), request, fields, dice);
        }
    }

    private static AslCounter alive(AnimalPackState s, String field, String id) {
        AslCounter c = s.counter(field, id);
        if (c.eliminated()) {
            throw new IllegalStateException(field + ": " + id + " is eliminated");
        }
        return c;
    }

    private static String ownerOf(AnimalPackState s, String gunId) {
        return s.counters().values().stream().filter(c -> gunId.equals(c.possesses()) && !c.eliminated())
                .map(AslCounter::id).findFirst().orElse(null);
    }

    private static AslCounter freeMule(AnimalPackState s, AslCounter gun) {
        return s.at(gun.hex()).stream().filter(AslCounter::isMule).filter(m -> s.gunOn(m.id()) == null).findFirst()
                .orElse(null);
    }

    private static boolean same(AslCounter a, AslCounter b) {
        return a.hex() != null && a.hex().equals(b.hex());
    }

    private static List<String> concat(String first, List<String> rest) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(rest);
        return all;
    }

    private static String str(Map<String, Object> m, String key) {
        Object v = m.get(key);
        return v == null ? null : v.toString();
    }

    private static boolean bool(Map<String, Object> m, String key) {
        return Boolean.TRUE.equals(m.get(key));
    }

    private static Integer integer(Map<String, Object> m, String key, Integer otherwise) {
        return m.get(key) instanceof Number n ? Integer.valueOf(n.intValue()) : otherwise;
    }

    /** The events an action causes, each applied at once so that later checks see its effect. */
    private final class Outcome {
        final List<AnimalPackEvent> events = new ArrayList<>();
        AnimalPackState state;

        Outcome(AnimalPackState state) {
            this.state = state;
        }

        void add(AnimalPackEvent event) {
            events.add(event);
            state = evolve(state, event);
        }
    }
}
