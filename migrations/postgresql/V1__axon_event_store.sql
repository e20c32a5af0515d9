-- Axon Framework 4.13 JPA storage: events, snapshots, tracking tokens, sagas and dead letters.
-- Payload and metadata are JSON written by Jackson, kept as bytea (PostgreSQL: bytea, never OID large objects).
-- The global index comes from a sequence taken one at a time (see META-INF/orm.xml), so it stays in order.
create sequence domain_event_entry_seq start with 1 increment by 1;
create sequence association_value_entry_seq start with 1 increment by 50;

create table domain_event_entry (
    global_index         bigint       not null,
    sequence_number      bigint       not null,
    aggregate_identifier varchar(255) not null,
    event_identifier     varchar(255) not null unique,
    payload_revision     varchar(255),
    payload_type         varchar(255) not null,
    time_stamp           varchar(255) not null,
    type                 varchar(255),
    meta_data            bytea,
    payload              bytea not null,
    primary key (global_index),
    unique (aggregate_identifier, sequence_number)
);

create table snapshot_event_entry (
    sequence_number      bigint       not null,
    aggregate_identifier varchar(255) not null,
    event_identifier     varchar(255) not null unique,
    payload_revision     varchar(255),
    payload_type         varchar(255) not null,
    time_stamp           varchar(255) not null,
    type                 varchar(255) not null,
    meta_data            bytea,
    payload              bytea not null,
    primary key (sequence_number, aggregate_identifier, type)
);

create table token_entry (
    segment        integer      not null,
    processor_name varchar(255) not null,
    owner          varchar(255),
    timestamp      varchar(255) not null,
    token_type     varchar(255),
    token          bytea,
    primary key (segment, processor_name)
);

create table saga_entry (
    saga_id         varchar(255) not null,
    revision        varchar(255),
    saga_type       varchar(255),
    serialized_saga bytea,
    primary key (saga_id)
);

create table association_value_entry (
    id                bigint       not null,
    association_key   varchar(255) not null,
    association_value varchar(255),
    saga_id           varchar(255) not null,
    saga_type         varchar(255),
    primary key (id)
);
create index association_value_by_key on association_value_entry (saga_type, association_key, association_value);
create index association_value_by_saga on association_value_entry (saga_id, saga_type);

create table dead_letter_entry (
    dead_letter_id       varchar(255) not null,
    processing_group     varchar(255) not null,
    sequence_identifier  varchar(255) not null,
    sequence_index       bigint       not null,
    message_type         varchar(255) not null,
    event_identifier     varchar(255) not null,
    time_stamp           varchar(255) not null,
    payload_type         varchar(255) not null,
    payload_revision     varchar(255),
    payload              bytea not null,
    meta_data            bytea,
    type                 varchar(255),
    aggregate_identifier varchar(255),
    sequence_number      bigint,
    token_type           varchar(255),
    token                bytea,
    enqueued_at          timestamp(6) with time zone not null,
    last_touched         timestamp(6) with time zone,
    processing_started   timestamp(6) with time zone,
    cause_type           varchar(255),
    cause_message        varchar(1023),
    diagnostics          bytea,
    primary key (dead_letter_id),
    unique (processing_group, sequence_identifier, sequence_index)
);
create index dead_letter_by_group on dead_letter_entry (processing_group);
create index dead_letter_by_sequence on dead_letter_entry (processing_group, sequence_identifier);
