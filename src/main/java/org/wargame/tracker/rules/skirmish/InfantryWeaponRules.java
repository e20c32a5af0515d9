package org.wargame.tracker.rules.skirmish;

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
import org.wargame.tracker.rules.skirmish.SkirmishAction.ArtilleryHit;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DestroyAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.IndirectMgFire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishAction.UniteCrew;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalCharged;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalDestroyed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.AnimalHit;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.CrewUnited;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.CrewmanLost;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureHit;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FireCancelled;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseClosed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FirePhaseOpened;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.IndirectMgFireLanded;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.LoadDropped;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.RiderDismounted;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.RiderInjuryRolled;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotFired;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotsSpent;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TargetsDesignated;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TreatmentRecorded;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.VehicleDamaged;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WeaponDestroyed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WoundRecorded;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Landing;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;
import org.wargame.tracker.rules.skirmish.TemplatesByCrew.Templates;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Rule set {@code skirmish}: the Infantry Weapons Rules of a 1:1 miniatures game (infantry fire, hit locations, crews,
 * animals, vehicles) and its mascots (Soldiers and Their Pets). Decides by asking the rule classes of this package;
 * evolves by applying events only.
 */
public final class InfantryWeaponRules implements RuleSet<SkirmishState, SkirmishAction, SkirmishEvent> {

    static final String SPOT = "SPOT";
    static final String CC = "CC";
    static final String MEDICAL = "Medical Treatment (campaign chart)";

    @Override
    public Map<String, Class<? extends SkirmishEvent>> eventNames() {
        return SkirmishEvent.NAMES;
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
        // the phases the text names: the artillery spotting round phase (indirect MG spotting rounds) and
        // VI. infantry weapons fire/ATGM launch; movement and close combat are the phases it refers to
        return new PhaseSequence(List.of(Phase.of(SPOT, "Artillery Spotting Round Phase"),
                Phase.of("MOVE", "Movement Phase"),
                Phase.of(FireOrder.PHASE, "VI. Infantry Weapons Fire/ATGM Launch"),
                Phase.of(CC, "Close Combat Phase")));
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
        if (!SkirmishCounters.KINDS.contains(counter.kind())) {
            throw new IllegalArgumentException("counter '" + counter.id() + "': kind: '" + counter.kind()
                    + "' is not a counter kind of rule set skirmish (figure, animal, vehicle)");
        }
        switch (counter.kind()) {
            case "figure" -> SkirmishCounters.figure(counter);
            case "animal" -> SkirmishCounters.animal(counter);
            default -> SkirmishCounters.vehicle(counter);
        }
    }

    @Override
    public SkirmishState setUp(List<CounterDefinition> counters) {
        List<Figure> figures = new ArrayList<>();
        List<Animal> animals = new ArrayList<>();
        List<Vehicle> vehicles = new ArrayList<>();
        for (CounterDefinition c : counters) {
            validate(c);
            switch (c.kind()) {
                case "figure" -> figures.add(SkirmishCounters.figure(c));
                case "animal" -> animals.add(SkirmishCounters.animal(c));
                default -> vehicles.add(SkirmishCounters.vehicle(c));
            }
        }
        // a rider who is not in this scenario is not on his mount in it
        List<Animal> mounted = animals.stream().map(a -> a.rider() != null
                && figures.stream().noneMatch(f -> f.id().equals(a.rider())) ? a.dismount() : a).toList();
        return new SkirmishState(figures, mounted, vehicles, 1, null, List.of(), List.of(), 0, List.of());
    }

    // ================================================================ decide

    @Override
    public List<SkirmishEvent> decide(SkirmishState state, GameClock clock, SkirmishAction action, Dice dice) {
        if (action == null) {
            throw new IllegalArgumentException("action: missing");
        }
        if (action instanceof DesignateTargets a) {
            return designate(state, clock, a);
        } else if (action instanceof Fire a) {
            return fire(state, clock, a, dice);
        } else if (action instanceof ArtilleryHit a) {
            return artilleryHit(state, a, dice);
        } else if (action instanceof RecordCasualty a) {
            return recordCasualty(state, a, dice);
        } else if (action instanceof UniteCrew a) {
            return uniteCrew(state, a);
        } else if (action instanceof DestroyAnimal a) {
            return destroyAnimal(state, a);
        } else if (action instanceof IndirectMgFire a) {
            return indirectFire(state, clock, a, dice);
        } else if (action instanceof RecordTreatment a) {
            return treatment(state, a);
        }
        throw new IllegalArgumentException("action: unknown action " + action.getClass().getSimpleName());
    }

