package org.wargame.tracker.store;

import org.axonframework.config.EventProcessingConfigurer;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;

/**
 * Read models are updated in the command's transaction; a failing projection fails the action instead of being
 * logged and skipped (Axon's default), so the record and what the API shows never disagree. The hash chain is
 * written the same way (subscribing, errors propagate) in its own group, so that a read-model rebuild, which
 * replays the projections, never rewrites the evidence.
 */
@Configuration
public class ProjectionConfiguration {

    @Autowired
    void propagateProjectionErrors(EventProcessingConfigurer configurer) {
        configurer.registerListenerInvocationErrorHandler("projections", c -> PropagatingErrorHandler.instance());
        configurer.registerSubscribingEventProcessor(EventChain.PROCESSING_GROUP);
        configurer.registerListenerInvocationErrorHandler(EventChain.PROCESSING_GROUP,
                c -> PropagatingErrorHandler.instance());
    }
}
