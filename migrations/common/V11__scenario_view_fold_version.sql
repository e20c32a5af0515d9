-- Which fold wrote a scenario read-model row: rows of an older fold (the first version's carried an undo ledger and
-- no last action) are folded again from the events at start-up.
alter table scenario_view add column fold_version int default 0 not null;
