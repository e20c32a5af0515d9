package org.wargame.tracker.notice;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.scenario.waiting.Waiting;
import org.wargame.tracker.scenario.waiting.WaitingItem;
import org.wargame.tracker.store.Dialect;

import java.io.IOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Turns the outbox's rows into notices and their deliveries: claims a batch of new rows ({@code FOR UPDATE SKIP
 * LOCKED}: with several instances on one PostgreSQL database each row goes to one of them), puts each in words,
 * and writes one delivery per webhook of the campaign that wants its kind and one mail per player it waits for who
 * gave an address (and did not stop the campaign's mails), then removes the row, all in one short transaction.
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
    private final Waiting waiting;

    FanOut(JdbcTemplate jdbc, TransactionTemplate transactions, CampaignViews campaigns, ScenarioViews scenarios,
           NoticeSettings settings, Waiting waiting) {
        this.waiting = waiting;
        this.jdbc = jdbc;
        this.transactions = transactions;
        this.campaigns = campaigns;
        this.scenarios = scenarios;
        this.settings = settings;
    }

    private volatile Dialect dialect;

    private Dialect dialect() {
        Dialect known = dialect;
        if (known == null) {
            known = Dialect.of(jdbc);
            dialect = known;
        }
        return known;
    }

    private record Item(String id, String kind, String scenarioId, String campaignId, String account,
                        Map<String, Object> facts, Instant at) {
    }

    /** Fans out one batch; {@code mail}: whether mail is configured. Returns how many rows it handled. */
    int once(boolean mail) {
        Integer handled = transactions.execute(status -> {
            List<Item> items = jdbc.query("select id, kind, scenario_id, campaign_id, account, facts, created_at "
                    + "from notice_item where fanned_out = ? order by created_at fetch first " + BATCH
                    + " rows only for update skip locked", (rs, i) -> new Item(rs.getString(1),
                    rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                    facts(rs.getString(6)), rs.getTimestamp(7).toInstant()), false);
            Batch batch = new Batch();
            List<Telling> tellings = new ArrayList<>();
            for (Item item : items) {
                try {
                    tellings.addAll(notices(item, batch));
                } catch (RuntimeException e) { // a scenario or campaign gone from the read model: nothing to tell
                    if (e instanceof DataAccessException && dialect() == Dialect.POSTGRESQL) {
                        throw e; // PostgreSQL has ended the transaction: the round fails, its rows stay for the next
                    }
                    LOG.warn("notice {} ({}) not sent: {}", item.id(), item.kind(), e.toString());
                }
            }
            Set<String> taken = takeKeys(batch.keys);
            for (Telling telling : tellings) {
                if (telling.key() == null || taken.contains(telling.key())) {
                    deliver(telling.notice(), mail);
                }
            }
            // done: the rows go (an outbox, not evidence; kept, one row per action would grow the file forever)
            jdbc.batchUpdate("delete from notice_item where id = ?", items.stream()
                    .map(item -> new Object[] {item.id()}).toList());
            return items.size();
        });
        return handled == null ? 0 : handled;
    }

    /** A notice and the waiting item's key it tells ({@code null}: a start or an end, told once by its row). */
    private record Telling(String key, Notice notice) {
    }

    /** What one batch has read: each scenario's waiting list once, and the keys its notices would tell. */
    private static final class Batch {
        final Map<String, List<WaitingItem>> waiting = new HashMap<>();
        final Map<String, CampaignState> campaigns = new HashMap<>();
        final Set<String> keys = new LinkedHashSet<>();
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

    /** The row's notices: a start or an end; or what the action it stands for started waiting, not told before. */
    private List<Telling> notices(Item item, Batch batch) {
        if (Outbox.MOVED.equals(item.kind())) {
            return waitingSince(item, batch);
        }
        NoticeKind kind = NoticeKind.of(item.kind());
        if (kind != NoticeKind.SCENARIO_STARTED && kind != NoticeKind.SCENARIO_CONCLUDED) {
            return List.of();
        }
        String campaignId = item.campaignId() != null ? item.campaignId() : scenarios.campaignOf(item.scenarioId());
        CampaignState campaign = campaigns.state(campaignId);
        String scenarioName = scenarioName(campaign, item.scenarioId(), text(item.facts(), "name"));
        String words;
        if (kind == NoticeKind.SCENARIO_STARTED) {
            words = scenarioName + " has begun in " + campaign.name() + ".";
        } else {
            String result = text(item.facts(), "result");
            words = scenarioName + " (" + campaign.name() + ") has ended" + (result == null || result.isBlank() ? "."
                    : ": " + result + ".");
        }
        Set<String> recipients = new LinkedHashSet<>();
        campaign.sides().forEach(s -> recipients.addAll(s.players()));
        if (item.account() != null) {
            recipients.remove(item.account()); // nobody is told of what they did themselves
        }
        return List.of(new Telling(null, new Notice(item.id(), kind, item.at(), campaignId, campaign.name(),
                item.scenarioId(), scenarioName, words, settings.publicUrl + "/scenarios/" + item.scenarioId(),
                List.of(), List.copyOf(recipients))));
    }

    /**
     * What waits at the scenario now and started waiting with the action (or after it): each item once (its key
     * stays while it waits), told to the players it waits for, or the campaign's referee. The scenario's waiting list
     * is read once a batch (a burst of one scenario's actions asked it once per row).
     */
    private List<Telling> waitingSince(Item item, Batch batch) {
        Object from = item.facts().get("from");
        long first = from instanceof Number n ? n.longValue() : 0;
        List<Telling> found = new ArrayList<>();
        List<WaitingItem> waitingNow = batch.waiting.get(item.scenarioId());
        if (waitingNow == null) {
            waitingNow = waiting.inScenario(item.scenarioId());
            batch.waiting.put(item.scenarioId(), waitingNow);
        }
        for (WaitingItem waits : waitingNow) {
            NoticeKind kind = NoticeKind.of(waits.kind());
            if (kind == null || !waits.startedAtOrAfter(first) || batch.keys.contains(waits.key())
                    || !jdbc.queryForList("select 1 from notice_told where item_key = ?", Integer.class,
                    waits.key()).isEmpty()) {
                continue;
            }
            batch.keys.add(waits.key());
            CampaignState campaign = batch.campaigns.computeIfAbsent(waits.campaignId(), campaigns::state);
            Set<String> recipients = new LinkedHashSet<>(waits.accounts());
            List<String> waitingFor = new ArrayList<>(waits.accounts());
            if (waits.referee()) {
                waitingFor.add("the referee");
                if (campaign.referee() != null) {
                    recipients.add(campaign.referee());
                }
            }
            if (item.account() != null && kind != NoticeKind.ANSWER) {
                recipients.remove(item.account()); // what one's own action leaves one to do, one knows
            }
            found.add(new Telling(waits.key(), new Notice(item.id() + ":" + waits.key(), kind, waits.since() != null
                    ? waits.since() : item.at(), waits.campaignId(), waits.campaign(), waits.scenarioId(),
                    waits.scenario(), waits.words() + " (" + waits.scenario() + ", " + waits.campaign() + ")",
                    settings.publicUrl + waits.link(), waitingFor, List.copyOf(recipients))));
        }
        return found;
    }

    private static String scenarioName(CampaignState campaign, String scenarioId, String otherwise) {
        return campaign.scenarios().stream().filter(s -> s.scenarioId().equals(scenarioId))
                .map(CampaignState.ScenarioEntry::name).findFirst().orElse(otherwise);
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

    /**
     * Takes the waiting items' keys a batch would tell, and answers those it took: another instance fanning out
     * another action of the same scenario may tell the same item at the same moment, and each key is taken once, by
     * whoever inserts it first. Every instance takes its keys in one order (sorted): two instances fanning out rows
     * of the same scenarios then wait for each other in turn, never each holding a key the other waits for (taken in
     * the order of their rows, PostgreSQL found deadlocks between two instances and redid whole batches).
     */
    Set<String> takeKeys(Collection<String> keys) {
        Set<String> taken = new HashSet<>();
        for (String key : new TreeSet<>(keys)) {
            if (tookKey(key)) {
                taken.add(key);
            }
        }
        return taken;
    }

    /**
     * Takes one key: false when another instance took it. On PostgreSQL the insert does nothing on a conflict (a
     * refused duplicate would abort the whole round's transaction); on H2, whose MERGE answers 1 for a row that was
     * there already, a plain insert is refused by the key and the statement alone fails.
     */
    private boolean tookKey(String key) {
        Timestamp now = Timestamp.from(Instant.now());
        if (dialect() == Dialect.POSTGRESQL) {
            return jdbc.update(dialect().insertOnce("notice_told", "item_key, told_at", "item_key"), key, now) == 1;
        }
        try {
            return jdbc.update("insert into notice_told (item_key, told_at) values (?, ?)", key, now) == 1;
        } catch (org.springframework.dao.DuplicateKeyException
                 | org.springframework.dao.PessimisticLockingFailureException taken) {
            return false;
        }
    }
}
