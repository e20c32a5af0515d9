package org.wargame.tracker.rules.asl;

import org.wargame.tracker.rules.Ordered;

import java.util.Map;

/**
 * One counter as the Animal-Pack rules see it: its counter data and the markers and numbers that change in play.
 * Guns carry B#/X# (breakdown, disablement) and Low Ammo; Mules their size ("squad" or "HS"); crews what they possess.
 */
public record AslCounter(String id, String kind, String name, String side, String nationality,
                         Map<String, Object> data, String hex, String terrain, boolean prohibitsGuns,
                         boolean goodOrder, boolean pinned, boolean prc, boolean eliminated, boolean packTi,
                         String packTiNote, String size, String possesses, String loadedOn, boolean dm,
                         boolean malfunctioned, int lowAmmo, Integer breakdown, Integer disablement,
                         Integer coveredArc) {

    public AslCounter {
        data = data == null ? Map.of() : Ordered.copyOf(data);
    }

    public boolean isGun() {
        return "gun".equals(kind) || "support-weapon".equals(kind);
    }

    public boolean isMule() {
        return "horse".equals(kind) && Boolean.TRUE.equals(data.get("mule"));
    }

    /** 10.1, EX 10.41: only a "squad" Mule carries a Gun; a Casualty Reduced ("HS") one does not. */
    public boolean carriesGuns() {
        return isMule() && !AnimalPackState.HS.equals(size);
    }

    public boolean isPersonnel() {
        return "crew".equals(kind) || "squad".equals(kind) || "half-squad".equals(kind) || "leader".equals(kind);
    }

    public Change change() {
        return new Change(this);
    }

    /** A mutable copy for evolve; {@link #done()} gives the new immutable counter. */
    public static final class Change {
        String hex;
        String terrain;
        boolean prohibitsGuns;
        boolean goodOrder;
        boolean pinned;
        boolean eliminated;
        boolean packTi;
        String packTiNote;
        String size;
        String possesses;
        String loadedOn;
        boolean dm;
        boolean malfunctioned;
        int lowAmmo;
        Integer breakdown;
        Integer disablement;
        Integer coveredArc;
        private final AslCounter from;

        Change(AslCounter c) {
            from = c;
            hex = c.hex;
            terrain = c.terrain;
            prohibitsGuns = c.prohibitsGuns;
            goodOrder = c.goodOrder;
            pinned = c.pinned;
            eliminated = c.eliminated;
            packTi = c.packTi;
            packTiNote = c.packTiNote;
            size = c.size;
            possesses = c.possesses;
            loadedOn = c.loadedOn;
            dm = c.dm;
            malfunctioned = c.malfunctioned;
            lowAmmo = c.lowAmmo;
            breakdown = c.breakdown;
            disablement = c.disablement;
            coveredArc = c.coveredArc;
        }

        public AslCounter done() {
            return new AslCounter(from.id, from.kind, from.name, from.side, from.nationality, from.data, hex,
                    terrain, prohibitsGuns, goodOrder, pinned, from.prc, eliminated, packTi, packTiNote, size,
                    possesses, loadedOn, dm, malfunctioned, lowAmmo, breakdown, disablement, coveredArc);
        }
    }
}
