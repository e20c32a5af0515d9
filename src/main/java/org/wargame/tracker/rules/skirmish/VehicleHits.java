package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.VehicleDamaged;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

/**
 * A hit on a vehicle: "If the vehicle is hit, check the damage die for the location and result of the hit" (VEHICLE
 * DAMAGE), or, for a tripod machine gun firing at a tank, Machine Fire at Tanks.
 */
final class VehicleHits {

    private VehicleHits() {
    }

    static VehicleDamaged damage(Vehicle vehicle, Weapon weapon, DiceRoll d6) {
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
}
