package org.wargame.tracker.web.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.ScenarioService;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.scenario.ScenarioView;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.scenario.SealedSecrets;
import org.wargame.tracker.scenario.StartScenarioRequest;
import org.wargame.tracker.scenario.Visibility;
import org.wargame.tracker.store.ActionKey;
import org.wargame.tracker.store.EventChain;
import org.wargame.tracker.store.EventHistory;
import org.wargame.tracker.store.RecordedEvent;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Scenarios: start one from a campaign, read it, take actions, advance the clock, conclude it, read its events. */
@RestController
@RequestMapping("/api")
class ScenarioController {

    private final ScenarioService service;
    private final ScenarioViews views;
    private final Participants participants;
    private final EventHistory history;
    private final EventChain chain;
    private final EventPages pages;
    private final SealedSecrets secrets;
    private final org.wargame.tracker.scenario.ScenarioRecord record;
    private final org.wargame.tracker.scenario.Viewers viewers;

    ScenarioController(ScenarioService service, ScenarioViews views, Participants participants,
                              EventHistory history, EventChain chain, EventPages pages, SealedSecrets secrets,
                              org.wargame.tracker.scenario.ScenarioRecord record,
                              org.wargame.tracker.scenario.Viewers viewers) {
        this.viewers = viewers;
        this.secrets = secrets;
        this.record = record;
        this.chain = chain;
        this.pages = pages;
        this.service = service;
        this.views = views;
        this.participants = participants;
        this.history = history;
    }

    /**
     * What an action, a clock advance or a conclusion did: its id, the events it stored, the scenario after it, and
     * the receipt of the stream's new head (keep it: {@code POST /api/history/verify} checks it is still on the
     * chain).
     */
    public record ActionResponse(String actionId, List<RecordedEvent> events, ScenarioView scenario,
                                 EventChain.Receipt receipt, ScenarioService.Stopped stopped) {
    }

    public record ConcludeRequest(String result, Long expectedVersion) {
    }

    public record ReopenRequest(String reason, Long expectedVersion) {
    }

    public record DeclineRequest(String reason) {
    }

    /** A counter's end state as it goes back to the roster when the scenario is concluded now. */
    public record HandBack(String id, String name, String side, boolean eliminated, Map<String, Object> state) {
    }

    /**
     * {@code dice}: the rolls entered for what the clock's move decides, in order; see act for the version. Without
     * a target the clock moves one step; with one ({@code to}: a phase or step code, {@code gameTurn},
     * {@code playerTurn}) it moves step by step until there, stopping early at a step where a rule needs a decision,
     * where another side must act, or (a player's) at the end of the Player Turn: {@code stopped} in the answer says
     * where and why. {@code confirm}: what the request knowingly leaves behind in the phase ({@code unfired},
     * {@code decision}, {@code undo}); without it such an advance is refused (409) with the list.
     */
    public record AdvanceRequest(List<Object> dice, Long expectedVersion, String to, Integer gameTurn,
                                 Integer playerTurn, List<Object> confirm) {
    }

    /** "End my phase": {@code dice} and {@code confirm} count when this side is the last and the clock moves on. */
    public record DoneRequest(List<Object> dice, Long expectedVersion, List<Object> confirm) {
    }

    @PostMapping("/campaigns/{campaignId}/scenarios")
    @ResponseStatus(HttpStatus.CREATED)
    public StartResponse start(@PathVariable String campaignId, @RequestBody StartScenarioRequest request,
                               Authentication auth) {
        ScenarioService.Started started = service.begin(campaignId, request, participants.actor(auth, campaignId));
        return new StartResponse(ScenarioView.of(views.state(started.scenarioId())), started.leftOut());
    }

    /** The new scenario, and the plan's counters it started without (struck off in an earlier scenario). */
    public record StartResponse(@JsonUnwrapped ScenarioView scenario, List<CampaignState.StruckOff> leftOut) {
    }

    /** The scenario now; its ETag is its version (the event count), to send back as {@code If-Match}. */
    @GetMapping("/scenarios/{scenarioId}")
    public ResponseEntity<ScenarioView> scenario(@PathVariable String scenarioId, Authentication auth) {
        Actor actor = participants.seated(auth, views.sidesAt(scenarioId, auth.getName()));
        ScenarioState state = views.state(scenarioId);
        ScenarioView view = ScenarioView.of(state).seenBy(viewers.of(actor, state.campaignId()), state, secrets);
        return ResponseEntity.ok().eTag(Versions.etag(view.eventCount())).body(view);
    }

