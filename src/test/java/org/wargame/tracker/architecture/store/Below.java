package org.wargame.tracker.architecture.store;

import org.wargame.tracker.architecture.web.Above;

/** Fixture for ArchitectureTest: a class low in the layout that wrongly uses one above it. */
public class Below {
    public Above above() {
        return new Above();
    }
}
