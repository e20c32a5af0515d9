package org.wargame.tracker.web.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.resource.ResourceUrlEncodingFilter;
import org.springframework.web.servlet.resource.ResourceUrlProvider;
import org.springframework.web.servlet.resource.ResourceUrlProviderExposingInterceptor;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Links to static resources (the style sheet, htmx from its webjar) resolved once and remembered, instead of Spring's
 * {@link ResourceUrlEncodingFilter}, which sends every link of a page through the resource resolvers (the webjars
 * resolver looks inside the nested jar each time): a timeline page had tens of thousands of links. Only paths under
 * {@link #STATIC} are resolved; every other link is left as it is, which is what the resolvers gave it too. At most
 * {@value #CACHED} resolved links are remembered (the pages link a handful).
 */
@Component
class StaticLinks extends ResourceUrlEncodingFilter {

    static final List<String> STATIC = List.of("/css/", "/js/", "/webjars/", "/favicon.ico");
    static final int CACHED = 256;

    private final Map<String, String> resolved = new ConcurrentHashMap<>();

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse out)) {
            chain.doFilter(request, response);
            return;
        }
        String context = http.getContextPath();
        chain.doFilter(request, new HttpServletResponseWrapper(out) {
            @Override
            public String encodeURL(String url) {
                return super.encodeURL(link(http, context, url));
            }
        });
    }

    /** The link to use for {@code url}: a static resource's resolved path, else the url itself. */
    String link(HttpServletRequest request, String context, String url) {
        if (!url.startsWith(context)) {
            return url;
        }
        String path = url.substring(context.length());
        if (STATIC.stream().noneMatch(path::startsWith)) {
            return url;
        }
        String known = resolved.get(url);
        if (known != null) {
            return known;
        }
        int query = path.indexOf('?');
        String lookup = query < 0 ? path : path.substring(0, query);
        // the provider Spring MVC hands the request (as its own filter takes it)
        Object provider = request.getAttribute(ResourceUrlProviderExposingInterceptor.RESOURCE_URL_PROVIDER_ATTR);
        if (!(provider instanceof ResourceUrlProvider resources)) {
            return url;
        }
        String found = resources.getForLookupPath(lookup);
        String link = found == null ? url : context + found + (query < 0 ? "" : path.substring(query));
        if (resolved.size() < CACHED) {
            resolved.put(url, link);
        }
        return link;
    }
}
