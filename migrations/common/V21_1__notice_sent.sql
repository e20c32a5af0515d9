-- The waiting items already told (notice/FanOut): an item keeps its key while it waits, so that each is sent once,
-- whichever action's outbox row found it first.
create table notice_told (
    item_key   varchar(200) not null primary key,
    told_at    timestamp    not null
);