    /** {@code side}: the sealing side (a player of one side may leave it out); {@code label}: what all read. */
    public record SealRequest(String side, String label, String content, Long expectedVersion) {
    }

    /**
     * Seals a choice (201): the record gets its commitment, visible to all; the content is kept for the sealing side
     * and the referee until revealed (docs/history.md, Sealed choices).
     */
    @PostMapping("/scenarios/{scenarioId}/seals")
    public ResponseEntity<ActionResponse> seal(@PathVariable String scenarioId, @RequestBody SealRequest body,
                                               @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                               String ifMatch, Authentication auth) {
        Long expected = Versions.expected(ifMatch, body.expectedVersion());
        Actor actor = actor(auth, scenarioId);
        ActionResponse answer = response(scenarioId, service.seal(scenarioId, body.side(), body.label(),
                body.content(), actor, expected), actor).getBody();
        return ResponseEntity.status(HttpStatus.CREATED).eTag(Versions.etag(answer.scenario().eventCount()))
                .body(answer);
    }

    /** The sealing side's player or the referee reveals it, once: content and salt go into the record. */
    @PostMapping("/scenarios/{scenarioId}/seals/{sealId}/reveal")
    public ResponseEntity<ActionResponse> reveal(@PathVariable String scenarioId, @PathVariable String sealId,
                                                 @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                 String ifMatch, Authentication auth) {
        Actor actor = actor(auth, scenarioId);
        return response(scenarioId, service.reveal(scenarioId, sealId, actor, Versions.expected(ifMatch, null)),
                actor);
    }

    public record HideRequest(String counter, String position, Long expectedVersion) {
    }

    /**
     * Sets a counter up hidden before the scenario's first action, where the plan lets it (201): its position is
     * sealed, the counter leaves the board until its reveal (docs/history.md, Hidden set-up).
     */
    @PostMapping("/scenarios/{scenarioId}/hidden")
    public ResponseEntity<ActionResponse> hide(@PathVariable String scenarioId, @RequestBody HideRequest body,
                                               @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                               String ifMatch, Authentication auth) {
        Actor actor = actor(auth, scenarioId);
        ActionResponse answer = response(scenarioId, service.hide(scenarioId, body.counter(), body.position(), actor,
                Versions.expected(ifMatch, body.expectedVersion())), actor).getBody();
        return ResponseEntity.status(HttpStatus.CREATED).eTag(Versions.etag(answer.scenario().eventCount()))
                .body(answer);
    }

    public record HiddenActedRequest(String text, Long expectedVersion) {
    }

    /** Notes what a hidden counter did (201): everybody reads "a hidden unit acted"; its reveal publishes it. */
    @PostMapping("/scenarios/{scenarioId}/hidden/{counter}/acted")
    public ResponseEntity<ActionResponse> hiddenActed(@PathVariable String scenarioId, @PathVariable String counter,
                                                      @RequestBody HiddenActedRequest body,
                                                      @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                      String ifMatch, Authentication auth) {
        Actor actor = actor(auth, scenarioId);
        ActionResponse answer = response(scenarioId, service.hiddenActed(scenarioId, counter, body.text(), actor,
                Versions.expected(ifMatch, body.expectedVersion())), actor).getBody();
        return ResponseEntity.status(HttpStatus.CREATED).eTag(Versions.etag(answer.scenario().eventCount()))
                .body(answer);
    }

    /** Reveals a hidden counter (it is spotted, or moves in view): its position and what it did while hidden. */
    @PostMapping("/scenarios/{scenarioId}/hidden/{counter}/reveal")
    public ResponseEntity<ActionResponse> revealHidden(@PathVariable String scenarioId, @PathVariable String counter,
                                                       @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                       String ifMatch, Authentication auth) {
        Actor actor = actor(auth, scenarioId);
        ScenarioState.Seal hiding = views.state(scenarioId).hiding(counter);
        if (hiding == null) {
            throw new org.wargame.tracker.refusal.NotFound("no counter of this scenario was set up hidden under that "
                    + "name");
        }
        return response(scenarioId, service.reveal(scenarioId, hiding.sealId(), actor,
                Versions.expected(ifMatch, null)), actor);
    }

