package org.wargame.tracker.web.pages;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ResponseBody;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.waiting.Waiting;
import org.wargame.tracker.scenario.waiting.WaitingItem;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * "What waits for me": the page {@code /waiting} in words with links to the right place, and the same list for the
 * pages' script ({@code /waiting/items}, with the page's session), which keeps the header's count and this page
 * live and raises the browser's notifications (static/js/waiting.js).
 */
@Controller
class WaitingPages {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("d MMM yyyy, HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);

    private final Waiting waiting;

    WaitingPages(Waiting waiting) {
        this.waiting = waiting;
    }

    /** One item as the page and its script show it; {@code key} tells a new item from one shown already. */
    public record Row(String key, String words, String link, String campaign, String scenario, String since) {
        static Row of(WaitingItem item) {
            return new Row(item.key(), item.words(), item.link(), item.campaign(), item.scenario(),
                    item.since() == null ? "" : TIME.format(item.since()));
        }
    }

    public record Rows(int count, List<Row> items) {
    }

    @GetMapping("/waiting")
    public String page(Authentication auth, Model model) {
        model.addAttribute("items", rows(auth).items());
        return "waiting";
    }

    @GetMapping(path = "/waiting/items", produces = "application/json")
    @ResponseBody
    public Rows items(Authentication auth) {
        return rows(auth);
    }

    private Rows rows(Authentication auth) {
        List<Row> rows = waiting.forAccount(auth.getName(), Participants.isReferee(auth)).stream().map(Row::of)
                .toList();
        return new Rows(rows.size(), rows);
    }
}
