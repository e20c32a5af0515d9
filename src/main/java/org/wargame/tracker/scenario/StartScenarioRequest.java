package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.List;

/**
 * How to start a scenario: from a plan of the campaign file ({@code plan}), or spelt out; fields given here
 * override the plan's.
 */
public record StartScenarioRequest(String plan, String name, Integer turnLimit, List<String> sideOrder,
                                   List<Placement> counters, List<CounterDefinition> extraCounters) {
}
