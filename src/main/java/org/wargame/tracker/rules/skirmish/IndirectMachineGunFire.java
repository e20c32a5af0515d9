package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.IndirectMgFire;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.IndirectMgFireLanded;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;
import org.wargame.tracker.rules.skirmish.TemplatesByCrew.Templates;

import java.util.ArrayList;
import java.util.List;

/**
 * Indirect machine gun fire (the paragraphs on the tripod .30 and .50 and the one after Machine Fire at Tanks): "To
 * fire a machine gun in the indirect mode the crew must include three men, gunner, loader and spotter. In the
 * artillery spotting round phase place two machine gun spotting rounds - one real and one dummy ... Roll an arrow die
 * for direction and a six sided die for distance; a 'hit' result is a hit."
 *
 * <p>Reading of the contradiction (".30 ... may fire indirect fire if it has a full crew of four, gunner, loader,
 * commander and spotter" against "the crew must include three men, gunner, loader and spotter"): the three-man
 * sentence is the rule of the indirect mode and names the indispensable roles; four men are the full crew. So a tripod
 * MG fires indirect when its gunner, loader and spotter live; with the commander too it uses the templates the text
 * gives (.30: three, .50: two), and without him one template less, as for any dead crewman.
 */
public final class IndirectMachineGunFire {

    public static final String RULE = "Infantry Weapons Rules (indirect machine gun fire)";
    public static final List<CrewRole> REQUIRED = List.of(CrewRole.GUNNER, CrewRole.LOADER, CrewRole.SPOTTER);

    private IndirectMachineGunFire() {
    }

    /** A gunner who may place spotting rounds now, his weapon and its templates (or the refusal). */
    record Firing(Figure gunner, Weapon weapon, Templates templates) {
    }

    /** The checks of placing spotting rounds: phase, a living gunner, his MG, one weapon and one placing a turn. */
    static Firing requireMayPlace(SkirmishState state, GameClock clock, String gunnerId) {
        Figure gunner = state.requireFigure(gunnerId, "gunner");
        RuleViolation.require(TurnSequence.SPOT.equals(clock.phase()), RULE, "machine gun spotting rounds are placed "
                + "in the Artillery Spotting Round Phase; the clock is at " + clock.label());
        RuleViolation.require(!gunner.dead(), RULE, gunner.id() + " is dead");
        RuleViolation.require(gunner.role() == CrewRole.GUNNER, RULE, gunner.id() + " is not a machine gunner");
        Weapon weapon = gunner.crewWeapon().orElseThrow(() -> new RuleViolation(RULE, gunner.id()
                + " serves no machine gun"));
        RuleViolation.require(!weapon.destroyed(), RULE, weapon.id() + " is destroyed");
        RuleViolation.require(gunner.firedTurn() != clock.gameTurn() || weapon.id().equals(gunner.firedWeapon()),
                WeaponUse.RULE, "only one weapon may be fired per turn: " + gunner.id() + " fired "
                        + gunner.firedWeapon());
        RuleViolation.require(state.landings().stream().noneMatch(l -> l.gunner().equals(gunner.id())
                && l.gameTurn() == clock.gameTurn()) && state.spotting().stream().noneMatch(p -> p.gunner()
                .equals(gunner.id()) && p.gameTurn() == clock.gameTurn()), RULE, gunner.id()
                + " already placed spotting rounds this turn");
        return new Firing(gunner, weapon, templates(weapon.type(), WeaponUse.crew(state, gunner)));
    }

    /** Places a gunner's spotting rounds in the Artillery Spotting Round Phase: crew, templates, arrow die, d6. */
    static List<SkirmishEvent> fire(SkirmishState state, GameClock clock, IndirectMgFire a, Dice dice) {
        Firing firing = requireMayPlace(state, clock, a.gunner());
        Figure gunner = firing.gunner();
        Weapon weapon = firing.weapon();
        Templates templates = firing.templates();
        boolean onTarget = onTarget(a.arrowDie());
        // "place two machine gun spotting rounds - one real and one dummy": both placements are recorded
        String real = placement(a.realRound(), "realRound", "the real one");
        String dummy = placement(a.dummyRound(), "dummyRound", "the dummy");
        DiceRoll distance = dice.roll(DiceKind.D6, "spotting round distance");
        return List.of(new IndirectMgFireLanded(gunner.id(), weapon.id(), clock.gameTurn(), templates.leaves(),
                a.arrowDie().trim(), distance, onTarget, real, dummy));
    }

    private static final int MAX_PLACEMENT = 200;

    static String placement(String value, String field, String which) {
        if (value == null || value.isBlank()) {
            throw new FieldRefused(field, "missing (where the players placed " + which + " of the two spotting "
                    + "rounds, in their words)");
        }
        if (value.length() > MAX_PLACEMENT) {
            throw new FieldRefused(field, "at most " + MAX_PLACEMENT + " characters");
        }
        return value.trim();
    }

    /** Refuses indirect fire by a weapon that is not a tripod MG, or a crew without gunner, loader and spotter. */
    public static void requireCrew(WeaponType type, List<CrewRole> crew) {
        RuleViolation.require(type.tripodMachineGun(), RULE, "only a tripod-mounted machine gun (.30 or .50) fires "
                + "indirect (its crew takes a spotter); a " + type.chartName() + " does not");
        List<String> missing = new ArrayList<>();
        for (CrewRole role : REQUIRED) {
            if (!crew.contains(role)) {
                missing.add(role.name().toLowerCase());
            }
        }
        RuleViolation.require(missing.isEmpty(), RULE, "the crew must include three men, gunner, loader and spotter; "
                + "missing: " + String.join(", ", missing));
    }

    /** The templates of indirect fire: .30 three, .50 two, one less without the commander. */
    public static Templates templates(WeaponType type, List<CrewRole> crew) {
        requireCrew(type, crew);
        int full = type == WeaponType.TRIPOD_MG_30 ? 3 : 2;
        boolean commander = crew.contains(CrewRole.COMMANDER);
        return new Templates(commander ? full : full - 1, null, commander ? List.of() : List.of("commander"));
    }

    /** The arrow die: "a 'hit' result is a hit"; any other face (a direction) is where the real round drifts. */
    public static boolean onTarget(String arrowDie) {
        if (arrowDie == null || arrowDie.isBlank()) {
            throw new FieldRefused("arrowDie", "missing (the arrow die as rolled at the table: 'hit' or the "
                    + "direction of the arrow)");
        }
        return arrowDie.trim().equalsIgnoreCase("hit");
    }
}
