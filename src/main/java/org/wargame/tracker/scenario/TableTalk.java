package org.wargame.tracker.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.stereotype.Component;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignCommand;
import org.wargame.tracker.store.ActionKey;
import org.wargame.tracker.store.Commands;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Table talk in the record: notes the players and the referee write in a scenario (optionally about one of its
 * actions) or in a campaign between scenarios, stored as events of that stream (hash-chained, exported, never
 * edited), and read back as threads: each action's notes with the words of its disputes and rulings, in order.
 * The pages, the API and the after-action reports read them from here.
 */
@Component
public class TableTalk {

    /** The stored events a thread is made of, in a scenario's stream. */
    private static final List<String> SCENARIO_TYPES = List.of("scenario.NoteWritten", "scenario.ActionDisputed",
            "scenario.DisputeDismissed", "scenario.DisputeUpheld",
            // the first version stored class names
            ScenarioEvent.ActionDisputed.class.getName(), ScenarioEvent.DisputeDismissed.class.getName(),
            ScenarioEvent.DisputeUpheld.class.getName());
    private static final List<String> CAMPAIGN_TYPES = List.of("campaign.NoteWritten");

    /** A note; a dispute's reason; a ruling's words. */
    public static final String NOTE = "note";
    public static final String DISPUTE = "dispute";
    public static final String RULING = "ruling";

    private final Commands commands;
    private final EventTables tables;

    public TableTalk(Commands commands, EventTables tables) {
        this.commands = commands;
        this.tables = tables;
    }

    /**
     * One thing said: {@code kind} (note, dispute, ruling), who said it, the words as written, when and at which
     * position of its stream; {@code about} the action it is about (its id, null: none) and {@code aboutAt} that
     * action's position; {@code scenarioId} for a campaign's note about a scenario.
     */
    public record Said(String kind, String by, String text, Instant time, long at, String about, Long aboutAt,
                       String scenarioId) {

        /** "alice", "bruno disputes it", "the referee ruled: it stands". */
        public String who() {
            return switch (kind) {
                case DISPUTE -> by + " disputes it";
                case RULING -> by + " ruled";
                default -> by;
            };
        }
    }

    /** A note written: its id and the position of its event in the stream. */
    public record Written(String noteId, long at) {
    }

    /** Writes a note in a scenario ({@code actionId}: the action it is about, null: none). */
    public Written write(String scenarioId, Actor actor, String text, String actionId) {
        String noteId = ActionKey.newActionId(actor.account()); // the note is its own action
        ScenarioState after = commands.send(new ScenarioCommand.WriteNote(scenarioId, noteId, actor, text, actionId),
                actor.account(), noteId);
        return new Written(noteId, after.events() - 1);
    }

    /** Writes a note in a campaign between scenarios; {@code actor} must take part in it. */
    public Written writeInCampaign(String campaignId, Actor actor, String text, String scenarioId) {
        actor.requireParticipant();
        String noteId = UUID.randomUUID().toString();
        commands.send(new CampaignCommand.WriteNote(campaignId, noteId, actor.account(), text, scenarioId),
                actor.account(), noteId);
        Long last = tables.lastSequence(campaignId);
        return new Written(noteId, last == null ? 0 : last);
    }

    /** Everything said in a scenario, in the order of its stream. */
    public List<Said> inScenario(String scenarioId) {
        List<Said> said = new ArrayList<>();
        for (StoredEvent e : tables.eventsOfTypes(scenarioId, SCENARIO_TYPES)) {
            JsonNode p = json(e.payload());
            String type = e.payloadType();
            Instant time = Instant.parse(e.timestamp());
            if (type.endsWith("NoteWritten")) {
                said.add(new Said(NOTE, text(p, "author"), text(p, "text"), time, e.sequence(), text(p, "about"),
                        p.path("aboutAt").isNumber() ? p.path("aboutAt").asLong() : null, null));
            } else if (type.endsWith("ActionDisputed")) {
                said.add(new Said(DISPUTE, text(p, "raisedBy"), text(p, "reason"), time, e.sequence(),
                        text(p, "actionId"), p.path("actionAt").isNumber() ? p.path("actionAt").asLong() : null,
                        null));
            } else {
                boolean upheld = type.endsWith("DisputeUpheld");
                String words = (upheld ? "upheld: the action no longer counts" : "dismissed: the action stands")
                        + (p.path("ruling").isTextual() && !p.path("ruling").asText().isBlank()
                        ? " — " + p.path("ruling").asText() : "")
                        + (upheld && p.path("correction").isTextual() ? " (instead: " + p.path("correction").asText()
                        + ")" : "");
                said.add(new Said(RULING, text(p, "referee"), words, time, e.sequence(), text(p, "actionId"),
                        null, null));
            }
        }
        return said;
    }

    /** The notes written in a campaign (between its scenarios), in order. */
    public List<Said> inCampaign(String campaignId) {
        List<Said> said = new ArrayList<>();
        for (StoredEvent e : tables.eventsOfTypes(campaignId, CAMPAIGN_TYPES)) {
            JsonNode p = json(e.payload());
            said.add(new Said(NOTE, text(p, "author"), text(p, "text"), Instant.parse(e.timestamp()),
                    e.sequence(), null, null, text(p, "scenarioId")));
        }
        return said;
    }

    /** What was said about each action, by the action's id, in order. */
    public static Map<String, List<Said>> byAction(List<Said> said) {
        Map<String, List<Said>> threads = new LinkedHashMap<>();
        said.stream().filter(s -> s.about() != null)
                .forEach(s -> threads.computeIfAbsent(s.about(), k -> new ArrayList<>()).add(s));
        return threads;
    }

    private static JsonNode json(byte[] bytes) {
        try {
            return StoredJson.mapper().readTree(bytes);
        } catch (IOException e) {
            throw new IllegalStateException("a stored event could not be read", e);
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isMissingNode() || v.isNull() ? null : v.asText();
    }
}
