-- Read models, rebuilt from the events; and the accounts and dice seeds, which are not events.

-- accounts: passwords only as BCrypt hashes
create table account (
    username      varchar(64)  not null primary key,
    password_hash varchar(100) not null,
    role          varchar(16)  not null,
    created_at    timestamp    default current_timestamp not null
);

create table campaign_view (
    campaign_id varchar(64)  not null primary key,
    name        varchar(200) not null,
    rule_set    varchar(32)  not null,
    state_json  text         not null
);

-- who plays which side of which campaign (a player sees and acts only for their campaigns and sides)
create table campaign_member (
    campaign_id varchar(64) not null,
    username    varchar(64) not null,
    side_id     varchar(64) not null,
    primary key (campaign_id, username, side_id)
);

create table scenario_view (
    scenario_id varchar(64)  not null primary key,
    campaign_id varchar(64)  not null,
    name        varchar(200) not null,
    rule_set    varchar(32)  not null,
    concluded   boolean      not null,
    event_count bigint       not null,
    state_json  text         not null
);
create index scenario_view_by_campaign on scenario_view (campaign_id);

-- the secret seed of a scenario's server dice; only its SHA-256 is in the history until the scenario ends
create table dice_seed (
    scenario_id varchar(64) not null primary key,
    seed        varchar(64) not null,
    commitment  varchar(64) not null
);
