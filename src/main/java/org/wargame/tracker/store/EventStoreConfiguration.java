package org.wargame.tracker.store;

import org.axonframework.common.caching.Cache;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.jpa.EntityManagerProvider;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.eventsourcing.eventstore.jpa.JpaEventStorageEngine;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.messaging.correlation.MessageOriginProvider;
import org.axonframework.messaging.correlation.SimpleCorrelationDataProvider;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.EventUpcaster;
import org.axonframework.springboot.util.RegisterDefaultEntities;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import java.util.List;

/**
 * How the record is kept: Jackson (with its own mapper) for events, messages and snapshots; a snapshot every
 * {@code tracker.snapshot-every} events and an aggregate cache, so that a long stream loads fast; the acting
 * account and action id copied from each command onto every event it causes.
 */
@Configuration
// the JPA entities of the event store: Axon's own auto-configuration registers them only when it builds the engine
@RegisterDefaultEntities(packages = "org.axonframework.eventsourcing.eventstore.jpa")
public class EventStoreConfiguration {

    @Bean
    public EventNames eventNames(List<EventFamily> families) {
        return new EventNames(families);
    }

    /** The families' own upcasts, applied whenever events are read (Axon takes every EventUpcaster bean). */
    @Bean
    public EventUpcaster familyUpcasters(List<EventFamily> families, EventNames names) {
        return FamilyUpcasters.chain(families, names);
    }

    @Bean
    @Primary
    public Serializer serializer(EventNames names) {
        return jackson(names);
    }

    @Bean
    @Qualifier("eventSerializer")
    public Serializer eventSerializer(EventNames names) {
        return jackson(names);
    }

    @Bean
    @Qualifier("messageSerializer")
    public Serializer messageSerializer(EventNames names) {
        return jackson(names);
    }

    /** Jackson with the tracker's own mapper; events under their stable names ({@link EventNames}). */
    public static Serializer jackson(EventNames names) {
        return new NamedEventSerializer(JacksonSerializer.builder().objectMapper(StoredJson.create()), names);
    }

    /**
     * Axon's JPA storage (as its auto-configuration builds it) reading streams in batches bounded on both sides (see
     * {@link StreamOrderedStorageEngine}); {@code tracker.read-batch} events per query, for loading an aggregate
     * after its snapshot (at most {@code snapshot-every} events: one query) and for reading history.
     */
    @Bean
    public EventStorageEngine eventStorageEngine(Serializer defaultSerializer,
                                                 PersistenceExceptionResolver persistenceExceptionResolver,
                                                 @Qualifier("eventSerializer") Serializer eventSerializer,
                                                 org.axonframework.config.Configuration configuration,
                                                 EntityManagerProvider entityManagerProvider,
                                                 TransactionManager transactionManager,
                                                 EventTables tables,
                                                 @Value("${tracker.read-batch:500}") int batchSize) {
        JpaEventStorageEngine.Builder builder = JpaEventStorageEngine.builder()
                .snapshotSerializer(defaultSerializer)
                .upcasterChain(configuration.upcasterChain())
                .persistenceExceptionResolver(persistenceExceptionResolver)
                .eventSerializer(eventSerializer)
                .snapshotFilter(configuration.snapshotFilter())
                .batchSize(batchSize)
                .entityManagerProvider(entityManagerProvider)
                .transactionManager(transactionManager);
        return new StreamOrderedStorageEngine(builder, tables, transactionManager);
    }

    @Bean
    public SnapshotTriggerDefinition scenarioSnapshotTrigger(Snapshotter snapshotter,
                                                             @Value("${tracker.snapshot-every:250}") int every) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, every);
    }

    @Bean
    public SnapshotTriggerDefinition campaignSnapshotTrigger(Snapshotter snapshotter,
                                                             @Value("${tracker.snapshot-every:250}") int every) {
        return new EventCountSnapshotTriggerDefinition(snapshotter, every);
    }

    /** Aggregates held between commands; one another instance moved on is caught up, not loaded again. */
    @Bean
    public Cache scenarioCache(ObjectProvider<EventStore> events, ObjectProvider<EventStorageEngine> engine) {
        return new CatchingUpCache(events, engine);
    }

    @Bean
    public Cache campaignCache(ObjectProvider<EventStore> events, ObjectProvider<EventStorageEngine> engine) {
        return new CatchingUpCache(events, engine);
    }

    @Bean
    public CorrelationDataProvider actionCorrelation() {
        return new SimpleCorrelationDataProvider(ActionMetaData.ACCOUNT, ActionMetaData.ACTION_ID);
    }

    @Bean
    public CorrelationDataProvider messageOrigin() {
        return new MessageOriginProvider();
    }
}
