package org.wargame.tracker.web.pages;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.web.http.ProblemResponses;

/**
 * A refused form, shown on its page: the problem the API answers for the same refusal (its detail, its field), and
 * a status htmx swaps in (see fragments.html). Only typed refusals are caught by the forms; anything else is the
 * tracker's failure and reaches {@link PageErrors}.
 */
final class FormRefusals {

    private FormRefusals() {
    }

    /** 409 for a conflict (the page was stale: the player sees what changed since), else 422. */
    static int status(Refusal refusal) {
        return refusal instanceof Conflict ? HttpStatus.CONFLICT.value() : HttpStatus.UNPROCESSABLE_ENTITY.value();
    }

    /** The problem's words for the refusal, as the API gives them. */
    static String message(Refusal refusal) {
        String detail = ProblemResponses.refused(refusal).getDetail();
        return detail == null ? "refused" : detail;
    }

    /** The field the problem names, or null when it is about the form as a whole. */
    static String field(Refusal refusal) {
        ProblemDetail problem = ProblemResponses.refused(refusal);
        return problem.getProperties() != null && problem.getProperties().get("field") instanceof String field
                ? field : null;
    }
}
