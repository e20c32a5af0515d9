package org.wargame.tracker.scenario.waiting;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.RecordedEvent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What waits for an account across all its campaigns (the referee's: every campaign), read from the read models and
 * the latest events of each scenario ({@link WaitingItems}). Asked on every page: a scenario's items are computed
 * again only when its event count moved or its campaign's players changed, and nothing is read while the event
 * table did not move since the account last asked.
 */
@Component
public class Waiting {

    private static final Logger LOG = LoggerFactory.getLogger(Waiting.class);

    private final CampaignViews campaigns;
    private final ScenarioViews scenarios;
    private final EventHistory history;
    private final EventTables tables;
    /** A scenario's items as computed last, with what they were computed from. */
    private final Map<String, Computed> byScenario = new ConcurrentHashMap<>();
    /** An account's list as given last, with the event table's highest index then. */
    private final Map<String, Given> byAccount = new ConcurrentHashMap<>();

    public Waiting(CampaignViews campaigns, ScenarioViews scenarios, EventHistory history, EventTables tables) {
        this.campaigns = campaigns;
        this.scenarios = scenarios;
        this.history = history;
        this.tables = tables;
    }

    private record Computed(long events, List<Side> sides, List<WaitingItem> items) {
    }

    private record Given(Long top, long at, List<WaitingItem> items) {
    }

    /**
     * How long after the event table's highest index moved a list is computed again even though it did not move
     * further: on PostgreSQL a transaction that took a lower index may commit after one that took a higher.
     */
    static final long GRACE_NANOS = 3_000_000_000L;
    private volatile Long lastTop;
    private volatile long movedAt;

    /** What waits for {@code account} ({@code referee}: it is the referee), the oldest first. */
    public List<WaitingItem> forAccount(String account, boolean referee) {
        Long top = tables.lastGlobalIndex();
        long now = System.nanoTime();
        if (!java.util.Objects.equals(top, lastTop)) {
            lastTop = top;
            movedAt = now;
        }
        String key = account + (referee ? "/referee" : "");
        Given given = byAccount.get(key);
        if (given != null && java.util.Objects.equals(given.top(), top) && given.at() - movedAt > GRACE_NANOS) {
            return given.items();
        }
        List<WaitingItem> mine = new ArrayList<>();
        List<CampaignViews.CampaignSummary> theirs = referee ? campaigns.all() : campaigns.of(account);
        for (CampaignViews.CampaignSummary summary : theirs) {
            CampaignState campaign = campaigns.state(summary.campaignId());
            for (ScenarioViews.ScenarioSummary scenario : scenarios.ofCampaign(summary.campaignId())) {
                inScenario(campaign, scenario).stream().filter(i -> i.waitsFor(account, referee))
                        .forEach(mine::add);
            }
        }
        mine.sort(Comparator.comparing(WaitingItem::since, Comparator.nullsLast(Comparator.naturalOrder())));
        List<WaitingItem> items = List.copyOf(mine);
        byAccount.put(key, new Given(top, now, items));
        return items;
    }

    /** Everything that waits at one scenario now, for everybody (for whoever tells others what started waiting). */
    public List<WaitingItem> inScenario(String scenarioId) {
        ScenarioState state = scenarios.state(scenarioId);
        CampaignState campaign = campaigns.state(state.campaignId());
        return compute(campaign, state);
    }

    /**
     * The items that started waiting with the action whose first event is at {@code firstEvent} in the scenario's
     * stream (or with a later one): what to tell the players after an action.
     */
    public List<WaitingItem> startedBy(String scenarioId, long firstEvent) {
        return inScenario(scenarioId).stream().filter(i -> i.startedAtOrAfter(firstEvent)).toList();
    }

    private List<WaitingItem> inScenario(CampaignState campaign, ScenarioViews.ScenarioSummary scenario) {
        Computed known = byScenario.get(scenario.scenarioId());
        if (known != null && known.events() == scenario.events() && known.sides().equals(campaign.sides())) {
            return known.items();
        }
        List<WaitingItem> items;
        long events;
        try {
            ScenarioState state = scenarios.state(scenario.scenarioId());
            events = state.events();
            items = compute(campaign, state);
        } catch (RuntimeException unreadable) {
            // a record stored before imports were checked may not show (its sides missing...): it must not take
            // every player's list down with it; said once per length of its stream
            LOG.warn("what waits in scenario {} cannot be read: {}", scenario.scenarioId(), unreadable.toString());
            events = scenario.events();
            items = List.of();
        }
        byScenario.put(scenario.scenarioId(), new Computed(events, campaign.sides(), items));
        return items;
    }

    private List<WaitingItem> compute(CampaignState campaign, ScenarioState state) {
        long from = Math.max(0, state.events() - WaitingItems.RECENT);
        List<RecordedEvent> recent = history.range(state.scenarioId(), from, state.events() - 1);
        return WaitingItems.of(campaign, state, recent);
    }
}
