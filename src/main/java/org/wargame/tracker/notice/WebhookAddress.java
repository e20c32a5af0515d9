package org.wargame.tracker.notice;

import org.wargame.tracker.refusal.FieldRefused;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;

/**
 * Where a webhook may point. A referee is trusted with a campaign, not with the tracker's network: a webhook to
 * {@code http://127.0.0.1:5432/} or to a cloud's metadata address would let them probe what only the server can
 * reach and read the answers in the delivery log (SSRF). So by default a webhook's host must resolve to public
 * addresses only: loopback, private, link-local, unique-local, multicast and unspecified addresses are refused, when
 * it is configured and again before each attempt (the name may resolve elsewhere later). Redirects are never
 * followed. {@code tracker.notices.webhooks.allow-private-addresses=true} lifts this for a tracker whose receivers are
 * on its own network (and for the tests' receiver on this machine).
 */
final class WebhookAddress {

    static final int MAX_LENGTH = 2000;

    private WebhookAddress() {
    }

    /** The URL, checked: refused naming {@code field} in plain words. */
    static URI check(String field, String url, boolean allowPrivate) {
        if (url == null || url.isBlank()) {
            throw new FieldRefused(field, "the address to send to is required, such as https://example.org/hook");
        }
        if (url.length() > MAX_LENGTH) {
            throw new FieldRefused(field, "at most " + MAX_LENGTH + " characters");
        }
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            throw new FieldRefused(field, "is not a web address (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase();
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new FieldRefused(field, "must begin with https:// (or http://)");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw new FieldRefused(field, "names no host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new FieldRefused(field, "must not carry a user name or password: give the secret instead");
        }
        if (uri.getRawFragment() != null) {
            throw new FieldRefused(field, "must not end with a #fragment");
        }
        String refused = refusedHost(uri.getHost(), allowPrivate);
        if (refused != null) {
            throw new FieldRefused(field, refused);
        }
        return uri;
    }

    /** Why the host may not be sent to (it does not resolve, or to an address inside), or null. */
    static String refusedHost(String host, boolean allowPrivate) {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        } catch (UnknownHostException e) {
            return "the host '" + host + "' is not known";
        }
        if (allowPrivate) {
            return null;
        }
        for (InetAddress address : addresses) {
            if (inside(address)) {
                return "the host '" + host + "' is on this server or its private network (" + address.getHostAddress()
                        + "); webhooks go to public addresses only";
            }
        }
        return null;
    }

    private static boolean inside(InetAddress a) {
        if (a.isLoopbackAddress() || a.isAnyLocalAddress() || a.isLinkLocalAddress() || a.isSiteLocalAddress()
                || a.isMulticastAddress()) {
            return true;
        }
        byte[] b = a.getAddress();
        if (b.length == 4) {
            int first = b[0] & 0xff;
            int second = b[1] & 0xff;
            return first == 0 || (first == 100 && second >= 64 && second < 128) // carrier-grade NAT
                    || (first == 192 && second == 0 && (b[2] & 0xff) == 0) || first >= 240;
        }
        return (b[0] & 0xfe) == 0xfc; // IPv6 unique local (fc00::/7)
    }
}
