package org.wargame.tracker.web.api;

import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.waiting.Waiting;
import org.wargame.tracker.scenario.waiting.WaitingItem;

import java.util.List;

/** What waits for the logged-in account across all its campaigns (docs/api.md, "What waits for me"). */
@RestController
class WaitingController {

    private final Waiting waiting;

    WaitingController(Waiting waiting) {
        this.waiting = waiting;
    }

    /** {@code count} and the items, the oldest first. */
    public record WaitingList(int count, List<WaitingItem> items) {
    }

    @GetMapping("/api/me/waiting")
    public WaitingList mine(Authentication auth) {
        List<WaitingItem> items = waiting.forAccount(auth.getName(), Participants.isReferee(auth));
        return new WaitingList(items.size(), items);
    }
}
