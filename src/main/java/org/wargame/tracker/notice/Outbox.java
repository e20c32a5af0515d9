package org.wargame.tracker.notice;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.annotation.MetaDataValue;
import org.axonframework.messaging.annotation.SourceId;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.ConclusionProposed;
import org.wargame.tracker.scenario.ScenarioEvent.ReopeningProposed;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioConcluded;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.store.ActionMetaData;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Writes the outbox: for each event that starts something waiting (an undo request, a dispute, a proposal, a side's
 * Player Turn) and each scenario's start and end, one small row in the transaction that stores the event, so that a
 * notice exists exactly when its action does. Nothing is read and nothing is sent here: who is told, in which words,
 * by which webhook or mail, is decided after the commit by {@link FanOut} on whichever instance claims the row. Its own
 * processing group (subscribing, {@link NoticeConfiguration}): a read-model rebuild or a history import, which call
 * the projections directly, never sends old notices again.
 */
@Component
@ProcessingGroup(Outbox.PROCESSING_GROUP)
class Outbox {

    static final String PROCESSING_GROUP = "notices";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final JdbcTemplate jdbc;

    Outbox(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @EventHandler
    void on(ScenarioEvent event, @SourceId String scenarioId, @MetaDataValue(ActionMetaData.ACCOUNT) String account,
            @MetaDataValue(ActionMetaData.REPLAYED_BY) String replayedBy) {
        if (replayedBy != null) {
            return; // an undo or a ruling re-deciding later actions: what they started waiting was told the first time
        }
        Map<String, Object> facts = new LinkedHashMap<>();
        NoticeKind kind;
        String campaignId = null;
        if (event instanceof ScenarioStarted e) {
            kind = NoticeKind.SCENARIO_STARTED;
            campaignId = e.campaignId();
            facts.put("name", e.name());
        } else if (event instanceof ScenarioConcluded e) {
            kind = NoticeKind.SCENARIO_CONCLUDED;
            campaignId = e.campaignId();
            facts.put("result", e.result());
        } else if (event instanceof ClockAdvanced e && newPlayerTurn(e)) {
            kind = NoticeKind.TURN;
            facts.put("side", e.to().phasingSide());
            facts.put("gameTurn", e.to().gameTurn());
        } else if (event instanceof UndoRequested e) {
            kind = NoticeKind.UNDO;
            facts.put("side", e.side());
            facts.put("by", e.requestedBy());
            facts.put("reason", e.reason());
        } else if (event instanceof ActionDisputed e) {
            kind = NoticeKind.DISPUTE;
            facts.put("by", e.raisedBy());
            facts.put("reason", e.reason());
        } else if (event instanceof ConclusionProposed e) {
            kind = NoticeKind.PROPOSAL;
            facts.put("to", "conclude");
            facts.put("side", e.side());
            facts.put("by", e.proposedBy());
            facts.put("result", e.result());
        } else if (event instanceof ReopeningProposed e) {
            kind = NoticeKind.PROPOSAL;
            facts.put("to", "reopen");
            facts.put("side", e.side());
            facts.put("by", e.proposedBy());
            facts.put("reason", e.reason());
        } else {
            return;
        }
        facts.values().removeIf(v -> v == null);
        write(kind, scenarioId, campaignId, account, facts);
    }

    /** A Player Turn (or a Game Turn) begins: whose move it is changes hands. */
    private static boolean newPlayerTurn(ClockAdvanced e) {
        return e.from() != null && e.to() != null && e.to().phasingSide() != null && (e.to().gameTurn() != e.from().gameTurn()
                || e.to().playerTurn() != e.from().playerTurn());
    }

    private void write(NoticeKind kind, String scenarioId, String campaignId, String account, Map<String, Object> facts) {
        String text;
        try {
            text = JSON.writeValueAsString(facts);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        if (text.length() > 4000) { // a reason is limited where it is typed; this only keeps the row in its column
            facts.replaceAll((k, v) -> v instanceof String s && s.length() > 500 ? s.substring(0, 500) + "…" : v);
            try {
                text = JSON.writeValueAsString(facts);
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        jdbc.update("insert into notice_item (id, kind, scenario_id, campaign_id, account, facts, created_at, "
                        + "fanned_out) values (?, ?, ?, ?, ?, ?, ?, ?)", UUID.randomUUID().toString(), kind.code(),
                scenarioId, campaignId, account, text, Timestamp.from(Instant.now()), false);
    }
}
