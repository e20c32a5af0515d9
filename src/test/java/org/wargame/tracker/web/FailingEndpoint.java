package org.wargame.tracker.web;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** Test only: a path that fails as a bug would, to see that a 500 tells the client nothing of the insides. */
@RestController
class FailingEndpoint {

    @GetMapping("/api/test-only/fail")
    String fail() {
        throw new UnsupportedOperationException("secret internals of FailingEndpoint at org.wargame.Secret");
    }
}
