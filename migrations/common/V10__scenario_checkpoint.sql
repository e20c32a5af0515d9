-- Checkpoints of the scenario fold for time travel, undo and rulings: the state after event_count events, so a fold
-- to any position starts from the nearest one instead of the first event. Derived data (like a read model), written
-- lazily; fold_version marks which code produced it, and rows of another version are ignored.
create table scenario_checkpoint (
    scenario_id  varchar(64) not null,
    event_count  bigint      not null,
    fold_version int         not null,
    state_json   text        not null,
    primary key (scenario_id, event_count, fold_version)
);
