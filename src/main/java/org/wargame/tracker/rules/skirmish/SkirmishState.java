package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.Armour;
import org.wargame.tracker.rules.skirmish.MedicalTreatmentChart.Recovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The skirmish rule set's state of a scenario: every figure, animal and vehicle with its campaign data read and its
 * wounds and damage so far, the fire phase in progress (who has designated, the designations and their fate) and the
 * campaign's Medical Treatment chart. Immutable; changes only through {@link #evolve}, the fold of the skirmish events.
 *
 * @param gameTurn       the current Game Turn (1 at the start; {@code GameTurnBegan} moves it on)
 * @param firstMover     the side that moves first in this Game Turn (it designates second)
 * @param designatedBy   the sides that have designated their targets in the fire phase in progress
 * @param designations   the fire phase's designations, in the order they were made
 * @param shotsResolved  how many designations have been fired or spent in this fire phase (none: designation is open)
 * @param landings       indirect machine gun fire that landed this Game Turn (spotting rounds placed in SPOT)
 * @param medicalChart   the campaign's Medical Treatment chart (null: the campaign declares none)
 * @param spotting       spotting rounds placed with the real one sealed (see {@link SpottingRounds})
 */
@JsonTypeName("skirmish")
public record SkirmishState(List<Figure> figures, List<Animal> animals, List<Vehicle> vehicles, int gameTurn,
                            String firstMover, List<String> designatedBy, List<Designation> designations,
                            int shotsResolved, List<Landing> landings, MedicalTreatmentChart medicalChart,
                            List<Spotting> spotting)
        implements RuleState {

    public SkirmishState {
        figures = List.copyOf(figures);
        animals = List.copyOf(animals);
        vehicles = List.copyOf(vehicles);
        designatedBy = designatedBy == null ? List.of() : List.copyOf(designatedBy);
        designations = designations == null ? List.of() : List.copyOf(designations);
        landings = landings == null ? List.of() : List.copyOf(landings);
        spotting = spotting == null ? List.of() : List.copyOf(spotting); // null in states kept before it existed
    }

    /**
     * A tripod MG's spotting rounds placed this Game Turn with the real one sealed ({@code seal}); {@code resolved}
     * once the arrow die and d6 were rolled and the seal revealed.
     */
    public record Spotting(String gunner, String weapon, int gameTurn, int templates, String firstRound,
                           String secondRound, String seal, boolean resolved) {
    }

    /** One band of a weapon's percentage chance to hit: up to {@code maxRange} metres, {@code percent}. */
    public record RangeBand(int maxRange, int percent) {
    }

    /**
     * A weapon a figure carries (campaign data): its chart type, its percentage chance to hit by range, whether it is
     * a secondary weapon, the crew size the campaign gives for crew-served weapons whose crew the text does not give
     * (Gatling gun, ATGM), and whether it has been destroyed.
     */
    public record Weapon(String id, WeaponType type, List<RangeBand> toHit, boolean secondary, Integer crewSize,
                        boolean destroyed, String name) {
        public Weapon {
            toHit = List.copyOf(toHit);
            name = name == null || name.isBlank() ? type.chartName() : name;
        }

        public Weapon(String id, WeaponType type, List<RangeBand> toHit, boolean secondary, Integer crewSize,
                      boolean destroyed) {
            this(id, type, toHit, secondary, crewSize, destroyed, null);
        }

        Weapon destroy() {
            return new Weapon(id, type, toHit, secondary, crewSize, true, name);
        }
    }

    /** A man's (or an animal's) last recorded movement: in which Game Turn, how, and whether it leaves him stationary. */
    public record Moved(int gameTurn, String how, boolean stationary) {
    }

    /** A litter case carried by his bearers in a Game Turn. */
    public record Litter(int gameTurn, List<String> bearers) {
        public Litter {
            bearers = List.copyOf(bearers);
        }
    }

    /**
     * The result of a roll on the campaign's Medical Treatment chart, carried between scenarios until the roster
     * applies it. {@code carried}: rolled in an earlier scenario (a man still wounded may be treated again).
     */
    public record Treatment(int roll, String result, Recovery recovery, Integer scenarios, boolean carried) {
        /** What the roster shows: the chart's result and its recovery. */
        public String label() {
            return result + " (" + recovery.label(scenarios) + ")";
        }
    }

    /**
     * A man. {@code team} and {@code role} place him in a weapon crew; {@code firedTurn}/{@code firedWeapon} are the
     * Game Turn and weapon of his last fire ("Only one weapon may be fired per turn"); {@code position} his row of the
     * Hard Cover or Body Position table (null: not recorded yet); {@code moved} his last recorded movement;
     * {@code woundedTurn} the Game Turn of his last wound; {@code aboard} the vehicle he rides in; {@code litter}
     * who carried him, a litter case, and when.
     */
    public record Figure(String id, String name, String side, String nationality, Map<String, Object> data,
                         Map<String, Object> setUp, List<Weapon> weapons, String team, CrewRole role, Armour armour,
                         int elite, boolean sniperScope, String mascot, Wound wound, String recovery, int firedTurn,
                         String firedWeapon, boolean removed, String position, Moved moved, int woundedTurn,
                         String aboard, Litter litter, Treatment treatment) {
        public Figure {
            weapons = List.copyOf(weapons);
        }

        public boolean dead() {
            return wound == Wound.DEATH;
        }

        public Optional<Weapon> weapon(String weaponId) {
            return weapons.stream().filter(w -> w.id().equals(weaponId)).findFirst();
        }

        /** The crew-served weapon a gunner carries, if any. */
        public Optional<Weapon> crewWeapon() {
            return weapons.stream().filter(w -> w.type().crewServed()).findFirst();
        }

        /** "Infantry who simply change direction without moving are considered stationary." */
        public boolean stationaryIn(int gameTurn) {
            return moved == null || moved.gameTurn() != gameTurn || moved.stationary();
        }

        Draft draft() {
            return new Draft(this);
        }
    }

    /** A figure being changed by the fold: a copy with the fields to change set, then {@link #build()}. */
    static final class Draft {
        private final Figure f;
        List<Weapon> weapons;
        String team;
        CrewRole role;
        Wound wound;
        String recovery;
        int firedTurn;
        String firedWeapon;
        boolean removed;
        String position;
        Moved moved;
        int woundedTurn;
        String aboard;
        Litter litter;
        Treatment treatment;

        private Draft(Figure f) {
            this.f = f;
            weapons = f.weapons();
            team = f.team();
            role = f.role();
            wound = f.wound();
            recovery = f.recovery();
            firedTurn = f.firedTurn();
            firedWeapon = f.firedWeapon();
            removed = f.removed();
            position = f.position();
            moved = f.moved();
            woundedTurn = f.woundedTurn();
            aboard = f.aboard();
            litter = f.litter();
            treatment = f.treatment();
        }

        Figure build() {
            return new Figure(f.id(), f.name(), f.side(), f.nationality(), f.data(), f.setUp(), weapons, team, role,
                    f.armour(), f.elite(), f.sniperScope(), f.mascot(), wound, recovery, firedTurn, firedWeapon,
                    removed, position, moved, woundedTurn, aboard, litter, treatment);
        }
    }

    /**
     * An animal: a mount (with its rider, while mounted), a pack animal (with its load, until dropped) or a mascot.
     * {@code chargingAt} is the attacker a shoulders hit sent it against (null for artillery, which has no attacker on
     * the table); {@code charged} says a shoulders hit sent it charging, whatever hit it; {@code destroyedByOwner}
     * marks a litter-case animal its owner destroyed.
     */
    public record Animal(String id, String name, String side, String nationality, Map<String, Object> data,
                         Map<String, Object> setUp, String role, String species, String load, boolean loadDropped,
                         String rider, Wound wound, String recovery, String chargingAt, boolean destroyedByOwner,
                         Treatment treatment, boolean charged) {

        public boolean dead() {
            return wound == Wound.DEATH;
        }

        Animal withWound(Wound newWound, String newRecovery, Treatment newTreatment) {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, rider,
                    newWound, newRecovery, chargingAt, destroyedByOwner, newTreatment, charged);
        }

        Animal dropLoad() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, true, rider, wound,
                    recovery, chargingAt, destroyedByOwner, treatment, charged);
        }

        Animal reload() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, false, rider, wound,
                    recovery, chargingAt, destroyedByOwner, treatment, charged);
        }

        Animal mount(String newRider) {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, newRider,
                    wound, recovery, chargingAt, destroyedByOwner, treatment, charged);
        }

        Animal dismount() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, null, wound,
                    recovery, chargingAt, destroyedByOwner, treatment, charged);
        }

        Animal charging(String attacker) {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, rider, wound,
                    recovery, attacker, destroyedByOwner, treatment, true);
        }

        Animal destroyed() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, rider,
                    Wound.DEATH, null, chargingAt, true, treatment, charged);
        }
    }

    /**
     * A vehicle: whether it is a tank (machine gun fire at it uses Machine Fire at Tanks) or a vehicle type that
     * template weapons can damage (VEHICLE DAMAGE), and the damage so far: its crew killed, its cargo or passengers
     * destroyed, on fire (then destroyed and struck off the roster).
     */
    public record Vehicle(String id, String name, String side, String nationality, Map<String, Object> data,
                          Map<String, Object> setUp, boolean tank, boolean infantryDamage, List<String> damage,
                          boolean immobilised, int fireModifier, Integer movementLimitMetres, boolean crewKilled,
                          boolean cargoDestroyed, boolean onFire) {
        public Vehicle {
            damage = List.copyOf(damage);
        }

        /** "Vehicle catches fire": the vehicle is destroyed. */
        public boolean destroyed() {
            return onFire;
        }

        Vehicle damaged(String result, boolean immobile, int fireMod, Integer limit, VehicleDamageTable.Row row) {
            List<String> list = new ArrayList<>(damage);
            list.add(result);
            return new Vehicle(id, name, side, nationality, data, setUp, tank, infantryDamage, list,
                    // the optics' -35% is one state, not a sum (older records of a second hit fold the same)
                    immobilised || immobile, fireMod == 0 ? fireModifier : Math.min(fireModifier, fireMod),
                    limit == null ? movementLimitMetres : limit,
                    crewKilled || row == VehicleDamageTable.Row.CREW,
                    cargoDestroyed || row == VehicleDamageTable.Row.CARGO,
                    onFire || row == VehicleDamageTable.Row.FUEL);
        }
    }

    /** The fate of a designation in the fire phase. */
    public enum DesignationStatus {
        /** designated, not yet fired */
        PENDING,
        /** fired (hit, missed or out of range) */
        FIRED,
        /** aimed at a target an earlier shot destroyed: counts as having fired at it, no effect */
        SPENT,
        /** its firer was killed by troops that fired first ("Only the survivors may return fire") */
        CANCELLED
    }

    /** One weapon aimed at one target for this fire phase; template weapons may have several, by template number. */
    public record Designation(String id, String side, String firer, String weapon, String target, Integer template,
                              boolean indirect, boolean firerMoved, DesignationStatus status) {
        Designation with(DesignationStatus newStatus) {
            return new Designation(id, side, firer, weapon, target, template, indirect, firerMoved, newStatus);
        }
    }

    /** Indirect machine gun fire whose real spotting round landed this Game Turn. */
    public record Landing(String gunner, String weapon, int gameTurn, int templates, boolean onTarget) {
    }

    // ---------------------------------------------------------------- look-ups

    public Optional<Figure> figure(String id) {
        return figures.stream().filter(f -> f.id().equals(id)).findFirst();
    }

    public Optional<Animal> animal(String id) {
        return animals.stream().filter(a -> a.id().equals(id)).findFirst();
    }

    public Optional<Vehicle> vehicle(String id) {
        return vehicles.stream().filter(v -> v.id().equals(id)).findFirst();
    }

    public Optional<Designation> designation(String id) {
        return designations.stream().filter(d -> d.id().equals(id)).findFirst();
    }

    /** The figure {@code id}; refuses an unknown id naming {@code field}. */
    public Figure requireFigure(String id, String field) {
        if (id == null) {
            throw new FieldRefused(field, "missing");
        }
        return figure(id).orElseThrow(() -> new FieldRefused(field, "no figure '" + id + "' in this scenario"));
    }

    public Animal requireAnimal(String id, String field) {
        if (id == null) {
            throw new FieldRefused(field, "missing");
        }
        return animal(id).orElseThrow(() -> new FieldRefused(field, "no animal '" + id + "' in this scenario"));
    }

    /** The side of any counter (figure, animal, vehicle), or null when there is none with that id. */
    public String sideOf(String id) {
        return figure(id).map(Figure::side).or(() -> animal(id).map(Animal::side))
                .or(() -> vehicle(id).map(Vehicle::side)).orElse(null);
    }

    /** Every side with a counter in the scenario, in roster order. */
    public List<String> sides() {
        List<String> sides = new ArrayList<>();
        figures.forEach(f -> addOnce(sides, f.side()));
        animals.forEach(a -> addOnce(sides, a.side()));
        vehicles.forEach(v -> addOnce(sides, v.side()));
        return sides;
    }

    /** The living members of a weapon team. */
    public List<Figure> team(String team) {
        return figures.stream().filter(f -> team != null && team.equals(f.team()) && !f.dead()).toList();
    }

    /** The living men aboard a vehicle. */
    public List<Figure> aboard(String vehicle) {
        return figures.stream().filter(f -> vehicle.equals(f.aboard()) && !f.dead()).toList();
    }

    // ---------------------------------------------------------------- the fold

    /**
     * Applies one event; never refuses (the event already happened). Each event hands itself to its own {@code on}
     * method below ({@link SkirmishEvent#applyTo}), so the fold is exhaustive by construction: a new event type does
     * not compile until it says how it changes the state.
     */
    public SkirmishState evolve(SkirmishEvent event) {
        return event.applyTo(this);
    }

    SkirmishState on(SkirmishEvent.GameTurnBegan e) {
        return withPhase(e.gameTurn(), e.firstMover(), designatedBy, designations, shotsResolved, landings);
    }

    SkirmishState on(SkirmishEvent.FirePhaseOpened e) {
        return withPhase(e.gameTurn(), e.firstMover(), List.of(), List.of(), 0,
                landings.stream().filter(l -> l.gameTurn() == e.gameTurn()).toList());
    }

    SkirmishState on(SkirmishEvent.FigureMoved e) {
        return withFigure(e.figure(), f -> {
            Draft d = f.draft();
            if (e.movement() != null) {
                boolean movedBefore = f.moved() != null && f.moved().gameTurn() == e.gameTurn()
                        && !f.moved().stationary();
                d.moved = movedBefore && e.stationary() ? f.moved()
                        : new Moved(e.gameTurn(), e.movement(), e.stationary());
            }
            if (e.aboard() != null) {
                d.aboard = e.aboard().isEmpty() ? null : e.aboard();
            }
            return d.build();
        });
    }

    SkirmishState on(SkirmishEvent.PositionTaken e) {
        return withFigure(e.figure(), f -> {
            Draft d = f.draft();
            d.position = e.position();
            return d.build();
        });
    }

    SkirmishState on(SkirmishEvent.TargetsDesignated e) {
        List<String> sides = new ArrayList<>(designatedBy);
        sides.add(e.side());
        List<Designation> all = new ArrayList<>(designations);
        all.addAll(e.designations());
        return withPhase(gameTurn, firstMover, sides, all, shotsResolved, landings);
    }

    SkirmishState on(SkirmishEvent.ShotFired e) {
        return mark(List.of(e.designation()), DesignationStatus.FIRED).withFigure(e.firer(), f -> {
            Draft d = f.draft();
            d.firedTurn = e.gameTurn();
            d.firedWeapon = e.weapon();
            return d.build();
        });
    }

    SkirmishState on(SkirmishEvent.ShotsSpent e) {
        return mark(e.designations(), DesignationStatus.SPENT);
    }

    SkirmishState on(SkirmishEvent.FireCancelled e) {
        return mark(e.designations(), DesignationStatus.CANCELLED);
    }

    SkirmishState on(SkirmishEvent.FigureHit e) {
        return this; // its wound, if any, follows as WoundRecorded
    }

    SkirmishState on(SkirmishEvent.WoundRecorded e) {
        // a new wound awaits its own treatment
        return figure(e.counter()).isPresent()
                ? withFigure(e.counter(), f -> {
                    Draft d = f.draft();
                    d.wound = e.wound();
                    d.recovery = e.recovery();
                    d.woundedTurn = gameTurn;
                    d.treatment = null;
                    return d.build();
                })
                : withAnimal(e.counter(), a -> a.withWound(e.wound(), e.recovery(), null));
    }

    SkirmishState on(SkirmishEvent.WeaponDestroyed e) {
        return withFigure(e.figure(), f -> {
            Draft d = f.draft();
            d.weapons = f.weapons().stream().map(w -> w.id().equals(e.weapon()) ? w.destroy() : w).toList();
            return d.build();
        });
    }

    SkirmishState on(SkirmishEvent.CrewmanLost e) {
        return this; // the templates follow from the living crew
    }

    SkirmishState on(SkirmishEvent.CrewUnited e) {
        return withFigure(e.loader(), f -> {
            Draft d = f.draft();
            d.team = e.team();
            d.role = CrewRole.LOADER;
            return d.build();
        });
    }

    SkirmishState on(SkirmishEvent.AnimalHit e) {
        return this; // its wound, if any, follows as WoundRecorded
    }

    SkirmishState on(SkirmishEvent.AnimalCharged e) {
        return withAnimal(e.animal(), a -> a.charging(e.attacker()));
    }

    SkirmishState on(SkirmishEvent.AnimalDestroyed e) {
        return withAnimal(e.animal(), Animal::destroyed);
    }

    SkirmishState on(SkirmishEvent.LoadDropped e) {
        return withAnimal(e.animal(), Animal::dropLoad);
    }

    SkirmishState on(SkirmishEvent.LoadTaken e) {
        return withAnimal(e.animal(), Animal::reload);
    }

    SkirmishState on(SkirmishEvent.RiderMounted e) {
        return withAnimal(e.animal(), a -> a.mount(e.rider()));
    }

    SkirmishState on(SkirmishEvent.RiderDismounted e) {
        return withAnimal(e.animal(), Animal::dismount);
    }

    SkirmishState on(SkirmishEvent.RiderInjuryRolled e) {
        return this; // its wound, if any, follows as WoundRecorded
    }

    SkirmishState on(SkirmishEvent.VehicleDamaged e) {
        VehicleDamageTable.Row row = VehicleHits.vehicleDamageRow(e);
        return withVehicle(e.vehicle(), v -> v.damaged(e.result(), e.immobilised(), e.fireModifier(),
                e.movementLimitMetres(), row));
    }

    SkirmishState on(SkirmishEvent.SpottingRoundsPlaced e) {
        List<Spotting> all = new ArrayList<>(spotting);
        all.add(new Spotting(e.gunner(), e.weapon(), e.gameTurn(), e.templates(), e.firstRound(), e.secondRound(),
                e.seal(), false));
        return new SkirmishState(figures, animals, vehicles, gameTurn, firstMover, designatedBy, designations,
                shotsResolved, landings, medicalChart, all);
    }

    SkirmishState on(SkirmishEvent.IndirectMgFireLanded e) {
        List<Spotting> placed = spotting.stream().map(p -> p.gunner().equals(e.gunner()) && p.gameTurn()
                == e.gameTurn() && !p.resolved() ? new Spotting(p.gunner(), p.weapon(), p.gameTurn(), p.templates(),
                p.firstRound(), p.secondRound(), p.seal(), true) : p).toList();
        return new SkirmishState(figures, animals, vehicles, gameTurn, firstMover, designatedBy, designations,
                shotsResolved, landings, medicalChart, placed).landed(e);
    }

    private SkirmishState landed(SkirmishEvent.IndirectMgFireLanded e) {
        List<Landing> all = new ArrayList<>(landings);
        all.add(new Landing(e.gunner(), e.weapon(), e.gameTurn(), e.templates(), e.onTarget()));
        return withPhase(gameTurn, firstMover, designatedBy, designations, shotsResolved, all)
                .withFigure(e.gunner(), f -> {
                    Draft d = f.draft();
                    d.firedTurn = e.gameTurn();
                    d.firedWeapon = e.weapon();
                    return d.build();
                });
    }

    SkirmishState on(SkirmishEvent.FirePhaseClosed e) {
        SkirmishState next = withPhase(gameTurn, firstMover, List.of(), List.of(), 0, landings);
        for (String id : e.removed()) {
            next = next.withFigure(id, f -> {
                Draft d = f.draft();
                d.removed = true;
                return d.build();
            });
        }
        return next;
    }

    SkirmishState on(SkirmishEvent.LitterCaseCarried e) {
        SkirmishState next = withFigure(e.casualty(), f -> {
            Draft d = f.draft();
            d.litter = new Litter(e.gameTurn(), e.bearers());
            return d.build();
        });
        for (String bearer : e.bearers()) {
            next = next.withFigure(bearer, f -> {
                Draft d = f.draft();
                d.moved = new Moved(e.gameTurn(), LitterCases.CARRYING, false);
                return d.build();
            });
        }
        return next;
    }

    SkirmishState on(SkirmishEvent.TreatmentRecorded e) {
        return figure(e.counter()).isPresent()
                ? withFigure(e.counter(), f -> {
                    Draft d = f.draft();
                    d.recovery = e.recovery();
                    return d.build();
                })
                : withAnimal(e.counter(), a -> a.withWound(a.wound(), e.recovery(), a.treatment()));
    }

    SkirmishState on(SkirmishEvent.TreatmentRolled e) {
        Treatment treatment = new Treatment(e.roll().total(), e.result(), e.recovery(), e.scenarios(), false);
        Wound wound = e.recovery() == Recovery.DIES ? Wound.DEATH : null;
        return figure(e.counter()).isPresent()
                ? withFigure(e.counter(), f -> {
                    Draft d = f.draft();
                    d.wound = wound != null ? wound : f.wound();
                    d.recovery = treatment.label();
                    d.treatment = treatment;
                    return d.build();
                })
                : withAnimal(e.counter(), a -> a.withWound(wound != null ? wound : a.wound(), treatment.label(),
                treatment));
        }

    private SkirmishState mark(List<String> ids, DesignationStatus status) {
        List<Designation> list = designations.stream().map(d -> ids.contains(d.id()) ? d.with(status) : d).toList();
        return withDesignations(list, shotsResolved + ids.size());
    }

    // ---------------------------------------------------------------- copies (used by evolve only)

    SkirmishState withFigure(String id, UnaryOperator<Figure> change) {
        return new SkirmishState(figures.stream().map(f -> f.id().equals(id) ? change.apply(f) : f).toList(), animals,
                vehicles, gameTurn, firstMover, designatedBy, designations, shotsResolved, landings, medicalChart, spotting);
    }

    SkirmishState withAnimal(String id, UnaryOperator<Animal> change) {
        return new SkirmishState(figures, animals.stream().map(a -> a.id().equals(id) ? change.apply(a) : a).toList(),
                vehicles, gameTurn, firstMover, designatedBy, designations, shotsResolved, landings, medicalChart, spotting);
    }

    SkirmishState withVehicle(String id, UnaryOperator<Vehicle> change) {
        return new SkirmishState(figures, animals,
                vehicles.stream().map(v -> v.id().equals(id) ? change.apply(v) : v).toList(), gameTurn, firstMover,
                designatedBy, designations, shotsResolved, landings, medicalChart, spotting);
    }

    SkirmishState withDesignations(List<Designation> newDesignations, int resolved) {
        return new SkirmishState(figures, animals, vehicles, gameTurn, firstMover, designatedBy, newDesignations,
                resolved, landings, medicalChart, spotting);
    }

    SkirmishState withPhase(int turn, String mover, List<String> designated, List<Designation> newDesignations,
                            int resolved, List<Landing> newLandings) {
        return new SkirmishState(figures, animals, vehicles, turn, mover, designated, newDesignations, resolved,
                newLandings, medicalChart, spotting.stream().filter(p -> p.gameTurn() >= turn).toList());
    }

    private static void addOnce(List<String> list, String value) {
        if (value != null && !list.contains(value)) {
            list.add(value);
        }
    }
}