    private List<SkirmishEvent> designate(SkirmishState state, GameClock clock, DesignateTargets a) {
        if (a.side() == null) {
            throw new IllegalArgumentException("side: missing");
        }
        if (!state.sides().contains(a.side())) {
            throw new IllegalArgumentException("side: no side '" + a.side() + "' in this scenario");
        }
        FireOrder.requireMayDesignate(state, clock, a.side());
        List<Designation> designations = WeaponUse.designate(state, clock, a.side(),
                a.targets() == null ? List.of() : a.targets(), state.designations().size() + 1);
        return List.of(new TargetsDesignated(a.side(), clock.gameTurn(), designations));
    }

    private List<SkirmishEvent> fire(SkirmishState state, GameClock clock, Fire a, Dice dice) {
        if (a.designation() == null) {
            throw new IllegalArgumentException("designation: missing");
        }
        Designation d = state.designation(a.designation()).orElseThrow(() -> new IllegalArgumentException(
                "designation: no designation '" + a.designation() + "' in this fire phase"));
        FireOrder.requireMayFire(state, clock, d);
        if (a.rangeMetres() == null) {
            throw new IllegalArgumentException("rangeMetres: missing (measured from the top of the firer's head to "
                    + "the top of the target's head)");
        }
        Figure firer = state.requireFigure(d.firer(), "designation.firer");
        Weapon weapon = firer.weapon(d.weapon()).orElseThrow();
        Figure targetFigure = state.figure(d.target()).orElse(null);
        boolean first = targetFigure != null && FireOrder.firesFirst(firer, targetFigure);
        if (targetFigure != null) {
            // parse the position before any die is rolled: a bad position is bad input, not a shot
            BodyPosition.parse(a.position(), Boolean.TRUE.equals(a.crawled()));
        }
        ChanceToHit.Computation toHit = ChanceToHit.compute(weapon, a.rangeMetres(), firer.sniperScope(),
                firer.elite());
        List<SkirmishEvent> events = new ArrayList<>();
        if (toHit.outOfRange()) {
            events.add(new ShotFired(d.id(), firer.id(), weapon.id(), d.target(), clock.gameTurn(), toHit, null, null,
                    false, first));
            return events;
        }
        // "Roll both dice": the d20 decides the hit, the d6 the hit location (read only on a hit)
        DiceRoll d20 = dice.roll(DiceKind.D20, "to hit");
        DiceRoll d6 = dice.roll(DiceKind.D6, "hit location");
        boolean hit = ChanceToHit.hits(d20.total(), toHit.percent());
        events.add(new ShotFired(d.id(), firer.id(), weapon.id(), d.target(), clock.gameTurn(), toHit, d20, d6, hit,
                first));
        if (!hit) {
            return events;
        }
        String cause = "fire of " + firer.id() + " (" + weapon.id() + ")";
        if (targetFigure != null) {
            List<HitLocationModifier> modifiers = new ArrayList<>(ArmourModifiers.of(targetFigure.armour(),
                    weapon.type(), false, false));
            modifiers.addAll(BodyPosition.firerAbove(Boolean.TRUE.equals(a.firerAbove()),
                    Boolean.TRUE.equals(a.overheadProtection())));
            events.addAll(hitFigure(state, targetFigure, d6, modifiers, a.position(), Boolean.TRUE.equals(a.crawled()),
                    Boolean.TRUE.equals(a.fromFront()), cause, d.id(), first));
        } else if (state.animal(d.target()).isPresent()) {
            events.addAll(hitAnimal(state, state.animal(d.target()).get(), d6, firer.id(), cause, d.id(), dice));
        } else {
            Vehicle vehicle = state.vehicle(d.target()).orElseThrow();
            events.add(damageVehicle(vehicle, weapon, d6));
        }
        return events;
    }