    /** The sealed choices as the asker may see them; {@code after=N}: as they stood after event N. */
    @GetMapping("/scenarios/{scenarioId}/seals")
    public List<Visibility.SealView> seals(@PathVariable String scenarioId,
                                           @RequestParam(required = false) Long after, Authentication auth) {
        Actor actor = actor(auth, scenarioId);
        ScenarioState state;
        if (after == null) {
            state = views.state(scenarioId);
        } else {
            org.wargame.tracker.scenario.ScenarioLog log = record.log(scenarioId);
            if (after < 0 || after >= log.length()) {
                throw new org.wargame.tracker.refusal.FieldRefused("after", "an event of this scenario: 0 to "
                        + (log.length() - 1));
            }
            state = log.stateAt(after + 1);
        }
        return Visibility.seals(viewers.of(actor, state.campaignId()), state, secrets);
    }

    /** {@code expectedVersion} in the body or {@code If-Match}: refused with 409 if the scenario moved on. */
    @PostMapping("/scenarios/{scenarioId}/actions")
    public ResponseEntity<ActionResponse> act(@PathVariable String scenarioId,
                                              @RequestBody Map<String, Object> action,
                                              @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                              String ifMatch, Authentication auth) {
        Map<String, Object> body = new LinkedHashMap<>(action);
        Long expected = Versions.expected(ifMatch, body.remove("expectedVersion"));
        return response(scenarioId, service.act(scenarioId, body, actor(auth, scenarioId), expected));
    }

    @PostMapping("/scenarios/{scenarioId}/clock/advance")
    public ResponseEntity<ActionResponse> advance(@PathVariable String scenarioId,
                                                  @RequestBody(required = false) AdvanceRequest body,
                                                  @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                  String ifMatch, Authentication auth) {
        Long expected = Versions.expected(ifMatch, body == null ? null : body.expectedVersion());
        return response(scenarioId, service.advance(scenarioId, body == null ? null : body.dice(),
                actor(auth, scenarioId), expected, body == null ? null
                        : new ScenarioService.ClockTarget(body.to(), body.gameTurn(), body.playerTurn()),
                body == null ? null : body.confirm()));
    }

    /**
     * In a phase several sides act in (ASL's MPh and DFPh, hex MP and CA, the skirmish game's phases played by all
     * sides together), the actor's side says it is done; when every side that acts in it is, the clock moves on.
     */
    @PostMapping("/scenarios/{scenarioId}/clock/done")
    public ResponseEntity<ActionResponse> done(@PathVariable String scenarioId,
                                               @RequestBody(required = false) DoneRequest body,
                                               @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                               String ifMatch, Authentication auth) {
        Long expected = Versions.expected(ifMatch, body == null ? null : body.expectedVersion());
        return response(scenarioId, service.endPhase(scenarioId, body == null ? null : body.dice(),
                actor(auth, scenarioId), expected, body == null ? null : body.confirm()));
    }

    @PostMapping("/scenarios/{scenarioId}/conclude")
    public ResponseEntity<ActionResponse> conclude(@PathVariable String scenarioId,
                                                   @RequestBody(required = false) ConcludeRequest body,
                                                   @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                   String ifMatch, Authentication auth) {
        Long expected = Versions.expected(ifMatch, body == null ? null : body.expectedVersion());
        return response(scenarioId, service.conclude(scenarioId, body == null ? null : body.result(),
                actor(auth, scenarioId), expected));
    }

    /**
     * The referee reopens a concluded scenario at once; a player proposes to (the other side answers). 409 with the
     * counters while a later scenario of the campaign uses one of them.
     */
    @PostMapping("/scenarios/{scenarioId}/reopen")
    public ResponseEntity<ActionResponse> reopen(@PathVariable String scenarioId,
                                                 @RequestBody(required = false) ReopenRequest body,
                                                 @RequestHeader(value = HttpHeaders.IF_MATCH, required = false)
                                                 String ifMatch, Authentication auth) {
        Long expected = Versions.expected(ifMatch, body == null ? null : body.expectedVersion());
        return response(scenarioId, service.reopen(scenarioId, body == null ? null : body.reason(),
                actor(auth, scenarioId), expected));
    }

    /** The other side (or the referee) accepts the open proposal to conclude or to reopen. */
    @PostMapping("/scenarios/{scenarioId}/proposals/{proposalId}/accept")
    public ResponseEntity<ActionResponse> accept(@PathVariable String scenarioId, @PathVariable String proposalId,
                                                 Authentication auth) {
        return response(scenarioId, service.accept(scenarioId, proposalId, actor(auth, scenarioId)));
    }

