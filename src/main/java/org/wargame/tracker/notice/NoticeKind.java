package org.wargame.tracker.notice;

import java.util.Arrays;
import java.util.List;

/**
 * What a notice is about: its stable name (in webhook payloads, the configuration and the API) and its words on the
 * referee's form. The names of what waits are those of the waiting list ({@code GET /api/me/waiting},
 * {@link org.wargame.tracker.scenario.waiting.WaitingItem#KINDS}), whose items they are.
 */
public enum NoticeKind {
    SCENARIO_STARTED("scenario-started", "a scenario starts"),
    SCENARIO_CONCLUDED("scenario-concluded", "a scenario ends"),
    TURN("turn", "a side's move (its phase) begins"),
    DECISION("decision", "the rules wait for a side's decision"),
    UNDO("undo", "an undo waits for the opponent's consent"),
    PROPOSAL("proposal", "a proposal to end or reopen a scenario waits for an answer"),
    DISPUTE("dispute", "a dispute waits for the referee's ruling"),
    ANSWER("answer", "a player's request was answered");

    private final String code;
    private final String words;

    NoticeKind(String code, String words) {
        this.code = code;
        this.words = words;
    }

    public String code() {
        return code;
    }

    public String words() {
        return words;
    }

    /** The kind named {@code code}, or null. */
    public static NoticeKind of(String code) {
        return Arrays.stream(values()).filter(k -> k.code.equals(code)).findFirst().orElse(null);
    }

    public static List<String> codes() {
        return Arrays.stream(values()).map(NoticeKind::code).toList();
    }
}
