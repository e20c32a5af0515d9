package org.wargame.tracker.campaign;

import org.springframework.stereotype.Component;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.RecordedEvent;

import java.util.ArrayList;
import java.util.List;

/**
 * Queries of a campaign's past, read from its events for the API and the pages alike: the campaign (its roster) as
 * it stood after one of its events, and everything that happened to one roster counter.
 */
@Component
public class CampaignPast {

    private final CampaignViews views;
    private final EventHistory history;
    private final CounterLines lines;

    public CampaignPast(CampaignViews views, EventHistory history, CounterLines lines) {
        this.views = views;
        this.history = history;
        this.lines = lines;
    }

    /** Time travel: the campaign as it stood after its event number {@code after} (from 0). */
    public CampaignState after(String campaignId, long after) {
        CampaignState[] folded = {null};
        history.forEach(campaignId, 0, after, message -> {
            CampaignEvent event = (CampaignEvent) message.getPayload();
            folded[0] = folded[0] == null ? CampaignState.created((CampaignEvent.CampaignCreated) event)
                    : folded[0].evolve(event);
        });
        if (folded[0] == null) {
            throw new FieldRefused("after", "the campaign has no event " + after);
        }
        return folded[0];
    }

    /**
     * The campaign (its roster) as it stood just before scenario {@code scenarioId} opened ({@code after} false:
     * before the changes between scenarios it recorded when it started), or just after its latest hand-back
     * ({@code after} true: its conclusion, or a ruling that revised it), from the record.
     */
    public CampaignState around(String campaignId, String scenarioId, boolean after) {
        String field = after ? "after" : "before";
        List<CampaignEvent> events = new ArrayList<>();
        history.forEach(campaignId, 0, Long.MAX_VALUE, message -> events.add((CampaignEvent) message.getPayload()));
        int end = -1;
        for (int i = 0; i < events.size(); i++) {
            CampaignEvent e = events.get(i);
            if (!after && end < 0 && (e instanceof CampaignEvent.ScenarioOpened o && o.scenarioId().equals(scenarioId)
                    || e instanceof CampaignEvent.CounterRecovered r && r.scenarioId().equals(scenarioId))) {
                end = i; // exclusive: what it stood at before the opening
            }
            if (after && (e instanceof CampaignEvent.ScenarioOutcomeRecorded o && o.scenarioId().equals(scenarioId)
                    || e instanceof CampaignEvent.HandBackRevised r && r.scenarioId().equals(scenarioId))) {
                end = i + 1;
            }
        }
        if (end < 0) {
            boolean known = events.stream().anyMatch(e -> e instanceof CampaignEvent.ScenarioOpened o
                    && o.scenarioId().equals(scenarioId));
            throw new FieldRefused(field, known ? "scenario " + scenarioId + " has not been concluded yet"
                    : "'" + scenarioId + "' is not a scenario of this campaign");
        }
        CampaignState state = CampaignState.created((CampaignEvent.CampaignCreated) events.get(0));
        return state.evolveAll(events.subList(1, end));
    }

    /** The rolls taken between scenarios, in order. */
    public List<CampaignEvent.BetweenScenariosRolled> betweenRolls(String campaignId) {
        List<CampaignEvent.BetweenScenariosRolled> rolls = new ArrayList<>();
        history.forEach(campaignId, 0, Long.MAX_VALUE, message -> {
            if (message.getPayload() instanceof CampaignEvent.BetweenScenariosRolled rolled) {
                rolls.add(rolled);
            }
        });
        return rolls;
    }

    /** A counter's whole history: the campaign's events and every scenario's events that name it, in order. */
    public List<RecordedEvent> ofCounter(String campaignId, String counterId) {
        onRoster(campaignId, counterId);
        return lines.all(campaignId, counterId);
    }

    /**
     * The {@code count} lines of a counter's history that end with line {@code upTo} (from 1; null: the latest), and
     * how many it has.
     */
    public CounterLines.Part ofCounter(String campaignId, String counterId, Integer upTo, int count) {
        onRoster(campaignId, counterId);
        return lines.part(campaignId, counterId, upTo, count);
    }

    private void onRoster(String campaignId, String counterId) {
        if (!views.state(campaignId).roster().containsKey(counterId)) {
            throw new NotFound("counter '" + counterId + "' is not on the roster");
        }
    }
}
