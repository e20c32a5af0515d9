package org.wargame.tracker.web.api;

import org.wargame.tracker.refusal.FieldRefused;

/**
 * A scenario's version is its event count: the ETag of its view, sent back as {@code If-Match} (or as
 * {@code expectedVersion}) by a client that wants its action refused when someone else acted first.
 */
final class Versions {

    private Versions() {
    }

    static String etag(long version) {
        return "\"" + version + "\"";
    }

    /** The version the client expects, from {@code If-Match} or the body's {@code expectedVersion}; null if none. */
    static Long expected(String ifMatch, Object fromBody) {
        if (ifMatch != null && !ifMatch.isBlank() && !"*".equals(ifMatch.trim())) {
            String tag = ifMatch.trim();
            if (tag.startsWith("W/")) {
                tag = tag.substring(2);
            }
            tag = tag.replace("\"", "");
            try {
                return Long.parseLong(tag);
            } catch (NumberFormatException e) {
                throw new FieldRefused("If-Match", "the scenario's version as its ETag gives it, such as \"42\"");
            }
        }
        if (fromBody == null) {
            return null;
        }
        if (fromBody instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())) {
            return n.longValue();
        }
        throw new FieldRefused("expectedVersion", "a whole number: the scenario's event count you last saw");
    }
}
