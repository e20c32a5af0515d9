-- The contents of sealed choices (issue 27), kept beside the chained events and never inside them: the event
-- scenario.ChoiceSealed holds only the commitment, SHA-256 of the salt and the content. A row is read only for the
-- sealing side and a referee who sees everything (scenario/Visibility), and is published by the reveal
-- (scenario.ChoiceRevealed carries content and salt). Verify checks every row and every reveal against the
-- commitment in the chain.
create table sealed_secret (
    seal_id     varchar(64)   not null primary key,
    scenario_id varchar(255)  not null,
    side        varchar(255)  not null,
    content     varchar(4000) not null,
    salt        varchar(64)   not null
);
create index sealed_secret_scenario on sealed_secret (scenario_id);
