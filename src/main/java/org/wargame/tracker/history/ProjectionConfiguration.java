package org.wargame.tracker.history;

import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;

/**
 * Read models are updated in the command's transaction; a failing projection fails the action instead of being
 * logged and skipped (Axon's default), so the record and what the API shows never disagree.
 */
@Configuration
public class ProjectionConfiguration {

    @Autowired
    void propagateProjectionErrors(EventProcessingConfigurer configurer) {
        configurer.registerListenerInvocationErrorHandler("projections", c -> PropagatingErrorHandler.instance());
    }
}
