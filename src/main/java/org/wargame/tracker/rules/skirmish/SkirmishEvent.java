package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;

import java.util.List;
import java.util.Map;

/** What happened at the table under the skirmish rules. Every die that decided something is in its event. */
public sealed interface SkirmishEvent extends RuleEvent permits SkirmishEvent.FirePhaseOpened,
        SkirmishEvent.TargetsDesignated, SkirmishEvent.ShotFired, SkirmishEvent.ShotsSpent,
        SkirmishEvent.FireCancelled, SkirmishEvent.FigureHit, SkirmishEvent.WoundRecorded,
        SkirmishEvent.WeaponDestroyed, SkirmishEvent.CrewmanLost, SkirmishEvent.CrewUnited, SkirmishEvent.AnimalHit,
        SkirmishEvent.AnimalCharged, SkirmishEvent.AnimalDestroyed, SkirmishEvent.LoadDropped,
        SkirmishEvent.RiderDismounted, SkirmishEvent.RiderInjuryRolled, SkirmishEvent.VehicleDamaged,
        SkirmishEvent.IndirectMgFireLanded, SkirmishEvent.SpottingRoundsPlaced, SkirmishEvent.FirePhaseClosed, SkirmishEvent.TreatmentRecorded,
        SkirmishEvent.GameTurnBegan, SkirmishEvent.FigureMoved, SkirmishEvent.PositionTaken,
        SkirmishEvent.LitterCaseCarried, SkirmishEvent.TreatmentRolled, SkirmishEvent.LoadTaken,
        SkirmishEvent.RiderMounted {

    /**
     * The stored name of every event of this family, in one place. Names are part of the record (the hash chain and
     * every export hold them): never rename one; a new event type gets a new name.
     */
    Map<String, Class<? extends SkirmishEvent>> NAMES = Map.ofEntries(
            Map.entry("skirmish.FirePhaseOpened", FirePhaseOpened.class),
            Map.entry("skirmish.TargetsDesignated", TargetsDesignated.class),
            Map.entry("skirmish.ShotFired", ShotFired.class),
            Map.entry("skirmish.ShotsSpent", ShotsSpent.class),
            Map.entry("skirmish.FireCancelled", FireCancelled.class),
            Map.entry("skirmish.FigureHit", FigureHit.class),
            Map.entry("skirmish.WoundRecorded", WoundRecorded.class),
            Map.entry("skirmish.WeaponDestroyed", WeaponDestroyed.class),
            Map.entry("skirmish.CrewmanLost", CrewmanLost.class),
            Map.entry("skirmish.CrewUnited", CrewUnited.class),
            Map.entry("skirmish.AnimalHit", AnimalHit.class),
            Map.entry("skirmish.AnimalCharged", AnimalCharged.class),
            Map.entry("skirmish.AnimalDestroyed", AnimalDestroyed.class),
            Map.entry("skirmish.LoadDropped", LoadDropped.class),
            Map.entry("skirmish.RiderDismounted", RiderDismounted.class),
            Map.entry("skirmish.RiderInjuryRolled", RiderInjuryRolled.class),
            Map.entry("skirmish.VehicleDamaged", VehicleDamaged.class),
            Map.entry("skirmish.IndirectMgFireLanded", IndirectMgFireLanded.class),
            Map.entry("skirmish.SpottingPlaced", SpottingRoundsPlaced.class),
            Map.entry("skirmish.FirePhaseClosed", FirePhaseClosed.class),
            Map.entry("skirmish.TreatmentRecorded", TreatmentRecorded.class),
            Map.entry("skirmish.GameTurnBegan", GameTurnBegan.class),
            Map.entry("skirmish.FigureMoved", FigureMoved.class),
            Map.entry("skirmish.PositionTaken", PositionTaken.class),
            Map.entry("skirmish.LitterCaseCarried", LitterCaseCarried.class),
            Map.entry("skirmish.TreatmentRolled", TreatmentRolled.class),
            Map.entry("skirmish.LoadTaken", LoadTaken.class),
            Map.entry("skirmish.RiderMounted", RiderMounted.class));

    /**
     * This event applied to {@code state}: each event hands itself to the one fold method of {@link SkirmishState}
     * made for it, so that the fold is exhaustive by construction (a new event type does not compile until it says
     * how it changes the state).
     */
    SkirmishState applyTo(SkirmishState state);

    /** The clock entered VI. Infantry Weapons Fire: designation opens; {@code firstMover} designates last. */
    record FirePhaseOpened(int gameTurn, int playerTurn, String phasingSide, String firstMover)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return FireOrder.RULE;
        }
    }

    /** A side's targets for this fire phase ("All infantry weapons fire/ATGM targets must be designated ..."). */
    record TargetsDesignated(String side, int gameTurn, List<Designation> designations) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        public TargetsDesignated {
            designations = List.copyOf(designations);
        }

        @Override
        public String section() {
            return FireOrder.RULE;
        }
    }

    /**
     * One designated weapon fired at its target: the to-hit computation and both dice ("Roll both dice"; the d6 is
     * read only on a hit). Out of range: no dice, a miss.
     */
    record ShotFired(String designation, String firer, String weapon, String target, int gameTurn,
                     ChanceToHit.Computation toHit, DiceRoll d20, DiceRoll d6, boolean hit, boolean firedFirst)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return ChanceToHit.RULE;
        }
    }

    /** An earlier shot destroyed the target: the other weapons aimed at it count as having fired, with no effect. */
    record ShotsSpent(String target, List<String> designations) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        public ShotsSpent {
            designations = List.copyOf(designations);
        }

        @Override
        public String section() {
            return FireOrder.RULE;
        }
    }

    /** The firer was killed by troops that fired first: "Only the survivors may return fire." */
    record FireCancelled(String firer, List<String> designations, String reason) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        public FireCancelled {
            designations = List.copyOf(designations);
        }

        @Override
        public String section() {
            return FireOrder.RULE;
        }
    }

    /**
     * A hit on a man read on the Infantry Target Hit Locations Chart: the d6, its modifiers, the location and effect
     * ("no effect" for 7 or more, "covered" when his cover or body position protects that location).
     */
    record FigureHit(String figure, String by, DiceRoll roll, List<HitLocationModifier> modifiers, int modified,
                     String location, String position, String effect) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        public FigureHit {
            modifiers = List.copyOf(modifiers);
        }

        /** Hard Cover or Body Position when the position covered the location, else the chart. */
        @Override
        public String section() {
            return effect != null && effect.startsWith("covered") ? BodyPosition.RULE : HitLocationTable.RULE;
        }
    }

    /**
     * A man's or an animal's wound as it now stands, and its recovery state (the campaign's medical chart).
     * {@code cause} says what wounded him in words; {@code causeOfCasualty} is the cause from the text's closed list
     * (null in events stored before it existed).
     */
    record WoundRecorded(String counter, Wound wound, String recovery, String cause, CasualtyCause causeOfCasualty)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return HitLocationTable.RULE;
        }
    }

    /** "Anytime the firer of a man portable weapon is killed his weapon is also destroyed." */
    record WeaponDestroyed(String figure, String weapon, String reason) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return WeaponUse.RULE;
        }
    }

    /** A member of a weapon crew was killed; the weapon now fires {@code templatesLeft} templates. */
    record CrewmanLost(String team, String figure, CrewRole role, String weapon, int templatesLeft)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return TemplatesByCrew.RULE;
        }
    }

    /** Survivors of weapons of the same type united, a loader joining a firer's team. */
    record CrewUnited(String team, String gunner, String loader, String fromTeam, int templates)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return WeaponUse.RULE;
        }
    }

    /** A hit on an animal read on the Animal Hit Location table. */
    record AnimalHit(String animal, String by, DiceRoll roll, String location, String effect)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** A shoulders hit: the animal charges its attacker, fights a close combat, and dies after it. */
    record AnimalCharged(String animal, String attacker) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** "Owner may destroy 'Litter case' animals." */
    record AnimalDestroyed(String animal, String side) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** A wounded pack animal can carry no load: it drops it. */
    record LoadDropped(String animal, String load) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** A pack animal fit to carry took its load again. */
    record LoadTaken(String animal, String load) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** A mount fit to carry took its rider again. */
    record RiderMounted(String animal, String rider) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** A wounded or killed mount carries no rider. */
    record RiderDismounted(String animal, String rider, String reason) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** "If cavalry are on their mounts and the animal is killed, roll a six sided die ... with a DM of +1." */
    record RiderInjuryRolled(String rider, String animal, DiceRoll roll, int modified, String location,
                             String effect) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return AnimalHitLocationTable.RULE;
        }
    }

    /** A vehicle damaged, on VEHICLE DAMAGE or on Machine Fire at Tanks. */
    record VehicleDamaged(String vehicle, String table, DiceRoll roll, String location, String result,
                          boolean immobilised, int fireModifier, Integer movementLimitMetres)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        /** The table read: VEHICLE DAMAGE (Infantry Weapons Firing at Vehicles) or Machine Fire at Tanks. */
        @Override
        public String section() {
            return MachineGunAtTanksTable.RULE.equals(table) ? MachineGunAtTanksTable.RULE : VehicleDamageTable.RULE;
        }
    }

    /**
     * Indirect MG fire: the real and dummy spotting rounds placed ({@code realRound}, {@code dummyRound}: where the
     * players placed each, in their words; absent from events stored before they were recorded), the arrow die
     * (entered) and the d6 for distance. Placed with {@code indirect-mg-fire}, both rounds are named in the open; placed
     * with {@code place-spotting-rounds}, which was real is revealed from its seal in the same action.
     */
    record IndirectMgFireLanded(String gunner, String weapon, int gameTurn, int templates, String arrowDie,
                                DiceRoll distance, boolean onTarget, String realRound, String dummyRound)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return IndirectMachineGunFire.RULE;
        }
    }

    /**
     * A tripod MG's two spotting rounds placed, where everybody sees them; which is real is sealed ({@code seal}: the
     * sealed choice, in the scenario's record as a commitment). Its {@link IndirectMgFireLanded} follows when the
     * arrow die and the d6 are rolled and the seal revealed.
     */
    record SpottingRoundsPlaced(String gunner, String weapon, int gameTurn, int templates, String firstRound,
                                String secondRound, String seal) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return IndirectMachineGunFire.RULE;
        }
    }

    /** The fire phase ended: "Dead infantrymen are removed from the board at the end of this phase." */
    record FirePhaseClosed(int gameTurn, List<String> removed, List<String> unfired) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        public FirePhaseClosed {
            removed = List.copyOf(removed);
            unfired = List.copyOf(unfired);
        }

        @Override
        public String section() {
            return FireOrder.RULE;
        }
    }

    /** A recovery state as the players read it from their chart (a campaign that declares no chart). */
    record TreatmentRecorded(String counter, String recovery) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return MedicalTreatment.RULE;
        }
    }

    /**
     * A new Game Turn began: one fire phase, and "Only one weapon may be fired per turn", count from here;
     * {@code firstMover} moves first and designates fire second.
     */
    record GameTurnBegan(int gameTurn, String firstMover) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return TurnSequence.RULE;
        }
    }

    /**
     * A man's movement in his side's part of the Movement Phase: how he moved ({@code turned}, {@code moved},
     * {@code crawled}; null: only got in or out of a vehicle) and whether he counts as stationary for the to-hit roll
     * ("Infantry who simply change direction without moving are considered stationary"); {@code aboard}: the vehicle
     * he got into ("" when he got out, null: unchanged).
     */
    record FigureMoved(String figure, int gameTurn, String movement, boolean stationary, String aboard)
            implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return ChanceToHit.RULE;
        }
    }

    /** A man's row of the Hard Cover or Body Position table, as it now stands (kept until he takes another). */
    record PositionTaken(String figure, String position) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return BodyPosition.RULE;
        }
    }

    /** "During the next turn, litter cases may be given assistance by non-injured infantrymen." */
    record LitterCaseCarried(String casualty, List<String> bearers, int gameTurn) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        public LitterCaseCarried {
            bearers = List.copyOf(bearers);
        }

        @Override
        public String section() {
            return HitLocationTable.RULE;
        }
    }

    /**
     * A roll on the campaign's Medical Treatment chart for a wounded man or animal: the die, the row's result and its
     * recovery ({@code scenarios}: for how many scenarios he is out). The roster applies it when the next scenario of
     * the campaign starts; {@code dies} takes effect at once.
     */
    record TreatmentRolled(String counter, Wound wound, DiceRoll roll, String result,
                           MedicalTreatmentChart.Recovery recovery, Integer scenarios) implements SkirmishEvent {
        @Override
        public SkirmishState applyTo(SkirmishState state) {
            return state.on(this);
        }

        @Override
        public String section() {
            return MedicalTreatment.RULE;
        }
    }
}
