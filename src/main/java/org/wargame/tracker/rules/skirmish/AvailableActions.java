package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DieNeed;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.ArtilleryHit;
import org.wargame.tracker.rules.skirmish.SkirmishAction.CarryLitterCase;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DestroyAnimal;
import org.wargame.tracker.rules.skirmish.SkirmishAction.IndirectMgFire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Move;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishAction.UniteCrew;
import org.wargame.tracker.rules.skirmish.SkirmishState.Animal;
import org.wargame.tracker.rules.skirmish.SkirmishState.Designation;
import org.wargame.tracker.rules.skirmish.SkirmishState.DesignationStatus;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Weapon;
import org.wargame.tracker.rules.skirmish.TemplatesByCrew.Templates;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each figure and animal may do at the clock's position, and why not where the Infantry Weapons Rules forbid it,
 * with the action's request ready to send and the fields the players fill in from the table (target, range, body
 * position...). Vehicles have no action of their own in the text (they are only fired at), so they get none.
 *
 * <p>Refusals come from the rule classes themselves: either their checks are called directly ({@link FireOrder},
 * {@link WeaponUse}) or the action is decided with a probe. A probe's dice stop the decision at the first roll: every
 * check of this rule set comes before its dice, so a decision that gets as far as rolling is allowed.
 */
final class AvailableActions {

    private static final List<DieNeed> FIRE_DICE = List.of(SkirmishActionSchemas.TO_HIT,
            SkirmishActionSchemas.HIT_LOCATION);
    private static final List<DieNeed> D6 = List.of(SkirmishActionSchemas.HIT_LOCATION);
    /** A position every man can be in: the probe of recording a position needs one to get past the input checks. */
    private static final String PROBE_POSITION = BodyPosition.Row.STANDING_IN_THE_OPEN.label();

    private final InfantryWeaponRules rules;
    private final SkirmishState state;
    private final GameClock clock;
    private final List<ActionOption> options = new ArrayList<>();

    private AvailableActions(InfantryWeaponRules rules, SkirmishState state, GameClock clock) {
        this.rules = rules;
        this.state = state;
        this.clock = clock;
    }

    static List<ActionOption> of(InfantryWeaponRules rules, SkirmishState state, GameClock clock) {
        AvailableActions actions = new AvailableActions(rules, state, clock);
        state.figures().forEach(actions::figure);
        state.animals().forEach(actions::animal);
        return List.copyOf(actions.options);
    }

    // ---------------------------------------------------------------- figures

    private void figure(Figure f) {
        if (f.removed()) {
            return;
        }
        if (FireOrder.PHASE.equals(clock.phase())) {
            // a man killed in the phase still fires his designated shot, so his fire options come first
            fire(f);
            if (!f.dead()) {
                designate(f);
            }
        }
        if (f.dead()) {
            return;
        }
        if (f.role() == CrewRole.GUNNER && f.crewWeapon().map(w -> w.type().tripodMachineGun()).orElse(false)) {
            options.add(probe(f.id(), "indirect-mg-fire", "Indirect fire: place the spotting rounds of "
                            + f.crewWeapon().get().id(), new IndirectMgFire(f.id(), "hit", "probe", "probe"),
                    request("indirect-mg-fire", "gunner", f.id()), List.of("arrowDie", "realRound", "dummyRound"), List.of(SkirmishActionSchemas.SPOTTING_DISTANCE)));
            // the same rounds with the real one sealed, then the roll that reveals it
            SkirmishState.Spotting placed = SpottingRounds.pending(state, state.gameTurn(), f.id());
            if (placed == null) {
                options.add(probe(f.id(), "place-spotting-rounds", "Place the spotting rounds of "
                                + f.crewWeapon().get().id() + ", the real one sealed", new SkirmishAction
                                .PlaceSpottingRounds(f.id(), "probe 1", "probe 2", null, "probe"),
                        request("place-spotting-rounds", "gunner", f.id()), List.of("firstRound", "secondRound",
                                "real"), List.of()));
            } else {
                options.add(probe(f.id(), "resolve-spotting-rounds", "Roll the arrow die and the d6 for the spotting "
                                + "rounds (" + placed.firstRound() + ", " + placed.secondRound() + "): reveals the real one",
                        new SkirmishAction.ResolveSpottingRounds(f.id(), "hit", "first"),
                        request("resolve-spotting-rounds", "gunner", f.id()), List.of("arrowDie"),
                        List.of(SkirmishActionSchemas.SPOTTING_DISTANCE)));
            }
        }
        uniteCrew(f);
        if (f.wound() == Wound.LITTER_CASE) {
            carry(f);
        } else if (f.position() == null && !mayMove(f)) {
            options.add(probe(f.id(), "move", "Record his position (not recorded yet)", new Move(f.id(), null,
                    PROBE_POSITION, null), request("move", "figure", f.id()), List.of("position"), List.of()));
        } else {
            options.add(probe(f.id(), "move", "Move: turned only (stationary), moved or crawled; new position; "
                            + "get in or out of a vehicle", new Move(f.id(), FigureMovement.TURNED, null, null),
                    request("move", "figure", f.id()), List.of("movement", "position", "aboard"), List.of()));
        }
        options.add(probe(f.id(), "artillery-hit", "Hit by artillery effects", new ArtilleryHit(f.id(),
                        null, null, null, null, null), request("artillery-hit", "target", f.id()),
                List.of("redZone", "fromFront"), D6));
        options.add(probe(f.id(), "record-casualty", "Record a casualty (" + String.join(", ",
                        CasualtyCause.labels()) + ")", new RecordCasualty(f.id(), "death", CasualtyCause.CLOSE_COMBAT
                        .label()), request("record-casualty", "counter", f.id()), List.of("wound", "cause"),
                List.of()));
        if (f.wound() != null) {
            options.add(treatment(f.id(), f.wound(), f.recovery()));
        }
    }

