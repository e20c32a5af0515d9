package org.wargame.tracker.account;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * At the first start, the account {@code referee}: password from TRACKER_REFEREE_PASSWORD, or generated. Later
 * starts never change it silently: a TRACKER_REFEREE_PASSWORD that differs from the stored password is ignored with
 * a warning that says how to reset it, which is to start once with {@code TRACKER_RESET_REFEREE_PASSWORD=true} (the
 * account is then also enabled and a referee again, so a club that locked itself out gets back in).
 */
@Component
@Order(1)
public class RefereeAccount implements ApplicationRunner {

    static final String REFEREE = "referee";
    private static final Logger LOG = LoggerFactory.getLogger(RefereeAccount.class);

    private final Accounts accounts;
    private final String username;
    private final String password;
    private final boolean reset;
    private volatile boolean ready;

    @Autowired
    public RefereeAccount(Accounts accounts, @Value("${TRACKER_REFEREE_PASSWORD:}") String password,
                          @Value("${TRACKER_RESET_REFEREE_PASSWORD:false}") boolean reset) {
        this(accounts, REFEREE, password, reset);
    }

    RefereeAccount(Accounts accounts, String username, String password, boolean reset) {
        this.accounts = accounts;
        this.username = username;
        this.password = password;
        this.reset = reset;
    }

    @Override
    public void run(ApplicationArguments args) {
        boolean given = password != null && !password.isBlank();
        if (!accounts.exists(username)) {
            accounts.create(username, FirstStart.password(password, username, accounts.minPasswordLength()),
                    Accounts.REFEREE);
        } else if (reset) {
            if (!given) {
                LOG.warn("TRACKER_RESET_REFEREE_PASSWORD=true but TRACKER_REFEREE_PASSWORD is not set: the password "
                        + "of '{}' was not reset. Set both, start once, then remove TRACKER_RESET_REFEREE_PASSWORD.",
                        username);
            } else {
                accounts.setPassword(username, password);
                accounts.change(username, true, Accounts.REFEREE, null, null);
                LOG.warn("TRACKER_RESET_REFEREE_PASSWORD=true: the password of '{}' was reset to "
                        + "TRACKER_REFEREE_PASSWORD (and the account enabled as a referee). Remove "
                        + "TRACKER_RESET_REFEREE_PASSWORD now.", username);
            }
        } else if (given && !accounts.passwordMatches(username, password)) {
            LOG.warn("TRACKER_REFEREE_PASSWORD differs from the stored password of '{}' and was IGNORED: it sets the "
                    + "password only at the first start. To reset the password to it, start once with "
                    + "TRACKER_RESET_REFEREE_PASSWORD=true; or change it with POST /api/me/password.", username);
        }
        ready = true;
    }

    /** Whether the referee account is in place: the tracker is not ready before. */
    public boolean ready() {
        return ready;
    }

    /** Creates a player account named in a sample campaign, unless it exists. */
    public static void ensurePlayer(Accounts accounts, String username, String password) {
        if (!accounts.exists(username)) {
            accounts.create(username, FirstStart.password(password, username, accounts.minPasswordLength()),
                    Accounts.PLAYER);
        }
    }
}
