package org.wargame.tracker.history;

/**
 * A stored stream that cannot be folded at one of its events (a store poisoned before imports were checked): where
 * ({@code sequence}) and why, in words; the rebuild holds the stream read-only instead of failing as a whole.
 */
final class StreamFault extends RuntimeException {

    private final long sequence;

    StreamFault(long sequence, Throwable cause) {
        super(words(cause), cause);
        this.sequence = sequence;
    }

    long sequence() {
        return sequence;
    }

    String reason() {
        return getMessage();
    }

    /** The fault in {@code thrown}'s causes, or one at an unknown place (0) when the stream failed elsewhere. */
    static StreamFault of(String stream, Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof StreamFault fault) {
                return fault;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return new StreamFault(0, thrown);
    }

    /** The innermost message, without Java class names. */
    private static String words(Throwable cause) {
        String message = null;
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                message = t.getMessage();
            }
        }
        if (message == null) {
            return "the event does not fit the state";
        }
        message = message.strip().lines().findFirst().orElse("")
                .replaceAll("(\\b[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_]*\\$)?([A-Z][A-Za-z0-9_]*)", "$3");
        return message.length() > 300 ? message.substring(0, 300) + "..." : message;
    }
}
