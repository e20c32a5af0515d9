package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.CrewmanLost;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FireCancelled;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.LoadDropped;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.RiderDismounted;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.RiderInjuryRolled;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotsSpent;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WeaponDestroyed;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.WoundRecorded;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.ArrayList;
import java.util.List;

/**
 * What a wound does beyond the man or animal it strikes:
 * <ul>
 * <li>Crew paragraphs: "Anytime the firer of a man portable weapon is killed his weapon is also destroyed", except
 * "Troops killed by chemical weapons, or stabbed would not have their weapons destroyed"; "If any other member of the
 * crew is killed the number of templates is reduced by one template for each dead crewmember."</li>
 * <li>VI. Infantry Weapons Fire: other weapons aimed at a destroyed target are spent; a man killed by troops firing
 * first does not return fire.</li>
 * <li>Animal Hit Location: "'Walking wounded' domestic animals ... cannot carry any loads or riders"; a rider whose
 * mount is killed rolls for injury with a DM of +1.</li>
 * </ul>
 * The recovery state of a new wound is {@value #AWAITING_TREATMENT} until the campaign's medical chart is read.
 */
public final class Casualties {

    public static final String AWAITING_TREATMENT = "awaiting treatment";

    private Casualties() {
    }

    /** A wound dealt outside infantry fire (close combat, stabbing, chemical weapons...). */
    static List<SkirmishEvent> record(SkirmishState state, RecordCasualty a, Dice dice) {
        if (a.counter() == null) {
            throw new FieldRefused("counter", "missing");
        }
        Wound wound = Wound.parse(a.wound(), "wound");
        if (wound == null) {
            throw new FieldRefused("wound", "missing (walking wounded, litter case, death)");
        }
        CasualtyCause cause = CasualtyCause.parse(a.cause(), "cause");
        var figure = state.figure(a.counter());
        if (figure.isPresent()) {
            RuleViolation.require(!figure.get().dead(), HitLocationTable.RULE, a.counter() + " is already dead");
            return woundFigure(state, figure.get(), wound, cause.label(), cause, null, false);
        }
        Animal animal = state.requireAnimal(a.counter(), "counter");
        RuleViolation.require(!animal.dead(), AnimalHitLocationTable.RULE, a.counter() + " is already dead");
        return woundAnimal(state, animal, wound, cause.label(), cause, null, dice);
    }

    /**
     * The events of wounding a man.
     *
     * @param cause          what wounded him in words ("fire of X (rifle)", "stabbed"...)
     * @param kind           the cause from the text's closed list: it decides whether his weapons are spared
     * @param designation    the designation that hit him (null outside infantry fire)
     * @param firedFirst     the hit came from troops firing first
     */
    public static List<SkirmishEvent> woundFigure(SkirmishState state, Figure figure, Wound hit, String cause,
                                                  CasualtyCause kind, String designation, boolean firedFirst) {
        List<SkirmishEvent> events = new ArrayList<>();
        Wound now = Wound.worse(figure.wound(), hit);
        if (now == figure.wound()) {
            return events;
        }
        events.add(new WoundRecorded(figure.id(), now, now == Wound.DEATH ? null : AWAITING_TREATMENT, cause, kind));
        // "Only the survivors may return fire": a litter case does not fire (reading), so the fire-first hit that
        // makes him one cancels his designated shots as a killing hit does
        if (firedFirst && (now == Wound.DEATH || now == Wound.LITTER_CASE)) {
            List<String> his = state.designations().stream()
                    .filter(d -> d.firer().equals(figure.id()) && d.status() == DesignationStatus.PENDING)
                    .map(Designation::id).toList();
            if (!his.isEmpty()) {
                events.add(new FireCancelled(figure.id(), his, now == Wound.DEATH ? "killed by troops firing first"
                        : "made a litter case by troops firing first: a litter case does not fire"));
            }
        }
        if (now != Wound.DEATH) {
            return events;
        }
        spent(state, figure.id(), designation).ifPresent(events::add);
        boolean spared = kind.sparesWeapons();
        if (!spared) {
            for (Weapon w : figure.weapons()) {
                if (!w.destroyed() && w.type().manPortable()) {
                    events.add(new WeaponDestroyed(figure.id(), w.id(), "its firer was killed"));
                }
            }
        }
        if (figure.team() != null) {
            events.add(crewmanLost(state, figure, spared));
        }
        return events;
    }

