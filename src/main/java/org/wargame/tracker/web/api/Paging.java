package org.wargame.tracker.web.api;

import org.wargame.tracker.refusal.FieldRefused;

/** The size of a page of a list that grows with history: what was asked for, at most {@code most}. */
final class Paging {

    private Paging() {
    }

    static int limit(Integer asked, int most) {
        if (asked == null) {
            return most;
        }
        FieldRefused.require(asked >= 1 && asked <= most, "limit", "a page holds 1 to " + most + " items, not "
                + asked);
        return asked;
    }
}
