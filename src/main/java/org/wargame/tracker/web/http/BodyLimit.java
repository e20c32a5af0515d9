package org.wargame.tracker.web.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The size limit of every request body, refused with 413 before anything is parsed: by its declared
 * Content-Length at once, and, for a body sent in chunks, as soon as the bytes read pass the limit. Campaign files
 * have their own, larger limit ({@code tracker.limits.campaign-file}); a history import has none here, since the
 * import reads it line by line and limits each line ({@code tracker.limits.history-line}, see the README). Runs before the
 * security filters, so an oversized body costs neither a password check nor a parse.
 */
@Component
@Order(BodyLimit.ORDER)
class BodyLimit extends OncePerRequestFilter {

    static final int ORDER = -1000; // before Spring Security (-100)

    private final long body;
    private final long campaignFile;

    BodyLimit(@Value("${tracker.limits.body:64KB}") DataSize body,
                     @Value("${tracker.limits.campaign-file:2MB}") DataSize campaignFile) {
        this.body = body.toBytes();
        this.campaignFile = campaignFile.toBytes();
    }

    /** The limit of the body of {@code request}, in bytes. */
    long limitOf(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        if ("POST".equals(request.getMethod())) {
            if (path.equals("/api/campaigns") || path.equals("/api/campaigns/")) {
                return campaignFile;
            }
            if (path.equals("/api/history/import") || path.equals("/console/import")) {
                // a history of any size: the import limits each line (tracker.limits.history-line) as it reads
                return Long.MAX_VALUE;
            }
            if (path.equals("/console/campaigns")) {
                return campaignFile;
            }
        }
        return body;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long limit = limitOf(request);
        if (request.getContentLengthLong() > limit) {
            refuse(response, limit);
            return;
        }
        try {
            chain.doFilter(new Limited(request, limit), response);
        } catch (IOException | ServletException | RuntimeException e) {
            if (tooLarge(e) != null && !response.isCommitted()) {
                refuse(response, limit);
                return;
            }
            throw e;
        }
    }

    private static void refuse(HttpServletResponse response, long limit) throws IOException {
        // the container discards what is left of the body (up to server.tomcat.max-swallow-size, then it closes the
        // connection): nothing of it is parsed or kept
        ProblemResponses.write(response, ProblemResponses.tooLarge(limit));
    }

    /** The too-large complaint somewhere in {@code thrown}'s causes, or null. */
    static TooLarge tooLarge(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof TooLarge tooLarge) {
                return tooLarge;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    /** Reading past the limit: an I/O failure, so every reader of the body stops at once. */
    static final class TooLarge extends IOException {

        private final long limit;

        TooLarge(long limit) {
            super("the body is larger than " + limit + " bytes");
            this.limit = limit;
        }

        long limit() {
            return limit;
        }
    }

    /** The request with its body counted as it is read. */
    private static final class Limited extends HttpServletRequestWrapper {

        private final long limit;
        private ServletInputStream stream;

        Limited(HttpServletRequest request, long limit) {
            super(request);
            this.limit = limit;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new Counted(super.getInputStream(), limit);
            }
            return stream;
        }

        @Override
        public BufferedReader getReader() throws IOException {
            String encoding = getCharacterEncoding();
            Charset charset = StandardCharsets.UTF_8;
            try {
                charset = encoding == null ? charset : Charset.forName(encoding);
            } catch (IllegalArgumentException unknown) {
                // refused by ApiRequestGuard for the API; the pages read forms through the container
            }
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }

    private static final class Counted extends ServletInputStream {

        private final ServletInputStream in;
        private final long limit;
        private long read;

        Counted(ServletInputStream in, long limit) {
            this.in = in;
            this.limit = limit;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(int n) throws TooLarge {
            read += n;
            if (read > limit) {
                throw new TooLarge(limit);
            }
        }

        @Override
        public boolean isFinished() {
            return in.isFinished();
        }

        @Override
        public boolean isReady() {
            return in.isReady();
        }

        @Override
        public void setReadListener(ReadListener listener) {
            in.setReadListener(listener);
        }
    }
}
