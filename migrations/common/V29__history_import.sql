-- The streams of a history import under way (history/ImportJournal), one row each: written and committed before the
-- import's first batch of events, marked stored by its last batch's transaction, removed once its read models are
-- built. An import is stored in batches of several transactions, so a crash (kill -9, power cut) in between leaves
-- part of it; the rows here say which. A start (and the next import) settles what it finds: an import whose last
-- batch never committed is removed (events, chain, clock rows, snapshots, read models; its accounts, seeds and kept
-- contents go in that last batch only), one whose last batch committed gets its read models built.
create table history_import (
    stream_id   varchar(255) not null primary key,
    stream_type varchar(255) not null,
    import_id   varchar(36)  not null,
    campaign_id varchar(255) not null,
    position    integer      not null,
    stored      boolean      not null,
    started_at  timestamp    not null
);
