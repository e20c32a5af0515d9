package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.LoadAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishAction.MountAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.LoadTaken;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.RiderMounted;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;

import java.util.List;

/**
 * Animal Hit Location: "'Walking wounded' domestic animals ... cannot carry any loads or riders." Read the other way:
 * an animal with no wound can carry them, so a pack animal or mount whose wound has healed (the Medical Treatment
 * chart, between scenarios) takes its load or rider again; the players do it as an action in the owner's part of the
 * Movement Phase, as any other handling of men and animals on the table.
 */
final class AnimalLoads {

    private AnimalLoads() {
    }

    static List<SkirmishEvent> load(SkirmishState state, GameClock clock, LoadAnimal a) {
        Animal animal = fitToCarry(state, clock, a.animal());
        RuleViolation.require(animal.load() != null, AnimalHitLocationTable.RULE, animal.id() + " is not a pack "
                + "animal: it has no load");
        RuleViolation.require(animal.loadDropped(), AnimalHitLocationTable.RULE, animal.id() + " carries its load ("
                + animal.load() + ") already");
        return List.of(new LoadTaken(animal.id(), animal.load()));
    }

    static List<SkirmishEvent> mount(SkirmishState state, GameClock clock, MountAnimal a) {
        Animal animal = fitToCarry(state, clock, a.animal());
        Object riderId = animal.data().get("rider");
        RuleViolation.require("mount".equals(animal.role()) && riderId != null, AnimalHitLocationTable.RULE,
                animal.id() + " is not a mount with a rider");
        RuleViolation.require(animal.rider() == null, AnimalHitLocationTable.RULE, animal.id() + " carries its rider "
                + "already");
        Figure rider = state.figure(riderId.toString()).orElseThrow(() -> new RuleViolation(
                AnimalHitLocationTable.RULE, "its rider " + riderId + " is not in this scenario"));
        RuleViolation.require(!rider.dead() && rider.wound() != Wound.LITTER_CASE, AnimalHitLocationTable.RULE,
                "its rider " + rider.id() + " is " + (rider.dead() ? "dead" : "a litter case"));
        RuleViolation.require(rider.aboard() == null, AnimalHitLocationTable.RULE, "its rider " + rider.id()
                + " is aboard " + rider.aboard());
        return List.of(new RiderMounted(animal.id(), rider.id()));
    }

    private static Animal fitToCarry(SkirmishState state, GameClock clock, String id) {
        Animal animal = state.requireAnimal(id, "animal");
        RuleViolation.require(!animal.dead(), AnimalHitLocationTable.RULE, animal.id() + " is dead");
        if (animal.wound() != null) {
            throw new RuleViolation(AnimalHitLocationTable.RULE, "'walking wounded' domestic animals cannot carry any "
                    + "loads or riders; " + animal.id() + " is " + animal.wound().marker());
        }
        FigureMovement.requireMovementPhaseOf(clock, animal.side(), animal.id());
        return animal;
    }
}
