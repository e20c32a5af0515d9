package org.wargame.tracker.web.api;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.HistoryRequests;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.store.EventChain;

import java.util.List;
import java.util.Map;

/**
 * Undo, consent to undo, disputes and the referee's rulings, sent through {@link HistoryRequests} (see
 * {@code UndoPolicy} for who may do what).
 */
@RestController
class UndoController {

    private final HistoryRequests history;
    private final ScenarioViews scenarios;
    private final Participants participants;
    private final EventChain chain;

    UndoController(HistoryRequests history, ScenarioViews scenarios, Participants participants,
                          EventChain chain) {
        this.chain = chain;
        this.history = history;
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
        UndoBody b = body == null ? new UndoBody(null, null, null) : body;
        Long expected = Versions.expected(ifMatch, b.expectedVersion());
        HistoryRequests.Outcome done = history.undo(scenarioId, actor(scenarioId, auth), b.actionId(), b.reason(),
                expected);
        return new HistoryResponse(done.pending() ? "requested" : "undone", done.pending() ? done.id() : null,
                ScenarioView.of(done.after()), chain.head(scenarioId));
    }

    @GetMapping("/api/scenarios/{scenarioId}/undo-requests")
    public List<ScenarioEvent.UndoRequested> requests(@PathVariable String scenarioId, Authentication auth) {
        actor(scenarioId, auth);
        return scenarios.state(scenarioId).requests();
    }

    @PostMapping("/api/scenarios/{scenarioId}/undo-requests/{requestId}/accept")
    public HistoryResponse accept(@PathVariable String scenarioId, @PathVariable String requestId,
                                  Authentication auth) {
        return answer("undone", scenarioId, history.accept(scenarioId, actor(scenarioId, auth), requestId));
    }

    @PostMapping("/api/scenarios/{scenarioId}/undo-requests/{requestId}/refuse")
    public HistoryResponse refuse(@PathVariable String scenarioId, @PathVariable String requestId,
                                  @RequestBody(required = false) ReasonBody body, Authentication auth) {
        return answer("refused", scenarioId, history.refuse(scenarioId, actor(scenarioId, auth), requestId,
                body == null ? null : body.reason()));
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
        return answer("disputed", scenarioId, history.dispute(scenarioId, actor(scenarioId, auth), body.actionId(),
                body.reason()));
    }

    @PostMapping("/api/scenarios/{scenarioId}/disputes/{disputeId}/resolve")
    public HistoryResponse resolve(@PathVariable String scenarioId, @PathVariable String disputeId,
                                   @RequestBody ResolveBody body, Authentication auth) {
        if (body.upheld() == null) {
            throw new org.wargame.tracker.refusal.FieldRefused("upheld", "true (roll back to before the action) or false (it stands)");
        }
        return answer(body.upheld() ? "upheld" : "dismissed", scenarioId, history.resolve(scenarioId,
                actor(scenarioId, auth), disputeId, body.upheld(), body.ruling(), body.rule(), body.correction(),
                body.corrected()));
    }

    private HistoryResponse answer(String outcome, String scenarioId, HistoryRequests.Outcome done) {
        return new HistoryResponse(outcome, done.id(), ScenarioView.of(done.after()), chain.head(scenarioId));
    }

    private Actor actor(String scenarioId, Authentication auth) {
        return participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
    }
}
