package org.wargame.tracker.account;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.time.Instant;

/**
 * A page session ends at its next request when its account was disabled, lost the role it logged in with, or had
 * its password changed after the login: a change by the referee takes effect at once, on every instance (the
 * account's row is read, one indexed query per page request).
 */
final class SessionAccountCheck extends OncePerRequestFilter {

    static final String LOGGED_IN_AT = "tracker.loggedInAt";

    private final Accounts accounts;

    SessionAccountCheck(Accounts accounts) {
        this.accounts = accounts;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return path.startsWith("/css/") || path.startsWith("/webjars/") || path.startsWith("/js/")
                || path.startsWith("/favicon.");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpSession session = request.getSession(false);
        Authentication auth = session == null ? null : SecurityContextHolder.getContext().getAuthentication();
        if (auth != null && auth.isAuthenticated() && !(auth instanceof AnonymousAuthenticationToken)
                && !stillValid(auth, session)) {
            session.invalidate();
            SecurityContextHolder.clearContext();
            if (PageLogin.fromScript(request)) {
                PageLogin.toLogin(request, response, "ended");
            } else {
                response.sendRedirect(request.getContextPath() + "/login?ended");
            }
            return;
        }
        chain.doFilter(request, response);
    }

    private boolean stillValid(Authentication auth, HttpSession session) {
        Accounts.Account account = accounts.find(auth.getName());
        if (account == null || !account.enabled()) {
            return false;
        }
        boolean sameRole = auth.getAuthorities().stream()
                .anyMatch(a -> a.getAuthority().equals("ROLE_" + account.role()));
        Object since = session.getAttribute(LOGGED_IN_AT);
        boolean changedSince = account.changedAt() != null
                && (!(since instanceof Instant at) || account.changedAt().isAfter(at));
        return sameRole && !changedSince;
    }
}
