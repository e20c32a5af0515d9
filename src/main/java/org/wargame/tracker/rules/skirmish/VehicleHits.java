package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.VehicleDamaged;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.ArrayList;
import java.util.List;

/**
 * A hit on a vehicle: "If the vehicle is hit, check the damage die for the location and result of the hit" (VEHICLE
 * DAMAGE), or, for a tripod machine gun firing at a tank, Machine Fire at Tanks. The results change the vehicle: its
 * crew killed (it neither moves nor fires), engine or wheels destroyed (it cannot move), on fire (destroyed: the
 * weapons aimed at it are spent and it is struck off the roster), its cargo or passengers destroyed (every man
 * aboard is killed).
 */
final class VehicleHits {

    private VehicleHits() {
    }

    static List<SkirmishEvent> damage(SkirmishState state, Vehicle vehicle, Weapon weapon, DiceRoll d6,
                                      String designation) {
        List<SkirmishEvent> events = new ArrayList<>();
        if (vehicle.tank() && weapon.type().tripodMachineGun()) {
            MachineGunAtTanksTable.Row row = MachineGunAtTanksTable.read(d6.total());
            boolean optics = row == MachineGunAtTanksTable.Row.TURRET_MAIN_GUN_OPTICS;
            // "optics damage that will cause the tank to fire at -35%": one state, so a second optics hit adds nothing
            boolean again = optics && vehicle.fireModifier() <= MachineGunAtTanksTable.OPTICS_FIRE_MODIFIER;
            int fire = optics && !again ? MachineGunAtTanksTable.OPTICS_FIRE_MODIFIER : 0;
            Integer limit = row == MachineGunAtTanksTable.Row.HULL_DRIVERS_OPTICS
                    ? MachineGunAtTanksTable.DRIVER_VISION_LIMIT_METRES : null;
            String result = again ? MachineGunAtTanksTable.OPTICS_ALREADY_DAMAGED : row.result();
            events.add(new VehicleDamaged(vehicle.id(), MachineGunAtTanksTable.RULE, d6, row.location(), result,
                    false, fire, limit));
            return events;
        }
        VehicleDamageTable.Row row = VehicleDamageTable.read(d6.total());
        events.add(new VehicleDamaged(vehicle.id(), VehicleDamageTable.TABLE, d6, row.location(), row.result(),
                row.immobilised(), 0, null));
        if (row == VehicleDamageTable.Row.CARGO) {
            String cause = "passengers destroyed in " + vehicle.id() + " by " + weapon.id();
            for (Figure passenger : state.aboard(vehicle.id())) {
                events.addAll(Casualties.woundFigure(state, passenger, Wound.DEATH, cause,
                        CasualtyCause.of(weapon.type()), null, false));
            }
        }
        if (row == VehicleDamageTable.Row.FUEL) {
            Casualties.spent(state, vehicle.id(), designation).ifPresent(events::add);
        }
        return events;
    }

    /** The VEHICLE DAMAGE row an event read (null for Machine Fire at Tanks). */
    static VehicleDamageTable.Row vehicleDamageRow(VehicleDamaged e) {
        return MachineGunAtTanksTable.RULE.equals(e.table()) || e.roll() == null ? null
                : VehicleDamageTable.read(e.roll().total());
    }
}
