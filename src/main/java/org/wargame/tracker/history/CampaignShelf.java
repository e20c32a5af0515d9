package org.wargame.tracker.history;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.store.EventTables;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a referee needs to choose a campaign to export: its name, rule set, scenarios, events and last change. Cheap
 * on purpose (the console lists every campaign): one grouped read of the scenario read model, and one backwards
 * index read per stream that can still change (each campaign's own stream, and its scenarios in play: a concluded
 * scenario takes no more events, and its conclusion is also in the campaign's stream), never a scan of the events.
 */
@Component
public class CampaignShelf {

    /** One campaign: {@code events} over its own stream and its scenarios'; {@code lastChange} null if unknown. */
    public record Entry(String campaignId, String name, String ruleSet, int scenarios, int inPlay, long events,
                        Instant lastChange) {
    }

    private record Head(long events, Instant at) {
    }

    private record Scenarios(int count, int inPlay, long events) {
    }

    private final JdbcTemplate jdbc;
    private final EventTables tables;

    public CampaignShelf(JdbcTemplate jdbc, EventTables tables) {
        this.jdbc = jdbc;
        this.tables = tables;
    }

    public List<Entry> all() {
        Map<String, Scenarios> scenarios = new HashMap<>();
        jdbc.query("select campaign_id, count(*), coalesce(sum(event_count), 0), "
                + "sum(case when concluded then 0 else 1 end) from scenario_view group by campaign_id", rs -> {
                    scenarios.put(rs.getString(1), new Scenarios(rs.getInt(2), rs.getInt(4), rs.getLong(3)));
                });
        Map<String, Instant> inPlayChanged = new HashMap<>();
        // read the list first, then each head: no query runs while another's rows are still open
        for (Map<String, Object> row : jdbc.queryForList(
                "select scenario_id, campaign_id from scenario_view where not concluded")) {
            Instant at = head((String) row.get("scenario_id")).at();
            if (at != null) {
                inPlayChanged.merge((String) row.get("campaign_id"), at, (a, b) -> a.isAfter(b) ? a : b);
            }
        }
        List<String[]> campaigns = jdbc.query("select campaign_id, name, rule_set from campaign_view order by name",
                (rs, i) -> new String[] {rs.getString(1), rs.getString(2), rs.getString(3)});
        return campaigns.stream().map(c -> {
            Scenarios s = scenarios.getOrDefault(c[0], new Scenarios(0, 0, 0));
            Head own = head(c[0]);
            Instant last = own.at();
            Instant played = inPlayChanged.get(c[0]);
            if (played != null && (last == null || played.isAfter(last))) {
                last = played;
            }
            return new Entry(c[0], c[1], c[2], s.count(), s.inPlay(), own.events() + s.events(), last);
        }).toList();
    }

    /** A stream's event count and the time of its last event, read backwards by the stream's index (one entry). */
    private Head head(String stream) {
        EventTables.EventHead head = tables.head(stream);
        return head == null ? new Head(0, null) : new Head(head.sequence() + 1, instant(head.timestamp()));
    }

    private static Instant instant(String stored) {
        try {
            return stored == null ? null : Instant.parse(stored);
        } catch (DateTimeParseException e) {
            return null; // a time stored in another shape: the list shows it as unknown rather than failing
        }
    }
}
