package org.wargame.tracker.notice;

import org.axonframework.config.EventProcessingConfigurer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Configuration;

/**
 * The outbox is written in the action's own transaction (a subscribing processor, like the read models) but in a
 * group of its own, so that a rebuild or an import, which replay the "projections" group, never writes it. A failure
 * there is logged (Axon's default), not propagated: a notice is never worth an action.
 */
@Configuration
class NoticeConfiguration {

    @Autowired
    void outboxInTheActionsTransaction(EventProcessingConfigurer configurer) {
        configurer.registerSubscribingEventProcessor(Outbox.PROCESSING_GROUP);
    }
}
