-- Streams a read-model rebuild could not fold (a store poisoned before imports were checked): read-only, every
-- command on them refused with the reason (store/Quarantine, store/StreamGuard), shown to the referee on the console.
-- A later rebuild that folds the stream lifts it. Derived from the events, like a read model: never evidence.
create table stream_quarantine (
    stream_id       varchar(255)  not null primary key,
    stream_type     varchar(255),
    sequence_number bigint        not null,
    reason          varchar(2000) not null,
    quarantined_at  timestamp     not null
);
