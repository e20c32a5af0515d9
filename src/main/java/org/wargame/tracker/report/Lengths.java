package org.wargame.tracker.report;

import java.time.Duration;

/** A length of real time as players say it. */
final class Lengths {

    private Lengths() {
    }

    static String of(Duration d) {
        long minutes = d.toMinutes();
        if (minutes < 1) {
            return "under a minute";
        }
        long hours = minutes / 60;
        long rest = minutes % 60;
        if (hours == 0) {
            return rest + " min";
        }
        return hours + " h" + (rest == 0 ? "" : " " + rest + " min");
    }
}
