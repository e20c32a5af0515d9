package org.wargame.tracker.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The login form of the pages (Spring Security handles the POST to /login and /logout). */
@Controller
public class LoginPage {

    @GetMapping("/login")
    public String login() {
        return "login";
    }
}
