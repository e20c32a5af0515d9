package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * AUTOMATIC/EXPLOSIVE/INCENDIARY WEAPONS CHART and the crew paragraphs after VEHICLE DAMAGE: how many templates a
 * weapon fires with the crew it has left.
 * <ul>
 * <li>"Crew served direct fire infantry weapons ... must have a full crew in order to fire with the full number of
 * template leafs"; "If any other member of the crew is killed the number of templates is reduced by one template for
 * each dead crewmember."</li>
 * <li>".30 caliber machine gun with just a gunner gets one leaf template"; bipod .30: two, crew of two; tank-mounted
 * .30: as a bipod, crew of one; tripod .30: three, crew of three (gunner, loader, commander).</li>
 * <li>tripod .50: two, crew of three (gunner, loader, commander); "If there is no loader the machine gun only gets one
 * template."</li>
 * <li>Indirect fire: .30 "will use three leaf templates", .50 "will use two templates" (crew: see
 * {@link IndirectMachineGunFire}).</li>
 * </ul>
 * Reading: a crew-served weapon whose gunner lives fires at least one template (the text's ".30 with just a gunner gets
 * one" and ".50 with no loader gets one").
 */
public final class TemplatesByCrew {

    public static final String RULE = "Automatic/Explosive/Incendiary Weapons Chart";

    /** What a weapon fires now: leaf templates (0 for one target), or its area template. */
    public record Templates(int leaves, String area, List<String> crewMissing) {
        /** How many template designations the weapon may make: its leaves, 1 for an area, 1 target without. */
        public int designations() {
            return area != null ? 1 : Math.max(leaves, 0);
        }

        public boolean template() {
            return leaves > 0 || area != null;
        }
    }

    private TemplatesByCrew() {
    }

    /** The full crew of a crew-served machine gun (the roles the text names), direct fire. */
    public static Set<CrewRole> fullCrew(WeaponType type) {
        return switch (type) {
            case TRIPOD_MG_30, HEAVY_MACHINE_GUN_50 -> EnumSet.of(CrewRole.GUNNER, CrewRole.LOADER, CrewRole.COMMANDER);
            case BIPOD_MG_30 -> EnumSet.of(CrewRole.GUNNER, CrewRole.LOADER);
            case TANK_MG_30 -> EnumSet.of(CrewRole.GUNNER);
            default -> EnumSet.noneOf(CrewRole.class);
        };
    }

    /**
     * The templates of {@code weapon} served by the living crew {@code crew} (roles of the living members of its team;
     * ignored for weapons that are not crew-served).
     */
    public static Templates available(Weapon weapon, List<CrewRole> crew, boolean indirect) {
        WeaponType type = weapon.type();
        if (weapon.destroyed()) {
            return new Templates(0, null, List.of());
        }
        if (!type.crewServed()) {
            return new Templates(type.leafTemplates(), type.area(), List.of());
        }
        if (!crew.contains(CrewRole.GUNNER)) {
            return new Templates(0, null, List.of("gunner"));
        }
        if (indirect) {
            return IndirectMachineGunFire.templates(type, crew);
        }
        if (type == WeaponType.GATLING_GUN_50 || type == WeaponType.ATGM) {
            int missing = Math.max(0, weapon.crewSize() - crew.size());
            List<String> gone = missing == 0 ? List.of() : List.of(missing + " crewman/crewmen");
            return new Templates(type.leafTemplates() == 0 ? 0 : Math.max(1, type.leafTemplates() - missing), null,
                    gone);
        }
        List<String> missing = fullCrew(type).stream().filter(r -> !crew.contains(r))
                .map(r -> r.name().toLowerCase()).toList();
        int leaves = type.leafTemplates() - missing.size();
        if (type == WeaponType.HEAVY_MACHINE_GUN_50 && !crew.contains(CrewRole.LOADER)) {
            leaves = 1; // "If there is no loader the machine gun only gets one template."
        }
        return new Templates(Math.max(1, leaves), null, missing);
    }
}
