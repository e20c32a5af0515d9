package org.wargame.tracker.scenario.waiting;

import com.fasterxml.jackson.databind.JsonNode;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.scenario.IdNames;
import org.wargame.tracker.scenario.Scenario;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioEvent.ActionDisputed;
import org.wargame.tracker.scenario.ScenarioEvent.UndoRequested;
import org.wargame.tracker.store.RecordedEvent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What waits at one scenario, for whom: a pure function of the record (the scenario's state, its campaign's sides
 * and players, and the latest events of its stream), so that the pages, the API and the notifications all say the
 * same. The players of a side come from the campaign (the accounts playing it now); a side nobody plays waits for
 * the referee.
 */
public final class WaitingItems {

    /** How many of a stream's latest events are read to date the items and find the answers to requests. */
    public static final int RECENT = 200;

    /** The events after which it is another side's move than before (the clock moved, or was rolled back). */
    private static final Set<String> NEW_MOVE = Set.of("ScenarioStarted", "ClockAdvanced", "ActionUndone",
            "DisputeUpheld", "ScenarioReopened");

    private WaitingItems() {
    }

    /**
     * Everything that waits at {@code state}. {@code recent}: the stream's latest events in order (at most the last
     * {@link #RECENT} suffice; positions before them date an item at the first of them).
     */
    public static List<WaitingItem> of(CampaignState campaign, ScenarioState state, List<RecordedEvent> recent) {
        Recent record = new Recent(recent, state.events());
        List<WaitingItem> items = new ArrayList<>();
        String link = "/scenarios/" + state.scenarioId();
        IdNames names = IdNames.of(state.counters(), state.sides());
        if (!state.concluded()) {
            List<String> waiting = state.waitingFor();
            String decision = ScenarioService.decision(state);
            long at = record.lastOf(NEW_MOVE);
            String phase = state.phase().name() + " of Turn " + state.clock().gameTurn();
            boolean several = state.phase().severalSidesAct();
            for (String side : waiting) {
                String whose = Scenario.possessive(state.sideName(side));
                if (decision != null && side.equals(state.clock().phasingSide())) {
                    items.add(item(WaitingItem.DECISION, campaign, state, record, at, link + "#decision",
                            "The rules wait for a decision from " + "the " + state.sideName(side) + " in the "
                                    + phase + ": " + names.in(decision), players(campaign, side)));
                } else {
                    items.add(item(WaitingItem.TURN, campaign, state, record, at, link + "#clock",
                            several ? "Your move in the " + phase + " (for the " + state.sideName(side)
                                    + "): End my phase when done" : "Your move: " + whose + " " + phase,
                            players(campaign, side)));
                }
            }
            for (UndoRequested request : state.requests()) {
                long asked = record.lastWith("UndoRequested", "requestId", request.requestId());
                items.add(item(WaitingItem.UNDO, campaign, state, record, asked, link + "#undo-requests",
                        request.requestedBy() + " asks to undo an action" + reason(request.reason())
                                + ": accept or refuse", opponents(campaign, state, request.side() == null
                                ? List.of() : List.of(request.side()), request.requestedBy())));
            }
            for (ActionDisputed dispute : state.disputes()) {
                long raised = record.lastWith("ActionDisputed", "disputeId", dispute.disputeId());
                items.add(new WaitingItem(WaitingItem.DISPUTE, campaign.campaignId(), campaign.name(),
                        state.scenarioId(), state.name(), record.time(raised), link + "#disputes",
                        dispute.raisedBy() + " disputes an action" + reason(dispute.reason()) + ": rule on it",
                        raised, List.of(), true));
            }
        }
        ScenarioState.Proposal proposal = state.proposal();
        if (proposal != null) {
            long made = record.lastWith(ScenarioState.Proposal.CONCLUDE.equals(proposal.kind())
                    ? "ConclusionProposed" : "ReopeningProposed", "proposalId", proposal.proposalId());
            boolean conclude = ScenarioState.Proposal.CONCLUDE.equals(proposal.kind());
            items.add(item(WaitingItem.PROPOSAL, campaign, state, record, made, link + "#ending",
                    proposal.proposedBy() + (conclude ? " proposes to conclude the scenario: " : " proposes to "
                            + "reopen the scenario: ") + proposal.text() + "; accept or decline",
                    opponents(campaign, state, List.of(proposal.side().split(",")), proposal.proposedBy())));
        }
        items.addAll(answers(campaign, state, record, link));
        return items;
    }

