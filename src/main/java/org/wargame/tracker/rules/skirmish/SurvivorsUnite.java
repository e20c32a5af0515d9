package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.skirmish.SkirmishAction.UniteCrew;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.CrewUnited;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;

import java.util.ArrayList;
import java.util.List;

/**
 * The crew paragraph: "Survivors from weapons of the same type may unite to operate the weapon again if one is a
 * loader and the other is a firer." The loader joins the firer's team.
 */
final class SurvivorsUnite {

    private SurvivorsUnite() {
    }

    static List<SkirmishEvent> unite(SkirmishState state, UniteCrew a) {
        Figure gunner = state.requireFigure(a.gunner(), "gunner");
        Figure loader = state.requireFigure(a.loader(), "loader");
        String rule = WeaponUse.RULE;
        RuleViolation.require(!gunner.dead() && !loader.dead(), rule, "only survivors may unite");
        RuleViolation.require(gunner.side().equals(loader.side()), rule, "survivors of one side unite");
        RuleViolation.require(gunner.role() == CrewRole.GUNNER, rule, gunner.id() + " is not a firer (gunner)");
        RuleViolation.require(loader.role() == CrewRole.LOADER, rule, loader.id() + " is not a loader");
        Weapon weapon = gunner.crewWeapon().orElseThrow(() -> new RuleViolation(rule, gunner.id()
                + " serves no crew-served weapon"));
        RuleViolation.require(!weapon.destroyed(), rule, weapon.id() + " of " + gunner.id() + " is destroyed");
        RuleViolation.require(!gunner.team().equals(loader.team()), rule, loader.id() + " is already in the crew of "
                + gunner.id());
        WeaponType loaderType = state.figures().stream()
                .filter(f -> loader.team().equals(f.team()) && f.role() == CrewRole.GUNNER)
                .flatMap(f -> f.crewWeapon().stream()).map(Weapon::type).findFirst().orElse(null);
        RuleViolation.require(loaderType == weapon.type(), rule, "survivors from weapons of the same type may unite; "
                + loader.id() + "'s weapon is " + (loaderType == null ? "unknown" : loaderType.chartName())
                + ", " + gunner.id() + "'s is " + weapon.type().chartName());
        RuleViolation.require(state.team(gunner.team()).stream().noneMatch(f -> f.role() == CrewRole.LOADER), rule,
                gunner.id() + "'s crew still has its loader");
        List<CrewRole> crew = new ArrayList<>(WeaponUse.crew(state, gunner));
        crew.add(CrewRole.LOADER);
        int templates = TemplatesByCrew.available(weapon, crew, false).leaves();
        return List.of(new CrewUnited(gunner.team(), gunner.id(), loader.id(), loader.team(), templates));
    }
}
