-- Accounts a club can run: the referee disables and re-enables an account, and a change of password, role or state
-- ends the sessions opened before it (changed_at).
alter table account add column enabled boolean default true not null;
alter table account add column changed_at timestamp;

-- Readiness writes this one row to prove the database takes writes (web/DatabaseWritable).
create table health_probe (
    id         integer   not null primary key,
    written_at timestamp not null
);
insert into health_probe (id, written_at) values (1, current_timestamp);