    @PostMapping("/scenarios/{scenarioId}/proposals/{proposalId}/decline")
    public ResponseEntity<ActionResponse> decline(@PathVariable String scenarioId, @PathVariable String proposalId,
                                                  @RequestBody(required = false) DeclineRequest body,
                                                  Authentication auth) {
        return response(scenarioId, service.decline(scenarioId, proposalId, body == null ? null : body.reason(),
                actor(auth, scenarioId)));
    }

    /** The proposing side takes its proposal back. */
    @PostMapping("/scenarios/{scenarioId}/proposals/{proposalId}/withdraw")
    public ResponseEntity<ActionResponse> withdraw(@PathVariable String scenarioId, @PathVariable String proposalId,
                                                   Authentication auth) {
        return response(scenarioId, service.withdraw(scenarioId, proposalId, actor(auth, scenarioId)));
    }

    /** What would go back to the roster if the scenario were concluded now: every counter's end state. */
    @GetMapping("/scenarios/{scenarioId}/hand-back")
    public List<HandBack> handBack(@PathVariable String scenarioId, Authentication auth) {
        actor(auth, scenarioId);
        var state = views.state(scenarioId);
        Map<String, org.wargame.tracker.rules.CounterView> byId = new LinkedHashMap<>();
        state.counters().forEach(c -> byId.put(c.id(), c));
        return ScenarioService.handBack(state).stream().map(o -> {
            var c = byId.get(o.id());
            return new HandBack(o.id(), c == null ? o.id() : c.name(), c == null ? null : c.side(), o.eliminated(),
                    o.state());
        }).toList();
    }

    /** The scenario's events, a page of at most 500 after {@code after}, streamed (see {@link EventPages}). */
    @GetMapping("/scenarios/{scenarioId}/events")
    public void events(@PathVariable String scenarioId, @RequestParam(required = false) Long after,
                       @RequestParam(required = false) Integer limit, Authentication auth,
                       HttpServletResponse response) throws IOException {
        actor(auth, scenarioId);
        pages.write("/api/scenarios/" + scenarioId + "/events", scenarioId, after, limit, response);
    }

    private Actor actor(Authentication auth, String scenarioId) {
        // sidesAt refuses an unknown scenario
        return participants.seated(auth, views.sidesAt(scenarioId, auth.getName()));
    }

    /**
     * The action sent with this {@code Idempotency-Key} is in the record already: nothing was decided or stored again.
     * The answer is that action's: its events and receipt, and the scenario as it now is (later actions included),
     * marked {@code Idempotent-Replayed: true}.
     */
    @ExceptionHandler(ActionKey.AlreadyStored.class)
    ResponseEntity<ActionResponse> alreadyStored(ActionKey.AlreadyStored stored, Authentication auth) {
        String scenarioId = stored.stream();
        Actor actor = actor(auth, scenarioId);
        ScenarioState state = views.state(scenarioId);
        ScenarioView view = ScenarioView.of(state).seenBy(viewers.of(actor, state.campaignId()), state, secrets);
        return ResponseEntity.ok().eTag(Versions.etag(view.eventCount())).header(ActionKey.REPLAYED, "true")
                .body(new ActionResponse(stored.actionId(), history.range(scenarioId, stored.first(), stored.last()),
                        view, chain.receipt(scenarioId, stored.last()), null));
    }

    private ResponseEntity<ActionResponse> response(String scenarioId, ScenarioService.ActionResult result) {
        return response(scenarioId, result, null);
    }

    private ResponseEntity<ActionResponse> response(String scenarioId, ScenarioService.ActionResult result,
                                                    Actor actor) {
        ScenarioView view = actor == null ? ScenarioView.of(result.state())
                : ScenarioView.of(result.state()).seenBy(viewers.of(actor, result.state().campaignId()), result.state(),
                secrets);
        // the events just stored and their receipt, as this thread stored them (read back when it did not)
        long end = result.state().events();
        List<org.wargame.tracker.store.RecordedEvent> events = org.wargame.tracker.store.JustStored.take(
                result.actionId(), scenarioId, result.firstEvent(), end);
        return ResponseEntity.ok().eTag(Versions.etag(view.eventCount())).body(new ActionResponse(result.actionId(),
                events != null ? events : history.stream(scenarioId, result.firstEvent()), view,
                chain.receipt(scenarioId, end - 1), result.stopped()));
    }
}
