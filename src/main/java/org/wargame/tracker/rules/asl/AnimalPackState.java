package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.rules.RuleState;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The Animal-Pack state of a scenario: every counter and the (Un)Packing Periods in progress, by Gun. */
@JsonTypeName("asl")
public record AnimalPackState(Map<String, AslCounter> counters, Map<String, UnpackingPeriod> periods)
        implements RuleState {

    public AnimalPackState {
        counters = new LinkedHashMap<>(counters);
        periods = new LinkedHashMap<>(periods);
    }

    /** The counter named {@code id}; refuses an unknown id naming the field. */
    public AslCounter counter(String field, String id) {
        if (id == null) {
            throw new IllegalArgumentException(field + ": required");
        }
        AslCounter counter = counters.get(id);
        if (counter == null) {
            throw new IllegalArgumentException(field + ": no counter '" + id + "' in this scenario");
        }
        return counter;
    }

    public UnpackingPeriod periodOf(String gunId) {
        return periods.get(gunId);
    }

    /** The Gun loaded on this Mule, if any. */
    public AslCounter gunOn(String muleId) {
        return counters.values().stream().filter(c -> muleId.equals(c.loadedOn()) && !c.eliminated()).findFirst()
                .orElse(null);
    }

    public List<AslCounter> at(String hex) {
        return counters.values().stream().filter(c -> hex != null && hex.equals(c.hex()) && !c.eliminated()).toList();
    }

    AnimalPackState update(String id, UnaryOperator<AslCounter.Change> change) {
        Map<String, AslCounter> copy = new LinkedHashMap<>(counters);
        copy.computeIfPresent(id, (k, c) -> change.apply(c.change()).done());
        return new AnimalPackState(copy, periods);
    }

    AnimalPackState withPeriod(String gun, UnpackingPeriod period) {
        Map<String, UnpackingPeriod> copy = new LinkedHashMap<>(periods);
        if (period == null) {
            copy.remove(gun);
        } else {
            copy.put(gun, period);
        }
        return new AnimalPackState(counters, copy);
    }
}