    private boolean mayMove(Figure f) {
        return TurnSequence.MOVE.equals(clock.phase()) && f.side().equals(clock.phasingSide());
    }

    /** A litter case is carried by non-injured men of his side; the probe names the first who may carry him. */
    private void carry(Figure casualty) {
        List<String> bearers = state.figures().stream().filter(b -> b.side().equals(casualty.side())
                && !b.id().equals(casualty.id()) && b.wound() == null && !b.removed() && b.aboard() == null)
                .map(Figure::id).limit(LitterCases.BEARERS).toList();
        String refusal = decideRefusal(new CarryLitterCase(casualty.id(), bearers));
        options.add(option(casualty.id(), "carry-litter-case", "Carry the litter case (" + LitterCases.BEARERS
                        + " or more non-injured men of his side)", refusal,
                request("carry-litter-case", "casualty", casualty.id()), List.of("bearers"), List.of()));
    }

    /**
     * One option per weapon of the man: the side sends all its targets in one {@code designate-targets} (VI: "All
     * infantry weapons fire/ATGM targets must be designated at the same time"), so the form holds his row first and
     * then a row for every other weapon of his side that may fire now; a row left without a target is not sent.
     */
    private void designate(Figure f) {
        String sideRefusal = refusal(() -> FireOrder.requireMayDesignate(state, clock, f.side()));
        List<Row> others = new ArrayList<>();
        if (sideRefusal == null) {
            for (Figure other : state.figures()) {
                if (!other.id().equals(f.id()) && other.side().equals(f.side()) && !other.removed() && !other.dead()) {
                    for (Weapon w : other.weapons()) {
                        Row row = row(other, w);
                        if (row.refusal() == null) {
                            others.add(row);
                        }
                    }
                }
            }
        }
        for (Weapon w : f.weapons()) {
            Row own = row(f, w);
            String refusal = sideRefusal != null ? sideRefusal : own.refusal();
            List<Row> rows = new ArrayList<>(List.of(own));
            if (refusal == null) {
                rows.addAll(others);
            }
            List<String> fields = new ArrayList<>();
            Map<String, String> labels = new LinkedHashMap<>();
            List<Map<String, Object>> targets = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                Row row = rows.get(i);
                String at = "targets[" + i + "].";
                targets.add(Map.of("firer", row.firer().id(), "weapon", row.weapon().id()));
                String whose = row.firer().name() + " (" + row.weapon().name() + ")";
                // the row's head on the page: the man and his weapon, then the row's fields beside their labels
                labels.put("targets[" + i + "]", row.firer().name() + " · " + row.weapon().name());
                for (String field : row.fields()) {
                    fields.add(at + field);
                    if (rows.size() > 1) {
                        labels.put(at + field, FIELD_WORDS.get(field) + " " + whose);
                    }
                }
            }
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("type", "designate-targets");
            request.put("side", f.side());
            request.put("targets", targets);
            Templates t = own.templates();
            String label = "Designate targets for " + w.name() + (t.template() ? " (" + WeaponUse.describe(t) + ")" : "")
                    + ": side " + f.side() + " sends all its targets at once"
                    + (rows.size() > 1 ? "; leave a man's target empty and he does not fire" : "");
            options.add(new ActionOption(f.id(), "designate-targets", label, refusal == null, refusal, request, fields,
                    List.of(), labels));
        }
    }

    private static final Map<String, String> FIELD_WORDS = Map.of("target", "Target of", "template",
            "Template of", "indirect", "Indirect fire of this turn's spotting rounds by", "firerMoved",
            "Moved this turn:");

    /** One weapon of the side that may be designated now: the fields its row needs, or why it may not fire. */
    private record Row(Figure firer, Weapon weapon, Templates templates, List<String> fields, String refusal) {
    }

    private Row row(Figure f, Weapon w) {
        Templates[] templates = new Templates[1];
        String refusal = refusal(() -> {
            WeaponUse.requireFirer(f, f.side(), false);
            WeaponUse.weapon(f, w.id(), "weapon");
            WeaponUse.requireOneWeaponThisTurn(clock, f, w);
            templates[0] = WeaponUse.templates(state, clock, f, w, false);
        });
        Templates t = templates[0] != null ? templates[0] : TemplatesByCrew.available(w, WeaponUse.crew(state, f),
                false);
        List<String> fields = new ArrayList<>(List.of("target"));
        if (t.template()) {
            fields.add("template");
        }
        if (state.landings().stream().anyMatch(l -> l.gunner().equals(f.id()) && l.gameTurn() == clock.gameTurn()
                && l.weapon().equals(w.id()))) {
            fields.add("indirect");
        }
        if (f.wound() == Wound.WALKING_WOUNDED) {
            fields.add("firerMoved");
        }
        return new Row(f, w, t, fields, refusal);
    }

    /** One option per designation of this fire phase not yet fired (spent and cancelled ones say why not). */
    private void fire(Figure f) {
        for (Designation d : state.designations()) {
            if (!d.firer().equals(f.id()) || d.status() == DesignationStatus.FIRED) {
                continue;
            }
            boolean atMan = state.figure(d.target()).isPresent();
            List<String> fields = atMan
                    ? List.of("rangeMetres", "position", "firerAbove", "overheadProtection", "fromFront")
                    : List.of("rangeMetres");
            String label = "Fire " + d.weapon() + " at " + d.target() + " (" + d.id()
                    + (d.template() == null ? "" : ", template " + d.template()) + (d.indirect() ? ", indirect" : "")
                    + ")";
            options.add(option(f.id(), "fire", label, refusal(() -> FireOrder.requireMayFire(state, clock, d)),
                    request("fire", "designation", d.id()), fields, FIRE_DICE));
        }
    }

    /**
     * A gunner whose crew has lost its loader, or a loader whose crew has lost its gunner, may unite with a survivor of
     * another crew of his side; allowed when one of them passes the rule (the label names those who do).
     */
    private void uniteCrew(Figure f) {
        if (f.team() == null || (f.role() != CrewRole.GUNNER && f.role() != CrewRole.LOADER)) {
            return;
        }
        boolean gunner = f.role() == CrewRole.GUNNER;
        CrewRole partnerRole = gunner ? CrewRole.LOADER : CrewRole.GUNNER;
        if (state.team(f.team()).stream().anyMatch(m -> m.role() == partnerRole)) {
            return; // his crew is whole in that role: nothing to unite
        }
        List<String> partners = new ArrayList<>();
        String firstRefusal = null;
        for (Figure other : state.figures()) {
            if (other.dead() || other.role() != partnerRole || !other.side().equals(f.side())
                    || f.team().equals(other.team())) {
                continue;
            }
            UniteCrew probe = gunner ? new UniteCrew(f.id(), other.id()) : new UniteCrew(other.id(), f.id());
            String refusal = decideRefusal(probe);
            if (refusal == null) {
                partners.add(other.id());
            } else if (firstRefusal == null) {
                firstRefusal = refusal;
            }
        }
        String refusal = !partners.isEmpty() ? null : firstRefusal != null ? firstRefusal
                : WeaponUse.RULE + ": survivors from weapons of the same type may unite if one is a loader and the "
                + "other is a firer; side '" + f.side() + "' has no surviving " + partnerRole.name().toLowerCase()
                + " of another crew";
        String label = "Unite crew with a surviving " + partnerRole.name().toLowerCase()
                + (partners.isEmpty() ? "" : " (" + String.join(", ", partners) + ")");
        options.add(option(f.id(), "unite-crew", label, refusal,
                request("unite-crew", gunner ? "gunner" : "loader", f.id()),
                List.of(gunner ? "loader" : "gunner"), List.of()));
    }

    // ---------------------------------------------------------------- animals

    private void animal(Animal a) {
        if (a.dead()) {
            return;
        }
        options.add(probe(a.id(), "artillery-hit", "Hit by artillery effects", new ArtilleryHit(a.id(), null, null,
                null, null, null), request("artillery-hit", "target", a.id()), List.of(), D6));
        options.add(probe(a.id(), "record-casualty", "Record a casualty (close combat...)",
                new RecordCasualty(a.id(), "death", CasualtyCause.CLOSE_COMBAT.label()),
                request("record-casualty", "counter", a.id()), List.of("wound", "cause"), List.of()));
        if (a.wound() == null && a.load() != null && a.loadDropped()) {
            options.add(probe(a.id(), "load-animal", "Load it again (" + a.load() + ")",
                    new SkirmishAction.LoadAnimal(a.id()), request("load-animal", "animal", a.id()), List.of(),
                    List.of()));
        }
        if (a.wound() == null && "mount".equals(a.role()) && a.data().get("rider") != null && a.rider() == null) {
            options.add(probe(a.id(), "mount-animal", "Mount again (" + a.data().get("rider") + ")",
                    new SkirmishAction.MountAnimal(a.id()), request("mount-animal", "animal", a.id()), List.of(),
                    List.of()));
        }
        if (a.wound() != null) {
            options.add(probe(a.id(), "destroy-animal", "Destroy the animal (its owner, side " + a.side() + ")",
                    new DestroyAnimal(a.id()), request("destroy-animal", "animal", a.id()), List.of(), List.of()));
            options.add(treatment(a.id(), a.wound(), a.recovery()));
        }
    }

    /** With the campaign's chart: roll its die; without: record the result the players read. */
    private ActionOption treatment(String id, Wound wound, String recovery) {
        MedicalTreatmentChart chart = state.medicalChart();
        String label = (chart == null ? "Record medical treatment (" : "Roll on the Medical Treatment chart (")
                + wound.marker() + (recovery == null ? "" : ", " + recovery) + ")";
        return probe(id, "record-treatment", label, new RecordTreatment(id, chart == null ? "probe" : null),
                request("record-treatment", "counter", id), chart == null ? List.of("recovery") : List.of(),
                chart == null ? List.of() : List.of(new DieNeed(chart.die(), "medical treatment", null)));
    }

    // ---------------------------------------------------------------- probes

    private ActionOption probe(String id, String action, String label, SkirmishAction probe,
                               Map<String, Object> request, List<String> fields, List<DieNeed> dice) {
        return option(id, action, label, decideRefusal(probe), request, fields, dice);
    }

    /** The refusal of deciding {@code probe} now, or null when the rules allow it. */
    private String decideRefusal(SkirmishAction probe) {
        try {
            rules.decide(state, clock, probe, STOP_AT_FIRST_ROLL);
            return null;
        } catch (Rolled e) {
            return null;
        } catch (Refusal e) {
            return e.getMessage();
        }
    }

    private static String refusal(Runnable check) {
        try {
            check.run();
            return null;
        } catch (Refusal e) {
            return e.getMessage();
        }
    }

    private static Map<String, Object> request(String type, String field, String id) {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("type", type);
        request.put(field, id);
        return request;
    }

    private static ActionOption option(String id, String action, String label, String refusal,
                                       Map<String, Object> request, List<String> fields, List<DieNeed> dice) {
        return new ActionOption(id, action, label, refusal == null, refusal, request, fields, dice);
    }

    /** Thrown by the probe's dice: the decision passed every check and reached its first roll. */
    private static final class Rolled extends RuntimeException {
        Rolled() {
            super("a probe rolled", null, false, false);
        }
    }

    private static final Dice STOP_AT_FIRST_ROLL = (kind, purpose) -> {
        throw new Rolled();
    };
}
