package org.wargame.tracker.rules.skirmish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.CounterDefinition;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The sample campaign file's counters are valid skirmish counters, its Medical Treatment chart valid, its plans set up. */
class SampleCampaignTest {

    @Test
    void everyRosterCounterValidatesAndEveryPlanSetsUp() throws Exception {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        JsonNode file = yaml.readTree(Path.of("campaigns", "skirmish-sample.yaml").toFile());
        assertThat(file.get("ruleSet").asText()).isEqualTo("skirmish");
        @SuppressWarnings("unchecked")
        java.util.Map<String, Object> tables = yaml.convertValue(file.get("tables"), java.util.Map.class);
        SkirmishTables.RULES.validateTables(tables);
        List<CounterDefinition> roster = new ArrayList<>();
        for (JsonNode c : file.get("roster")) {
            CounterDefinition counter = yaml.convertValue(c, CounterDefinition.class);
            SkirmishTables.RULES.validate(counter);
            roster.add(counter);
        }
        for (JsonNode plan : file.get("plans")) {
            List<CounterDefinition> counters = new ArrayList<>();
            for (JsonNode placed : plan.get("counters")) {
                CounterDefinition c = roster.stream().filter(r -> r.id().equals(placed.get("id").asText()))
                        .findFirst().orElseThrow();
                counters.add(c.withState(yaml.convertValue(placed.get("state"), java.util.Map.class)));
            }
            SkirmishState state = SkirmishTables.RULES.setUp(counters, tables);
            assertThat(state.medicalChart().rows()).hasSize(12);
            assertThat(SkirmishTables.RULES.counters(state)).hasSize(counters.size());
        }
    }
}
