package org.wargame.tracker.web;

import org.wargame.tracker.refusal.NotFound;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.wargame.tracker.refusal.NotYourSide;

/**
 * Errors of the pages as a page in plain words (the API's {@link ProblemResponses} answers JSON problems and would
 * otherwise catch these too, so this one comes first and only for the page controllers).
 */
@ControllerAdvice(assignableTypes = {CampaignPages.class, ScenarioPages.class, AuditPages.class, ConsolePages.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
public class PageErrors {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(PageErrors.class);

    @ExceptionHandler(NotFound.class)
    String notFound(NotFound e, Model model, HttpServletResponse response) {
        return page(HttpStatus.NOT_FOUND, "Not found", e.getMessage(), model, response);
    }

    @ExceptionHandler(NotYourSide.class)
    String forbidden(NotYourSide e, Model model, HttpServletResponse response) {
        return page(HttpStatus.FORBIDDEN, "Not yours", e.getMessage(), model, response);
    }

    /** {@code ?at=abc}: a 400 page in plain words (not the tracker's failure). */
    @ExceptionHandler(org.springframework.web.method.annotation.MethodArgumentTypeMismatchException.class)
    org.springframework.web.servlet.ModelAndView parameter(
            org.springframework.web.method.annotation.MethodArgumentTypeMismatchException e) {
        return ErrorPages.badParameter(e);
    }

    @ExceptionHandler({IllegalArgumentException.class, IllegalStateException.class})
    String refused(RuntimeException e, Model model, HttpServletResponse response) {
        return page(HttpStatus.BAD_REQUEST, "Not possible", e.getMessage(), model, response);
    }

    @ExceptionHandler(org.wargame.tracker.refusal.Refusal.class)
    String refusal(org.wargame.tracker.refusal.Refusal e, Model model, HttpServletResponse response) {
        return page(ProblemResponses.status(e), "Not possible", e.getMessage(), model, response);
    }

    /** The tracker's own failure: logged in full, shown without its insides. */
    @ExceptionHandler(Exception.class)
    String failure(Exception e, Model model, HttpServletResponse response) {
        if (org.wargame.tracker.store.StoreUnavailable.is(e)) {
            response.setHeader("Retry-After", String.valueOf(ProblemResponses.STORE_RETRY_AFTER));
            return page(HttpStatus.SERVICE_UNAVAILABLE, "Not stored: try again shortly", "the tracker cannot store "
                    + "anything at the moment (its disk may be full); nothing of this was kept. Try again in a few "
                    + "seconds.", model, response);
        }
        String incident = java.util.UUID.randomUUID().toString().substring(0, 8);
        LOG.error("Incident {}: a page failed", incident, e);
        return page(HttpStatus.INTERNAL_SERVER_ERROR, "The tracker failed", "the tracker failed to carry out this "
                + "request; the failure is logged as incident " + incident + ".", model, response);
    }

    private static String page(HttpStatus status, String title, String message, Model model,
                               HttpServletResponse response) {
        response.setStatus(status.value());
        model.addAttribute("status", status.value());
        model.addAttribute("title", title);
        model.addAttribute("message", message);
        return "problem";
    }
}
