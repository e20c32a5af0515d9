package org.wargame.tracker.account;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/** At the first start, the account {@code referee}: password from TRACKER_REFEREE_PASSWORD, or generated. */
@Component
@Order(1)
public class RefereeAccount implements ApplicationRunner {

    private final Accounts accounts;
    private final String password;

    public RefereeAccount(Accounts accounts, @Value("${TRACKER_REFEREE_PASSWORD:}") String password) {
        this.accounts = accounts;
        this.password = password;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (!accounts.exists("referee")) {
            accounts.create("referee", FirstStart.password(password, "referee"), Accounts.REFEREE);
        }
    }

    /** Creates a player account named in a sample campaign, unless it exists. */
    public static void ensurePlayer(Accounts accounts, String username, String password) {
        if (!accounts.exists(username)) {
            accounts.create(username, FirstStart.password(password, username), Accounts.PLAYER);
        }
    }
}
