package org.wargame.tracker.account;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.context.SecurityContextHolderFilter;

import java.io.IOException;
import java.time.Instant;

/**
 * The API takes HTTP Basic credentials on every request (no session, so no CSRF token needed; cross-site requests
 * are refused before they reach here, see web/ApiRequestGuard); the pages use a form login with a session and CSRF
 * protection on every form. Without valid credentials: 401; after too many failed logins: 429 with Retry-After
 * ({@link LoginThrottle}). Every answer carries a Content-Security-Policy that allows only the tracker's own scripts,
 * styles and images: the pages load htmx from a webjar and draw with inline SVG.
 */
@Configuration
public class SecurityConfiguration {

    /** What the pages may load: nothing from elsewhere, no inline script or style, no frames. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
            + "form-action 'self'; frame-ancestors 'none'";

    @Bean
    public PasswordEncoder passwordEncoder() {
        return new BCryptPasswordEncoder();
    }

    @Bean
    @Order(1)
    public SecurityFilterChain api(HttpSecurity http) throws Exception {
        return http.securityMatcher("/api/**")
                .authorizeHttpRequests(a -> a.anyRequest().authenticated())
                .httpBasic(basic -> basic.authenticationEntryPoint(SecurityConfiguration::unauthorized))
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .csrf(csrf -> csrf.disable())
                .headers(h -> h.contentSecurityPolicy(c -> c.policyDirectives(CONTENT_SECURITY_POLICY)))
                .build();
    }

    @Bean
    @Order(2)
    public SecurityFilterChain pages(HttpSecurity http, Accounts accounts) throws Exception {
        SavedRequestAwareAuthenticationSuccessHandler success = new SavedRequestAwareAuthenticationSuccessHandler() {
            @Override
            public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
                                                org.springframework.security.core.Authentication authentication)
                    throws jakarta.servlet.ServletException, IOException {
                request.getSession().setAttribute(SessionAccountCheck.LOGGED_IN_AT, Instant.now());
                super.onAuthenticationSuccess(request, response, authentication);
            }

            /** {@code back} (a page of this site the player was on when the session ended), else "/". */
            @Override
            protected String determineTargetUrl(HttpServletRequest request, HttpServletResponse response) {
                String back = request.getParameter("back");
                return PageLogin.safe(back) ? back : "/";
            }
        };
        success.setDefaultTargetUrl("/");
        success.setTargetUrlParameter("back");
        return http
                .authorizeHttpRequests(a -> a
                        .requestMatchers("/actuator/health/**", "/actuator/health", "/v3/api-docs/**",
                                "/swagger-ui/**", "/swagger-ui.html", "/login", "/css/**", "/js/**", "/webjars/**",
                                "/favicon.ico", "/favicon.svg", "/error", "/unsubscribe").permitAll()
                        .anyRequest().authenticated())
                // the tracker's own login page (web/LoginPage); after login, the page asked for or the campaign list
                .formLogin(form -> form.loginPage("/login").successHandler(success)
                        .failureHandler((request, response, e) -> response.sendRedirect(request.getContextPath()
                                + (e instanceof LoginThrottled t ? "/login?throttled=" + t.retryAfterSeconds()
                                : "/login?error")))
                        .permitAll())
                .logout(logout -> logout.logoutSuccessUrl("/login?logout").permitAll())
                .requestCache(cache -> cache.requestCache(PageLogin.pageNavigations()))
                // a page's scripts get 401 naming the login page; an expired session's form goes there too
                .exceptionHandling(e -> e.authenticationEntryPoint(PageLogin::unauthenticated)
                        .accessDeniedHandler(PageLogin::denied))
                // a mail's stop link works without logging in, by its token (notice/MailAddresses), also as RFC 8058's
                // one-click POST, which a mail program sends without a CSRF token
                .csrf(csrf -> csrf.ignoringRequestMatchers("/unsubscribe"))
                .addFilterAfter(new SessionAccountCheck(accounts), SecurityContextHolderFilter.class)
                .headers(h -> h.contentSecurityPolicy(c -> c.policyDirectives(CONTENT_SECURITY_POLICY)))
                .build();
    }

    /** 401 with a problem, or 429 with Retry-After when the login was refused for too many failures. */
    static void unauthorized(HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
            throws IOException {
        response.setContentType("application/problem+json");
        if (e instanceof LoginThrottled throttled) {
            response.setStatus(HttpStatus.TOO_MANY_REQUESTS.value());
            response.setHeader("Retry-After", Long.toString(throttled.retryAfterSeconds()));
            response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Too many failed logins\",\"status\":429,"
                    + "\"detail\":\"too many failed logins from this address: try again in "
                    + throttled.retryAfterSeconds() + " s (the wait doubles with each further failure)\","
                    + "\"retryAfter\":" + throttled.retryAfterSeconds() + "}");
            return;
        }
        if (org.wargame.tracker.store.StoreUnavailable.is(e)) { // the accounts could not be read: not a bad login
            response.setStatus(HttpStatus.SERVICE_UNAVAILABLE.value());
            response.setHeader("Retry-After", "5");
            response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Not stored: try again shortly\","
                    + "\"status\":503,\"detail\":\"the database does not answer at the moment (for example, its "
                    + "disk is full); nothing was done. Send the request again in a few seconds.\"}");
            return;
        }
        response.setStatus(HttpStatus.UNAUTHORIZED.value());
        response.setHeader("WWW-Authenticate", "Basic realm=\"campaign-tracker\"");
        response.getWriter().write("{\"type\":\"about:blank\",\"title\":\"Unauthorized\",\"status\":401,"
                + "\"detail\":\"log in: valid credentials (HTTP Basic) are needed\"}");
    }
}
