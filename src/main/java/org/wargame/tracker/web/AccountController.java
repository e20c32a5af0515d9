package org.wargame.tracker.web;

import org.wargame.tracker.account.Accounts;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.refusal.NotYourSide;

import java.util.Map;

/** Who am I, and (referee) new accounts. */
@RestController
public class AccountController {

    private final Accounts accounts;

    public AccountController(Accounts accounts) {
        this.accounts = accounts;
    }

    public record NewAccount(String username, String password, String role) {
    }

    @GetMapping("/api/me")
    public Map<String, Object> me(Authentication auth) {
        return Map.of("username", auth.getName(), "referee", Participants.isReferee(auth));
    }

    @PostMapping("/api/accounts")
    @ResponseStatus(HttpStatus.CREATED)
    public Map<String, String> create(@RequestBody NewAccount account, Authentication auth) {
        if (!Participants.isReferee(auth)) {
            throw new NotYourSide("only the referee creates accounts");
        }
        accounts.create(account.username(), account.password(), account.role() == null ? Accounts.PLAYER
                : account.role());
        return Map.of("username", account.username());
    }
}
