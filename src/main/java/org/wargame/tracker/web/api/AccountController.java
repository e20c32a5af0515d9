package org.wargame.tracker.web.api;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.account.Accounts;
import org.wargame.tracker.account.FailedLogins;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.refusal.NotYourSide;

import java.util.List;
import java.util.Map;

/**
 * Who am I, my password, and (referee) the accounts: create one, list them, disable or re-enable one, change its
 * role or reset its password. Every change takes effect at the account's next request.
 */
@RestController
class AccountController {

    private final Accounts accounts;
    private final FailedLogins failedLogins;

    AccountController(Accounts accounts, FailedLogins failedLogins) {
        this.accounts = accounts;
        this.failedLogins = failedLogins;
    }

    public record NewAccount(String username, String password, String role) {
    }

    public record PasswordChange(String currentPassword, String newPassword) {
    }

    /** The referee's change: any of the three; a field left out stays as it is. */
    public record AccountChange(Boolean enabled, String role, String password) {
    }

    /** Who I am, and the latest wrong passwords given for my account (when, from which address). */
    @GetMapping("/api/me")
    public Map<String, Object> me(Authentication auth) {
        return Map.of("username", auth.getName(), "referee", Participants.isReferee(auth),
                "failedLogins", failedLogins.recent(auth.getName()));
    }

    @PostMapping("/api/me/password")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void changePassword(@RequestBody PasswordChange change, Authentication auth) {
        accounts.changeOwnPassword(auth.getName(), change.currentPassword(), change.newPassword());
    }

    @PostMapping("/api/accounts")
    @ResponseStatus(HttpStatus.CREATED)
    public Map<String, String> create(@RequestBody NewAccount account, Authentication auth) {
        requireReferee(auth, "creates accounts");
        accounts.create(account.username(), account.password(), account.role() == null ? Accounts.PLAYER
                : account.role());
        return Map.of("username", account.username());
    }

    @GetMapping("/api/accounts")
    public List<Accounts.Account> list(Authentication auth) {
        requireReferee(auth, "lists accounts");
        return accounts.all();
    }

    @PatchMapping("/api/accounts/{username}")
    public Accounts.Account change(@PathVariable String username, @RequestBody AccountChange change,
                                   Authentication auth) {
        requireReferee(auth, "changes accounts");
        return accounts.change(username, change.enabled(), change.role(), change.password(), auth.getName());
    }

    private static void requireReferee(Authentication auth, String what) {
        if (!Participants.isReferee(auth)) {
            throw new NotYourSide("only the referee " + what);
        }
    }
}
