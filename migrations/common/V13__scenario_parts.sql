-- The scenario read model in parts (layout 1): scenario_view.state_json keeps the state but for the rule set's
-- collections (each map or list of the rule state: counters, figures, periods...), whose entries are one row each
-- here, so that an action writes the small head and the entries it changed instead of the whole state (43 KB with
-- 100 counters, on every clock advance). Rows of layout 0 hold the whole state; they are split at start-up.
create table scenario_part (
    scenario_id varchar(64)  not null,
    field       varchar(64)  not null,
    entry_index int          not null,
    -- the entry's key when the collection is a map (null in a list)
    part_key    varchar(255),
    part_json   text         not null,
    primary key (scenario_id, field, entry_index)
);
alter table scenario_view add column layout int default 0 not null;
