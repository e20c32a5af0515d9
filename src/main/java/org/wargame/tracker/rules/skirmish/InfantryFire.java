package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotFired;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.ArrayList;
import java.util.List;

/**
 * VI. INFANTRY WEAPONS FIRE/ATGM LAUNCH, one designated weapon firing: "To fire an infantry weapon, measure the
 * distance from the firer to the designated target ... Find the percentage chance to hit ... Roll both dice." The
 * d20 decides the hit ({@link ChanceToHit}); on a hit the d6 is read for the man ({@link FigureHits}), the animal
 * ({@link AnimalHits}) or the vehicle ({@link VehicleHits}).
 */
final class InfantryFire {

    private InfantryFire() {
    }

    static List<SkirmishEvent> fire(SkirmishState state, GameClock clock, Fire a, Dice dice) {
        Designation d = designation(state, a.designation());
        FireOrder.requireMayFire(state, clock, d);
        if (a.rangeMetres() == null) {
            throw new FieldRefused("rangeMetres", "missing (measured from the top of the firer's head to the top of "
                    + "the target's head)");
        }
        Figure firer = state.requireFigure(d.firer(), "designation.firer");
        Weapon weapon = firer.weapon(d.weapon()).orElseThrow();
        Figure targetFigure = state.figure(d.target()).orElse(null);
        boolean first = targetFigure != null && FireOrder.firesFirst(firer, targetFigure);
        // the target's recorded position, checked before any die is rolled: a contradicting one is refused
        BodyPosition.Row position = targetFigure == null ? null
                : BodyPosition.ofTarget(targetFigure, a.position(), a.crawled(), true);
        ChanceToHit.Computation toHit = ChanceToHit.compute(weapon, a.rangeMetres(), firer.sniperScope(),
                firer.elite(), firer.stationaryIn(clock.gameTurn()),
                targetFigure == null ? null : targetFigure.stationaryIn(clock.gameTurn()));
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
        CasualtyCause kind = CasualtyCause.of(weapon.type());
        if (targetFigure != null) {
            List<HitLocationModifier> modifiers = new ArrayList<>(ArmourModifiers.of(targetFigure.armour(),
                    weapon.type(), false, false));
            modifiers.addAll(BodyPosition.firerAbove(Boolean.TRUE.equals(a.firerAbove()),
                    Boolean.TRUE.equals(a.overheadProtection())));
            events.addAll(FigureHits.hit(state, targetFigure, d6, modifiers, position,
                    Boolean.TRUE.equals(a.fromFront()), cause, kind, d.id(), first));
        } else if (state.animal(d.target()).isPresent()) {
            events.addAll(AnimalHits.hit(state, state.animal(d.target()).get(), d6, firer.id(), cause, kind, d.id(),
                    dice));
        } else {
            Vehicle vehicle = state.vehicle(d.target()).orElseThrow();
            events.addAll(VehicleHits.damage(state, vehicle, weapon, d6, d.id()));
        }
        return events;
    }

    /** The designation a fire action names, in this fire phase. */
    static Designation designation(SkirmishState state, String id) {
        if (id == null) {
            throw new FieldRefused("designation", "missing");
        }
        return state.designation(id).orElseThrow(() -> new FieldRefused("designation", "no designation '" + id
                + "' in this fire phase"));
    }
}
