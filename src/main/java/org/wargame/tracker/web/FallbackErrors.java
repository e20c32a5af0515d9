package org.wargame.tracker.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.ModelAndView;

import java.util.Map;

/**
 * The errors that never reached a controller (refused by a filter, by the container, or by the security filters of
 * the pages): a problem for the API and for clients that do not ask for HTML, the problem page for a browser. Takes
 * the place of Spring Boot's default error answer, which names exceptions and paths.
 */
@Controller
public class FallbackErrors implements ErrorController {

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
            ModelAndView view = new ModelAndView("problem", Map.of("status", status.value(), "title",
                    status.getReasonPhrase(), "message", detail));
            view.setStatus(status);
            return view;
        }
        ProblemDetail problem = ProblemResponses.problem(status, status.getReasonPhrase(), detail);
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
