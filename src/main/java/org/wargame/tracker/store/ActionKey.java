package org.wargame.tracker.store;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * A client's key for one action, sent as {@code Idempotency-Key}: the same action sent again with the same key is
 * stored once. A client that got no answer, or a 503 whose write reached the disk after all (H2 on a full disk), sends
 * it again without doubling it; the second answer is the first action's, as the record now has it.
 * <p>
 * The key is held for the request's thread by the web filter that read it. The action id of the first action the
 * request takes is drawn from it and the account ({@link #newActionId}): the same key from another account is another
 * action. {@link StreamGuard} looks for that id among the scenario's stored actions before the command is decided.
 */
public final class ActionKey {

    /** The request header that carries the key (IETF draft "The Idempotency-Key HTTP Header Field"). */
    public static final String HEADER = "Idempotency-Key";
    /** The answer's header when it is that of the action stored before with the same key. */
    public static final String REPLAYED = "Idempotent-Replayed";
    /** The most characters of a key. */
    public static final int MAX_LENGTH = 100;

    /** On a command's metadata (never an event's): its action id was drawn from the request's key. */
    static final String KEYED = "keyed";

    private static final ThreadLocal<Held> CURRENT = new ThreadLocal<>();

    private static final class Held {
        private final String key;
        private String actionId;

        private Held(String key) {
            this.key = key;
        }
    }

    private ActionKey() {
    }

    /** From now until {@link #clear}, this thread's first action is keyed by {@code key}. */
    public static void hold(String key) {
        CURRENT.set(new Held(key));
    }

    public static void clear() {
        CURRENT.remove();
    }

    /**
     * The id of a new action of {@code account}: for the request's first action, drawn from its key (the same key and
     * account give the same id), else a random one.
     */
    public static String newActionId(String account) {
        Held held = CURRENT.get();
        if (held == null || held.actionId != null) {
            return UUID.randomUUID().toString();
        }
        held.actionId = UUID.nameUUIDFromBytes(("Idempotency-Key\n" + account + "\n" + held.key)
                .getBytes(StandardCharsets.UTF_8)).toString();
        return held.actionId;
    }

    /** Whether {@code actionId} is the one drawn from this request's key. */
    static boolean keyed(String actionId) {
        Held held = CURRENT.get();
        return held != null && actionId != null && actionId.equals(held.actionId);
    }

    /**
     * The action sent with this key is in the record already, from event {@code first} to {@code last} of
     * {@code stream}: nothing was decided or stored again; the answer is that action's.
     */
    public static final class AlreadyStored extends RuntimeException {
        private final String stream;
        private final String actionId;
        private final long first;
        private final long last;

        AlreadyStored(String stream, String actionId, long first, long last) {
            super("stored already: action " + actionId + " of " + stream, null, false, false);
            this.stream = stream;
            this.actionId = actionId;
            this.first = first;
            this.last = last;
        }

        public String stream() {
            return stream;
        }

        public String actionId() {
            return actionId;
        }

        public long first() {
            return first;
        }

        public long last() {
            return last;
        }
    }
}
