package org.wargame.tracker.campaign;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.List;
import java.util.Map;

/**
 * A campaign definition file (YAML, in {@code campaigns/}): see the README for the format. Unknown keys are refused,
 * so a misspelt key is an error instead of silently lost data. {@code tables}: charts the rule text refers to without
 * printing them (the skirmish Medical Treatment chart), validated by the campaign's rule set. {@code clock}: who moves
 * the clock on ({@link #CLOCK_BY_SIDE}, the default, or {@link #CLOCK_ANY_PLAYER} for a table sharing one device).
 * {@code disputePeriodDays}: for how many days after a scenario is concluded an action of it may still be disputed
 * (1 to {@link #MAX_DISPUTE_PERIOD_DAYS}; absent: not after its end). {@code blindReferee}: true when the referee
 * sees of hidden information only what every side sees (absent: false, the referee sees everything).
 */
@JsonIgnoreProperties(ignoreUnknown = false)
public record CampaignFile(String id, String name, String ruleSet, String description, String referee,
                           List<Side> sides, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                           Map<String, Object> tables, String clock, Integer disputePeriodDays,
                           Boolean blindReferee) {

    /** The side whose move it is moves the clock on; every side that acts in a phase says it is done. */
    public static final String CLOCK_BY_SIDE = "by-side";
    /** Any player of the campaign moves the clock on, for every side (one device shared at the table). */
    public static final String CLOCK_ANY_PLAYER = "any-player";

    public CampaignFile(String id, String name, String ruleSet, String description, String referee,
                        List<Side> sides, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                        Map<String, Object> tables) {
        this(id, name, ruleSet, description, referee, sides, roster, plans, tables, null, null, null);
    }

    public CampaignFile(String id, String name, String ruleSet, String description, String referee,
                        List<Side> sides, List<CounterDefinition> roster, List<ScenarioPlan> plans,
                        Map<String, Object> tables, String clock) {
        this(id, name, ruleSet, description, referee, sides, roster, plans, tables, clock, null, null);
    }

    /** The longest period after a scenario's end in which an action of it may still be disputed. */
    public static final int MAX_DISPUTE_PERIOD_DAYS = 365;
}
