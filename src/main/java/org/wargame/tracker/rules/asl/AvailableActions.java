package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.BecomePackTi;
import org.wargame.tracker.rules.asl.AnimalPackAction.Fire;
import org.wargame.tracker.rules.asl.AnimalPackAction.ReversePacking;
import org.wargame.tracker.rules.asl.AnimalPackAction.TakePossession;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What each counter may do now, and why not where a rule forbids it: the actions that roll no dice are tried
 * against the rules themselves, so the reason shown is the refusal the action would get.
 */
final class AvailableActions {

    private AvailableActions() {
    }

    static List<ActionOption> of(AnimalPackRules rules, AnimalPackState s, GameClock clock) {
        List<ActionOption> options = new ArrayList<>();
        // the counters in play by hex, once: each unit looks for the Guns in its hex (s.at would scan them all)
        Map<String, List<AslCounter>> byHex = new java.util.HashMap<>();
        for (AslCounter c : s.counters().values()) {
            if (!c.eliminated() && c.hex() != null) {
                byHex.computeIfAbsent(c.hex(), h -> new ArrayList<>()).add(c);
            }
        }
        for (AslCounter c : s.counters().values()) {
            if (c.eliminated()) {
                continue;
            }
            if (c.possesses() != null) {
                options.add(becomePackTi(rules, s, clock, c));
                if (s.periodOf(c.possesses()) != null) {
                    options.add(tried(rules, s, clock, c, "reverse-packing", "Reverse (Un)Packing",
                            new ReversePacking(c.id()), Map.of("type", "reverse-packing", "crew", c.id())));
                }
            }
            if (c.isPersonnel()) {
                for (AslCounter gun : byHex.getOrDefault(c.hex(), List.of())) {
                    if (gun.isGun() && s.possessorOf(gun.id()) == null && PackTi.mayCarry(c, gun)) {
                        options.add(tried(rules, s, clock, c, "take-possession", "Take possession of " + gun.id(),
                                new TakePossession(c.id(), gun.id()),
                                Map.of("type", "take-possession", "counter", c.id(), "gun", gun.id())));
                    }
                }
                boolean cc = "CCPh".equals(clock.phase());
                String label = !c.packTi() ? (cc ? "Close Combat" : "Fire")
                        : cc ? "Close Combat (TI DRM, ends Pack-TI)" : "Fire (Area Fire, ends Pack-TI)";
                String firePhase = ActionPhases.refusal("fire", c, clock);
                String fireRefusal = firePhase != null ? firePhase
                        : c.goodOrder() ? null : Sections.FIRE + ": a broken unit cannot attack";
                options.add(new ActionOption(c.id(), "fire", label, fireRefusal == null, fireRefusal,
                        Map.of("type", "fire", "firer", c.id()), List.of("target", "fireType", "result"),
                        List.of()));
                if (c.possesses() != null && s.counters().get(c.possesses()) != null) {
                    AslCounter gun = s.counters().get(c.possesses());
                    String refusal = refusal(rules, s, clock, new Fire(c.id(), null, gun.id(), null, "probe"));
                    options.add(new ActionOption(c.id(), "fire", label + " with " + gun.name(), refusal == null,
                            refusal, Map.of("type", "fire", "firer", c.id(), "weapon", gun.id()),
                            List.of("target", "fireType", "result"), List.of(AnimalPackActionSchemas.ORIGINAL_DR)));
                }
            }
            options.add(new ActionOption(c.id(), "casualty", "Casualty", true, null,
                    Map.of("type", "casualty", "counter", c.id()), List.of("result"), carriesGun(s, c)
                    ? List.of(AnimalPackActionSchemas.VULNERABILITY_DR, AnimalPackActionSchemas.COVERED_ARC_DR)
                    : List.of()));
            boolean movable = !((c.isGun() || c.isMule()) && c.packTi()) && !(c.isGun() && c.loadedOn() != null);
            String movePhase = ActionPhases.refusal("move", c, clock);
            String moveRefusal = !movable ? (c.packTi() ? "10.11: a Pack-TI Gun or Mule cannot be moved"
                    : "10.1: it moves with its Mule") : movePhase;
            options.add(new ActionOption(c.id(), "move", "Move", moveRefusal == null, moveRefusal,
                    Map.of("type", "move", "counter", c.id()), List.of("hex", "terrain", "prohibitsGuns"), List.of()));
            if (!c.goodOrder()) {
                String rallyPhase = ActionPhases.refusal("rally", c, clock);
                options.add(new ActionOption(c.id(), "rally", "Rally", rallyPhase == null, rallyPhase,
                        Map.of("type", "rally", "counter", c.id()), List.of("result"), List.of(AnimalPackActionSchemas.RALLY_DR)));
            }
            if (c.malfunctioned()) {
                String repairPhase = ActionPhases.refusal("repair-gun", c, clock);
                options.add(new ActionOption(c.id(), "repair-gun", "Repair", repairPhase == null, repairPhase,
                        Map.of("type", "repair-gun", "gun", c.id()), List.of("result"), List.of(AnimalPackActionSchemas.REPAIR_DR)));
            }
        }
        return options;
    }

    /** 10.11: the first unit that may become Pack-TI now, or null: the options' own check, without the others. */
    static ActionOption firstPackTi(AnimalPackRules rules, AnimalPackState s, GameClock clock) {
        for (AslCounter c : s.counters().values()) {
            if (!c.eliminated() && c.possesses() != null) {
                ActionOption option = becomePackTi(rules, s, clock, c);
                if (option.allowed()) {
                    return option;
                }
            }
        }
        return null;
    }

    private static ActionOption becomePackTi(AnimalPackRules rules, AnimalPackState s, GameClock clock,
                                             AslCounter c) {
        return tried(rules, s, clock, c, "become-pack-ti", "Become Pack-TI", new BecomePackTi(c.id()),
                Map.of("type", "become-pack-ti", "crew", c.id()));
    }

    /** 10.4: a Mule hit rolls for the Gun it carries (or the Gun of its period, when Pack-TI). */
    private static boolean carriesGun(AnimalPackState s, AslCounter c) {
        if (!c.isMule()) {
            return false;
        }
        return s.gunOn(c.id()) != null || c.packTi() && s.periods().values().stream()
                .anyMatch(p -> c.id().equals(p.mule()) && s.counters().get(p.gun()) != null
                        && !s.counters().get(p.gun()).eliminated());
    }

    /** The refusal of {@code probe} now, or null: a probe that reaches its first roll passed every check. */
    private static String refusal(AnimalPackRules rules, AnimalPackState s, GameClock clock, AnimalPackAction probe) {
        try {
            rules.decide(s, clock, probe, (kind, purpose) -> {
                throw new Rolled();
            });
            return null;
        } catch (Rolled rolled) {
            return null;
        } catch (Refusal refused) {
            return refused.getMessage();
        }
    }

    private static final class Rolled extends RuntimeException {
        Rolled() {
            super("a probe rolled", null, false, false);
        }
    }

    private static ActionOption tried(AnimalPackRules rules, AnimalPackState s, GameClock clock, AslCounter c,
                                      String action, String label, AnimalPackAction probe,
                                      Map<String, Object> request) {
        try {
            rules.decide(s, clock, probe, (kind, purpose) -> {
                throw new IllegalStateException("these actions roll no dice");
            });
            return new ActionOption(c.id(), action, label, true, null, request, List.of(), List.of());
        } catch (Refusal refused) {
            return new ActionOption(c.id(), action, label, false, refused.getMessage(), request, List.of(),
                    List.of());
        }
    }
}
