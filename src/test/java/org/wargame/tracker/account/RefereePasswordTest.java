package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.wargame.tracker.ApiTestSupport;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A start with TRACKER_REFEREE_PASSWORD set that differs from the stored password says so and how to reset it,
 * and changes nothing; TRACKER_RESET_REFEREE_PASSWORD=true resets it (and enables the account as a referee). Played
 * on a referee account of its own, so the suite's referee keeps its password.
 */
@ExtendWith(OutputCaptureExtension.class)
class RefereePasswordTest extends ApiTestSupport {

    @Autowired
    Accounts accounts;

    @Test
    void a_differing_environment_password_is_ignored_with_a_clear_line(CapturedOutput output) {
        String name = "ref-" + UUID.randomUUID().toString().substring(0, 8);
        new RefereeAccount(accounts, name, "first-password", false).run(null);
        assertThat(accounts.passwordMatches(name, "first-password")).isTrue();
        new RefereeAccount(accounts, name, "second-password", false).run(null);
        assertThat(accounts.passwordMatches(name, "first-password")).isTrue();
        assertThat(output.getOut()).contains("TRACKER_REFEREE_PASSWORD differs from the stored password of '" + name
                + "' and was IGNORED").contains("TRACKER_RESET_REFEREE_PASSWORD=true");
        assertThat(output.getOut()).doesNotContain("second-password").doesNotContain("first-password");
    }

    @Test
    void the_reset_option_sets_the_password_and_gives_the_referee_back(CapturedOutput output) {
        String name = "ref-" + UUID.randomUUID().toString().substring(0, 8);
        new RefereeAccount(accounts, name, "first-password", false).run(null);
        accounts.change(name, false, Accounts.PLAYER, null, "referee"); // locked out
        new RefereeAccount(accounts, name, "second-password", true).run(null);
        assertThat(accounts.passwordMatches(name, "second-password")).isTrue();
        Accounts.Account account = accounts.find(name);
        assertThat(account.enabled()).isTrue();
        assertThat(account.role()).isEqualTo(Accounts.REFEREE);
        assertThat(output.getOut()).contains("was reset").contains("Remove TRACKER_RESET_REFEREE_PASSWORD");
    }

    @Test
    void the_same_password_says_nothing(CapturedOutput output) {
        String name = "ref-" + UUID.randomUUID().toString().substring(0, 8);
        new RefereeAccount(accounts, name, "first-password", false).run(null);
        new RefereeAccount(accounts, name, "first-password", false).run(null);
        assertThat(output.getOut()).doesNotContain("IGNORED");
    }
}
