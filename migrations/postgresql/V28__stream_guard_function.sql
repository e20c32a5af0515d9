-- A command's guard in one round trip (issue 24: an action costs little more than its commit; two trackers on one
-- scenario). It was two statements, three when another tracker had written: the stream's transaction lock, then
-- the stream's head (with whether a rebuild holds the stream), then the events after the head this tracker last
-- checked. A VOLATILE function takes a fresh snapshot for each statement in it (READ COMMITTED), so the head is read
-- after the lock is granted: what the writer before stored is seen, as with separate statements.
--
-- Rows: none when the stream has no event; else first the head (global index null, no payload; its link's hash only
-- if the link at its place is the event's), then, when an anchor is given (not negative) and the head is past it, the events from
-- the anchor on with the link at each place and the chain's end, at most p_most of them (the caller reads more
-- through the plain statement). The same SQL as EventTables' guardedHead and tail; the lock's key as Dialect's.
create function tracker_guard(p_stream varchar, p_anchor bigint, p_most integer)
    returns table (global_index bigint, aggregate_identifier varchar, sequence_number bigint, event_identifier varchar,
                   payload_type varchar, payload_revision varchar, time_stamp varchar, payload bytea,
                   meta_data bytea, type varchar, link_event varchar, previous_hash varchar, hash varchar,
                   chain_end bigint, held boolean)
    language plpgsql volatile as
$$
#variable_conflict use_column
declare
    head record;
begin
    perform pg_advisory_xact_lock(1952539499, hashtext(p_stream));
    select e.aggregate_identifier as stream, e.sequence_number as seq, e.event_identifier as id,
           c.event_identifier as link_id, c.previous_hash as previous, c.hash as link_hash
      into head
      from domain_event_entry e
      left join event_chain c on c.aggregate_identifier = e.aggregate_identifier
           and c.sequence_number = e.sequence_number and c.event_identifier = e.event_identifier
     where e.aggregate_identifier = p_stream
     order by e.aggregate_identifier desc, e.sequence_number desc
     fetch first 1 rows only;
    if not found then
        return;
    end if;
    return query select null::bigint, head.stream::varchar, head.seq::bigint, head.id::varchar, null::varchar,
        null::varchar, null::varchar, null::bytea, null::bytea, null::varchar, head.link_id::varchar,
        head.previous::varchar, head.link_hash::varchar, null::bigint,
        exists (select 1 from stream_quarantine q where q.stream_id = p_stream);
    if p_anchor >= 0 and head.seq > p_anchor then
        return query select e.global_index, e.aggregate_identifier::varchar, e.sequence_number,
            e.event_identifier::varchar, e.payload_type::varchar, e.payload_revision::varchar,
            e.time_stamp::varchar, e.payload, e.meta_data, e.type::varchar, c.event_identifier::varchar,
            c.previous_hash::varchar, c.hash::varchar,
            (select m.sequence_number from event_chain m where m.aggregate_identifier = p_stream
              order by m.aggregate_identifier desc, m.sequence_number desc fetch first 1 rows only),
            false
          from domain_event_entry e
          left join event_chain c on c.aggregate_identifier = e.aggregate_identifier
               and c.sequence_number = e.sequence_number
         where e.aggregate_identifier = p_stream and e.sequence_number >= p_anchor
         order by e.sequence_number
         limit p_most;
    end if;
end;
$$;
