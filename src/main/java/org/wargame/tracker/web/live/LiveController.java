package org.wargame.tracker.web.live;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.web.http.ProblemResponses;

/**
 * A scenario's changes as they are stored, pushed as server-sent events ({@code event: version}, the data the
 * scenario's event count): the pages open {@code /scenarios/{id}/live} with their session, a client of the API
 * {@code /api/scenarios/{id}/live} with its credentials. See {@link LiveScenarios}.
 */
@RestController
class LiveController {

    private final LiveScenarios live;
    private final Participants participants;
    private final ScenarioViews scenarios;

    LiveController(LiveScenarios live, Participants participants, ScenarioViews scenarios) {
        this.live = live;
        this.participants = participants;
        this.scenarios = scenarios;
    }

    @GetMapping(path = {"/scenarios/{scenarioId}/live", "/api/scenarios/{scenarioId}/live"},
            produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    public SseEmitter live(@PathVariable String scenarioId, Authentication auth) {
        // sidesAt refuses an unknown scenario
        Actor actor = participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
        return live.open(scenarioId, actor.account());
    }

    @ExceptionHandler(LiveScenarios.AccountFull.class)
    ResponseEntity<ProblemDetail> accountFull(LiveScenarios.AccountFull e) {
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS).header(HttpHeaders.RETRY_AFTER, "30")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemResponses.problem(HttpStatus.TOO_MANY_REQUESTS, "Too many live pages for this account",
                        e.getMessage() + ": the page still works, reload it to see changes"));
    }

    @ExceptionHandler(LiveScenarios.Full.class)
    ResponseEntity<ProblemDetail> full(LiveScenarios.Full e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "30")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON)
                .body(ProblemResponses.problem(HttpStatus.SERVICE_UNAVAILABLE, "Too many live pages",
                        e.getMessage() + ": the page still works, reload it to see changes"));
    }
}
