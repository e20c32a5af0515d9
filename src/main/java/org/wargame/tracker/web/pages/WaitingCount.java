package org.wargame.tracker.web.pages;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.scenario.waiting.Waiting;

/**
 * The count of what waits for the logged-in account, for every page's header (fragments.html), drawn with the
 * page; static/js/waiting.js keeps it live. Only the pages' controllers: the API never pays for it.
 */
@ControllerAdvice(basePackageClasses = WaitingCount.class)
class WaitingCount {

    private final Waiting waiting;

    WaitingCount(Waiting waiting) {
        this.waiting = waiting;
    }

    @ModelAttribute("waitingCount")
    Integer waitingCount(Authentication auth) {
        if (auth == null || auth instanceof AnonymousAuthenticationToken || !auth.isAuthenticated()) {
            return null;
        }
        try {
            return waiting.forAccount(auth.getName(), Participants.isReferee(auth)).size();
        } catch (RuntimeException e) {
            return null; // the page is drawn all the same; the script asks again
        }
    }
}
