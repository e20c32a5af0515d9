package org.wargame.tracker.campaign;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.ScenarioPlan.Placement;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.StartScenarioRequest;
import org.wargame.tracker.store.RecordedEvent;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A counter's history read by its kept lines (migration V30) is what reading every event of the campaign gives, line
 * for line in the same order, for every counter of the roster, across the campaign's own stream and two scenarios;
 * after more actions only the new events are read (the rows of the earlier ones stay as they were, the marks end
 * at each stream's head); a part ending at a line is that slice of the whole; and where the lines cannot be kept the
 * history is read from every event, the same.
 */
class CounterLinesTest extends ApiTestSupport {

    @Autowired
    ScenarioService service;
    @Autowired
    CounterLines lines;
    @Autowired
    CampaignViews views;
    @Autowired
    JdbcTemplate jdbc;

    private final Actor referee = new Actor("referee", true, List.of());

    private String start(String campaign, String name, String counter) {
        return service.start(campaign, new StartScenarioRequest(null, name, 100, List.of("axis", "british"),
                List.of(new Placement(counter, Map.of("hex", "F6", "terrain", "open-ground"))), List.of()), referee);
    }

    private static List<String> places(List<RecordedEvent> events) {
        return events.stream().map(e -> e.stream() + "#" + e.sequence()).toList();
    }

    private void sameAsEveryEvent(String campaign) {
        for (String counter : views.state(campaign).roster().keySet()) {
            List<String> read = places(lines.scan(campaign, counter));
            assertThat(places(lines.all(campaign, counter))).as(counter).isEqualTo(read);
            if (read.size() > 5) {
                CounterLines.Part part = lines.part(campaign, counter, read.size() - 2, 3);
                assertThat(part.total()).isEqualTo(read.size());
                assertThat(part.from()).isEqualTo(read.size() - 5);
                assertThat(places(part.events())).as(counter).isEqualTo(read.subList(read.size() - 5,
                        read.size() - 2));
            }
        }
    }

    private int rows(String campaign) {
        return jdbc.queryForObject("select count(*) from counter_line where campaign_id = ?", Integer.class, campaign);
    }

    @Test
    void kept_lines_are_the_lines_every_event_gives() {
        String campaign = importSample("asl-west-of-alamein.yaml");
        String a = start(campaign, "the squad's", "it-squad-1");
        String b = start(campaign, "the crew's", "br-crew-1");
        while (!"MPh".equals(service.advance(a, null, referee).state().clock().phase())) {
            // to the Italians' Movement Phase of Game Turn 1
        }
        for (int i = 0; i < 30; i++) {
            service.act(a, Map.of("type", "move", "counter", "it-squad-1", "hex", i % 2 == 0 ? "F5" : "F6",
                    "terrain", "open-ground"), referee);
        }
        sameAsEveryEvent(campaign);
        int squad = lines.all(campaign, "it-squad-1").size();
        assertThat(squad).isGreaterThan(30);
        int kept = rows(campaign);
        assertThat(kept).isGreaterThan(squad);

        for (int i = 0; i < 25; i++) {
            service.act(a, Map.of("type", "move", "counter", "it-squad-1", "hex", i % 2 == 0 ? "F5" : "F6",
                    "terrain", "open-ground"), referee);
            service.advance(b, null, referee);
        }
        sameAsEveryEvent(campaign);
        assertThat(lines.all(campaign, "it-squad-1")).hasSizeGreaterThanOrEqualTo(squad + 25);
        int more = rows(campaign);
        assertThat(more).isGreaterThanOrEqualTo(kept + 25);
        sameAsEveryEvent(campaign); // read again: nothing new, nothing added twice
        assertThat(rows(campaign)).isEqualTo(more);
        for (String stream : List.of(campaign, a, b)) {
            Long head = jdbc.queryForObject("select max(sequence_number) from domain_event_entry "
                    + "where aggregate_identifier = ?", Long.class, stream);
            assertThat(jdbc.queryForObject("select next_sequence from counter_line_mark where stream_id = ?",
                    Long.class, stream)).as(stream).isEqualTo(head + 1);
        }

        // lines that cannot be kept (here: the table is away) are read from every event
        List<String> before = places(lines.all(campaign, "it-squad-1"));
        jdbc.execute("alter table counter_line rename to counter_line_away");
        try {
            service.act(a, Map.of("type", "move", "counter", "it-squad-1", "hex", "F5", "terrain", "open-ground"),
                    referee);
            List<String> read = places(lines.all(campaign, "it-squad-1"));
            assertThat(read).hasSizeGreaterThan(before.size()).startsWith(before.toArray(String[]::new));
        } finally {
            jdbc.execute("alter table counter_line_away rename to counter_line");
        }
        sameAsEveryEvent(campaign);
    }
}