    private static List<SkirmishEvent> hitFigure(SkirmishState state, Figure target, DiceRoll d6,
                                                 List<HitLocationModifier> modifiers, String position,
                                                 boolean crawled, boolean fromFront, String cause,
                                                 String designation, boolean firedFirst) {
        BodyPosition.Row row = BodyPosition.parse(position, crawled);
        HitLocationTable.Result result = HitLocationTable.read(d6.total(), modifiers, fromFront);
        List<SkirmishEvent> events = new ArrayList<>();
        if (result.noEffect()) {
            events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(),
                    row.label(), "no effect"));
            return events;
        }
        if (!row.exposes(result.row().roll())) {
            events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(),
                    row.label(), "covered: no hit"));
            return events;
        }
        Wound wound = result.row().effect();
        events.add(new FigureHit(target.id(), cause, d6, modifiers, result.modified(), result.location(), row.label(),
                wound == Wound.DEATH ? "death" : wound.marker()));
        events.addAll(Casualties.woundFigure(state, target, wound, cause, designation, firedFirst));
        return events;
    }

    private static List<SkirmishEvent> hitAnimal(SkirmishState state, Animal animal, DiceRoll d6, String attacker,
                                                 String cause, String designation, Dice dice) {
        AnimalHitLocationTable.Row row = AnimalHitLocationTable.read(d6.total());
        List<SkirmishEvent> events = new ArrayList<>();
        events.add(new AnimalHit(animal.id(), cause, d6, row.location(), row.effectText()));
        if (row.charges()) {
            events.add(new AnimalCharged(animal.id(), attacker));
            return events;
        }
        events.addAll(Casualties.woundAnimal(state, animal, row.effect(), cause, designation, dice));
        return events;
    }

    private static VehicleDamaged damageVehicle(Vehicle vehicle, Weapon weapon, DiceRoll d6) {
        if (vehicle.tank() && weapon.type().tripodMachineGun()) {
            MachineGunAtTanksTable.Row row = MachineGunAtTanksTable.read(d6.total());
            int fire = row == MachineGunAtTanksTable.Row.TURRET_MAIN_GUN_OPTICS
                    ? MachineGunAtTanksTable.OPTICS_FIRE_MODIFIER : 0;
            Integer limit = row == MachineGunAtTanksTable.Row.HULL_DRIVERS_OPTICS
                    ? MachineGunAtTanksTable.DRIVER_VISION_LIMIT_METRES : null;
            return new VehicleDamaged(vehicle.id(), MachineGunAtTanksTable.RULE, d6, row.location(), row.result(),
                    false, fire, limit);
        }
        VehicleDamageTable.Row row = VehicleDamageTable.read(d6.total());
        return new VehicleDamaged(vehicle.id(), "Vehicle Damage", d6, row.location(), row.result(),
                row.immobilised(), 0, null);
    }

    private List<SkirmishEvent> artilleryHit(SkirmishState state, ArtilleryHit a, Dice dice) {
        if (a.target() == null) {
            throw new IllegalArgumentException("target: missing");
        }
        var figure = state.figure(a.target());
        if (figure.isPresent()) {
            Figure target = figure.get();
            RuleViolation.require(!target.dead(), HitLocationTable.RULE, target.id() + " is dead");
            BodyPosition.parse(a.position(), Boolean.TRUE.equals(a.crawled()));
            DiceRoll d6 = dice.roll(DiceKind.D6, "hit location");
            List<HitLocationModifier> modifiers = ArmourModifiers.of(target.armour(), null, true,
                    Boolean.TRUE.equals(a.redZone()));
            return hitFigure(state, target, d6, modifiers, a.position(), Boolean.TRUE.equals(a.crawled()),
                    Boolean.TRUE.equals(a.fromFront()), "artillery effects", null, false);
        }
        Animal animal = state.requireAnimal(a.target(), "target");
        RuleViolation.require(!animal.dead(), AnimalHitLocationTable.RULE, animal.id() + " is dead");
        DiceRoll d6 = dice.roll(DiceKind.D6, "animal hit location");
        return hitAnimal(state, animal, d6, null, "artillery effects", null, dice);
    }

    private List<SkirmishEvent> recordCasualty(SkirmishState state, RecordCasualty a, Dice dice) {
        if (a.counter() == null) {
            throw new IllegalArgumentException("counter: missing");
        }
        Wound wound = Wound.parse(a.wound(), "wound");
        if (wound == null) {
            throw new IllegalArgumentException("wound: missing (walking wounded, litter case, death)");
        }
        if (a.cause() == null || a.cause().isBlank()) {
            throw new IllegalArgumentException("cause: missing (close combat, stabbed, chemical, ...)");
        }
        var figure = state.figure(a.counter());
        if (figure.isPresent()) {
            RuleViolation.require(!figure.get().dead(), HitLocationTable.RULE, a.counter() + " is already dead");
            return Casualties.woundFigure(state, figure.get(), wound, a.cause(), null, false);
        }
        Animal animal = state.requireAnimal(a.counter(), "counter");
        RuleViolation.require(!animal.dead(), AnimalHitLocationTable.RULE, a.counter() + " is already dead");
        return Casualties.woundAnimal(state, animal, wound, a.cause(), null, dice);
    }

    private List<SkirmishEvent> uniteCrew(SkirmishState state, UniteCrew a) {
        Figure gunner = state.requireFigure(a.gunner(), "gunner");
        Figure loader = state.requireFigure(a.loader(), "loader");
        String rule = WeaponUse.RULE;
        RuleViolation.require(!gunner.dead() && !loader.dead(), rule, "only survivors may unite");
        RuleViolation.require(gunner.side().equals(loader.side()), rule, "survivors of one side unite");
        RuleViolation.require(gunner.role() == CrewRole.GUNNER, rule, gunner.id() + " is not a firer (gunner)");
        RuleViolation.require(loader.role() == CrewRole.LOADER, rule, loader.id() + " is not a loader");
        Weapon weapon = gunner.crewWeapon().orElseThrow(() -> new RuleViolation(rule, gunner.id()
                + " serves no crew-served weapon"));
        RuleViolation.require(!weapon.destroyed(), rule, weapon.id() + " of " + gunner.id() + " is destroyed");
        RuleViolation.require(!gunner.team().equals(loader.team()), rule, loader.id() + " is already in the crew of "
                + gunner.id());
        WeaponType loaderType = state.figures().stream()
                .filter(f -> loader.team().equals(f.team()) && f.role() == CrewRole.GUNNER)
                .flatMap(f -> f.crewWeapon().stream()).map(Weapon::type).findFirst().orElse(null);
        RuleViolation.require(loaderType == weapon.type(), rule, "survivors from weapons of the same type may unite; "
                + loader.id() + "'s weapon is " + (loaderType == null ? "unknown" : loaderType.chartName())
                + ", " + gunner.id() + "'s is " + weapon.type().chartName());
        RuleViolation.require(state.team(gunner.team()).stream().noneMatch(f -> f.role() == CrewRole.LOADER), rule,
                gunner.id() + "'s crew still has its loader");
        List<CrewRole> crew = new ArrayList<>(WeaponUse.crew(state, gunner));
        crew.add(CrewRole.LOADER);
        int templates = TemplatesByCrew.available(weapon, crew, false).leaves();
        return List.of(new CrewUnited(gunner.team(), gunner.id(), loader.id(), loader.team(), templates));
    }

    private List<SkirmishEvent> destroyAnimal(SkirmishState state, DestroyAnimal a) {
        Animal animal = state.requireAnimal(a.animal(), "animal");
        RuleViolation.require(animal.wound() == Wound.LITTER_CASE, AnimalHitLocationTable.RULE, "the owner may "
                + "destroy 'litter case' animals; " + animal.id() + " is "
                + (animal.wound() == null ? "unhurt" : animal.wound().marker()));
        return List.of(new AnimalDestroyed(animal.id(), animal.side()));
    }

    private List<SkirmishEvent> indirectFire(SkirmishState state, GameClock clock, IndirectMgFire a, Dice dice) {
        Figure gunner = state.requireFigure(a.gunner(), "gunner");
        String rule = IndirectMachineGunFire.RULE;
        RuleViolation.require(SPOT.equals(clock.phase()), rule, "machine gun spotting rounds are placed in the "
                + "Artillery Spotting Round Phase; the clock is at " + clock.label());
        RuleViolation.require(!gunner.dead(), rule, gunner.id() + " is dead");
        RuleViolation.require(gunner.role() == CrewRole.GUNNER, rule, gunner.id() + " is not a machine gunner");
        Weapon weapon = gunner.crewWeapon().orElseThrow(() -> new RuleViolation(rule, gunner.id()
                + " serves no machine gun"));
        RuleViolation.require(!weapon.destroyed(), rule, weapon.id() + " is destroyed");
        RuleViolation.require(gunner.firedTurn() != clock.gameTurn() || weapon.id().equals(gunner.firedWeapon()),
                WeaponUse.RULE, "only one weapon may be fired per turn: " + gunner.id() + " fired "
                        + gunner.firedWeapon());
        RuleViolation.require(state.landings().stream().noneMatch(l -> l.gunner().equals(gunner.id())
                && l.gameTurn() == clock.gameTurn()), rule, gunner.id() + " already placed spotting rounds this turn");
        Templates templates = IndirectMachineGunFire.templates(weapon.type(), WeaponUse.crew(state, gunner));
        boolean onTarget = IndirectMachineGunFire.onTarget(a.arrowDie());
        DiceRoll distance = dice.roll(DiceKind.D6, "spotting round distance");
        return List.of(new IndirectMgFireLanded(gunner.id(), weapon.id(), clock.gameTurn(), templates.leaves(),
                a.arrowDie().trim(), distance, onTarget));
    }

    private List<SkirmishEvent> treatment(SkirmishState state, RecordTreatment a) {
        if (a.counter() == null) {
            throw new IllegalArgumentException("counter: missing");
        }
        if (a.recovery() == null || a.recovery().isBlank()) {
            throw new IllegalArgumentException("recovery: missing (the result of the campaign's medical chart)");
        }
        Wound wound = state.figure(a.counter()).isPresent() ? state.figure(a.counter()).get().wound()
                : state.requireAnimal(a.counter(), "counter").wound();
        RuleViolation.require(wound != null && wound != Wound.DEATH, MEDICAL, a.counter()
                + " has no wound to treat");
        return List.of(new TreatmentRecorded(a.counter(), a.recovery().trim()));
    }

    // ================================================================ clock

    @Override
    public List<SkirmishEvent> clockAdvanced(SkirmishState state, GameClock from, GameClock to, Dice dice) {
        List<SkirmishEvent> events = new ArrayList<>();
        if (FireOrder.PHASE.equals(from.phase()) && !FireOrder.PHASE.equals(to.phase())) {
            List<String> removed = state.figures().stream().filter(f -> f.dead() && !f.removed()).map(Figure::id)
                    .toList();
            List<String> unfired = state.designations().stream()
                    .filter(d -> d.status() == DesignationStatus.PENDING).map(Designation::id).toList();
            events.add(new FirePhaseClosed(from.gameTurn(), removed, unfired));
        }
        if (CC.equals(from.phase()) && !CC.equals(to.phase())) {
            // "conducting a close combat and then dying. The animal will die even if it wins the close combat."
            for (Animal animal : state.animals()) {
                if (animal.chargingAt() != null && !animal.dead()) {
                    events.addAll(Casualties.woundAnimal(state, animal, Wound.DEATH,
                            "charged " + animal.chargingAt() + ", fought a close combat and died", null, dice));
                }
            }
        }
        if (FireOrder.PHASE.equals(to.phase()) && !FireOrder.PHASE.equals(from.phase())) {
            String first = to.playerTurn() == 1 ? to.phasingSide()
                    : state.gameTurn() == to.gameTurn() && state.firstMover() != null ? state.firstMover()
                    : to.phasingSide();
            events.add(new FirePhaseOpened(to.gameTurn(), to.playerTurn(), to.phasingSide(), first));
        }
        return events;
    }

    // ================================================================ evolve

    @Override
    public SkirmishState evolve(SkirmishState s, SkirmishEvent event) {
        if (event instanceof FirePhaseOpened e) {
            return s.withPhase(e.gameTurn(), e.firstMover(), List.of(), List.of(), 0,
                s.landings().stream().filter(l -> l.gameTurn() == e.gameTurn()).toList());
        }
        if (event instanceof TargetsDesignated e) {
            List<String> sides = new ArrayList<>(s.designatedBy());
            sides.add(e.side());
            List<Designation> all = new ArrayList<>(s.designations());
            all.addAll(e.designations());
            return s.withPhase(s.gameTurn(), s.firstMover(), sides, all, s.shotsResolved(), s.landings());
        }
        if (event instanceof ShotFired e) {
            return mark(s, List.of(e.designation()), DesignationStatus.FIRED)
                .withFigure(e.firer(), f -> f.fired(e.gameTurn(), e.weapon()));
        }
        if (event instanceof ShotsSpent e) {
            return mark(s, e.designations(), DesignationStatus.SPENT);
        }
        if (event instanceof FireCancelled e) {
            return mark(s, e.designations(), DesignationStatus.CANCELLED);
        }
        if (event instanceof FigureHit e) {
            return s;
        }
        if (event instanceof WoundRecorded e) {
            return s.figure(e.counter()).isPresent()
                ? s.withFigure(e.counter(), f -> f.withWound(e.wound(), e.recovery()))
                : s.withAnimal(e.counter(), a -> a.withWound(e.wound(), e.recovery()));
        }
        if (event instanceof WeaponDestroyed e) {
            return s.withFigure(e.figure(), f -> f.withWeapons(f.weapons().stream()
                .map(w -> w.id().equals(e.weapon()) ? w.destroy() : w).toList()));
        }
        if (event instanceof CrewmanLost e) {
            return s;
        }
        if (event instanceof CrewUnited e) {
            return s.withFigure(e.loader(), f -> f.inTeam(e.team(), CrewRole.LOADER));
        }
        if (event instanceof AnimalHit e) {
            return s;
        }
        if (event instanceof AnimalCharged e) {
            return s.withAnimal(e.animal(), a -> a.charging(e.attacker()));
        }
        if (event instanceof AnimalDestroyed e) {
            return s.withAnimal(e.animal(), Animal::destroyed);
        }
        if (event instanceof LoadDropped e) {
            return s.withAnimal(e.animal(), Animal::dropLoad);
        }
        if (event instanceof RiderDismounted e) {
            return s.withAnimal(e.animal(), Animal::dismount);
        }
        if (event instanceof RiderInjuryRolled e) {
            return s;
        }
        if (event instanceof VehicleDamaged e) {
            return s.withVehicle(e.vehicle(), v -> v.damaged(e.result(), e.immobilised(),
                e.fireModifier(), e.movementLimitMetres()));
        }
        if (event instanceof IndirectMgFireLanded e) {
            List<Landing> landings = new ArrayList<>(s.landings());
            landings.add(new Landing(e.gunner(), e.weapon(), e.gameTurn(), e.templates(), e.onTarget()));
            return s.withPhase(s.gameTurn(), s.firstMover(), s.designatedBy(), s.designations(),
                    s.shotsResolved(), landings).withFigure(e.gunner(), f -> f.fired(e.gameTurn(), e.weapon()));
        }
        if (event instanceof FirePhaseClosed e) {
            SkirmishState next = s.withPhase(s.gameTurn(), s.firstMover(), List.of(), List.of(), 0, s.landings());
            for (String id : e.removed()) {
                next = next.withFigure(id, Figure::removedFromBoard);
            }
            return next;
        }
        if (event instanceof TreatmentRecorded e) {
            return s.figure(e.counter()).isPresent()
                ? s.withFigure(e.counter(), f -> f.withWound(f.wound(), e.recovery()))
                : s.withAnimal(e.counter(), a -> a.withWound(a.wound(), e.recovery()));
        }
        return s;
    }

    private static SkirmishState mark(SkirmishState s, List<String> ids, DesignationStatus status) {
        List<Designation> list = s.designations().stream()
                .map(d -> ids.contains(d.id()) ? d.with(status) : d).toList();
        return s.withDesignations(list, s.shotsResolved() + ids.size());
    }

    // ================================================================ who acts

    @Override
    public String actingSide(SkirmishState state, SkirmishAction action) {
        if (action instanceof DesignateTargets a) {
            if (a.side() == null) {
                throw new IllegalArgumentException("side: missing");
            }
            return a.side();
        }
        if (action instanceof Fire a) {
            if (a.designation() == null) {
                throw new IllegalArgumentException("designation: missing");
            }
            return state.designation(a.designation()).map(Designation::side).orElseThrow(() ->
                    new IllegalArgumentException("designation: no designation '" + a.designation()
                            + "' in this fire phase"));
        }
        if (action instanceof ArtilleryHit a) {
            return sideOf(state, a.target(), "target");
        }
        if (action instanceof RecordCasualty a) {
            return sideOf(state, a.counter(), "counter");
        }
        if (action instanceof UniteCrew a) {
            return state.requireFigure(a.gunner(), "gunner").side();
        }
        if (action instanceof DestroyAnimal a) {
            return state.requireAnimal(a.animal(), "animal").side();
        }
        if (action instanceof IndirectMgFire a) {
            return state.requireFigure(a.gunner(), "gunner").side();
        }
        if (action instanceof RecordTreatment a) {
            return sideOf(state, a.counter(), "counter");
        }
        throw new IllegalArgumentException("action: unknown action");
    }

    private static String sideOf(SkirmishState state, String id, String field) {
        if (id == null) {
            throw new IllegalArgumentException(field + ": missing");
        }
        String side = state.sideOf(id);
        if (side == null) {
            throw new IllegalArgumentException(field + ": no counter '" + id + "' in this scenario");
        }
        return side;
    }

    // ================================================================ options

    @Override
    public List<ActionOption> options(SkirmishState state, GameClock clock) {
        return AvailableActions.of(this, state, clock);
    }

    // ================================================================ views

    @Override
    public List<CounterView> counters(SkirmishState state) {
        List<CounterView> views = new ArrayList<>();
        for (Figure f : state.figures()) {
            views.add(new CounterView(f.id(), "figure", f.name(), f.side(), f.nationality(), location(f.setUp()),
                    f.data(), figureState(state, f), figureMarkers(state, f), f.dead()));
        }
        for (Animal a : state.animals()) {
            views.add(new CounterView(a.id(), "animal", a.name(), a.side(), a.nationality(), location(a.setUp()),
                    a.data(), animalState(a), animalMarkers(a), a.dead()));
        }
        for (Vehicle v : state.vehicles()) {
            views.add(new CounterView(v.id(), "vehicle", v.name(), v.side(), v.nationality(), location(v.setUp()),
                    v.data(), vehicleState(v), v.damage(), false));
        }
        return views;
    }

    private static String location(Map<String, Object> setUp) {
        Object location = setUp.containsKey("location") ? setUp.get("location") : setUp.get("position");
        return location == null ? null : location.toString();
    }

    private static Map<String, Object> figureState(SkirmishState state, Figure f) {
        Map<String, Object> map = new LinkedHashMap<>(f.setUp());
        map.putAll(carried(f));
        if (f.wound() == Wound.WALKING_WOUNDED) {
            map.put("movementLimitMetres", 50);
            map.put("mayFireAfterMoving", false);
        } else if (f.wound() == Wound.LITTER_CASE) {
            map.put("movementLimitMetres", 0);
        }
        Map<String, Object> templates = new LinkedHashMap<>();
        for (Weapon w : f.weapons()) {
            if (!w.destroyed() && w.type().hasTemplate()) {
                Templates t = TemplatesByCrew.available(w, WeaponUse.crew(state, f), false);
                templates.put(w.id(), t.area() != null ? t.area() : t.leaves());
            }
        }
        if (!templates.isEmpty()) {
            map.put("templates", templates);
        }
        if (f.team() != null) {
            map.put("team", f.team());
            map.put("role", f.role().name().toLowerCase());
        }
        if (f.firedTurn() > 0) {
            map.put("firedTurn", f.firedTurn());
            map.put("firedWeapon", f.firedWeapon());
        }
        return map;
    }

    private static List<String> figureMarkers(SkirmishState state, Figure f) {
        List<String> markers = new ArrayList<>();
        if (f.wound() != null) {
            markers.add(f.wound().marker());
        }
        if (f.removed()) {
            markers.add("removed");
        }
        f.weapons().stream().filter(Weapon::destroyed).forEach(w -> markers.add("weapon destroyed: " + w.id()));
        if (Mascot.moraleBonus(state, f)) {
            markers.add(Mascot.MARKER);
        }
        return markers;
    }

    private static Map<String, Object> animalState(Animal a) {
        Map<String, Object> map = new LinkedHashMap<>(a.setUp());
        map.putAll(carried(a));
        if (a.wound() == Wound.WALKING_WOUNDED) {
            map.put("movement", "walk only");
        }
        if (a.rider() != null) {
            map.put("rider", a.rider());
        }
        if (a.chargingAt() != null) {
            map.put("chargingAt", a.chargingAt());
        }
        return map;
    }

    private static List<String> animalMarkers(Animal a) {
        List<String> markers = new ArrayList<>();
        if ("mascot".equals(a.role())) {
            markers.add("mascot");
        }
        if (a.wound() != null) {
            markers.add(a.wound().marker());
        }
        if (a.wound() == Wound.WALKING_WOUNDED) {
            markers.add("walk only, no load or rider");
        }
        if (a.loadDropped()) {
            markers.add("load dropped");
        }
        if (a.chargingAt() != null && !a.dead()) {
            markers.add("charging " + a.chargingAt());
        }
        if (a.destroyedByOwner()) {
            markers.add("destroyed by owner");
        }
        return markers;
    }

    private static Map<String, Object> vehicleState(Vehicle v) {
        Map<String, Object> map = new LinkedHashMap<>(v.setUp());
        map.putAll(carried(v));
        return map;
    }

    // ================================================================ outcome

    @Override
    public List<CounterOutcome> outcome(SkirmishState state) {
        return Stream.of(
                state.figures().stream().map(f -> new CounterOutcome(f.id(), f.dead(), carriedOn(f.setUp(),
                        carried(f)))),
                state.animals().stream().map(a -> new CounterOutcome(a.id(), a.dead(), carriedOn(a.setUp(),
                        carried(a)))),
                state.vehicles().stream().map(v -> new CounterOutcome(v.id(), false, carriedOn(v.setUp(),
                        carried(v))))).flatMap(s -> s).toList();
    }

    /** The state a counter carries to the next scenario: its roster state without this scenario's placement. */
    private static Map<String, Object> carriedOn(Map<String, Object> setUp, Map<String, Object> carried) {
        Map<String, Object> map = new LinkedHashMap<>(setUp);
        map.remove("position");
        map.remove("location");
        map.remove("wound");
        map.remove("recovery");
        map.putAll(carried);
        return map;
    }

    private static Map<String, Object> carried(Figure f) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (f.wound() != null) {
            map.put("wound", f.wound() == Wound.DEATH ? "death" : f.wound().marker());
        }
        if (f.recovery() != null) {
            map.put("recovery", f.recovery());
        }
        List<String> destroyed = f.weapons().stream().filter(Weapon::destroyed).map(Weapon::id).toList();
        if (!destroyed.isEmpty()) {
            map.put("weaponsDestroyed", destroyed);
        }
        return map;
    }

    private static Map<String, Object> carried(Animal a) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (a.wound() != null) {
            map.put("wound", a.wound() == Wound.DEATH ? "death" : a.wound().marker());
        }
        if (a.recovery() != null) {
            map.put("recovery", a.recovery());
        }
        if (a.loadDropped()) {
            map.put("loadDropped", true);
        }
        if (a.data().get("rider") != null) {
            map.put("mounted", a.rider() != null);
        }
        return map;
    }

    private static Map<String, Object> carried(Vehicle v) {
        Map<String, Object> map = new LinkedHashMap<>();
        if (!v.damage().isEmpty()) {
            map.put("damage", v.damage());
        }
        if (v.immobilised()) {
            map.put("immobilised", true);
        }
        if (v.fireModifier() != 0) {
            map.put("fireModifier", v.fireModifier());
        }
        if (v.movementLimitMetres() != null) {
            map.put("movementLimitMetres", v.movementLimitMetres());
        }
        return map;
    }
}
