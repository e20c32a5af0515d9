package org.wargame.tracker.web.pages;

import com.fasterxml.jackson.databind.JsonNode;
import org.wargame.tracker.store.RecordedEvent;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One stored event in plain words for the pages: what happened, the rule section when the event names one, the
 * details of its payload and the dice rolled for it. Generic over rule sets: it reads the JSON payload.
 */
public record EventLine(long sequence, String type, String title, String section, List<String> details,
                        List<String> dice, String account, String side, String actionId) {

    public static EventLine of(RecordedEvent e) {
        JsonNode p = e.payload();
        List<String> details = new ArrayList<>();
        List<String> dice = new ArrayList<>();
        String title = words(e.type());
        switch (e.type()) {
            case "ScenarioStarted" -> {
                title = "Scenario started: " + p.path("name").asText();
                details.add(setUp(p.path("counters")) + ", " + p.path("turnLimit").asInt() + " Game Turns");
                details.add("clock at " + clock(p.path("clock")));
            }
            case "ActionTaken" -> {
                title = "Action: " + actionWords(p.path("type").asText());
                p.path("request").fields().forEachRemaining(f -> {
                    if (f.getKey().equals("seal")) { // the tracker's reference to the sealed part, not a player's
                        details.add("sealed: a choice of this action (its commitment is in the record)");
                    } else if (!f.getKey().equals("type") && !machineId(f.getKey(), f.getValue())) {
                        details.add(StateWords.label(f.getKey()) + ": " + text(f.getValue()));
                    }
                });
            }
            // hidden information (issue 27): the commitment for everybody, the content only in the reveal
            case "ChoiceSealed" -> {
                title = "Sealed: " + p.path("side").asText() + " sealed a choice (" + p.path("label").asText() + ")";
                details.add("commitment " + p.path("commitment").asText().substring(0,
                        Math.min(16, p.path("commitment").asText().length())) + "… (the content stays sealed until "
                        + "it is revealed)");
            }
            case "ChoiceRevealed" -> {
                title = "Revealed: " + p.path("content").asText();
                details.add("by " + p.path("revealedBy").asText() + "; it matches the commitment sealed before");
            }
            case "ClockAdvanced" -> {
                title = "Clock advanced to " + clock(p.path("to"));
                details.add("from " + clock(p.path("from")));
                // what the players confirmed they left behind (issue 20): the record says so on every page
                p.path("left").forEach(l -> details.add("left behind: " + l.asText()));
            }
            case "ScenarioConcluded" -> {
                title = "Scenario concluded" + (p.path("result").isTextual() ? ": " + p.path("result").asText() : "");
                details.add(p.path("outcomes").size() + " counters handed back to the roster");
            }
            // the end of a scenario by agreement: who proposed or answered, the result or reason; no ids
            case "ConclusionProposed" -> {
                title = "Proposed to conclude: " + p.path("result").asText();
                details.add("by " + p.path("proposedBy").asText());
            }
            case "ConclusionAccepted", "ConclusionWithdrawn" -> details.add("by " + p.path(
                    e.type().equals("ConclusionAccepted") ? "acceptedBy" : "withdrawnBy").asText());
            case "ConclusionDeclined", "ReopeningDeclined" -> {
                details.add("by " + p.path("declinedBy").asText());
                if (p.path("reason").isTextual()) {
                    details.add("why: " + p.path("reason").asText());
                }
            }
            case "ReopeningProposed", "ScenarioReopened" -> {
                title = e.type().equals("ScenarioReopened") ? "Scenario reopened" : "Proposed to reopen the scenario";
                details.add("by " + p.path(e.type().equals("ScenarioReopened") ? "reopenedBy" : "proposedBy")
                        .asText() + (p.path("proposedBy").isTextual() && e.type().equals("ScenarioReopened")
                        ? ", as " + p.path("proposedBy").asText() + " proposed" : ""));
                if (p.path("reason").isTextual()) {
                    details.add("why: " + p.path("reason").asText());
                }
            }
            // table talk (a scenario's or a campaign's note): who wrote it and the words as written, no ids
            case "NoteWritten" -> {
                title = "Note by " + p.path("author").asText();
                details.add(StateWords.label("text") + ": " + p.path("text").asText());
                if (p.path("aboutAt").isNumber()) {
                    details.add("about #" + p.path("aboutAt").asLong());
                }
            }
            // the step between scenarios and rulings after the end (issue 26): the die, the result, what changed
            case "BetweenScenariosRolled" -> {
                title = "Roll between scenarios for " + p.path("counterId").asText();
                details.add("result: " + p.path("result").asText());
                if (p.path("struckOff").asBoolean()) {
                    details.add("struck off the roster");
                }
                JsonNode roll = p.path("roll");
                dice.add(roll.path("kind").asText() + " " + text(roll.path("values")) + " ("
                        + roll.path("source").asText() + ", " + roll.path("purpose").asText() + ")");
            }
            case "HandBackRevised" -> {
                title = "Hand-back revised by a ruling";
                details.add(StateWords.label("ruling") + ": " + p.path("ruling").asText());
                p.path("changes").forEach(c -> details.add(c.asText()));
            }
            default -> p.fields().forEachRemaining(f -> {
                if (!f.getKey().equals("section") && !f.getKey().equals("dice") && !f.getValue().isNull()
                        && !machineId(f.getKey(), f.getValue())) {
                    details.add((f.getKey().equals("actionId") ? "Action" : StateWords.label(f.getKey())) + ": "
                            + text(f.getValue()));
                }
            });
        }
        for (JsonNode roll : p.path("dice")) {
            dice.add(roll.path("kind").asText() + " " + text(roll.path("values")) + " ("
                    + roll.path("source").asText() + (roll.path("purpose").isTextual()
                    ? ", " + roll.path("purpose").asText() : "") + ")");
        }
        String section = e.section() != null ? e.section()
                : p.path("section").isValueNode() ? p.path("section").asText()
                : p.path("rule").isValueNode() ? p.path("rule").asText() : null;
        return new EventLine(e.sequence(), e.type(), title, section, details, dice, e.account(), e.side(),
                e.actionId());
    }

    /**
     * The same line with counters' ids written as their names ("br-crew-1" as "British Infantry crew") and sides' ids
     * as their names, where the page knows them.
     */
    public EventLine named(Map<String, String> names) {
        return names.isEmpty() ? this : named(new org.wargame.tracker.scenario.IdNames(names));
    }

    /** The same with the names made once for a whole page (an audit names thousands of lines). */
    public EventLine named(org.wargame.tracker.scenario.IdNames names) {
        if (names.byId().isEmpty()) {
            return this;
        }
        return new EventLine(sequence, type, names.in(title), section,
                details.stream().map(d -> ownWords(d) ? d : closedWords(UUID.matcher(names.in(d))
                        .replaceAll("an earlier action"))).toList(),
                dice.stream().map(names::in).toList(), account, side, actionId);
    }

    /** A value of a closed list as stored: "casualty-reduction", "LITTER_CASE". */
    private static final java.util.regex.Pattern KEBAB = java.util.regex.Pattern.compile(
            "(?<=: |, )[a-z]+(?:-[a-z]+)+(?=$|[,;)])");
    private static final java.util.regex.Pattern SNAKE = java.util.regex.Pattern.compile(
            "\\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\\b");

    /** Closed-list values, once ids are names, as words: "Result: casualty reduction", "Wound: litter case". */
    static String closedWords(String detail) {
        String spaced = KEBAB.matcher(detail).replaceAll(m -> m.group().replace('-', ' '));
        return SNAKE.matcher(spaced).replaceAll(m -> m.group().replace('_', ' ').toLowerCase(java.util.Locale.ROOT));
    }

    /** An enum's constant as stored ("PENDING", "LITTER_CASE") in words; any other text as it is. */
    static String upperWords(String text) {
        return text.matches("[A-Z][A-Z0-9]*(_[A-Z0-9]+)+|[A-Z]{4,}")
                ? text.replace('_', ' ').toLowerCase(java.util.Locale.ROOT) : text;
    }

    /** A UUID (a dispute's, a request's, a scenario's own id). */
    private static final java.util.regex.Pattern UUID = java.util.regex.Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    /**
     * A field only machines read: the campaign's or scenario's own id, or one a UUID names (a dispute, a request). An
     * action's id stays: {@link #named} writes it as the action's number ("#54") where the page knows it.
     */
    private static boolean machineId(String key, JsonNode value) {
        if (key.equals("campaignId") || key.equals("scenarioId")) {
            return true;
        }
        if (key.equals("actionId") || key.equals("actionIds")) {
            return false;
        }
        return value.isTextual() && UUID.matcher(value.asText()).matches()
                || value.isArray() && !value.isEmpty() && value.get(0).isTextual()
                && UUID.matcher(value.get(0).asText()).matches();
    }

    /** The payload fields a player or the referee wrote in their own words: shown as written, never renamed. */
    private static final List<String> OWN_WORDS = List.of("reason", "ruling", "text");

    /** A detail quoting a player's own words ("Reason: let us roll again" must not read "let U.S. roll again"). */
    private static boolean ownWords(String detail) {
        return OWN_WORDS.stream().anyMatch(key -> detail.startsWith(StateWords.label(key) + ": "));
    }

    /** "4 counters set up (british 3, axis 1)": by side, in the order the file lists them (named by {@link #named}). */
    static String setUp(JsonNode counters) {
        Map<String, Integer> bySide = new java.util.LinkedHashMap<>();
        counters.forEach(c -> bySide.merge(c.path("side").asText("no side"), 1, Integer::sum));
        int all = counters.size();
        return all + (all == 1 ? " counter" : " counters") + " set up" + (bySide.isEmpty() ? "" : " ("
                + String.join(", ", bySide.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList())
                + ")");
    }

    /** A clock as stored in an event, in the words of {@link org.wargame.tracker.rules.GameClock#label()}. */
    static String clock(JsonNode c) {
        if (c == null || c.isMissingNode() || c.isNull()) {
            return "?";
        }
        boolean all = c.path("playerTurn").asInt() == org.wargame.tracker.rules.PhaseSequence.ALL_SIDES;
        return "Turn " + c.path("gameTurn").asInt() + ", " + (all ? "all sides (" + c.path("phasingSide").asText()
                + " moves first)" : "Player Turn " + c.path("playerTurn").asInt() + " ("
                + c.path("phasingSide").asText() + ")") + ", " + c.path("phase").asText()
                + (c.path("step").isTextual() ? " Step " + c.path("step").asText() : "");
    }

    private static String text(JsonNode v) {
        if (v.isTextual()) {
            return upperWords(v.asText());
        }
        if (v.isValueNode()) {
            return v.asText();
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(x -> parts.add(text(x)));
            return String.join(", ", parts);
        }
        // a nested object in words (no raw map): "Direction UNPACKING, Length 3...", nothing null or false
        if (v.has("kind") && v.has("values")) {
            return v.path("kind").asText() + " " + text(v.path("values"));
        }
        List<String> parts = new ArrayList<>();
        Iterator<Map.Entry<String, JsonNode>> it = v.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode x = f.getValue();
            if (x.isNull() || x.isBoolean() && !x.asBoolean() || x.isContainerNode() && x.isEmpty()) {
                continue;
            }
            parts.add(StateWords.label(f.getKey()) + (x.isBoolean() ? "" : " " + text(x)));
        }
        return String.join("; ", parts);
    }

    /** An action's type as the rules name it: "become-pack-ti" to "Become Pack-TI", "mortar-fire" to "Mortar fire". */
    static String actionWords(String type) {
        String spaced = type.replace('-', ' ').replace("pack ti", "Pack-TI");
        return spaced.isEmpty() ? type : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }

    /** "CounterBecamePackTi" to "Counter became pack ti". */
    static String words(String type) {
        String spaced = type.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase().replace("pack ti", "Pack-TI");
        return spaced.isEmpty() ? type : Character.toUpperCase(spaced.charAt(0)) + spaced.substring(1);
    }
}
