package org.wargame.tracker.web.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.Charset;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a browser on another site cannot make the API do with the Basic credentials it replays. A browser sends a
 * form or a "simple" request without asking first only with a form's content types or {@code text/plain}, and
 * says where a request comes from in {@code Origin} and {@code Sec-Fetch-Site}. So the API takes bodies only as
 * {@code application/json}, {@code application/yaml} or {@code application/x-ndjson} (anything else: 415), and
 * refuses every state-changing request that says it comes from another site (403), with a body or without. A plain
 * API client (curl with Basic credentials and a JSON body) sends neither header and is not concerned. Runs before
 * the security filters: a refused request costs no password check.
 */
@Component
@Order(BodyLimit.ORDER + 10)
class ApiRequestGuard extends OncePerRequestFilter {

    static final List<MediaType> ACCEPTED = List.of(MediaType.APPLICATION_JSON, MediaType.parseMediaType(
            "application/yaml"), MediaType.parseMediaType("application/x-ndjson"));
    private static final Set<String> SAFE = Set.of("GET", "HEAD", "OPTIONS", "TRACE");

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return !(path.equals("/api") || path.startsWith("/api/"));
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!SAFE.contains(request.getMethod())) {
            String crossSite = crossSite(request);
            if (crossSite != null) {
                ProblemResponses.write(response, ProblemResponses.problem(HttpStatus.FORBIDDEN, "Cross-site request "
                        + "refused", crossSite + ": the API takes state-changing requests only from its own pages "
                        + "or from a client that is no browser"));
                return;
            }
        }
        String refused = contentTypeRefusal(request);
        if (refused != null) {
            ProblemResponses.write(response, ProblemResponses.problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                    "Unsupported media type", refused + "; the API takes application/json, application/yaml "
                            + "(campaign files) and application/x-ndjson (histories)"));
            return;
        }
        chain.doFilter(request, response);
    }

    /** Why the request is cross-site, or null when it is not. */
    static String crossSite(HttpServletRequest request) {
        String site = request.getHeader("Sec-Fetch-Site");
        if (site != null && !site.equalsIgnoreCase("same-origin") && !site.equalsIgnoreCase("none")) {
            return "Sec-Fetch-Site says " + site.toLowerCase(Locale.ROOT);
        }
        String origin = request.getHeader("Origin");
        if (origin != null && !sameOrigin(origin, request)) {
            return "Origin " + org.wargame.tracker.refusal.RequestJson.shortened(origin) + " is another site";
        }
        return null;
    }

    /**
     * The origin's host and port against the host the request was sent to (a reverse proxy's {@code
     * X-Forwarded-Host} when it gives one: a browser cannot set that header on a cross-site request without asking).
     * A missing port is the default of the origin's scheme on both sides.
     */
    static boolean sameOrigin(String origin, HttpServletRequest request) {
        URI uri;
        try {
            uri = new URI(origin.trim());
        } catch (URISyntaxException e) {
            return false;
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            return false; // "null" (a sandboxed frame, a file) and the like
        }
        int defaultPort = "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        String forwarded = request.getHeader("X-Forwarded-Host");
        String host = forwarded != null && !forwarded.isBlank() ? forwarded.split(",")[0].trim()
                : request.getHeader("Host");
        if (host == null) {
            return false;
        }
        URI target;
        try {
            target = new URI("http://" + host);
        } catch (URISyntaxException e) {
            return false;
        }
        if (target.getHost() == null) {
            return false;
        }
        int originPort = uri.getPort() < 0 ? defaultPort : uri.getPort();
        int targetPort = target.getPort() < 0 ? defaultPort : target.getPort();
        return uri.getHost().equalsIgnoreCase(target.getHost()) && originPort == targetPort;
    }

    /** Why the body's content type is refused, or null. A request without a body needs none. */
    static String contentTypeRefusal(HttpServletRequest request) {
        String header = request.getContentType();
        boolean body = request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
        if (header == null || header.isBlank()) {
            return body ? "a body needs a Content-Type" : null;
        }
        MediaType type;
        try {
            type = MediaType.parseMediaType(header);
        } catch (InvalidMediaTypeException e) {
            return "Content-Type '" + org.wargame.tracker.refusal.RequestJson.shortened(header) + "' is not a media "
                    + "type";
        }
        if (ACCEPTED.stream().noneMatch(type::equalsTypeAndSubtype)) {
            return "Content-Type " + type.getType() + "/" + org.wargame.tracker.refusal.RequestJson.shortened(
                    type.getSubtype()) + " is not taken";
        }
        String charset = type.getParameter("charset");
        if (charset != null) {
            try {
                if (!Charset.forName(charset.replace("\"", "")).equals(java.nio.charset.StandardCharsets.UTF_8)) {
                    return "charset " + org.wargame.tracker.refusal.RequestJson.shortened(charset) + " is not taken "
                            + "(send UTF-8)";
                }
            } catch (IllegalArgumentException e) {
                return "charset " + org.wargame.tracker.refusal.RequestJson.shortened(charset) + " is not known "
                        + "(send UTF-8)";
            }
        }
        return null;
    }
}
