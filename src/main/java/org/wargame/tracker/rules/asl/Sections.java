package org.wargame.tracker.rules.asl;

/**
 * The ASL sections the tracker cites for what it records beside chapter 10 (fire, casualties, rally, repair,
 * movement), so that every event and every refusal names a section. Chapter 10 itself refers to chapters A, C and E
 * (A4.8, A5.5, A21.11-.13, C11, E11.5); where a finer section is not certain the chapter is cited.
 */
final class Sections {

    /** Infantry fire: who may attack, and the elimination an attack causes. */
    static final String FIRE = "A7";
    static final String PIN = "A7.8";
    static final String CASUALTY_REDUCTION = "A7.302";
    /** Morale: a unit breaks. */
    static final String MORALE = "A10";
    static final String RALLY = "A10.6";
    static final String CLOSE_COMBAT = "A11";
    static final String MOVEMENT = "A4";
    /** Guns (and ordnance SW: light mortar, 37mm INF): possession, malfunction, repair. */
    static final String GUNS = "C2";
    /** Machine guns (MMG, HMG SW): malfunction, repair. */
    static final String MACHINE_GUNS = "A9";

    private Sections() {
    }

    /** The chapter of a Gun's or SW's malfunction and repair. */
    static String weapon(AslCounter gun) {
        Object swType = gun.data().get("swType");
        return "MMG".equals(swType) || "HMG".equals(swType) ? MACHINE_GUNS : GUNS;
    }
}
