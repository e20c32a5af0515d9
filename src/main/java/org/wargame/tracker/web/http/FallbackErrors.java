package org.wargame.tracker.web.http;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;


/**
 * The errors that never reached a controller (refused by a filter, by the container, or by the security filters of
 * the pages): a problem for the API and for clients that do not ask for HTML, the problem page for a browser. Takes
 * the place of Spring Boot's default error answer, which names exceptions and paths.
 */
@Controller
class FallbackErrors implements ErrorController {

    /** The page's title, in the tracker's words. */
    static String title(HttpStatus status) {
        return switch (status.value()) {
            case 403 -> "Not allowed";
            case 404 -> "Page not found";
            case 405 -> "Not a page to open";
            case 413 -> "Too large";
            case 500 -> "The tracker failed";
            default -> status.getReasonPhrase();
        };
    }

    /** What happened and what to do, in plain words. */
    static String words(HttpStatus status) {
        return switch (status.value()) {
            case 403 -> "This was refused: it is for the referee or for another side's players, or the page was too "
                    + "old to send it. Go back, reload the page and try again.";
            case 404 -> "There is no page at this address. It may have been mistyped, or the link was to something "
                    + "that no longer exists.";
            case 405 -> "This address only takes a form sent from a page: go back to the page and use its button.";
            case 413 -> "What was sent is larger than the tracker takes.";
            default -> status.is5xxServerError() ? "The tracker failed to carry out this request. Check the page "
                    + "before trying again." : "The request was refused: " + status.getReasonPhrase().toLowerCase()
                    + ".";
        };
    }

    @RequestMapping("/error")
    public Object error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = HttpStatus.resolve(code instanceof Integer i ? i : 500);
        if (status == null || status.value() < 400) {
            status = HttpStatus.INTERNAL_SERVER_ERROR;
        }
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri == null ? "" : uri.toString();
        String detail = status.is5xxServerError() ? "the tracker failed to carry out this request"
                : "the request was refused: " + status.getReasonPhrase().toLowerCase();
        String accept = request.getHeader("Accept");
        boolean page = !path.startsWith(request.getContextPath() + "/api") && accept != null
                && accept.contains(MediaType.TEXT_HTML_VALUE);
        if (page) {
            return ErrorPages.page(status, title(status), words(status));
        }
        ProblemDetail problem = ProblemResponses.problem(status, status.getReasonPhrase(), detail);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
