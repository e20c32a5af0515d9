-- The outbox keeps only what is still to be fanned out: notice/FanOut now removes a row once it has made its
-- notices (one row per action, kept, grew the file without end). The rows fanned out before go too: they are an
-- outbox, not evidence (the events are), and nothing reads them again.
delete from notice_item where fanned_out = true;
