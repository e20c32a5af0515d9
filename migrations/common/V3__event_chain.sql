-- Tamper evidence: one row per stored event, written in the event's own transaction, chaining its hash to the
-- previous event of its stream. Never rebuilt and never updated: it is the evidence that the events are unchanged.
-- hash = SHA-256 over previous_hash and the event row as stored (see docs/history.md for the exact input).
create table event_chain (
    event_identifier     varchar(255) not null primary key,
    aggregate_identifier varchar(255) not null,
    sequence_number      bigint       not null,
    previous_hash        varchar(64)  not null,
    hash                 varchar(64)  not null,
    unique (aggregate_identifier, sequence_number)
);
