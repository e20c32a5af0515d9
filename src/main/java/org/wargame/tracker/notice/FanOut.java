package org.wargame.tracker.notice;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.scenario.ScenarioViews;

import java.io.IOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Turns the outbox's rows into notices and their deliveries: claims a batch of new rows ({@code FOR UPDATE SKIP
 * LOCKED}: with several instances on one PostgreSQL database each row goes to one of them), puts each in words,
 * and writes one delivery per webhook of the campaign that wants its kind and one mail per player it waits for who
 * gave an address (and did not stop the campaign's mails), then marks the row done, all in one short transaction.
 */
@Component
class FanOut {

    private static final Logger LOG = LoggerFactory.getLogger(FanOut.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final int BATCH = 50;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;
    private final CampaignViews campaigns;
    private final ScenarioViews scenarios;
    private final NoticeSettings settings;

    FanOut(JdbcTemplate jdbc, TransactionTemplate transactions, CampaignViews campaigns, ScenarioViews scenarios,
           NoticeSettings settings) {
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.campaigns = campaigns;
        this.scenarios = scenarios;
        this.settings = settings;
    }

    private record Item(String id, NoticeKind kind, String scenarioId, String campaignId, String account,
                        Map<String, Object> facts, Instant at) {
    }

    /** Fans out one batch; {@code mail}: whether mail is configured. Returns how many rows it handled. */
    int once(boolean mail) {
        Integer handled = transactions.execute(status -> {
            List<Item> items = jdbc.query("select id, kind, scenario_id, campaign_id, account, facts, created_at "
                    + "from notice_item where fanned_out = ? order by created_at fetch first " + BATCH
                    + " rows only for update skip locked", (rs, i) -> new Item(rs.getString(1),
                    NoticeKind.of(rs.getString(2)), rs.getString(3), rs.getString(4), rs.getString(5),
                    facts(rs.getString(6)), rs.getTimestamp(7).toInstant()), false);
            for (Item item : items) {
                try {
                    Notice notice = notice(item);
                    if (notice != null) {
                        deliver(notice, mail);
                    }
                } catch (RuntimeException e) { // a scenario or campaign gone from the read model: nothing to tell
                    LOG.warn("notice {} ({}) not sent: {}", item.id(), item.kind(), e.toString());
                }
                jdbc.update("update notice_item set fanned_out = ? where id = ?", true, item.id());
            }
            return items.size();
        });
        return handled == null ? 0 : handled;
    }

    private void deliver(Notice notice, boolean mail) {
        Timestamp now = Timestamp.from(Instant.now());
        jdbc.query("select id, kinds, body_format from webhook where campaign_id = ? and removed = ?", rs -> {
            if (Arrays.asList(rs.getString(2).split(",")).contains(notice.kind().code())) {
                String delivery = UUID.randomUUID().toString();
                jdbc.update("insert into webhook_delivery (id, webhook_id, item_id, kind, body, created_at, next_at, "
                                + "attempts, state) values (?, ?, ?, ?, ?, ?, ?, ?, ?)", delivery, rs.getString(1),
                        notice.id(), notice.kind().code(), notice.body(rs.getString(3), delivery), now, now, 0,
                        "pending");
            }
        }, notice.campaignId(), false);
        if (!mail) {
            return;
        }
        Timestamp due = Timestamp.from(Instant.now().plus(settings.mailGather));
        for (String account : notice.recipients()) {
            boolean addressed = !jdbc.queryForList("select 1 from account_address a where a.username = ? and not "
                    + "exists (select 1 from mail_unsubscribed u where u.username = a.username and u.campaign_id = ?)",
                    Integer.class, account, notice.campaignId()).isEmpty();
            if (addressed) {
                jdbc.update("insert into mail_notice (id, username, item_id, campaign_id, words, link, created_at, "
                                + "next_at, attempts, state) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        UUID.randomUUID().toString(), account, notice.id(), notice.campaignId(), notice.words(),
                        notice.link(), now, due, 0, "pending");
            }
        }
    }

    /** The row in words, with whom it waits for; null when there is nobody and nothing to tell. */
    private Notice notice(Item item) {
        if (item.kind() == null) {
            return null;
        }
        String campaignId = item.campaignId() != null ? item.campaignId() : scenarios.campaignOf(item.scenarioId());
        CampaignState campaign = campaigns.state(campaignId);
        String scenarioName = item.scenarioId() == null ? null : campaign.scenarios().stream()
                .filter(s -> s.scenarioId().equals(item.scenarioId())).map(CampaignState.ScenarioEntry::name)
                .findFirst().orElse(text(item.facts(), "name"));
        String where = scenarioName + " (" + campaign.name() + ")";
        String by = text(item.facts(), "by");
        String reason = text(item.facts(), "reason");
        String because = reason == null || reason.isBlank() ? "" : " Reason: " + reason;
        List<String> sides = item.facts().get("side") instanceof String s ? List.of(s.split(",")) : List.of();
        List<Side> others = campaign.sides().stream().filter(s -> !sides.contains(s.id())).toList();
        List<Side> own = campaign.sides().stream().filter(s -> sides.contains(s.id())).toList();
        String othersNames = names(others);
        String words;
        List<String> waitingFor = new ArrayList<>();
        Set<String> recipients = new LinkedHashSet<>();
        switch (item.kind()) {
            case SCENARIO_STARTED -> {
                words = scenarioName + " has begun in " + campaign.name() + ".";
                campaign.sides().forEach(s -> recipients.addAll(s.players()));
            }
            case SCENARIO_CONCLUDED -> {
                String result = text(item.facts(), "result");
                words = where + " has ended" + (result == null || result.isBlank() ? "." : ": " + result + ".");
                campaign.sides().forEach(s -> recipients.addAll(s.players()));
            }
            case TURN -> {
                Object turn = item.facts().get("gameTurn");
                words = names(own) + " to move: Game Turn " + turn + " of " + where + ".";
                own.forEach(s -> waitingFor.add(s.name()));
                own.forEach(s -> recipients.addAll(s.players()));
            }
            case UNDO -> {
                words = by + " asks to undo an action in " + where + "; " + othersNames + " to consent." + because;
                others.forEach(s -> waitingFor.add(s.name()));
                others.forEach(s -> recipients.addAll(s.players()));
            }
            case DISPUTE -> {
                words = by + " disputes an action in " + where + "; the referee to rule." + because;
                waitingFor.add("the referee");
                if (campaign.referee() != null) {
                    recipients.add(campaign.referee());
                }
            }
            case PROPOSAL -> {
                String result = text(item.facts(), "result");
                words = "reopen".equals(text(item.facts(), "to"))
                        ? by + " proposes to reopen " + where + "; " + othersNames + " to answer." + because
                        : by + " proposes to end " + where + (result == null ? "" : " with the result \u201c" + result
                        + "\u201d") + "; " + othersNames + " to answer.";
                others.forEach(s -> waitingFor.add(s.name()));
                others.forEach(s -> recipients.addAll(s.players()));
            }
            default -> {
                return null;
            }
        }
        if (item.account() != null) {
            recipients.remove(item.account()); // nobody is told of what they did themselves
        }
        String link = settings.publicUrl + (item.scenarioId() == null ? "/campaigns/" + campaignId
                : "/scenarios/" + item.scenarioId());
        return new Notice(item.id(), item.kind(), item.at(), campaignId, campaign.name(), item.scenarioId(),
                scenarioName, words, link, waitingFor, List.copyOf(recipients));
    }

    private static String names(List<Side> sides) {
        return sides.isEmpty() ? "the other side" : String.join(" and ", sides.stream().map(Side::name).toList());
    }

    private static String text(Map<String, Object> facts, String key) {
        return facts.get(key) instanceof String s ? s : null;
    }

    private static Map<String, Object> facts(String json) {
        try {
            return JSON.readValue(json, new TypeReference<Map<String, Object>>() { });
        } catch (IOException e) {
            return Map.of();
        }
    }
}
