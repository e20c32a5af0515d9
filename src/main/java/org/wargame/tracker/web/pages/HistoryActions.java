package org.wargame.tracker.web.pages;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import org.springframework.stereotype.Component;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.scenario.HistoryRequests;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioService.ActionResult;

import java.util.List;
import java.util.Map;

/**
 * Undo, consent, disputes and rulings for the pages: sent through the same {@link HistoryRequests} as the REST API's,
 * so {@code UndoPolicy} decides for both; this adds the page's checks and its notices in plain words.
 */
@Component
class HistoryActions {

    private final HistoryRequests history;
    private final org.wargame.tracker.scenario.TableTalk talk;

    HistoryActions(HistoryRequests history, org.wargame.tracker.scenario.TableTalk talk) {
        this.history = history;
        this.talk = talk;
    }

    /** A note of table talk, about the action chosen in the form ({@code about}; blank: none). */
    public Done note(String scenarioId, Actor actor, String text, String about) {
        org.wargame.tracker.scenario.TableTalk.Written written = talk.write(scenarioId, actor, text,
                blankToNull(about));
        return new Done("noted", "Note written: it is in the record now, for good (a correction is a new note).",
                new ActionResult(written.noteId(), written.at(), null));
    }

    /** What was said about each action of the scenario (notes, disputes, rulings), by the action's id. */
    public Map<String, List<org.wargame.tracker.scenario.TableTalk.Said>> threads(String scenarioId) {
        return org.wargame.tracker.scenario.TableTalk.byAction(talk.inScenario(scenarioId));
    }

    /** What came of it: the notice to show in plain words, and the events it stored from {@code firstEvent} on. */
    public record Done(String outcome, String notice, ActionResult result) {
    }

    /** Undoes the action the page showed ({@code actionId}), on the version it showed. */
    public Done undo(String scenarioId, Actor actor, String actionId, String reason, Long expectedVersion) {
        if (actionId == null || actionId.isBlank()) {
            throw new FieldRefused("actionId", "the page must name the action it undoes; reload the page");
        }
        HistoryRequests.Outcome done = history.undo(scenarioId, actor, actionId, blankToNull(reason),
                expectedVersion);
        return new Done(done.pending() ? "requested" : "undone", done.pending()
                ? "Request sent, waiting for the opponent's consent: a die decided that action."
                : "Undone at once: the scenario is as it was before that action.", result(done));
    }

    public Done accept(String scenarioId, Actor actor, String requestId) {
        return new Done("undone", "Consent given: the action is undone.",
                result(history.accept(scenarioId, actor, requestId)));
    }

    public Done refuse(String scenarioId, Actor actor, String requestId, String reason) {
        return new Done("refused", "Undo refused: the action stands.",
                result(history.refuse(scenarioId, actor, requestId, blankToNull(reason))));
    }

    /** Whether a concluded scenario's page still offers "Dispute" (within the campaign's period, issue 26). */
    boolean disputableAfterTheEnd(org.wargame.tracker.scenario.ScenarioState state) {
        return history.disputableAfterTheEnd(state);
    }

    public Done dispute(String scenarioId, Actor actor, String actionId, String reason) {
        return new Done("disputed", "Dispute raised: the referee will rule on it.",
                result(history.dispute(scenarioId, actor, actionId, reason)));
    }

    public Done resolve(String scenarioId, Actor actor, String disputeId, String upheld, String ruling, String rule,
                        String correction, String corrected) {
        return resolve(scenarioId, actor, disputeId, upheld, ruling, rule, correction, corrected, null);
    }

