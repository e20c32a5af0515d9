package org.wargame.tracker.refusal;

/**
 * The client acted on a version of the scenario that is no longer the latest (its {@code If-Match} or
 * {@code expectedVersion}): nothing was done, and the message says what changed since. {@code currentVersion} is the
 * event count now, so the client can look again.
 */
public final class StaleVersion extends Conflict {

    private final long currentVersion;

    public StaleVersion(String message, long currentVersion) {
        super("expectedVersion", message);
        this.currentVersion = currentVersion;
    }

    @Override
    public StaleVersion inWords(java.util.function.UnaryOperator<String> words) {
        return new StaleVersion(words.apply(getMessage().substring("expectedVersion: ".length())), currentVersion);
    }

    public long currentVersion() {
        return currentVersion;
    }
}
