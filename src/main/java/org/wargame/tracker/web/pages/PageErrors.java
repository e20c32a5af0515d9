package org.wargame.tracker.web.pages;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.ModelAndView;
import org.wargame.tracker.web.http.ErrorPages;
import org.wargame.tracker.web.http.ProblemResponses;

/**
 * Errors of the pages as the problem page: the same problem the API answers ({@link ProblemResponses#problemOf}),
 * its status, title and detail in plain words (a failure of the tracker logged there under its incident id). Comes
 * first, and only for the page controllers, so that a page never answers JSON.
 */
@ControllerAdvice(assignableTypes = {CampaignPages.class, ScenarioPages.class, AuditPages.class, ConsolePages.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
class PageErrors {

    private final ProblemResponses problems;

    PageErrors(ProblemResponses problems) {
        this.problems = problems;
    }

    /** {@code ?at=abc}: a 400 page in plain words (not the tracker's failure). */
    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ModelAndView parameter(MethodArgumentTypeMismatchException e) {
        return ErrorPages.badParameter(e);
    }

    @ExceptionHandler(Exception.class)
    String problem(Exception e, Model model, HttpServletResponse response) {
        ProblemDetail problem = problems.problemOf(e);
        response.setStatus(problem.getStatus());
        model.addAttribute("status", problem.getStatus());
        model.addAttribute("title", problem.getTitle());
        model.addAttribute("message", problem.getDetail());
        return "problem";
    }
}
