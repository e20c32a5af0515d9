-- A roster counter's lines (campaign/CounterLines): the place of every event of a campaign's streams that names a
-- counter of its roster, found once and kept, so that a counter's history page reads its own lines by this key
-- instead of reading and parsing every event of the campaign (issue 24: 0.16 s at 6,000 events, growing with the
-- campaign). Derived from the events alone (they are never edited; undo and rulings append), filled when a
-- counter's history is asked for, from where the last fill of each stream ended (counter_line_mark), never on an
-- action's path. The order is the events' time, then the stream's place in the campaign (0 its own, k its k-th
-- scenario), then the sequence.
create table counter_line (
    campaign_id     varchar(255) not null,
    counter_id      varchar(255) not null,
    at_micros       bigint       not null,
    stream_rank     integer      not null,
    stream_id       varchar(255) not null,
    sequence_number bigint       not null,
    primary key (campaign_id, counter_id, at_micros, stream_rank, sequence_number)
);
-- a removed import's rows, by stream
create index counter_line_by_stream on counter_line (stream_id);

-- How far each stream's events have been read for counter_line: its next sequence not read yet.
create table counter_line_mark (
    stream_id     varchar(255) not null primary key,
    campaign_id   varchar(255) not null,
    next_sequence bigint       not null
);
