package org.wargame.tracker.web.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.store.ActionKey;

import java.io.IOException;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads {@code Idempotency-Key} (see {@link ActionKey}) on the actions at the table: a scenario's actions, clock,
 * notes, sealed choices and hidden counters. Elsewhere, on a read, twice, or not a short word of visible characters,
 * it is refused naming the header, so that a client never believes a key protects a request it does not.
 */
@Component
@Order(BodyLimit.ORDER + 20)
public class ActionKeyHeader extends OncePerRequestFilter {

    /** The scenario requests that take one action each and honour the key. */
    static final Pattern KEYED = Pattern.compile("/api/scenarios/[^/]+/(actions|clock/advance|clock/done|notes|seals"
            + "|seals/[^/]+/reveal|hidden|hidden/[^/]+/acted|hidden/[^/]+/reveal)");
    /** A structured-field string's characters, without quotes or backslashes (RFC 8941 3.3.3). */
    private static final Pattern VISIBLE = Pattern.compile("[\\x21\\x23-\\x5B\\x5D-\\x7E]+");

    /** Whether a POST to {@code path} (under the context path; "{x}" stands for any id) takes the key. */
    public static boolean takesKey(String path) {
        return KEYED.matcher(path).matches();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        return request.getHeader(ActionKey.HEADER) == null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        List<String> values = Collections.list(request.getHeaders(ActionKey.HEADER));
        String refused = null;
        String key = values.size() == 1 ? unquoted(values.get(0).strip()) : null;
        if (!"POST".equals(request.getMethod()) || !takesKey(path)) {
            refused = "taken only by the actions at the table (POST to a scenario's actions, clock/advance, clock/done, "
                    + "notes, seals and hidden counters); this request would not be kept from being stored twice";
        } else if (values.size() != 1) {
            refused = "sent " + values.size() + " times: send one key for the action";
        } else if (key.isEmpty() || key.length() > ActionKey.MAX_LENGTH || !VISIBLE.matcher(key).matches()) {
            refused = "1 to " + ActionKey.MAX_LENGTH + " visible characters without spaces, quotes or backslashes "
                    + "(a UUID chosen for the action is best)";
        }
        if (refused != null) {
            ProblemResponses.write(response, ProblemResponses.refused(new FieldRefused(ActionKey.HEADER, refused)));
            return;
        }
        ActionKey.hold(key);
        try {
            chain.doFilter(request, response);
        } finally {
            ActionKey.clear();
        }
    }

    /** A structured-field string ("abc") or the bare word. */
    private static String unquoted(String value) {
        return value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")
                ? value.substring(1, value.length() - 1) : value;
    }
}
