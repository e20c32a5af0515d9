package org.wargame.tracker.web;

import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.refusal.RuleViolation;

/**
 * Every refusal of the API as an RFC 9457 problem, decided here and nowhere else from the refusal's type: a rule's
 * refusal (422, with its {@code section}), a field's (400, with its {@code field}), not your side (403), not found
 * (404), a conflict with the current state (409). A refused request has changed nothing.
 */
@RestControllerAdvice(basePackages = "org.wargame.tracker")
public class ProblemResponses {

    /** The status and title of each kind of refusal. */
    public static HttpStatus status(Refusal refusal) {
        if (refusal instanceof RuleViolation) {
            return HttpStatus.UNPROCESSABLE_ENTITY;
        }
        if (refusal instanceof FieldRefused) {
            return HttpStatus.BAD_REQUEST;
        }
        if (refusal instanceof NotYourSide) {
            return HttpStatus.FORBIDDEN;
        }
        if (refusal instanceof NotFound) {
            return HttpStatus.NOT_FOUND;
        }
        return HttpStatus.CONFLICT; // Conflict: the family is sealed, nothing else reaches here
    }

    private static String title(Refusal refusal) {
        if (refusal instanceof RuleViolation v) {
            return "Refused by rule " + v.section();
        }
        if (refusal instanceof FieldRefused) {
            return "Invalid input";
        }
        if (refusal instanceof NotYourSide) {
            return "Forbidden";
        }
        if (refusal instanceof NotFound) {
            return "Not found";
        }
        return "Not possible now";
    }

    @ExceptionHandler(Refusal.class)
    ProblemDetail refused(Refusal refusal) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status(refusal), refusal.getMessage());
        problem.setTitle(title(refusal));
        if (refusal instanceof RuleViolation v) {
            problem.setProperty("section", v.section());
        }
        if (refusal instanceof org.wargame.tracker.refusal.StaleVersion stale) {
            problem.setProperty("currentVersion", stale.currentVersion());
        }
        if (refusal.field() != null) {
            problem.setProperty("field", refusal.field());
        }
        return problem;
    }

    @ExceptionHandler(IllegalArgumentException.class)
    ProblemDetail badInput(IllegalArgumentException e) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid input", e.getMessage());
    }

    @ExceptionHandler(IllegalStateException.class)
    ProblemDetail conflict(IllegalStateException e) {
        return problem(HttpStatus.CONFLICT, "Not possible now", e.getMessage());
    }

    @ExceptionHandler(AccessDeniedException.class)
    ProblemDetail forbidden(RuntimeException e) {
        return problem(HttpStatus.FORBIDDEN, "Forbidden", e.getMessage());
    }

    @ExceptionHandler(AggregateNotFoundException.class)
    ProblemDetail notFound(RuntimeException e) {
        return problem(HttpStatus.NOT_FOUND, "Not found", e.getMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException e) {
        return problem(HttpStatus.BAD_REQUEST, "Invalid input", "body: not readable JSON: "
                + e.getMostSpecificCause().getMessage());
    }

    @ExceptionHandler(CommandExecutionException.class)
    ProblemDetail command(CommandExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof Refusal r) {
            return refused(r);
        }
        if (cause instanceof IllegalArgumentException a) {
            return badInput(a);
        }
        if (cause instanceof IllegalStateException s) {
            return conflict(s);
        }
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Command failed", "the tracker failed to carry out the "
                + "request; nothing was stored");
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }
}
