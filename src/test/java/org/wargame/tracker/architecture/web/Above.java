package org.wargame.tracker.architecture.web;

import org.wargame.tracker.architecture.store.Below;

/** Fixture for ArchitectureTest: uses the class below, closing the cycle. */
public class Above {
    public Below below() {
        return new Below();
    }
}
