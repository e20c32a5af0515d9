package org.wargame.tracker.architecture.rooms.api;

import org.springframework.web.bind.annotation.RestController;

/**
 * Fixture for ArchitectureTest: an API controller. Abstract, so that Spring's scan of the tests does not make it a
 * bean.
 */
@RestController
public abstract class SomeApi {
}
