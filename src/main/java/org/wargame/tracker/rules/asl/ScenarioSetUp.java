package org.wargame.tracker.rules.asl;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The state at the start of a scenario (10.1, 10.2): a Gun set up loaded is on a Mule, one Pack Gun per Mule, dm
 * where it can be; what a unit possesses is a Gun of the scenario. Also folds the start of stored scenarios, so it
 * refuses only what no stored scenario can hold.
 */
final class ScenarioSetUp {

    private ScenarioSetUp() {
    }

    static AnimalPackState of(List<CounterDefinition> definitions) {
        Map<String, AslCounter> counters = new LinkedHashMap<>();
        for (CounterDefinition d : definitions) {
            counters.put(d.id(), CounterData.from(d));
        }
        Set<String> usedMules = new HashSet<>();
        for (AslCounter c : counters.values()) {
            String at = "counters[" + c.id() + "].state.";
            if (c.loadedOn() != null) {
                AslCounter mule = counters.get(c.loadedOn());
                if (mule == null || !mule.isMule()) {
                    throw new RuleViolation("10.1", at + "loadedOn", c.id() + " is loaded on '" + c.loadedOn()
                            + "', which is not a Mule (a Horse the scenario designates)");
                }
                if (!usedMules.add(mule.id())) {
                    throw new RuleViolation("10.1", at + "loadedOn", "a Mule carries one Pack Gun (" + mule.id() + ")");
                }
                PackGuns.require(c, at + "loadedOn");
                if (PackGuns.mustBeDm(c) && !c.dm()) {
                    throw new RuleViolation("10.2", at + "dm", c.id() + " must be dm to be Animal-Packed");
                }
            }
            if (c.possesses() != null) {
                AslCounter gun = counters.get(c.possesses());
                FieldRefused.require(gun != null && gun.isGun(), at + "possesses",
                        "names no Gun of this scenario ('" + c.possesses() + "')");
            }
        }
        return new AnimalPackState(counters, Map.of());
    }

    /**
     * 10.1, EX 10.41: a scenario does not start with a Gun loaded on an "HS" Mule (one Casualty Reduced, carried
     * from an earlier scenario or so placed): only a "squad" Mule carries a Gun. Checked when a scenario starts and
     * when a campaign file's plans are checked, not when a stored scenario is folded (it may hold one).
     */
    static void requireStart(List<CounterDefinition> definitions) {
        AnimalPackState s = of(definitions);
        for (AslCounter c : s.counters().values()) {
            AslCounter mule = c.loadedOn() == null ? null : s.counters().get(c.loadedOn());
            if (mule != null && !mule.carriesGuns()) {
                throw new FieldRefused("counters[" + c.id() + "].state.loadedOn", "10.1: " + c.id()
                        + " is loaded on " + mule.id() + ", an \"HS\" Mule; only a \"squad\" Mule carries a Gun "
                        + "(EX 10.41: \"back on another 'squad' Mule\"): place the Gun on the ground or on a "
                        + "\"squad\" Mule");
            }
        }
    }
}
