-- The waiting items already told (notice/FanOut): an item keeps its key while it waits, so that each is sent once,
-- whichever action's outbox row found it first.
create table notice_told (
    item_key   varchar(200) not null primary key,
    told_at    timestamp    not null
);

-- a delivery's and a mail's notice is now an outbox row and a waiting item's key together (V21 had room for an id)
alter table webhook_delivery alter column item_id set data type varchar(300);
alter table mail_notice alter column item_id set data type varchar(300);
