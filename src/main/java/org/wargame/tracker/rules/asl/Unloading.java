package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.asl.AnimalPackEvent.GunTransferred;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodEnded;
import org.wargame.tracker.rules.asl.AnimalPackEvent.TransferPrevented;

/**
 * 10.31, 10.7: the (un)load of the Gun at the start of the Player-Turn RPh that follows the completion of half the
 * period, only if the crew is Pack-TI then. A Gun may not be unloaded into terrain that prohibits Guns: the unload is
 * refused and the period ends with the Gun still on its Mule (it may move on and begin again). A SW so unloaded is
 * not eliminated where its presence is otherwise allowed (10.7), so its unload happens.
 */
final class Unloading {

    private Unloading() {
    }

    /** The Gun's Location prohibits Guns (campaign data: the Location's {@code prohibitsGuns}) and it is no SW. */
    static boolean prohibited(AslCounter gun) {
        return gun.prohibitsGuns() && !"support-weapon".equals(gun.kind());
    }

    static void due(Decision out, UnpackingPeriod p) {
        AnimalPackState s = out.state();
        AslCounter crew = p.crew() == null ? null : s.counters().get(p.crew());
        AslCounter gun = s.counters().get(p.gun());
        if (crew == null || crew.eliminated() || !crew.packTi()) {
            out.add(new TransferPrevented(p.gun(), "the crew is not Pack-TI at the start of this RPh", "10.31"));
            return;
        }
        boolean unpacking = UnpackingPeriod.UNPACKING.equals(p.direction());
        if (unpacking && prohibited(gun)) {
            out.add(new TransferPrevented(p.gun(), "a Gun may not be unloaded in this terrain (" + gun.terrain() + ")",
                    "10.31"));
            out.add(new PeriodEnded(p.gun(), s.packTiParticipants(p.gun()), "the Gun may not be unloaded in this "
                    + "terrain; it stays on its Mule", "10.31"));
            return;
        }
        boolean swIntoProhibited = unpacking && gun.prohibitsGuns();
        out.add(new GunTransferred(p.gun(), p.mule(), p.direction(), gun.hex(), swIntoProhibited ? "10.7" : "10.31"));
    }
}
