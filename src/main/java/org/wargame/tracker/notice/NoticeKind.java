package org.wargame.tracker.notice;

import java.util.Arrays;
import java.util.List;

/**
 * What a notice is about: its stable name (in webhook payloads, the configuration and the API) and its words on the
 * referee's form.
 */
public enum NoticeKind {
    SCENARIO_STARTED("scenario-started", "a scenario starts"),
    SCENARIO_CONCLUDED("scenario-concluded", "a scenario ends"),
    TURN("turn", "a side's Player Turn begins"),
    UNDO_REQUESTED("undo-requested", "an undo waits for the opponent's consent"),
    DISPUTE_RAISED("dispute-raised", "a dispute waits for the referee's ruling"),
    CONCLUSION_PROPOSED("conclusion-proposed", "a proposal to end a scenario waits for an answer"),
    REOPENING_PROPOSED("reopening-proposed", "a proposal to reopen a scenario waits for an answer");

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
