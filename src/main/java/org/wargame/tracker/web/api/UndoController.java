package org.wargame.tracker.web.api;

import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.RequestHeader;
import org.wargame.tracker.store.EventChain;

import org.wargame.tracker.scenario.HistoryCommand;
import org.wargame.tracker.store.Commands;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.HistoryCommand.AcceptUndo;
import org.wargame.tracker.scenario.HistoryCommand.Dispute;
import org.wargame.tracker.scenario.HistoryCommand.RefuseUndo;
import org.wargame.tracker.scenario.HistoryCommand.Resolve;
import org.wargame.tracker.scenario.HistoryCommand.Undo;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;

import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Undo, consent to undo, disputes and the referee's rulings (see {@link UndoPolicy} for who may do what). */
@RestController
public class UndoController {

    private final Commands commands;
    private final ScenarioViews scenarios;
    private final Participants participants;
    private final EventChain chain;

    public UndoController(Commands commands, ScenarioViews scenarios, Participants participants, EventChain chain) {
        this.chain = chain;
        this.commands = commands;
        this.scenarios = scenarios;
        this.participants = participants;
    }

    /** {@code actionId}: the action to undo (any in force; none: your last one); {@code expectedVersion}: see ETag. */
    public record UndoBody(String actionId, String reason, Long expectedVersion) {
    }

    public record ReasonBody(String reason) {
    }

    public record DisputeBody(String actionId, String reason) {
    }

    /** {@code corrected}: the disputed action's request as the ruling corrects it (an upheld ruling only). */
    public record ResolveBody(Boolean upheld, String ruling, String rule, String correction,
                              Map<String, Object> corrected) {
    }

    /**
     * {@code outcome}: "undone" (the scenario is as before the action) or "requested" (waiting for consent, under
     * {@code requestId}); {@code id} is the request's or the dispute's id where there is one.
     */
    public record HistoryResponse(String outcome, String id, ScenarioView scenario, EventChain.Receipt receipt) {
    }

    @PostMapping("/api/scenarios/{scenarioId}/undo")
    public HistoryResponse undo(@PathVariable String scenarioId, @RequestBody(required = false) UndoBody body,
                                @RequestHeader(value = HttpHeaders.IF_MATCH, required = false) String ifMatch,
                                Authentication auth) {
        String requestId = UUID.randomUUID().toString();
        UndoBody b = body == null ? new UndoBody(null, null, null) : body;
        ScenarioState after = send(scenarioId, auth, new Undo(requestId, b.actionId(), b.reason()),
                Versions.expected(ifMatch, b.expectedVersion()));
        boolean pending = after.requests().stream().anyMatch(r -> r.requestId().equals(requestId));
        return new HistoryResponse(pending ? "requested" : "undone", pending ? requestId : null,
                ScenarioView.of(after), chain.head(scenarioId));
    }

    @GetMapping("/api/scenarios/{scenarioId}/undo-requests")
    public List<ScenarioEvent.UndoRequested> requests(@PathVariable String scenarioId, Authentication auth) {
        actor(scenarioId, auth);
        return scenarios.state(scenarioId).requests();
    }

    @PostMapping("/api/scenarios/{scenarioId}/undo-requests/{requestId}/accept")
    public HistoryResponse accept(@PathVariable String scenarioId, @PathVariable String requestId,
                                  Authentication auth) {
        return answer("undone", requestId, scenarioId, send(scenarioId, auth, new AcceptUndo(requestId)));
    }

    @PostMapping("/api/scenarios/{scenarioId}/undo-requests/{requestId}/refuse")
    public HistoryResponse refuse(@PathVariable String scenarioId, @PathVariable String requestId,
                                  @RequestBody(required = false) ReasonBody body, Authentication auth) {
        return answer("refused", requestId, scenarioId, send(scenarioId, auth,
                new RefuseUndo(requestId, body == null ? null : body.reason())));
    }

    @GetMapping("/api/scenarios/{scenarioId}/disputes")
    public List<ScenarioEvent.ActionDisputed> disputes(@PathVariable String scenarioId, Authentication auth) {
        actor(scenarioId, auth);
        return scenarios.state(scenarioId).disputes();
    }

    @PostMapping("/api/scenarios/{scenarioId}/disputes")
    @ResponseStatus(HttpStatus.CREATED)
    public HistoryResponse dispute(@PathVariable String scenarioId, @RequestBody DisputeBody body,
                                   Authentication auth) {
        String disputeId = UUID.randomUUID().toString();
        return answer("disputed", disputeId, scenarioId, send(scenarioId, auth,
                new Dispute(disputeId, body.actionId(), body.reason())));
    }

    @PostMapping("/api/scenarios/{scenarioId}/disputes/{disputeId}/resolve")
    public HistoryResponse resolve(@PathVariable String scenarioId, @PathVariable String disputeId,
                                   @RequestBody ResolveBody body, Authentication auth) {
        if (body.upheld() == null) {
            throw new org.wargame.tracker.refusal.FieldRefused("upheld", "true (roll back to before the action) or false (it stands)");
        }
        return answer(body.upheld() ? "upheld" : "dismissed", disputeId, scenarioId, send(scenarioId,
                auth, new Resolve(disputeId, body.upheld(), body.ruling(), body.rule(), body.correction(),
                body.corrected())));
    }

    private ScenarioState send(String scenarioId, Authentication auth, HistoryCommand.Request request) {
        return send(scenarioId, auth, request, null);
    }

    private ScenarioState send(String scenarioId, Authentication auth, HistoryCommand.Request request,
                               Long expectedVersion) {
        Actor actor = actor(scenarioId, auth);
        return commands.send(new HistoryCommand(scenarioId, actor, request, expectedVersion), actor.account(), null);
    }

    private HistoryResponse answer(String outcome, String id, String scenarioId, ScenarioState after) {
        return new HistoryResponse(outcome, id, ScenarioView.of(after), chain.head(scenarioId));
    }

    private Actor actor(String scenarioId, Authentication auth) {
        return participants.actor(auth, scenarios.campaignOf(scenarioId));
    }
}
