package org.wargame.tracker.campaign;

import java.util.List;

/** A side of a campaign: its name, its nationality (which decides Pack-TI eligibility, counter colours...) and players. */
public record Side(String id, String name, String nationality, List<String> players) {
    public Side {
        players = players == null ? List.of() : List.copyOf(players);
    }
}
