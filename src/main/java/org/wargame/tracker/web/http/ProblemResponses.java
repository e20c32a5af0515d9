package org.wargame.tracker.web.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.axonframework.modelling.command.AggregateStreamCreationException;
import org.axonframework.modelling.command.ConcurrencyException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.context.request.async.AsyncRequestTimeoutException;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;
import org.springframework.web.util.DisconnectedClientHelper;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.NotFound;
import org.wargame.tracker.refusal.NotYourSide;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.store.StoreUnavailable;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * Every refusal as an RFC 9457 problem, decided here and nowhere else from the refusal's type: a rule's refusal
 * (422, with its {@code section}), a field's (400, with its {@code field}), not your side (403), not found (404), a
 * conflict with the current state (409). So are the refusals of the web layer itself: a body too large (413), an
 * unreadable one (400, naming the field), an unknown path (404), a method (405) or media type (415, 406) the path
 * does not take. Anything else, an {@code IllegalArgumentException} or {@code IllegalStateException} included, is
 * a failure of the tracker (500, which says nothing of its insides: it is logged once under an incident id), so
 * that a storage failure is never answered as the client's mistake. A refused request has changed nothing. The
 * pages render the same problems ({@link #problemOf}) into their error page or next to a form's field.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class ProblemResponses {

    private static final Logger LOG = LoggerFactory.getLogger(ProblemResponses.class);
    private static final ObjectMapper WRITER = new ObjectMapper();
    static final int STORE_RETRY_AFTER = 5;

    /** The status and title of each kind of refusal. */
    static HttpStatus status(Refusal refusal) {
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
    ProblemDetail refusal(Refusal refusal) {
        return refused(refusal);
    }

    /** The problem of a typed refusal: its status, title, message, section and field. */
    public static ProblemDetail refused(Refusal refusal) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status(refusal), refusal.getMessage());
        problem.setTitle(title(refusal));
        if (refusal instanceof RuleViolation v) {
            problem.setProperty("section", v.section());
        }
        if (refusal instanceof org.wargame.tracker.refusal.StaleVersion stale) {
            problem.setProperty("currentVersion", stale.currentVersion());
        }
        if (refusal instanceof org.wargame.tracker.refusal.LeftBehind left) {
            problem.setProperty("unconfirmed", left.left());
        }
        if (refusal.field() != null) {
            problem.setProperty("field", refusal.field());
        }
        return problem;
    }

    /**
     * The one mapping, for what a handler of the pages caught: the problem the API would answer for {@code thrown}
     * (a failure logged under its incident id, as the API's are).
     */
    public ProblemDetail problemOf(Throwable thrown) {
        Throwable e = thrown instanceof CommandExecutionException && thrown.getCause() != null ? thrown.getCause()
                : thrown;
        if (e instanceof Refusal refusal) {
            return refused(refusal);
        }
        if (e instanceof AccessDeniedException denied) {
            return forbidden(denied);
        }
        if (e instanceof AggregateNotFoundException missing) {
            return notFound(missing);
        }
        if (e instanceof ConcurrencyException || e instanceof AggregateStreamCreationException
                || e instanceof DuplicateKeyException) {
            return concurrent((RuntimeException) e);
        }
        if (e instanceof HttpMessageNotReadableException unreadable) {
            return unreadable(unreadable);
        }
        if (e instanceof MissingServletRequestParameterException missing) {
            return missingParameter(missing);
        }
        if (e instanceof MethodArgumentTypeMismatchException mismatch) {
            return parameterType(mismatch);
        }
        if (e instanceof ErrorResponse && e instanceof Exception web) {
            return web(web);
        }
        return failure(thrown instanceof Exception exception ? exception : new RuntimeException(thrown));
    }

    @ExceptionHandler(AccessDeniedException.class)
    ProblemDetail forbidden(RuntimeException e) {
        return problem(HttpStatus.FORBIDDEN, "Forbidden", "not allowed for this account");
    }

    @ExceptionHandler(AggregateNotFoundException.class)
    ProblemDetail notFound(RuntimeException e) {
        return problem(HttpStatus.NOT_FOUND, "Not found", "nothing exists under that id");
    }

    /**
     * Two requests stored under the same id or the same place in a stream at once: the later one stored nothing.
     * Only a unique key says so: any other integrity failure is the tracker's own (500).
     */
    @ExceptionHandler({ConcurrencyException.class, AggregateStreamCreationException.class,
            DuplicateKeyException.class})
    ProblemDetail concurrent(RuntimeException e) {
        return problem(HttpStatus.CONFLICT, "Not possible now", "it conflicts with something stored by another "
                + "request (an id, an event or a place in a history that exists already); nothing was stored");
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException e) {
        BodyLimit.TooLarge tooLarge = BodyLimit.tooLarge(e);
        if (tooLarge != null) {
            return tooLarge(tooLarge.limit());
        }
        if (e.getCause() == null) {
            return refused(new FieldRefused("body", "required: send the request's fields as a JSON object"));
        }
        return refused(RequestJson.refusal(e.getCause()));
    }

    @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
    ProblemDetail noSuchPath(Exception e, HttpServletRequest request) {
        return problem(HttpStatus.NOT_FOUND, "Not found", "no such path: " + request.getMethod() + " "
                + RequestJson.shortened(request.getRequestURI()));
    }

    @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
    ResponseEntity<ProblemDetail> method(HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
        String allowed = e.getSupportedHttpMethods() == null ? "" : e.getSupportedHttpMethods().stream()
                .map(Object::toString).sorted().collect(Collectors.joining(", "));
        ResponseEntity.BodyBuilder response = ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED);
        if (!allowed.isEmpty()) {
            response.header(HttpHeaders.ALLOW, allowed);
        }
        return response.body(problem(HttpStatus.METHOD_NOT_ALLOWED, "Method not allowed", request.getMethod()
                + " is not taken by " + RequestJson.shortened(request.getRequestURI())
                + (allowed.isEmpty() ? "" : " (it takes " + allowed + ")")));
    }

    @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
    ResponseEntity<ProblemDetail> mediaType(HttpMediaTypeNotSupportedException e) {
        String supported = e.getSupportedMediaTypes().stream().map(MediaType::toString)
                .collect(Collectors.joining(", "));
        ResponseEntity.BodyBuilder response = ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE);
        if (!supported.isEmpty()) {
            response.header(HttpHeaders.ACCEPT, supported);
        }
        return response.body(problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Unsupported media type",
                "this path does not take " + (e.getContentType() == null ? "a body without Content-Type"
                        : e.getContentType().toString()) + (supported.isEmpty() ? "" : "; send " + supported)));
    }

    @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
    ProblemDetail notAcceptable(HttpMediaTypeNotAcceptableException e) {
        String supported = e.getSupportedMediaTypes().stream().map(MediaType::toString)
                .collect(Collectors.joining(", "));
        return problem(HttpStatus.NOT_ACCEPTABLE, "Not acceptable", "this path answers only "
                + (supported.isEmpty() ? "application/json" : supported) + ": ask for it in Accept");
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ProblemDetail missingParameter(MissingServletRequestParameterException e) {
        return refused(new FieldRefused(e.getParameterName(), "required"));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ProblemDetail parameterType(MethodArgumentTypeMismatchException e) {
        Class<?> type = e.getRequiredType();
        String kind = type == long.class || type == int.class || type == Long.class || type == Integer.class
                ? "a whole number" : "a value of the right kind";
        return refused(new FieldRefused(e.getName(), "must be " + kind));
    }

    /** The other refusals of Spring's web layer: their status, in plain words. */
    @ExceptionHandler({ServletRequestBindingException.class, ErrorResponseException.class,
            MethodArgumentNotValidException.class, HandlerMethodValidationException.class,
            AsyncRequestTimeoutException.class})
    ProblemDetail web(Exception e) {
        HttpStatusCode status = ((ErrorResponse) e).getStatusCode();
        HttpStatus known = HttpStatus.resolve(status.value());
        String phrase = known == null ? "Refused" : known.getReasonPhrase();
        return problem(status, phrase, status.is5xxServerError()
                ? "the tracker could not answer this request now" : "the request was refused: " + phrase.toLowerCase());
    }

    /** A command's refusal reaches here wrapped: the same mapping for what it wraps. */
    @ExceptionHandler(CommandExecutionException.class)
    ProblemDetail command(CommandExecutionException e) {
        return problemOf(e);
    }

    /**
     * Anything else is the tracker's own failure: logged in full, answered with nothing of its insides; but a
     * database that does not take writes now (a full disk) is 503 with Retry-After: the tracker recovers by itself.
     * A client that went away (a closed tab ending its live stream, a download cancelled) is normal: logged at
     * debug, and nothing is answered since nobody is listening.
     */
    @ExceptionHandler(Exception.class)
    ProblemDetail failure(Exception e) {
        if (e instanceof AsyncRequestNotUsableException
                || DisconnectedClientHelper.isClientDisconnectedException(e)) {
            LOG.debug("the client went away: {}", e.toString());
            return null;
        }
        if (StoreUnavailable.is(e)) {
            LOG.warn("The database does not take this request now: {}", e.toString());
            if (org.springframework.web.context.request.RequestContextHolder.getRequestAttributes()
                    instanceof org.springframework.web.context.request.ServletRequestAttributes servlet
                    && servlet.getResponse() != null) {
                servlet.getResponse().setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(STORE_RETRY_AFTER));
            }
            return problem(HttpStatus.SERVICE_UNAVAILABLE, "Not stored: try again shortly", "the database does "
                    + "not take writes at the moment (for example, its disk is full); this request was not "
                    + "acknowledged. Send it again in a few seconds.");
        }
        String incident = UUID.randomUUID().toString().substring(0, 8);
        LOG.error("Incident {}: a request failed", incident, e);
        ProblemDetail problem = problem(HttpStatus.INTERNAL_SERVER_ERROR, "The tracker failed",
                "the tracker failed to carry out this request; the failure is logged as incident " + incident
                        + ". Check the state before trying again.");
        problem.setProperty("incident", incident);
        return problem;
    }

    static ProblemDetail tooLarge(long limit) {
        ProblemDetail problem = problem(HttpStatus.PAYLOAD_TOO_LARGE, "Request too large", "the body is larger than "
                + "this path takes (" + limit + " bytes at most); it was not parsed, nothing of it is kept");
        problem.setProperty("limit", limit);
        return problem;
    }

    public static ProblemDetail problem(HttpStatusCode status, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        problem.setTitle(title);
        return problem;
    }

    /** Writes a problem from a filter, where no controller advice runs (nothing written yet). */
    static void write(HttpServletResponse response, ProblemDetail problem) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", problem.getType().toString());
        body.put("title", problem.getTitle());
        body.put("status", problem.getStatus());
        body.put("detail", problem.getDetail());
        if (problem.getProperties() != null) {
            body.putAll(problem.getProperties());
        }
        response.resetBuffer();
        response.setStatus(problem.getStatus());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getOutputStream().write(WRITER.writeValueAsBytes(body));
        response.flushBuffer();
    }
}
