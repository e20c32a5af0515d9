-- The hash chain keyed by the event's place in its stream (stream, sequence) instead of its random identifier: every
-- reader finds a link by its place (verify, the stream guard, the export, the chain's head), and the second unique
-- index on a random key cost each stored event an index entry in a random place of the file (an import writes
-- tens of thousands). The event identifier stays in the row: verify compares it with the event's. Existing links
-- are copied as they are (the chain is evidence: never recomputed).
create table event_chain_by_position (
    event_identifier     varchar(255) not null,
    aggregate_identifier varchar(255) not null,
    sequence_number      bigint       not null,
    previous_hash        varchar(64)  not null,
    hash                 varchar(64)  not null,
    constraint event_chain_position primary key (aggregate_identifier, sequence_number)
);
insert into event_chain_by_position (event_identifier, aggregate_identifier, sequence_number, previous_hash, hash)
    select event_identifier, aggregate_identifier, sequence_number, previous_hash, hash from event_chain;
drop table event_chain;
alter table event_chain_by_position rename to event_chain;
