package org.wargame.tracker.account;

import org.junit.jupiter.api.Test;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.refusal.FieldRefused;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The minimum length of a new password: 8, raised by the setting, never lowered; the shipped list of common
 * passwords; the first start's generated passwords long enough for any minimum. (The checks come before the
 * database is touched: none is given.)
 */
class PasswordRuleTest {

    private static Accounts accounts(int minLength) {
        return new Accounts(null, new BCryptPasswordEncoder(4), event -> { }, minLength);
    }

    @Test
    void the_referee_raises_the_minimum_length() {
        assertThatThrownBy(() -> accounts(12).create("erin", "elevenchars", Accounts.PLAYER))
                .isInstanceOfSatisfying(FieldRefused.class, e -> {
                    assertThat(e.field()).isEqualTo("password");
                    assertThat(e.reason()).isEqualTo("at least 12 characters");
                });
        assertThatThrownBy(() -> accounts(8).create("erin", "seven-c", Accounts.PLAYER))
                .hasMessage("password: at least 8 characters");
    }

    @Test
    void the_minimum_is_never_lowered_below_eight_nor_past_what_bcrypt_reads() {
        assertThatThrownBy(() -> accounts(7)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("never lower");
        assertThatThrownBy(() -> accounts(73)).isInstanceOf(IllegalStateException.class);
        assertThat(accounts(72).minPasswordLength()).isEqualTo(72);
    }

    @Test
    void the_shipped_list_holds_ten_thousand_common_passwords_matched_whatever_the_case() {
        assertThat(CommonPasswords.size()).isEqualTo(10_000);
        assertThat(CommonPasswords.contains("password")).isTrue();
        assertThat(CommonPasswords.contains("PassWord")).isTrue();
        assertThat(CommonPasswords.contains("qwertyuiop")).isTrue();
        assertThat(CommonPasswords.contains(ApiTestSupport.REFEREE_PASSWORD)).isFalse();
        assertThat(CommonPasswords.contains(ApiTestSupport.PLAYER_PASSWORD)).isFalse();
        assertThat(CommonPasswords.contains("a-bishop-in-the-attic")).isFalse();
    }

    @Test
    void a_generated_first_start_password_meets_any_minimum() {
        assertThat(FirstStart.password(null, "referee", 8)).hasSize(16);
        assertThat(FirstStart.password(null, "referee", 30).length()).isGreaterThanOrEqualTo(30);
        assertThat(FirstStart.password(null, "referee", 72).length()).isBetween(72, 72);
        assertThat(FirstStart.password("from-the-environment", "referee", 8)).isEqualTo("from-the-environment");
    }
}
