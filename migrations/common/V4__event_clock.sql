-- The game clock after every event of a scenario, so that a Game Turn, the bookmarks or a window of the timeline is a
-- range query instead of a fold of the whole scenario. A read model like the views: written with the events by
-- EventClockProjection, emptied and written again by a rebuild.
create table event_clock (
    scenario_id     varchar(255) not null,
    sequence_number bigint       not null,
    game_turn       integer      not null,
    player_turn     integer      not null,
    phase           varchar(64)  not null,
    step            varchar(64),
    phasing_side    varchar(64),
    -- the action (command) that stored the event: its actionId metadata
    action_id       varchar(255),
    -- on an ActionTaken or ClockAdvanced: the action it takes (its actionId; an action an undo or a ruling replays
    -- is taken again under the same id); null on every other event
    taking_of       varchar(255),
    -- start, or the coarsest unit a clock advance changed (gameTurn, playerTurn, phase, step); undo for undo and
    -- dispute bookkeeping; null for every other event
    kind            varchar(16),
    -- the sequence of the undo or upheld dispute that rolled this event back (it stays in the record)
    undone_by       bigint,
    primary key (scenario_id, sequence_number)
);
create index event_clock_by_turn on event_clock (scenario_id, game_turn, sequence_number);
create index event_clock_by_kind on event_clock (scenario_id, kind, sequence_number);
create index event_clock_by_action on event_clock (scenario_id, action_id, sequence_number);
