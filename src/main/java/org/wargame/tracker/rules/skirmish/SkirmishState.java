package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.rules.skirmish.ArmourModifiers.Armour;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The skirmish rule set's state of a scenario: every figure, animal and vehicle with its campaign data read and its
 * wounds and damage so far, and the fire phase in progress (who has designated, the designations and their fate).
 * Immutable; changes only through {@link #evolve}, the fold of the skirmish events.
 *
 * @param gameTurn       the Game Turn of the last fire phase opened (1 before any)
 * @param firstMover     the side that moved first in this Game Turn (it designates second)
 * @param designatedBy   the sides that have designated their targets in the fire phase in progress
 * @param designations   the fire phase's designations, in the order they were made
 * @param shotsResolved  how many designations have been fired or spent in this fire phase (none: designation is open)
 * @param landings       indirect machine gun fire that landed this Game Turn (spotting rounds placed in SPOT)
 */
@JsonTypeName("skirmish")
public record SkirmishState(List<Figure> figures, List<Animal> animals, List<Vehicle> vehicles, int gameTurn,
                            String firstMover, List<String> designatedBy, List<Designation> designations,
                            int shotsResolved, List<Landing> landings) implements RuleState {

    public SkirmishState {
        figures = List.copyOf(figures);
        animals = List.copyOf(animals);
        vehicles = List.copyOf(vehicles);
        designatedBy = designatedBy == null ? List.of() : List.copyOf(designatedBy);
        designations = designations == null ? List.of() : List.copyOf(designations);
        landings = landings == null ? List.of() : List.copyOf(landings);
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
                        boolean destroyed) {
        public Weapon {
            toHit = List.copyOf(toHit);
        }

        Weapon destroy() {
            return new Weapon(id, type, toHit, secondary, crewSize, true);
        }
    }

    /**
     * A man. {@code team} and {@code role} place him in a weapon crew; {@code firedTurn}/{@code firedWeapon} are the
     * Game Turn and weapon of his last fire ("Only one weapon may be fired per turn").
     */
    public record Figure(String id, String name, String side, String nationality, Map<String, Object> data,
                         Map<String, Object> setUp, List<Weapon> weapons, String team, CrewRole role, Armour armour,
                         int elite, boolean sniperScope, String mascot, Wound wound, String recovery, int firedTurn,
                         String firedWeapon, boolean removed) {
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

        Figure withWound(Wound newWound, String newRecovery) {
            return new Figure(id, name, side, nationality, data, setUp, weapons, team, role, armour, elite, sniperScope,
                    mascot, newWound, newRecovery, firedTurn, firedWeapon, removed);
        }

        Figure withWeapons(List<Weapon> newWeapons) {
            return new Figure(id, name, side, nationality, data, setUp, newWeapons, team, role, armour, elite,
                    sniperScope, mascot, wound, recovery, firedTurn, firedWeapon, removed);
        }

        Figure fired(int turn, String weapon) {
            return new Figure(id, name, side, nationality, data, setUp, weapons, team, role, armour, elite, sniperScope,
                    mascot, wound, recovery, turn, weapon, removed);
        }

        Figure inTeam(String newTeam, CrewRole newRole) {
            return new Figure(id, name, side, nationality, data, setUp, weapons, newTeam, newRole, armour, elite,
                    sniperScope, mascot, wound, recovery, firedTurn, firedWeapon, removed);
        }

        Figure removedFromBoard() {
            return new Figure(id, name, side, nationality, data, setUp, weapons, team, role, armour, elite, sniperScope,
                    mascot, wound, recovery, firedTurn, firedWeapon, true);
        }
    }

    /**
     * An animal: a mount (with its rider, while mounted), a pack animal (with its load, until dropped) or a mascot.
     * {@code chargingAt} is the attacker a shoulders hit sent it against; {@code destroyedByOwner} marks a litter-case
     * animal its owner destroyed.
     */
    public record Animal(String id, String name, String side, String nationality, Map<String, Object> data,
                         Map<String, Object> setUp, String role, String species, String load, boolean loadDropped,
                         String rider, Wound wound, String recovery, String chargingAt, boolean destroyedByOwner) {

        public boolean dead() {
            return wound == Wound.DEATH;
        }

        Animal withWound(Wound newWound, String newRecovery) {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, rider,
                    newWound, newRecovery, chargingAt, destroyedByOwner);
        }

        Animal dropLoad() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, true, rider, wound,
                    recovery, chargingAt, destroyedByOwner);
        }

        Animal dismount() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, null, wound,
                    recovery, chargingAt, destroyedByOwner);
        }

        Animal charging(String attacker) {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, rider, wound,
                    recovery, attacker, destroyedByOwner);
        }

        Animal destroyed() {
            return new Animal(id, name, side, nationality, data, setUp, role, species, load, loadDropped, rider,
                    Wound.DEATH, null, chargingAt, true);
        }
    }

    /**
     * A vehicle: whether it is a tank (machine gun fire at it uses Machine Fire at Tanks) or a vehicle type that
     * template weapons can damage (VEHICLE DAMAGE), and the damage so far.
     */
    public record Vehicle(String id, String name, String side, String nationality, Map<String, Object> data,
                          Map<String, Object> setUp, boolean tank, boolean infantryDamage, List<String> damage,
                          boolean immobilised, int fireModifier, Integer movementLimitMetres) {
        public Vehicle {
            damage = List.copyOf(damage);
        }

        Vehicle damaged(String result, boolean immobile, int fireMod, Integer limit) {
            List<String> list = new ArrayList<>(damage);
            list.add(result);
            return new Vehicle(id, name, side, nationality, data, setUp, tank, infantryDamage, list,
                    immobilised || immobile, fireModifier + fireMod,
                    limit == null ? movementLimitMetres : limit);
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
        return figure(id).orElseThrow(() -> new FieldRefused(field, "no figure '" + id
                + "' in this scenario"));
    }

    public Animal requireAnimal(String id, String field) {
        if (id == null) {
            throw new FieldRefused(field, "missing");
        }
        return animal(id).orElseThrow(() -> new FieldRefused(field, "no animal '" + id
                + "' in this scenario"));
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

    // ---------------------------------------------------------------- the fold

    /**
     * Applies one event; never refuses (the event already happened). Every event type of the sealed family has its
     * branch here (a test folds one of each), so a new event cannot be forgotten silently.
     */
    public SkirmishState evolve(SkirmishEvent event) {
        if (event instanceof SkirmishEvent.FirePhaseOpened e) {
            return withPhase(e.gameTurn(), e.firstMover(), List.of(), List.of(), 0,
                    landings.stream().filter(l -> l.gameTurn() == e.gameTurn()).toList());
        }
        if (event instanceof SkirmishEvent.TargetsDesignated e) {
            List<String> sides = new ArrayList<>(designatedBy);
            sides.add(e.side());
            List<Designation> all = new ArrayList<>(designations);
            all.addAll(e.designations());
            return withPhase(gameTurn, firstMover, sides, all, shotsResolved, landings);
        }
        if (event instanceof SkirmishEvent.ShotFired e) {
            return mark(List.of(e.designation()), DesignationStatus.FIRED)
                    .withFigure(e.firer(), f -> f.fired(e.gameTurn(), e.weapon()));
        }
        if (event instanceof SkirmishEvent.ShotsSpent e) {
            return mark(e.designations(), DesignationStatus.SPENT);
        }
        if (event instanceof SkirmishEvent.FireCancelled e) {
            return mark(e.designations(), DesignationStatus.CANCELLED);
        }
        if (event instanceof SkirmishEvent.FigureHit) {
            return this; // its wound, if any, follows as WoundRecorded
        }
        if (event instanceof SkirmishEvent.WoundRecorded e) {
            return figure(e.counter()).isPresent()
                    ? withFigure(e.counter(), f -> f.withWound(e.wound(), e.recovery()))
                    : withAnimal(e.counter(), a -> a.withWound(e.wound(), e.recovery()));
        }
        if (event instanceof SkirmishEvent.WeaponDestroyed e) {
            return withFigure(e.figure(), f -> f.withWeapons(f.weapons().stream()
                    .map(w -> w.id().equals(e.weapon()) ? w.destroy() : w).toList()));
        }
        if (event instanceof SkirmishEvent.CrewmanLost) {
            return this; // the templates follow from the living crew
        }
        if (event instanceof SkirmishEvent.CrewUnited e) {
            return withFigure(e.loader(), f -> f.inTeam(e.team(), CrewRole.LOADER));
        }
        if (event instanceof SkirmishEvent.AnimalHit) {
            return this; // its wound, if any, follows as WoundRecorded
        }
        if (event instanceof SkirmishEvent.AnimalCharged e) {
            return withAnimal(e.animal(), a -> a.charging(e.attacker()));
        }
        if (event instanceof SkirmishEvent.AnimalDestroyed e) {
            return withAnimal(e.animal(), Animal::destroyed);
        }
        if (event instanceof SkirmishEvent.LoadDropped e) {
            return withAnimal(e.animal(), Animal::dropLoad);
        }
        if (event instanceof SkirmishEvent.RiderDismounted e) {
            return withAnimal(e.animal(), Animal::dismount);
        }
        if (event instanceof SkirmishEvent.RiderInjuryRolled) {
            return this; // its wound, if any, follows as WoundRecorded
        }
        if (event instanceof SkirmishEvent.VehicleDamaged e) {
            return withVehicle(e.vehicle(), v -> v.damaged(e.result(), e.immobilised(), e.fireModifier(),
                    e.movementLimitMetres()));
        }
        if (event instanceof SkirmishEvent.IndirectMgFireLanded e) {
            List<Landing> all = new ArrayList<>(landings);
            all.add(new Landing(e.gunner(), e.weapon(), e.gameTurn(), e.templates(), e.onTarget()));
            return withPhase(gameTurn, firstMover, designatedBy, designations, shotsResolved, all)
                    .withFigure(e.gunner(), f -> f.fired(e.gameTurn(), e.weapon()));
        }
        if (event instanceof SkirmishEvent.FirePhaseClosed e) {
            SkirmishState next = withPhase(gameTurn, firstMover, List.of(), List.of(), 0, landings);
            for (String id : e.removed()) {
                next = next.withFigure(id, Figure::removedFromBoard);
            }
            return next;
        }
        if (event instanceof SkirmishEvent.TreatmentRecorded e) {
            return figure(e.counter()).isPresent()
                    ? withFigure(e.counter(), f -> f.withWound(f.wound(), e.recovery()))
                    : withAnimal(e.counter(), a -> a.withWound(a.wound(), e.recovery()));
        }
        throw new IllegalStateException("no fold for " + event.getClass().getSimpleName());
    }

    private SkirmishState mark(List<String> ids, DesignationStatus status) {
        List<Designation> list = designations.stream().map(d -> ids.contains(d.id()) ? d.with(status) : d).toList();
        return withDesignations(list, shotsResolved + ids.size());
    }

    // ---------------------------------------------------------------- copies (used by evolve only)

    SkirmishState withFigure(String id, UnaryOperator<Figure> change) {
        return new SkirmishState(figures.stream().map(f -> f.id().equals(id) ? change.apply(f) : f).toList(), animals,
                vehicles, gameTurn, firstMover, designatedBy, designations, shotsResolved, landings);
    }

    SkirmishState withAnimal(String id, UnaryOperator<Animal> change) {
        return new SkirmishState(figures, animals.stream().map(a -> a.id().equals(id) ? change.apply(a) : a).toList(),
                vehicles, gameTurn, firstMover, designatedBy, designations, shotsResolved, landings);
    }

    SkirmishState withVehicle(String id, UnaryOperator<Vehicle> change) {
        return new SkirmishState(figures, animals,
                vehicles.stream().map(v -> v.id().equals(id) ? change.apply(v) : v).toList(), gameTurn, firstMover,
                designatedBy, designations, shotsResolved, landings);
    }

    SkirmishState withDesignations(List<Designation> newDesignations, int resolved) {
        return new SkirmishState(figures, animals, vehicles, gameTurn, firstMover, designatedBy, newDesignations,
                resolved, landings);
    }

    SkirmishState withPhase(int turn, String mover, List<String> designated, List<Designation> newDesignations,
                            int resolved, List<Landing> newLandings) {
        return new SkirmishState(figures, animals, vehicles, turn, mover, designated, newDesignations, resolved,
                newLandings);
    }

    private static void addOnce(List<String> list, String value) {
        if (value != null && !list.contains(value)) {
            list.add(value);
        }
    }
}