    /**
     * The answers to a player's own requests among the recent events (an undo refused, a proposal declined, a
     * dispute ruled), each waiting for that player until they record anything later in the scenario.
     */
    private static List<WaitingItem> answers(CampaignState campaign, ScenarioState state, Recent record,
                                             String link) {
        List<WaitingItem> items = new ArrayList<>();
        List<RecordedEvent> events = record.events;
        for (int i = 0; i < events.size(); i++) {
            RecordedEvent e = events.get(i);
            String answer = switch (e.type()) {
                case "UndoRefused" -> "refused your undo request" + reason(text(e, "reason"));
                case "ConclusionDeclined" -> "declined your proposal to conclude" + reason(text(e, "reason"));
                case "ReopeningDeclined" -> "declined your proposal to reopen" + reason(text(e, "reason"));
                case "DisputeDismissed" -> "ruled that the action you disputed stands" + reason(text(e, "ruling"));
                case "DisputeUpheld" -> "upheld your dispute" + reason(text(e, "ruling"));
                default -> null;
            };
            if (answer == null) {
                continue;
            }
            String asker = asker(events.subList(0, i), e);
            if (asker == null || asker.equals(e.account())) {
                continue; // the request is older than the events read, or withdrawn by its own player
            }
            boolean since = events.subList(i + 1, events.size()).stream().anyMatch(l -> asker.equals(l.account()));
            if (!since) {
                String by = e.account() == null ? "The referee" : e.account();
                items.add(new WaitingItem(WaitingItem.ANSWER, campaign.campaignId(), campaign.name(),
                        state.scenarioId(), state.name(), e.timestamp(), link + "#happened", by + " " + answer,
                        e.sequence(), List.of(asker), false));
            }
        }
        return items;
    }

    /** Who made the request {@code answer} answers, from the events before it (null: not among them). */
    private static String asker(List<RecordedEvent> before, RecordedEvent answer) {
        String[] ref = switch (answer.type()) {
            case "UndoRefused" -> new String[] {"UndoRequested", "requestId", "requestedBy"};
            case "ConclusionDeclined" -> new String[] {"ConclusionProposed", "proposalId", "proposedBy"};
            case "ReopeningDeclined" -> new String[] {"ReopeningProposed", "proposalId", "proposedBy"};
            default -> new String[] {"ActionDisputed", "disputeId", "raisedBy"};
        };
        String id = text(answer, ref[1]);
        for (int i = before.size() - 1; i >= 0; i--) {
            RecordedEvent e = before.get(i);
            if (e.type().equals(ref[0]) && id != null && id.equals(text(e, ref[1]))) {
                return text(e, ref[2]);
            }
        }
        return null;
    }

    private static WaitingItem item(String kind, CampaignState campaign, ScenarioState state, Recent record, long at,
                                    String link, String words, List<String> accounts) {
        return new WaitingItem(kind, campaign.campaignId(), campaign.name(), state.scenarioId(), state.name(),
                record.time(at), link, words, at, accounts, accounts.isEmpty());
    }

    /** The accounts playing {@code side} in the campaign now (none: the referee answers for it). */
    static List<String> players(CampaignState campaign, String side) {
        Side found = campaign.sides().stream().filter(s -> s.id().equals(side)).findFirst().orElse(null);
        return found == null ? List.of() : found.players();
    }

    /** The players of the scenario's other sides than {@code sides}, but not {@code asker} (another person). */
    private static List<String> opponents(CampaignState campaign, ScenarioState state, List<String> sides,
                                          String asker) {
        List<String> accounts = new ArrayList<>();
        for (String side : state.sideOrder()) {
            if (!sides.contains(side)) {
                players(campaign, side).stream().filter(p -> !p.equals(asker) && !accounts.contains(p))
                        .forEach(accounts::add);
            }
        }
        return accounts;
    }

    private static String reason(String reason) {
        return reason == null || reason.isBlank() ? "" : " (\"" + reason + "\")";
    }

    private static String text(RecordedEvent e, String field) {
        JsonNode value = e.payload() == null ? null : e.payload().get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    /** The latest events of a stream, to date items by. */
    private record Recent(List<RecordedEvent> events, long count) {

        /** The position of the latest event of one of {@code types}, or of the first event read. */
        long lastOf(Set<String> types) {
            for (int i = events.size() - 1; i >= 0; i--) {
                if (types.contains(events.get(i).type())) {
                    return events.get(i).sequence();
                }
            }
            return first();
        }

        /** The position of the latest {@code type} whose {@code field} is {@code id}, or of the first event read. */
        long lastWith(String type, String field, String id) {
            for (int i = events.size() - 1; i >= 0; i--) {
                RecordedEvent e = events.get(i);
                if (e.type().equals(type) && id.equals(text(e, field))) {
                    return e.sequence();
                }
            }
            return first();
        }

        long first() {
            return events.isEmpty() ? Math.max(0, count - 1) : events.get(0).sequence();
        }

        Instant time(long at) {
            for (RecordedEvent e : events) {
                if (e.sequence() == at) {
                    return e.timestamp();
                }
            }
            return events.isEmpty() ? null : events.get(0).timestamp();
        }
    }
}
