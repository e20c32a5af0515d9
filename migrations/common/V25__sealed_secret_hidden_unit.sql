-- What a counter set up hidden did while hidden (issue 27, hidden set-up): each such note is a sealed choice whose
-- kept row names the counter here, so that the counter's reveal publishes them with it. Null for every other row.
-- Kept beside the record like the content: the record says only "a hidden unit acted".
alter table sealed_secret add column hidden_unit varchar(64);
