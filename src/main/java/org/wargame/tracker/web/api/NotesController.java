package org.wargame.tracker.web.api;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.ScenarioViews;
import org.wargame.tracker.scenario.TableTalk;
import org.wargame.tracker.store.ActionKey;

import java.util.List;

/**
 * Table talk: notes in a scenario (optionally about one of its actions) and in a campaign between scenarios, with
 * the words of disputes and rulings in the same thread (docs/api.md, "Table talk").
 */
@RestController
class NotesController {

    private final TableTalk talk;
    private final ScenarioViews scenarios;
    private final Participants participants;

    NotesController(TableTalk talk, ScenarioViews scenarios, Participants participants) {
        this.talk = talk;
        this.scenarios = scenarios;
        this.participants = participants;
    }

    /** {@code text}: plain text, up to 2,000 characters; {@code actionId}: the action it is about (optional). */
    public record NoteBody(String text, String actionId) {
    }

    /** {@code scenarioId}: the scenario of the campaign it is about (optional). */
    public record CampaignNoteBody(String text, String scenarioId) {
    }

    /** The note's id and the position of its event in its stream. */
    public record NoteWritten(String noteId, long sequence) {
    }

    @PostMapping("/api/scenarios/{scenarioId}/notes")
    @ResponseStatus(HttpStatus.CREATED)
    public NoteWritten write(@PathVariable String scenarioId, @RequestBody NoteBody body, Authentication auth) {
        TableTalk.Written done = talk.write(scenarioId, seated(auth, scenarioId),
                body.text(), body.actionId());
        return new NoteWritten(done.noteId(), done.at());
    }

    /** The note sent with this {@code Idempotency-Key} is in the record already: its id and position, as first. */
    @ExceptionHandler(ActionKey.AlreadyStored.class)
    ResponseEntity<NoteWritten> alreadyWritten(ActionKey.AlreadyStored stored, Authentication auth) {
        seated(auth, stored.stream());
        return ResponseEntity.status(HttpStatus.CREATED).header(ActionKey.REPLAYED, "true")
                .body(new NoteWritten(stored.actionId(), stored.first()));
    }

    @GetMapping("/api/scenarios/{scenarioId}/notes")
    public List<TableTalk.Said> read(@PathVariable String scenarioId, Authentication auth) {
        seated(auth, scenarioId);
        return talk.inScenario(scenarioId);
    }

    @PostMapping("/api/campaigns/{campaignId}/notes")
    @ResponseStatus(HttpStatus.CREATED)
    public NoteWritten writeInCampaign(@PathVariable String campaignId, @RequestBody CampaignNoteBody body,
                                       Authentication auth) {
        TableTalk.Written done = talk.writeInCampaign(campaignId, participants.actor(auth, campaignId), body.text(),
                body.scenarioId());
        return new NoteWritten(done.noteId(), done.at());
    }

    @GetMapping("/api/campaigns/{campaignId}/notes")
    public List<TableTalk.Said> readInCampaign(@PathVariable String campaignId, Authentication auth) {
        participants.actor(auth, campaignId);
        return talk.inCampaign(campaignId);
    }

    /** Who the account is at the scenario; refuses an unknown scenario and one who plays no side of it. */
    private Actor seated(Authentication auth, String scenarioId) {
        return participants.seated(auth, scenarios.sidesAt(scenarioId, auth.getName()));
    }
}
