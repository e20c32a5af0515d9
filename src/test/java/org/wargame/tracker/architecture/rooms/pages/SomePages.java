package org.wargame.tracker.architecture.rooms.pages;

import org.springframework.stereotype.Controller;
import org.wargame.tracker.architecture.rooms.api.SomeApi;

/**
 * Fixture for ArchitectureTest: a page controller that wrongly injects an API controller. Abstract, so that Spring's
 * scan of the tests does not make it a bean.
 */
@Controller
public abstract class SomePages {

    private final SomeApi api;

    protected SomePages(SomeApi api) {
        this.api = api;
    }

    protected SomeApi api() {
        return api;
    }
}
