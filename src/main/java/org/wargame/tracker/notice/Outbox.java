package org.wargame.tracker.notice;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.messaging.annotation.SourceId;
import org.axonframework.messaging.unitofwork.CurrentUnitOfWork;
import org.springframework.stereotype.Component;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.PendingWrites;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the outbox, in the transaction that stores the events, so that a notice exists exactly when its action
 * does: a row for a scenario's start and one for its end, and for any other action on a scenario one row saying
 * where its events begin ({@link #MOVED}), once per action and scenario; {@link FanOut} removes each row once it
 * has made its notices. What that action started waiting (a
 * side's move, a decision, an undo request, a proposal, a dispute, an answer) is the waiting list's to say
 * ({@link org.wargame.tracker.scenario.waiting.Waiting}); it is asked after the commit by {@link FanOut} on
 * whichever instance claims the row, so nothing is read here. Its own processing group (subscribing,
 * {@link NoticeConfiguration}): a read-model rebuild or a history import, which call the projections directly, never
 * sends old notices again.
 */
@Component
@ProcessingGroup(Outbox.PROCESSING_GROUP)
class Outbox {

    static final String PROCESSING_GROUP = "notices";
    /** The row of an action on a scenario: {@code from}, the position of its first event. */
    static final String MOVED = "moved";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The outbox row goes with the action's other writes (on PostgreSQL in their round trip). */
    private final PendingWrites writes;

    Outbox(PendingWrites writes) {
        this.writes = writes;
    }

    @EventHandler
    void on(ScenarioEvent event, @SourceId String scenarioId, @SequenceNumber Long sequence,
            @MetaDataValue(ActionMetaData.ACCOUNT) String account,
            @MetaDataValue(ActionMetaData.REPLAYED_BY) String replayedBy) {
        Map<String, Object> facts = new LinkedHashMap<>();
        if (event instanceof ScenarioStarted e) {
            facts.put("name", e.name());
            write(NoticeKind.SCENARIO_STARTED.code(), scenarioId, e.campaignId(), account, facts);
        } else if (event instanceof ScenarioConcluded e) {
            facts.put("result", e.result());
            write(NoticeKind.SCENARIO_CONCLUDED.code(), scenarioId, e.campaignId(), account, facts);
        }
        if (replayedBy != null || sequence == null) {
            return; // an undo or a ruling re-deciding later actions: its own first event's row covers them
        }
        // once per action and scenario: the first of its events says where the action begins
        if (CurrentUnitOfWork.isStarted()) {
            CurrentUnitOfWork.get().getOrComputeResource(Outbox.class.getName() + "/" + scenarioId, key -> {
                moved(scenarioId, sequence, account);
                return Boolean.TRUE;
            });
        } else {
            moved(scenarioId, sequence, account);
        }
    }

    private void moved(String scenarioId, long from, String account) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("from", from);
        write(MOVED, scenarioId, null, account, facts);
    }

    private void write(String kind, String scenarioId, String campaignId, String account, Map<String, Object> facts) {
        facts.values().removeIf(v -> v == null);
        facts.replaceAll((k, v) -> v instanceof String s && s.length() > 500 ? s.substring(0, 500) + "…" : v);
        String text;
        try {
            text = JSON.writeValueAsString(facts);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        writes.write("insert into notice_item (id, kind, scenario_id, campaign_id, account, facts, created_at, "
                        + "fanned_out) values (?, ?, ?, ?, ?, ?, ?, ?)", UUID.randomUUID().toString(), kind,
                scenarioId, campaignId, account, text, Timestamp.from(Instant.now()), false);
    }
}
