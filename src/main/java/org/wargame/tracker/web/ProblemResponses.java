package org.wargame.tracker.web;

import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.wargame.tracker.rules.RuleViolation;
import org.wargame.tracker.scenario.Actor.NotYourSide;

/**
 * Every refusal of the API as an RFC 9457 problem: the detail names the field that was wrong or the rule that
 * refused ({@code section} is set for rule refusals). A refused request has changed nothing.
 */
@RestControllerAdvice(basePackages = "org.wargame.tracker")
public class ProblemResponses {

    @ExceptionHandler(RuleViolation.class)
    ProblemDetail rule(RuleViolation e) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.UNPROCESSABLE_ENTITY, e.getMessage());
        problem.setTitle("Refused by rule " + e.section());
        problem.setProperty("section", e.section());
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

    @ExceptionHandler({NotYourSide.class, AccessDeniedException.class})
    ProblemDetail forbidden(RuntimeException e) {
        return problem(HttpStatus.FORBIDDEN, "Forbidden", e.getMessage());
    }

    @ExceptionHandler({NotFound.class, AggregateNotFoundException.class})
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
        if (cause instanceof RuleViolation v) {
            return rule(v);
        }
        if (cause instanceof IllegalArgumentException a) {
            return badInput(a);
        }
        if (cause instanceof IllegalStateException s) {
            return conflict(s);
        }
        if (cause instanceof NotYourSide n) {
            return forbidden(n);
        }
        return problem(HttpStatus.INTERNAL_SERVER_ERROR, "Command failed", e.getMessage());
    }

    private static ProblemDetail problem(HttpStatus status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }
}