    private static CrewmanLost crewmanLost(SkirmishState state, Figure dead, boolean weaponSpared) {
        List<Figure> survivors = state.team(dead.team()).stream().filter(f -> !f.id().equals(dead.id())).toList();
        Figure gunner = survivors.stream().filter(f -> f.role() == CrewRole.GUNNER).findFirst().orElse(null);
        String weaponId = dead.role() == CrewRole.GUNNER ? dead.crewWeapon().map(Weapon::id).orElse(null)
                : gunner == null ? null : gunner.crewWeapon().map(Weapon::id).orElse(null);
        int left = 0;
        if (gunner != null) {
            Weapon weapon = gunner.crewWeapon().orElse(null);
            if (weapon != null) {
                left = TemplatesByCrew.available(weapon, survivors.stream().map(Figure::role).toList(), false)
                        .leaves();
            }
        }
        return new CrewmanLost(dead.team(), dead.id(), dead.role(), weaponId, left);
    }

    /** The events of wounding an animal; a killed mount's rider rolls for injury on {@code dice}. */
    public static List<SkirmishEvent> woundAnimal(SkirmishState state, Animal animal, Wound hit, String cause,
                                                  CasualtyCause kind, String designation, Dice dice) {
        List<SkirmishEvent> events = new ArrayList<>();
        Wound now = Wound.worse(animal.wound(), hit);
        if (now == animal.wound()) {
            return events;
        }
        events.add(new WoundRecorded(animal.id(), now, now == Wound.DEATH ? null : AWAITING_TREATMENT, cause, kind));
        if (now == Wound.DEATH) {
            spent(state, animal.id(), designation).ifPresent(events::add);
        }
        if (animal.load() != null && !animal.loadDropped()) {
            events.add(new LoadDropped(animal.id(), animal.load()));
        }
        if (animal.rider() != null) {
            Figure rider = state.figure(animal.rider()).orElse(null);
            if (now == Wound.DEATH && rider != null && !rider.dead()) {
                // "If cavalry are on their mounts and the animal is killed, roll a six sided die to see if the rider
                // is injured, with a DM of +1." Read on the Infantry Target Hit Locations Chart.
                DiceRoll roll = dice.roll(DiceKind.D6, "rider injury");
                HitLocationTable.Result result = HitLocationTable.read(roll.total(),
                        List.of(new HitLocationModifier("mount killed under its rider", 1)), false);
                String effect = result.noEffect() ? "no effect" : result.row().effect().marker();
                events.add(new RiderInjuryRolled(rider.id(), animal.id(), roll, result.modified(), result.location(),
                        effect));
                if (!result.noEffect()) {
                    events.addAll(woundFigure(state, rider, result.row().effect(),
                            CasualtyCause.FALL_FROM_A_KILLED_MOUNT.label(), CasualtyCause.FALL_FROM_A_KILLED_MOUNT,
                            null, false));
                }
            }
            events.add(new RiderDismounted(animal.id(), animal.rider(), now == Wound.DEATH ? "mount killed"
                    : "a " + now.marker() + " animal carries no rider"));
        }
        return events;
    }

    static java.util.Optional<ShotsSpent> spent(SkirmishState state, String target, String designation) {
        List<String> others = state.designations().stream()
                .filter(d -> d.target().equals(target) && d.status() == DesignationStatus.PENDING
                        && !d.id().equals(designation))
                .map(Designation::id).toList();
        return others.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(new ShotsSpent(target, others));
    }
}
