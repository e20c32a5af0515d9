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
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Leading a player whose session ended to the login page and back to where they were. A page load is redirected
 * (the page asked for is remembered by Spring Security). A request from a page's script (htmx, the live stream,
 * the live update's fetch) cannot follow a redirect to a page: it is answered 401 with {@code HX-Redirect} naming
 * the login page with {@code back} set to the page it came from, which htmx follows (static/js/live.js does for
 * the others). A form posted after the session expired fails its CSRF check: that is an expired session too, not a
 * 403.
 */
public final class PageLogin {

    /** A path on this site: one slash, no scheme or host (so {@code back} cannot lead elsewhere). */
    private static final Pattern LOCAL = Pattern.compile("^/(?![/\\\\])[^\\s]{0,2000}$");

    private static final LoginUrlAuthenticationEntryPoint PAGE = new LoginUrlAuthenticationEntryPoint("/login");
    private static final AccessDeniedHandlerImpl DENIED = new AccessDeniedHandlerImpl();

    private PageLogin() {
    }

    static boolean fromScript(HttpServletRequest request) {
        String accept = request.getHeader("Accept");
        return request.getHeader("HX-Request") != null
                || (accept != null && accept.contains("text/event-stream"));
    }

    public static boolean safe(String back) {
        return back != null && LOCAL.matcher(back).matches();
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
