package org.wargame.tracker.web.pages;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.wargame.tracker.account.PageLogin;

/**
 * The login form of the pages (Spring Security handles the POST to /login and /logout). {@code back}: the page the
 * player was on when the session ended, posted with the form so that the login leads back there (only a path of
 * this site is taken).
 */
@Controller
public class LoginPage {

    @GetMapping("/login")
    public String login(@RequestParam(required = false) String back, Model model) {
        if (PageLogin.safe(back)) {
            model.addAttribute("back", back);
        }
        return "login";
    }
}
