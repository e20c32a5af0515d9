package org.wargame.tracker.web.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.wargame.tracker.history.ReadModelRebuild;
import org.wargame.tracker.history.WriteGate;

import java.io.IOException;
import java.util.Set;

/**
 * While the read models are rebuilt, a request that would write (every POST, PUT, PATCH and DELETE but the login,
 * the logout and the rebuild's own) is answered 503 with {@code Retry-After} and a problem saying why, never a
 * database time-out; the requests under way finish first (see {@link WriteGate}).
 */
@Component
class RebuildGateFilter extends OncePerRequestFilter {

    /** Seconds a client is asked to wait before trying again. */
    static final int RETRY_AFTER = 5;
    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS", "TRACE");
    private static final Set<String> ALWAYS = Set.of("/login", "/logout", "/api/history/rebuild", "/console/rebuild");

    private final WriteGate gate;
    private final ReadModelRebuild rebuild;
    private final ObjectMapper json;

    RebuildGateFilter(WriteGate gate, ReadModelRebuild rebuild, ObjectMapper json) {
        this.gate = gate;
        this.rebuild = rebuild;
        this.json = json;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return READS.contains(request.getMethod()) || ALWAYS.contains(request.getServletPath());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!gate.tryEnter()) {
            ReadModelRebuild.Progress p = rebuild.progress();
            ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
                    "the read models are being rebuilt (" + p.eventsDone() + " of " + p.eventsTotal()
                            + " events): nothing was changed; try again in a few seconds");
            problem.setTitle("Rebuilding");
            response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
            response.setHeader("Retry-After", String.valueOf(RETRY_AFTER));
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            json.writeValue(response.getOutputStream(), problem);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            gate.leave();
        }
    }
}
