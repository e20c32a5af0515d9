package org.wargame.tracker.account;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CsrfException;

import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Leading a player whose session ended to the login page and back to where they were. A page load is redirected
 * (the page asked for is remembered by Spring Security). A request from a page's script (htmx, the live stream,
 * the live update's fetch) cannot follow a redirect to a page: it is answered 401 with {@code HX-Redirect} naming
 * the login page with {@code back} set to the page it came from, which htmx follows (static/js/live.js does for
 * the others). A form posted after the session expired fails its CSRF check: that is an expired session too, not a
 * 403.
 */
public final class PageLogin {

    /** The longest {@code back} taken. */
    private static final int MAX_BACK = 2000;

    private static final LoginUrlAuthenticationEntryPoint PAGE = new LoginUrlAuthenticationEntryPoint("/login");
    private static final AccessDeniedHandlerImpl DENIED = new AccessDeniedHandlerImpl();

    private PageLogin() {
    }

    /**
     * Remembers for after the login only a page the player opened, never a request of a page's scripts (a live
     * redraw, the waiting count's poll, the live stream): one of those, sent by a page left open while its session
     * ended, would otherwise become the page the next login lands on, even another account's.
     */
    static org.springframework.security.web.savedrequest.RequestCache pageNavigations() {
        var cache = new org.springframework.security.web.savedrequest.HttpSessionRequestCache();
        cache.setRequestMatcher(request -> "GET".equals(request.getMethod()) && !fromScript(request)
                && String.valueOf(request.getHeader("Accept")).contains("text/html"));
        return cache;
    }

    static boolean fromScript(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return request.getHeader("HX-Request") != null
                || (accept != null && accept.contains("text/event-stream"));
    }

    /**
     * Whether {@code back} is a path of this site, and only that, however a browser reads it: printable ASCII
     * without a backslash (browsers read one as a slash), then a path that, with its percent-escapes decoded (again
     * and again, so that {@code %252F} hides no slash either), starts with one slash, has no empty segment (no
     * {@code //}, which would name a host) and no {@code .} or {@code ..} segment ({@code /.//evil.example} is
     * {@code //evil.example} to a browser). Anything else leads to the home page.
     */
    public static boolean safe(String back) {
        if (back == null || back.isEmpty() || back.length() > MAX_BACK) {
            return false;
        }
        for (int i = 0; i < back.length(); i++) {
            char c = back.charAt(i);
            if (c <= ' ' || c >= 0x7f || c == '\\') {
                return false;
            }
        }
        int end = back.length();
        for (char c : new char[]{'?', '#'}) {
            int at = back.indexOf(c);
            if (at >= 0 && at < end) {
                end = at;
            }
        }
        String path = back.substring(0, end);
        for (int round = 0; round < 4; round++) {
            if (!plainPath(path)) {
                return false;
            }
            String decoded = decoded(path);
            if (decoded == null) {
                return false;
            }
            if (decoded.equals(path)) {
                return true;
            }
            path = decoded;
        }
        return false; // escapes inside escapes four deep: nobody's page
    }

    private static boolean plainPath(String path) {
        if (!path.startsWith("/")) {
            return false;
        }
        String[] segments = path.substring(1).split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            boolean last = i == segments.length - 1;
            if ((segment.isEmpty() && !last) || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (c < ' ' || c == 0x7f || c == '\\') {
                return false;
            }
        }
        return true;
    }

    /** The path with its percent-escapes decoded (a '+' stays a '+'); null when an escape is broken. */
    private static String decoded(String path) {
        if (path.indexOf('%') < 0) {
            return path;
        }
        try {
            return URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    static void unauthenticated(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException, jakarta.servlet.ServletException {
        if (fromScript(request)) {
            toLogin(request, response, "expired");
            return;
        }
        PAGE.commence(request, response, e);
    }

    /** A form of an expired session fails its CSRF check: back to the login page, then to the page. */
    static void denied(HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
            throws IOException, jakarta.servlet.ServletException {
        boolean expired = e instanceof CsrfException && request.getRequestedSessionId() != null
                && !request.isRequestedSessionIdValid();
        if (!expired) {
            DENIED.handle(request, response, e);
            return;
        }
        if (fromScript(request)) {
            toLogin(request, response, "expired");
            return;
        }
        response.sendRedirect(request.getContextPath() + login(request, "expired"));
    }

    /** 401 naming the login page (htmx follows {@code HX-Redirect}); the session that ended is not kept. */
    static void toLogin(HttpServletRequest request, HttpServletResponse response, String why) throws IOException {
        response.setStatus(HttpStatus.UNAUTHORIZED.value());
        response.setHeader("HX-Redirect", request.getContextPath() + login(request, why));
        response.setContentType("text/plain;charset=UTF-8");
        response.getWriter().write("log in again: your session ended");
    }

    /** The login page's address with {@code back}: the page the request came from, when it is one of ours. */
    static String login(HttpServletRequest request, String why) {
        String from = request.getHeader("HX-Current-URL");
        if (from == null) {
            from = request.getHeader("Referer");
        }
        String back = null;
        if (from != null) {
            try {
                URI uri = URI.create(from);
                String host = request.getServerName();
                if (uri.getHost() == null || uri.getHost().equalsIgnoreCase(host)) {
                    back = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
                    String context = request.getContextPath();
                    if (!context.isEmpty() && back.startsWith(context)) {
                        back = back.substring(context.length());
                    }
                }
            } catch (IllegalArgumentException ignored) {
                // no way back then: the campaigns after login
            }
        }
        return "/login?" + why + (safe(back) && !back.startsWith("/login")
                ? "&back=" + URLEncoder.encode(back, StandardCharsets.UTF_8) : "");
    }
}
