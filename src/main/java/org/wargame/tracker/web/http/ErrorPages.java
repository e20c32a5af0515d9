package org.wargame.tracker.web.http;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import java.util.Map;

/**
 * The web layer's own refusals (an unknown address, a method an address does not take, a parameter that does not
 * parse) as the tracker's problem page when a browser asked for a page, in plain words; the API and clients that do
 * not ask for HTML get {@link ProblemResponses}' problems as before. Comes after the pages' PageErrors (which answers
 * for the page controllers) and before {@link ProblemResponses}.
 */
@ControllerAdvice
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class ErrorPages {

    private final ProblemResponses problems;

    public ErrorPages(ProblemResponses problems) {
        this.problems = problems;
    }

    static boolean wantsPage(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        String accept = request.getHeader(HttpHeaders.ACCEPT);
        return !(path.equals("/api") || path.startsWith("/api/")) && accept != null
                && accept.contains(MediaType.TEXT_HTML_VALUE);
    }

    static ModelAndView page(HttpStatus status, String title, String message) {
        ModelAndView view = new ModelAndView("problem", Map.of("status", status.value(), "title", title,
                "message", message));
        view.setStatus(status);
        return view;
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    Object notFound(Exception e, HttpServletRequest request) {
        if (!wantsPage(request)) {
            return problems.noSuchPath(e, request);
        }
        return page(HttpStatus.NOT_FOUND, "Page not found", "There is no page at this address. It may have been "
                + "mistyped, or the link was to something that no longer exists.");
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    Object method(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        if (!wantsPage(request)) {
            return problems.method(e, request);
        }
        ModelAndView view = page(HttpStatus.METHOD_NOT_ALLOWED, "Not a page to open",
                "This address only takes a form sent from a page: go back to the page and use its button.");
        return view;
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    Object parameter(MethodArgumentTypeMismatchException e, HttpServletRequest request) {
        if (!wantsPage(request)) {
            return problems.parameterType(e);
        }
        return badParameter(e);
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    Object missing(MissingServletRequestParameterException e, HttpServletRequest request) {
        if (!wantsPage(request)) {
            return problems.missingParameter(e);
        }
        return page(HttpStatus.BAD_REQUEST, "Something is missing from the address",
                "The address needs '" + e.getParameterName() + "'. Go back and follow the link again.");
    }

    /** {@code ?at=abc}: which parameter, what it got, and what it takes, in plain words. */
    public static ModelAndView badParameter(MethodArgumentTypeMismatchException e) {
        Class<?> type = e.getRequiredType();
        boolean whole = type == long.class || type == int.class || type == Long.class || type == Integer.class;
        String given = e.getValue() == null ? "" : String.valueOf(e.getValue());
        if (given.length() > 40) {
            given = given.substring(0, 40) + "…";
        }
        String what = switch (e.getName()) {
            case "at" -> "an event number";
            case "gameTurn" -> "a Game Turn";
            case "since" -> "an event number";
            default -> whole ? "a whole number" : "a value of the right kind";
        };
        return page(HttpStatus.BAD_REQUEST, "The address is not right", "'" + e.getName() + "' in the address "
                + "must be " + what + (whole && !what.equals("a whole number") ? " (a whole number)" : "")
                + ", not '" + given + "'. Go back and follow the link again.");
    }
}
