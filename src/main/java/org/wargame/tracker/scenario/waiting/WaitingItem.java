package org.wargame.tracker.scenario.waiting;

import com.fasterxml.jackson.annotation.JsonIgnore;

import java.time.Instant;
import java.util.List;

/**
 * One thing that waits for somebody at a scenario: whose move it is, a decision the rules wait for, an undo request
 * or a proposal to answer, a dispute to rule, an answer to one's own request. Computed from the record alone
 * ({@link WaitingItems}); nothing about it is stored.
 * <p>
 * {@code kind}: one of {@link #KINDS}; {@code since}: when it started waiting (the time of the event at
 * {@code at}, the scenario stream's position of the event that made it wait); {@code link}: the page and place
 * that answers it; {@code words}: what waits, in the players' language. {@code accounts}: the players it waits for;
 * {@code referee}: whether it waits for the referee (a dispute, a side nobody plays). {@code key} is stable while it
 * waits: the same item computed again has the same key, a new one (the next turn, another request) another key.
 * An item "started waiting" with an action when its {@code at} is at or after the action's first event.
 */
public record WaitingItem(String kind, String campaignId, String campaign, String scenarioId, String scenario,
                          Instant since, String link, String words, @JsonIgnore long at,
                          @JsonIgnore List<String> accounts, @JsonIgnore boolean referee) {

    /** Its side's turn or phase to act. */
    public static final String TURN = "turn";
    /** A decision the rules wait for from its side before the clock moves on. */
    public static final String DECISION = "decision";
    /** An undo request of the other side to accept or refuse. */
    public static final String UNDO = "undo";
    /** A proposal of the other side to conclude or to reopen the scenario, to accept or decline. */
    public static final String PROPOSAL = "proposal";
    /** A dispute for the referee to rule on. */
    public static final String DISPUTE = "dispute";
    /** The answer to one's own request (refused, declined, ruled), until one acts again in the scenario. */
    public static final String ANSWER = "answer";
    public static final List<String> KINDS = List.of(TURN, DECISION, UNDO, PROPOSAL, DISPUTE, ANSWER);

    public WaitingItem {
        accounts = accounts == null ? List.of() : List.copyOf(accounts);
    }

    /** Stable while it waits (see above); the same for every account it waits for. */
    public String key() {
        return kind + ":" + scenarioId + ":" + at;
    }

    /** Whether it waits for {@code account} ({@code isReferee}: the account is the referee). */
    public boolean waitsFor(String account, boolean isReferee) {
        return accounts.contains(account) || referee && isReferee;
    }

    /** Whether it started waiting with the action whose first event is at {@code firstEvent} (or later). */
    public boolean startedAtOrAfter(long firstEvent) {
        return at >= firstEvent;
    }
}