    /**
     * {@code correctedForm}: the correction filled in the disputed action's own form (null: none changed); a
     * {@code corrected} JSON object, when posted, is read instead.
     */
    public Done resolve(String scenarioId, Actor actor, String disputeId, String upheld, String ruling, String rule,
                        String correction, String corrected, Map<String, Object> correctedForm) {
        if (!"true".equals(upheld) && !"false".equals(upheld)) {
            throw new FieldRefused("upheld", "Uphold (roll back to before the action) or Dismiss (it stands)");
        }
        boolean up = Boolean.parseBoolean(upheld);
        HistoryRequests.Outcome done = history.resolve(scenarioId, actor, disputeId, up, ruling, blankToNull(rule),
                blankToNull(correction), corrected != null && !corrected.isBlank() ? correctedRequest(corrected)
                        : correctedForm);
        return new Done(up ? "upheld" : "dismissed", up
                ? "Dispute upheld: the scenario is rolled back to before the action, the correction taken and "
                        + "the later actions replayed with their dice."
                : "Dispute dismissed: the action stands.", result(done));
    }

    private static ActionResult result(HistoryRequests.Outcome done) {
        return new ActionResult(null, done.firstEvent(), done.after());
    }

    /** The corrected request typed on the page: a JSON object, or blank for none. */
    private static Map<String, Object> correctedRequest(String json) {
        if (json == null || json.isBlank()) {
            return null;
        }
        try {
            // read strictly like an API body (a key twice, a null refused); the schema check follows in the ruling
            return RequestJson.json().readValue(json, new TypeReference<Map<String, Object>>() { });
        } catch (JsonProcessingException e) {
            throw new FieldRefused("corrected", "a JSON object with all the action's fields, as the box shows "
                    + "them for the disputed action");
        }
    }

    /**
     * The disputed action's request as the referee's correction starts from: its fields as JSON (no {@code type}:
     * a correction keeps it), or null for a clock advance, which has none to correct.
     */
    public static String requestToCorrect(ScenarioLog.TakenAction taken) {
        if (taken == null || taken.clock() || taken.request() == null) {
            return null;
        }
        Map<String, Object> fields = new java.util.LinkedHashMap<>(taken.request());
        fields.remove("type");
        try {
            return RequestJson.json().writeValueAsString(fields);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** Who may answer a pending request: the referee, or a player of another side than the action's. */
    public static boolean mayAnswer(Actor actor, UndoRequested request) {
        if (actor.referee()) {
            return true;
        }
        boolean otherPerson = !actor.account().equals(request.requestedBy());
        boolean otherSide = request.side() == null || actor.sides().stream().anyMatch(s -> !s.equals(request.side()));
        return otherPerson && otherSide;
    }

    /** An action in force, in words. */
    public static String describe(ScenarioLog.TakenAction checkpoint) {
        return describe(checkpoint, org.wargame.tracker.scenario.IdNames.NONE);
    }

    /**
     * An action in force in the players' words, numbered as its first event ("#54 Casualty: Counter "squad" Mule 1,
     * Result casualty reduction; dice rolled"): its fields labelled, ids as names, closed-list values as words.
     */
    public static String describe(ScenarioLog.TakenAction checkpoint, org.wargame.tracker.scenario.IdNames names) {
        if (checkpoint == null) {
            return null;
        }
        String number = "#" + checkpoint.at() + " ";
        if (checkpoint.clock()) {
            return number + "Clock advance" + (checkpoint.diced() ? "; dice rolled" : "");
        }
        StringBuilder words = new StringBuilder(number).append(EventLine.actionWords(checkpoint.type()));
        Map<String, Object> request = checkpoint.request();
        if (request != null) {
            List<String> parts = request.entrySet().stream().filter(e -> !"type".equals(e.getKey())
                            && e.getValue() != null && !Boolean.FALSE.equals(e.getValue()))
                    .map(e -> StateWords.label(e.getKey()) + (Boolean.TRUE.equals(e.getValue()) ? ""
                            : " " + StateWords.valueWords(e.getValue(), names))).toList();
            if (!parts.isEmpty()) {
                words.append(": ").append(String.join(", ", parts));
            }
        }
        return words.append(checkpoint.diced() ? "; dice rolled" : "").toString();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
