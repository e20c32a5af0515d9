package org.wargame.tracker.scenario;

import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.rules.CounterDefinition;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How to start a scenario: from a plan of the campaign file ({@code plan}), or spelt out; fields given here
 * override the plan's. Refused as it is read when a field cannot be right whatever the campaign holds: an id the
 * tracker cannot hold, a turn limit under 1, a side named twice in the order, a counter placed twice.
 */
public record StartScenarioRequest(String plan, String name, Integer turnLimit, List<String> sideOrder,
                                   List<Placement> counters, List<CounterDefinition> extraCounters) {

    public StartScenarioRequest {
        if (plan != null) {
            RequestJson.requireId("plan", plan);
        }
        if (name != null && (name.isBlank() || name.length() > 200)) {
            throw new FieldRefused("name", "1 to 200 characters");
        }
        if (turnLimit != null && (turnLimit < 1 || turnLimit > org.wargame.tracker.campaign.ScenarioPlan.MAX_TURN_LIMIT)) {
            throw new FieldRefused("turnLimit", org.wargame.tracker.campaign.ScenarioPlan.TURN_LIMIT_RANGE);
        }
        if (sideOrder != null) {
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < sideOrder.size(); i++) {
                RequestJson.requireId("sideOrder[" + i + "]", sideOrder.get(i));
                if (!seen.add(sideOrder.get(i))) {
                    throw new FieldRefused("sideOrder[" + i + "]", "'" + sideOrder.get(i) + "' is named twice: each "
                            + "side takes one Player Turn in a Game Turn");
                }
            }
            sideOrder = List.copyOf(sideOrder);
        }
        Set<String> ids = new HashSet<>();
        if (counters != null) {
            for (int i = 0; i < counters.size(); i++) {
                Placement placement = counters.get(i);
                if (placement == null) {
                    throw new FieldRefused("counters[" + i + "]", "null is not a counter");
                }
                RequestJson.requireId("counters[" + i + "].id", placement.id());
                if (!ids.add(placement.id())) {
                    throw new FieldRefused("counters[" + i + "].id", "'" + placement.id() + "' is placed twice");
                }
                RequestJson.requireWholeNumbers("counters[" + i + "].state", placement.state());
            }
            counters = List.copyOf(counters);
        }
        if (extraCounters != null) {
            for (int i = 0; i < extraCounters.size(); i++) {
                CounterDefinition counter = extraCounters.get(i);
                if (counter == null) {
                    throw new FieldRefused("extraCounters[" + i + "]", "null is not a counter");
                }
                RequestJson.requireId("extraCounters[" + i + "].id", counter.id());
                if (!ids.add(counter.id())) {
                    throw new FieldRefused("extraCounters[" + i + "].id", "'" + counter.id() + "' is given twice");
                }
                RequestJson.requireId("extraCounters[" + i + "].side", counter.side());
                RequestJson.requireWholeNumbers("extraCounters[" + i + "].data", counter.data());
                RequestJson.requireWholeNumbers("extraCounters[" + i + "].state", counter.state());
            }
            extraCounters = List.copyOf(extraCounters);
        }
    }
}
