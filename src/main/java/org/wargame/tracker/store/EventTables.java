package org.wargame.tracker.store;

import org.axonframework.eventhandling.DomainEventData;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;
import org.wargame.tracker.rules.GameClock;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The one owner of the SQL on the event tables: Axon's event table ({@code domain_event_entry}), the hash chain
 * ({@code event_chain}) and the clock index ({@code event_clock}). Everyone else asks it by name; where H2 and
 * PostgreSQL differ, {@link Dialect} says how. Reads that must see one snapshot of the database run on the
 * caller's connection ({@link #on}).
 * <p>
 * Reads of one stream name both columns of the (stream, sequence) index in their order by: H2 then walks the index
 * (backwards for a head, one entry) instead of sorting the stream (plans checked in StreamReadPlanTest).
 */
@Component
public class EventTables {

    private static final String EVENT_COLUMNS = "global_index, aggregate_identifier, sequence_number, "
            + "event_identifier, payload_type, payload_revision, time_stamp, payload, meta_data";
    private static final String EVENTS = "select " + EVENT_COLUMNS + " from domain_event_entry";
    private static final RowMapper<StoredEvent> EVENT_ROWS = (rs, i) -> new StoredEvent(rs.getLong(1),
            rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5), rs.getString(6), rs.getString(7),
            rs.getBytes(8), rs.getBytes(9));
    private static final String BY_STREAM = " order by aggregate_identifier, sequence_number";
    private static final String BY_STREAM_BACKWARDS = " order by aggregate_identifier desc, sequence_number desc "
            + "fetch first 1 rows only";

    /** One batch of a stream for Axon, bounded on both sides, in the index's order (StreamOrderedStorageEngine). */
    static final String AXON_BATCH = "select type, aggregate_identifier, sequence_number, event_identifier, "
            + "time_stamp, payload_type, payload_revision, payload, meta_data from domain_event_entry "
            + "where aggregate_identifier = ? and sequence_number >= ? and sequence_number < ?" + BY_STREAM;
    /** A row of {@link #AXON_BATCH}'s columns as Axon reads it. */
    private static final RowMapper<GenericDomainEventEntry<byte[]>> AXON_ROWS = (rs, i) ->
            new GenericDomainEventEntry<>(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4),
                    rs.getString(5), rs.getString(6), rs.getString(7), rs.getBytes(8), rs.getBytes(9));
    /** The last sequence number of a stream: the end of the same index, read backwards. */
    static final String LAST_SEQUENCE = "select sequence_number from domain_event_entry where aggregate_identifier = ?"
            + BY_STREAM_BACKWARDS;

    /** An event's row from its global index on: the sequence's next value, in the insert. */
    private static final String INSERT_EVENT_FROM = "insert into domain_event_entry (global_index, sequence_number, "
            + "aggregate_identifier, event_identifier, payload_revision, payload_type, time_stamp, type, meta_data, "
            + "payload, canonical_json) values (";
    private static final String INSERT_LINK = "insert into event_chain (event_identifier, aggregate_identifier, "
            + "sequence_number, previous_hash, hash) values (?, ?, ?, ?, ?)";

    private static final RowMapper<Link> LINKS = (rs, i) -> new Link(rs.getString(1), rs.getLong(2),
            rs.getString(3), rs.getString(4));

    private static final String CLOCK_COLUMNS = "select scenario_id, sequence_number, game_turn, player_turn, "
            + "phase, step, phasing_side, action_id, taking_of, kind, undone_by";
    private static final String CLOCKS = CLOCK_COLUMNS + " from event_clock";
    private static final RowMapper<ClockRow> CLOCK_ROWS = (rs, i) -> new ClockRow(rs.getString(1), rs.getLong(2),
            new GameClock(rs.getInt(3), rs.getInt(4), rs.getString(5), rs.getString(6), rs.getString(7)),
            rs.getString(8), rs.getString(9), rs.getString(10), rs.getObject(11) == null ? null : rs.getLong(11));
    private static final String BY_CLOCK = " order by scenario_id, sequence_number";
    private static final String BY_KIND = " order by scenario_id, kind, sequence_number";
    /** The kinds of a clock change, coarsest first (the kinds of rows that are bookmarks). */
    private static final List<String> CLOCK_CHANGE_KINDS = List.of("start", "gameTurn", "playerTurn", "phase",
            "step");
    private static final String BY_CLOCK_BACKWARDS = " order by scenario_id desc, sequence_number desc "
            + "fetch first 1 rows only";

    private static final String INSERT_CLOCK = "insert into event_clock (scenario_id, sequence_number, game_turn, "
            + "player_turn, phase, step, phasing_side, action_id, taking_of, kind, undone_by) "
            + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String UPDATE_CLOCK = "update event_clock set game_turn = ?, player_turn = ?, phase = ?, "
            + "step = ?, phasing_side = ?, action_id = ?, taking_of = ?, kind = ?, undone_by = ? "
            + "where scenario_id = ? and sequence_number = ?";
    /** The rows a roll-back marks: in force, after the start, not bookkeeping of undo and disputes themselves. */
    private static final String MARK_ROLLED_BACK = "update event_clock set undone_by = ? where scenario_id = ? "
            + "and sequence_number >= ? and sequence_number < ? and undone_by is null and sequence_number > 0 "
            + "and (kind is null or kind <> 'undo')";

    private final JdbcTemplate jdbc;
    /** An action's events, links and clock rows: written with its other writes (null: at once, on {@link #jdbc}). */
    private final PendingWrites writes;
    private volatile Dialect dialect;

    @Autowired
    public EventTables(JdbcTemplate jdbc, PendingWrites writes) {
        this(jdbc, null, writes);
    }

    private EventTables(JdbcTemplate jdbc, Dialect dialect, PendingWrites writes) {
        this.jdbc = jdbc;
        this.dialect = dialect;
        this.writes = writes;
    }

    /** The same queries on another template (one connection holding a snapshot of the database). */
    public EventTables on(JdbcTemplate other) {
        return new EventTables(other, dialect, null);
    }

    /** Writes {@code rows} of {@code sql} with the transaction's other writes, or at once. */
    private void write(String sql, List<Object[]> rows) {
        if (writes != null) {
            writes.write(sql, rows);
        } else if (!rows.isEmpty()) {
            jdbc.batchUpdate(sql, rows);
        }
    }

    /** The database's dialect, asked once. */
    public Dialect dialect() {
        if (dialect == null) {
            dialect = Dialect.of(jdbc);
        }
        return dialect;
    }

    // ------------------------------------------------------------------------------------------- records

    /** A stream's last event: its sequence and its stored time. */
    public record EventHead(long sequence, String timestamp) {
    }

    /** A stream's first event: the stream and its aggregate type ({@code Scenario}, {@code Campaign}). */
    public record StreamStart(String stream, String type) {
    }

    /** One link of the chain: the event it is for, its place, the hash before it and its own. */
    public record Link(String eventIdentifier, long sequence, String previousHash, String hash) {
    }

    /**
     * An event with its stream's type and the link at its place ({@code link} null when there is none; it may name
     * another event, which verification reports); {@code canonical}: whether the payload and metadata were found
     * {@link CanonicalJson} when the row was stored (null for a row stored before that was kept, or not read).
     */
    public record ChainedEvent(StoredEvent event, String streamType, Link link, Boolean canonical) {
        public ChainedEvent(StoredEvent event, String streamType, Link link) {
            this(event, streamType, link, null);
        }

        /** Whether the payload and metadata are {@link CanonicalJson}: as found before, or asked now. */
        public boolean canonicalJson() {
            return canonical != null ? canonical : CanonicalJson.of(event.payload(), event.metaData());
        }
    }

    // ------------------------------------------------------------------------------------------- event table

    /** The event stored with this identifier, or null. */
    public StoredEvent event(String eventIdentifier) {
        List<StoredEvent> rows = jdbc.query(EVENTS + " where event_identifier = ?", EVENT_ROWS, eventIdentifier);
        return rows.isEmpty() ? null : rows.get(0);
    }

    /** A stream's events with {@code from <= sequence < end}, in order. */
    public List<StoredEvent> events(String stream, long from, long end) {
        return jdbc.query(EVENTS + " where aggregate_identifier = ? and sequence_number >= ? and sequence_number < ?"
                + BY_STREAM, EVENT_ROWS, stream, from, end);
    }

    /**
     * A stream's events of the stored types {@code payloadTypes} ("scenario.NoteWritten"), in order: one range of
     * the (stream, type, sequence) index per type (migration V27), so that the table talk among a long stream's
     * events is read without visiting the others.
     */
    public List<StoredEvent> eventsOfTypes(String stream, List<String> payloadTypes) {
        if (payloadTypes.isEmpty()) {
            return List.of();
        }
        List<Object> args = new ArrayList<>();
        for (String type : payloadTypes) {
            args.add(stream);
            args.add(type);
        }
        return jdbc.query(eventsOfTypes(dialect(), payloadTypes.size()), EVENT_ROWS, args.toArray());
    }

    /** The query of {@link #eventsOfTypes(String, List)}: {@code types} branches, each (stream, type). */
    static String eventsOfTypes(Dialect dialect, int types) {
        return typeRanges(dialect, types, "sequence_number");
    }

    /**
     * The events of these stored types, of every stream (null) or of these streams, in global order. For streams,
     * one range of the (stream, type, sequence) index per stream and type, {@value #BRANCHES} at most per statement:
     * "payload_type in (..) and aggregate_identifier in (..)" read every event of the streams (H2's plan bounds the
     * index by the streams alone), the whole of a campaign's history for its few seals at each verify.
     */
    public List<StoredEvent> eventsOfTypes(List<String> types, List<String> streams) {
        if (streams == null) {
            String in = String.join(", ", java.util.Collections.nCopies(types.size(), "?"));
            return jdbc.query(EVENTS + " where payload_type in (" + in + ") order by global_index", EVENT_ROWS,
                    types.toArray());
        }
        List<String> distinct = streams.stream().distinct().toList();
        if (types.isEmpty() || distinct.isEmpty()) {
            return List.of();
        }
        List<StoredEvent> found = new ArrayList<>();
        int perStatement = Math.max(1, BRANCHES / types.size());
        for (int at = 0; at < distinct.size(); at += perStatement) {
            List<Object> args = new ArrayList<>();
            for (String stream : distinct.subList(at, Math.min(distinct.size(), at + perStatement))) {
                for (String type : types) {
                    args.add(stream);
                    args.add(type);
                }
            }
            found.addAll(jdbc.query(eventsOfTypesInOrder(dialect(), args.size() / 2), EVENT_ROWS, args.toArray()));
        }
        found.sort(java.util.Comparator.comparingLong(StoredEvent::globalIndex));
        return found;
    }

    /** Index ranges per statement of {@link #eventsOfTypes(List, List)}. */
    static final int BRANCHES = 200;

    /** {@code branches} ranges of the (stream, type, sequence) index, each (stream, type), in global order. */
    static String eventsOfTypesInOrder(Dialect dialect, int branches) {
        return typeRanges(dialect, branches, "global_index");
    }

    /** {@code branches} ranges of the (stream, type, sequence) index, each (stream, type), by {@code order}. */
    private static String typeRanges(Dialect dialect, int branches, String order) {
        String branch = "(select " + EVENT_COLUMNS + " from " + dialect.byIndex("domain_event_entry",
                "domain_event_by_type") + " where aggregate_identifier = ? and payload_type = ?)";
        return "select * from (" + String.join(" union all ", java.util.Collections.nCopies(branches, branch))
                + ") e order by " + order;
    }

    /** Every event, in global order: only to seal a store that predates the chain. */
    public List<StoredEvent> allEvents() {
        return jdbc.query(EVENTS + " order by global_index", EVENT_ROWS);
    }

    /** One batch of a stream for Axon: the events with {@code from <= sequence < end}, in order. */
    List<? extends DomainEventData<?>> axonBatch(String stream, long from, long end) {
        return jdbc.query(AXON_BATCH, AXON_ROWS, stream, from, end);
    }

    /** A stored event's columns a fold reads (EventFeed): its place, stored type and revision, payload, metadata. */
    record FoldRow(long sequence, String payloadType, String payloadRevision, byte[] payload, byte[] metaData) {
    }

    private static final String FOLD_BATCH = "select sequence_number, payload_type, payload_revision, payload, "
            + "meta_data from domain_event_entry where aggregate_identifier = ? and sequence_number >= ? and "
            + "sequence_number < ?" + BY_STREAM;

    /** One batch of a stream as a fold reads it: the events with {@code from <= sequence < end}, in order. */
    List<FoldRow> foldBatch(String stream, long from, long end) {
        return jdbc.query(FOLD_BATCH, (rs, i) -> new FoldRow(rs.getLong(1), rs.getString(2), rs.getString(3),
                rs.getBytes(4), rs.getBytes(5)), stream, from, end);
    }

    /**
     * Some events of a stream by their sequences (at most a few hundred: one statement), as {@link #axonBatch} reads
     * them, in their order: {@link #byPlaces} with its list of sequences bound.
     */
    List<? extends DomainEventData<?>> axonEvents(String stream, List<Long> sequences) {
        if (sequences.isEmpty()) {
            return List.of();
        }
        Object[] args = new Object[sequences.size() + 1];
        for (int k = 0; k < sequences.size(); k++) {
            args[k] = sequences.get(k);
        }
        args[sequences.size()] = stream;
        return jdbc.query(byPlaces(sequences.size()), AXON_ROWS, args);
    }

    /**
     * The statement of {@link #axonEvents} for {@code n} sequences: a list of values joined to the (stream, sequence)
     * index, one lookup each. {@code sequence_number in (...)} narrowed H2's read on the stream alone and read every
     * event of the stream (a counter's page at 20,000 events took 3 times its time at 1,000); plans checked in
     * StreamReadPlanTest.
     */
    static String byPlaces(int n) {
        String columns = AXON_BATCH.substring("select ".length(), AXON_BATCH.indexOf(" from "));
        return "select e." + columns.replace(", ", ", e.") + " from (values "
                + String.join(", ", java.util.Collections.nCopies(n, "(?)")) + ") v(s) join domain_event_entry e "
                + "on e.aggregate_identifier = ? and e.sequence_number = v.s order by e.sequence_number";
    }

    /** The sequence of a stream's last event, or null when it has none. */
    public Long lastSequence(String stream) {
        List<Long> last = jdbc.queryForList(LAST_SEQUENCE, Long.class, stream);
        return last.isEmpty() ? null : last.get(0);
    }

    /** A stream's last event's sequence and time, or null when it has none. */
    public EventHead head(String stream) {
        List<EventHead> rows = jdbc.query("select sequence_number, time_stamp from domain_event_entry "
                + "where aggregate_identifier = ?" + BY_STREAM_BACKWARDS,
                (rs, i) -> new EventHead(rs.getLong(1), rs.getString(2)), stream);
        return rows.isEmpty() ? null : rows.get(0);
    }

    /** The highest global index stored (null: no event): it moves whenever anyone stores an event. */
    public Long lastGlobalIndex() {
        return jdbc.queryForObject("select max(global_index) from domain_event_entry", Long.class);
    }

    public long eventCount() {
        Long n = jdbc.queryForObject("select count(*) from domain_event_entry", Long.class);
        return n == null ? 0 : n;
    }

    /** Whether the store holds any event of the stream. */
    public boolean hasStream(String stream) {
        return lastSequence(stream) != null;
    }

    /** Every stream by its first event, in the order they began. */
    public List<StreamStart> streamStarts() {
        // one seek of the (stream, sequence) index per stream: "where sequence_number = 0" read every event (no
        // index leads with the sequence), a tenth of a rebuild of a store that is one long scenario
        record Start(StreamStart start, long index) {
        }
        List<Start> starts = new ArrayList<>();
        String after = "";
        while (true) {
            List<Object[]> next = jdbc.query(NEXT_STREAM, (rs, i) -> new Object[] {rs.getString(1), rs.getLong(2),
                    rs.getString(3), rs.getLong(4)}, after);
            if (next.isEmpty()) {
                break;
            }
            Object[] first = next.get(0);
            after = (String) first[0];
            if ((Long) first[1] == 0) { // a stream without its first event has no start, as before
                starts.add(new Start(new StreamStart(after, (String) first[2]), (Long) first[3]));
            }
        }
        starts.sort(java.util.Comparator.comparingLong(Start::index));
        return starts.stream().map(Start::start).toList();
    }

    /** The first event of the next stream after a name, in the order of the (stream, sequence) index. */
    private static final String NEXT_STREAM = "select aggregate_identifier, sequence_number, type, global_index "
            + "from domain_event_entry where aggregate_identifier > ? order by aggregate_identifier, sequence_number "
            + "fetch first 1 rows only";

    /** Every stream named in the event table or in the chain. */
    public List<String> allStreams() {
        java.util.TreeSet<String> all = new java.util.TreeSet<>(jdbc.queryForList("select distinct "
                + "aggregate_identifier from domain_event_entry", String.class));
        all.addAll(jdbc.queryForList("select distinct aggregate_identifier from event_chain", String.class));
        return List.copyOf(all);
    }

    /**
     * Deletes the rows of a read-model {@code table} whose {@code streamColumn} names a stream the store does not
     * have (no first event): the streams the table names are read by its index, those not {@code known} (the streams
     * a rebuild began from, read once for several tables) looked up one by one (another tracker may have begun one
     * since) and the rows of those the store lacks deleted (a {@code not in (select ...)} read the event table again
     * for every table, a tenth of a rebuild's time). The table and column are the caller's constants, never input.
     */
    public int deleteRowsOfUnknownStreams(String table, String streamColumn, java.util.Set<String> known) {
        int deleted = 0;
        for (String stream : jdbc.queryForList("select distinct " + streamColumn + " from " + table, String.class)) {
            if (!known.contains(stream) && jdbc.queryForObject("select count(*) from domain_event_entry where "
                    + "aggregate_identifier = ? and sequence_number = 0", Integer.class, stream) == 0) {
                deleted += jdbc.update("delete from " + table + " where " + streamColumn + " = ?", stream);
            }
        }
        return deleted;
    }

    /**
     * Appends events as they were stored elsewhere (an import), byte for byte with their identifiers, sequences and
     * timestamps, with their chain links; in the caller's transaction. Each takes its global index from the sequence
     * in its insert, in their order (a query for the indexes first cost a round trip a batch). Whether a row is
     * {@link CanonicalJson} is taken from the row where the import's check asked already (it asks on its own thread
     * while the storing thread waits on the database: with both, 0.87 of the floor against 0.80 in alternating
     * rounds, docs/speed.md).
     */
    public void append(List<ChainedEvent> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<Object[]> events = new ArrayList<>(rows.size());
        List<Object[]> links = new ArrayList<>(rows.size());
        for (ChainedEvent row : rows) {
            StoredEvent e = row.event();
            events.add(new Object[]{e.sequence(), e.stream(), e.eventIdentifier(), e.payloadRevision(),
                    e.payloadType(), e.timestamp(), row.streamType(), e.metaData(), e.payload(), row.canonicalJson()});
            links.add(new Object[]{e.eventIdentifier(), e.stream(), e.sequence(), row.link().previousHash(),
                    row.link().hash()});
        }
        jdbc.batchUpdate(insertEvent(), events);
        jdbc.batchUpdate(INSERT_LINK, links);
    }

    /**
     * Inserts new events (Axon's append: {@code types} the aggregate type of each), each taking its global index
     * from the sequence in its insert, with the transaction's other writes; a stream's first event at once, so that
     * the duplicate key of a creation that lost a race is reported here, as Axon reports it.
     */
    void insertEvents(List<StoredEvent> rows, List<String> types) {
        List<Object[]> values = new ArrayList<>(rows.size());
        boolean first = false;
        for (int k = 0; k < rows.size(); k++) {
            StoredEvent e = rows.get(k);
            first |= e.sequence() == 0;
            values.add(new Object[]{e.sequence(), e.stream(), e.eventIdentifier(), e.payloadRevision(),
                    e.payloadType(), e.timestamp(), types.get(k), e.metaData(), e.payload(),
                    CanonicalJson.of(e.payload(), e.metaData())});
        }
        String insert = insertEvent();
        if (first) {
            jdbc.batchUpdate(insert, values);
        } else {
            write(insert, values);
        }
    }

    /** The insert of an event's row, its global index the sequence's next value. */
    private String insertEvent() {
        return INSERT_EVENT_FROM + dialect().nextValue("domain_event_entry_seq") + ", ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    }

    /**
     * Removes every row of a stream that an import appended and could not complete (its events, chain links, clock
     * rows and snapshots): the compensating removal of an import, which leaves no trace of it. Never called on a
     * stream the tracker recorded itself.
     */
    public void removeImported(String stream) {
        jdbc.update("delete from event_clock where scenario_id = ?", stream);
        jdbc.update("delete from event_chain where aggregate_identifier = ?", stream);
        jdbc.update("delete from snapshot_event_entry where aggregate_identifier = ?", stream);
        jdbc.update("delete from domain_event_entry where aggregate_identifier = ?", stream);
    }

    // ------------------------------------------------------------------------------------------- chain table

    /** The hash of the link at a stream's place, or null. */
    public String linkHash(String stream, long sequence) {
        List<String> hashes = jdbc.queryForList("select hash from event_chain where aggregate_identifier = ? "
                + "and sequence_number = ?", String.class, stream, sequence);
        return hashes.isEmpty() ? null : hashes.get(0);
    }

    public void insertLink(StoredEvent event, String previousHash, String hash) {
        jdbc.update(INSERT_LINK, event.eventIdentifier(), event.stream(), event.sequence(), previousHash, hash);
    }

    /** A link to insert: the event it is for, the hash before it and its own. */
    record NewLink(StoredEvent event, String previousHash, String hash) {
    }

    /** Inserts links in one batch. */
    void insertLinks(List<NewLink> links) {
        write(INSERT_LINK, links.stream().map(l -> new Object[]{l.event().eventIdentifier(),
                l.event().stream(), l.event().sequence(), l.previousHash(), l.hash()}).toList());
    }

    /** The stream's last link, or null. */
    public Link lastLink(String stream) {
        List<Link> rows = jdbc.query("select event_identifier, sequence_number, previous_hash, hash from event_chain "
                + "where aggregate_identifier = ?" + BY_STREAM_BACKWARDS, LINKS, stream);
        return rows.isEmpty() ? null : rows.get(0);
    }

    public long linkCount() {
        Long n = jdbc.queryForObject("select count(*) from event_chain", Long.class);
        return n == null ? 0 : n;
    }

    /** A stream's links with {@code from <= sequence < end}, by sequence. */
    public Map<Long, Link> links(String stream, long from, long end) {
        Map<Long, Link> links = new HashMap<>();
        jdbc.query("select event_identifier, sequence_number, previous_hash, hash from event_chain where "
                + "aggregate_identifier = ? and sequence_number >= ? and sequence_number < ?" + BY_STREAM, rs -> {
            Link link = LINKS.mapRow(rs, 0);
            links.put(link.sequence(), link);
        }, stream, from, end);
        return links;
    }

    /** The highest sequence of a stream's links and of its events (-1 for none). */
    public long lastPlace(String stream) {
        // each the end of its (stream, sequence) index read backwards, not a max() over the stream
        Long lastEvent = lastSequence(stream);
        List<Long> lastLink = jdbc.queryForList("select sequence_number from event_chain where "
                + "aggregate_identifier = ?" + BY_STREAM_BACKWARDS, Long.class, stream);
        return Math.max(lastEvent == null ? -1 : lastEvent, lastLink.isEmpty() ? -1 : lastLink.get(0));
    }

    /**
     * The first link of a stream at or after {@code from} whose event is gone, or null; one statement, so an event
     * and its link stored meanwhile by another writer are seen together.
     */
    public Long firstOrphanLink(String stream, long from) {
        List<Long> orphans = jdbc.queryForList("select c.sequence_number from event_chain c "
                + "where c.aggregate_identifier = ? and c.sequence_number >= ? and not exists (select 1 from "
                + "domain_event_entry e where e.event_identifier = c.event_identifier) "
                + "order by c.sequence_number fetch first 1 rows only", Long.class, stream, from);
        return orphans.isEmpty() ? null : orphans.get(0);
    }

    // ------------------------------------------------------------------------------------------- both

    /**
     * A stream's last event with the hash of the link at its place if that link is the event's (else a null hash),
     * or null for a stream with no event.
     */
    public Link streamHead(String stream) {
        List<Link> heads = jdbc.query("select e.event_identifier, e.sequence_number, c.previous_hash, c.hash "
                + "from domain_event_entry e left join event_chain c "
                + "on c.aggregate_identifier = e.aggregate_identifier and c.sequence_number = e.sequence_number "
                // the link at the event's place, and only if it is the event's (else no hash: the tail is verified)
                + "and c.event_identifier = e.event_identifier "
                + "where e.aggregate_identifier = ? order by e.aggregate_identifier desc, e.sequence_number desc "
                + "fetch first 1 rows only", LINKS, stream);
        return heads.isEmpty() ? null : heads.get(0);
    }

    /** A stream's head ({@link #streamHead}) and whether the stream is held in {@link Quarantine}. */
    record GuardedHead(Link link, boolean held) {
    }

    /**
     * The stream's head as {@link #streamHead}, and in the same statement whether it is quarantined, so that a
     * command's check costs one read; null when the stream has no event.
     */
    GuardedHead guardedHead(String stream) {
        List<GuardedHead> heads = jdbc.query("select e.event_identifier, e.sequence_number, c.previous_hash, c.hash, "
                + "(select count(*) from stream_quarantine q where q.stream_id = e.aggregate_identifier) "
                + "from domain_event_entry e left join event_chain c "
                + "on c.aggregate_identifier = e.aggregate_identifier and c.sequence_number = e.sequence_number "
                + "and c.event_identifier = e.event_identifier "
                + "where e.aggregate_identifier = ? order by e.aggregate_identifier desc, e.sequence_number desc "
                + "fetch first 1 rows only", (rs, i) -> new GuardedHead(LINKS.mapRow(rs, i), rs.getLong(5) > 0),
                stream);
        return heads.isEmpty() ? null : heads.get(0);
    }

    /**
     * What a command's guard reads first, in the command's transaction: the stream's lock ({@link
     * Dialect#locksStreams}), its head ({@link #guardedHead}, null: no event) and, when {@code anchor} is given and
     * the head is past it, the events from the anchor on as {@link #tail} reads them ({@code tail} null: not read
     * here, or more than {@code most}; read them with {@link #tail}). On PostgreSQL one round trip
     * ({@code tracker_guard}, migration V28), where the lock, the head and the tail were three; on H2 (no lock, one
     * instance) the head alone.
     */
    Guarded guard(String stream, Long anchor, int most) {
        if (!dialect().locksStreams()) {
            return new Guarded(guardedHead(stream), null, null);
        }
        GuardedHead[] head = {null};
        List<ChainedEvent> tail = new ArrayList<>();
        Long[] chainEnd = {null};
        jdbc.query("select * from tracker_guard(?, ?, ?)", rs -> {
            if (head[0] == null) { // the first row: the head, without its payload
                head[0] = new GuardedHead(new Link(rs.getString(4), rs.getLong(3), rs.getString(12),
                        rs.getString(13)), rs.getBoolean(15));
                return;
            }
            tail.add(tailRow(rs, chainEnd));
        }, stream, anchor == null ? -1L : anchor, most); // not a null: its type would be asked of the server
        boolean read = anchor != null && head[0] != null && head[0].link().sequence() > anchor
                && tail.size() < most;
        return new Guarded(head[0], read ? tail : null, read ? chainEnd[0] : null);
    }

    /** {@link #guard}'s answer: the head, and the tail from the anchor with the chain's end when it was read. */
    record Guarded(GuardedHead head, List<ChainedEvent> tail, Long chainEnd) {
    }

    /**
     * A stream's events from {@code from} on, each with the link at its place, handed over as they are read; returns
     * the highest sequence the stream's chain has, read in the same statement (so that a link stored after the last
     * event read is seen, and one stored meanwhile with its event by another writer is not), or null if no event was
     * read.
     */
    public Long tail(String stream, long from, Consumer<ChainedEvent> each) {
        Long[] chainEnd = {null};
        jdbc.query("select e.global_index, e.aggregate_identifier, e.sequence_number, e.event_identifier, "
                + "e.payload_type, e.payload_revision, e.time_stamp, e.payload, e.meta_data, e.type, "
                // the chain's end: not correlated (read once), by its index from the end (H2 reads every entry of
                // the stream for a max)
                + "c.event_identifier, c.previous_hash, c.hash, (select m.sequence_number from event_chain m "
                + "where m.aggregate_identifier = ? order by m.aggregate_identifier desc, m.sequence_number desc "
                + "fetch first 1 rows only) from domain_event_entry e "
                + "left join event_chain c on c.aggregate_identifier = e.aggregate_identifier "
                + "and c.sequence_number = e.sequence_number "
                + "where e.aggregate_identifier = ? and e.sequence_number >= ? order by e.sequence_number", rs -> {
            each.accept(tailRow(rs, chainEnd));
        }, stream, stream, from);
        return chainEnd[0];
    }

    /**
     * One row of a stream's tail as {@link #tail} and {@code tracker_guard} give it (the event's columns, its type,
     * the link at its place, the chain's end); the chain's end is kept in {@code chainEnd} (-1: no link at all).
     */
    private static ChainedEvent tailRow(java.sql.ResultSet rs, Long[] chainEnd) throws java.sql.SQLException {
        StoredEvent event = EVENT_ROWS.mapRow(rs, 0);
        String linked = rs.getString(11);
        long end = rs.getLong(14);
        chainEnd[0] = rs.wasNull() ? Long.valueOf(-1) : Long.valueOf(end);
        return new ChainedEvent(event, rs.getString(10), linked == null ? null
                : new Link(linked, event.sequence(), rs.getString(12), rs.getString(13)));
    }

    /**
     * A stream's events with {@code from <= sequence < end} and their links, in order: each table read by its
     * index, no join (an export reads every stream of a campaign this way, batch by batch).
     */
    public List<ChainedEvent> chained(String stream, long from, long end) {
        Map<Long, Link> links = links(stream, from, end);
        List<ChainedEvent> rows = new ArrayList<>();
        jdbc.query("select " + EVENT_COLUMNS + ", type, canonical_json from domain_event_entry where "
                + "aggregate_identifier = ? and sequence_number >= ? and sequence_number < ?" + BY_STREAM, rs -> {
            StoredEvent event = EVENT_ROWS.mapRow(rs, 0);
            boolean canonical = rs.getBoolean(11);
            rows.add(new ChainedEvent(event, rs.getString(10), links.get(event.sequence()),
                    rs.wasNull() ? null : canonical));
        }, stream, from, end);
        return rows;
    }

    // ------------------------------------------------------------------------------------------- clock table

    /** The clock row of one event, or null. */
    public ClockRow clockRow(String scenarioId, long sequence) {
        List<ClockRow> rows = jdbc.query(CLOCKS + " where scenario_id = ? and sequence_number = ?", CLOCK_ROWS,
                scenarioId, sequence);
        return rows.isEmpty() ? null : rows.get(0);
    }

    /** The scenario's last clock row, or null. */
    public ClockRow lastClockRow(String scenarioId) {
        List<ClockRow> rows = jdbc.query(CLOCKS + " where scenario_id = ?" + BY_CLOCK_BACKWARDS, CLOCK_ROWS,
                scenarioId);
        return rows.isEmpty() ? null : rows.get(0);
    }

    /**
     * Of a scenario's rows just folded for its events {@code from..to} ({@code folded}, in order), those the clock
     * table does not hold and those it holds otherwise: the stored rows are compared column by column as they are
     * read, none made into an object (a rebuild reads every row it finds right; made into rows and compared as
     * records, a fifth of its time). Stored rows no folded row names are left to the caller.
     */
    public ClockDifference clockDifference(String scenarioId, long from, long to, List<ClockRow> folded) {
        boolean[] stored = new boolean[folded.size()];
        List<ClockRow> differing = new ArrayList<>();
        long first = folded.isEmpty() ? from : folded.get(0).sequence();
        jdbc.query(CLOCKS + " where scenario_id = ? and sequence_number between ? and ?" + BY_CLOCK, rs -> {
            long sequence = rs.getLong(2);
            int i = (int) (sequence - first);
            if (i < 0 || i >= folded.size() || folded.get(i).sequence() != sequence) {
                i = -1;
                for (int k = 0; k < folded.size() && i < 0; k++) { // folded rows are one per event, in order:
                    i = folded.get(k).sequence() == sequence ? k : -1; // only a gap in the stream comes here
                }
                if (i < 0) {
                    return;
                }
            }
            stored[i] = true;
            ClockRow row = folded.get(i);
            GameClock clock = row.clock();
            long undoneBy = rs.getLong(11);
            Long storedUndoneBy = rs.wasNull() ? null : undoneBy;
            if (clock.gameTurn() != rs.getInt(3) || clock.playerTurn() != rs.getInt(4)
                    || !Objects.equals(clock.phase(), rs.getString(5)) || !Objects.equals(clock.step(), rs.getString(6))
                    || !Objects.equals(clock.phasingSide(), rs.getString(7))
                    || !Objects.equals(row.actionId(), rs.getString(8))
                    || !Objects.equals(row.takingOf(), rs.getString(9)) || !Objects.equals(row.kind(), rs.getString(10))
                    || !Objects.equals(row.undoneBy(), storedUndoneBy)) {
                differing.add(row);
            }
        }, scenarioId, from, to);
        List<ClockRow> missing = new ArrayList<>();
        for (int i = 0; i < stored.length; i++) {
            if (!stored[i]) {
                missing.add(folded.get(i));
            }
        }
        return new ClockDifference(missing, differing);
    }

    /** Folded clock rows the table does not hold, and those it holds otherwise. */
    public record ClockDifference(List<ClockRow> missing, List<ClockRow> differing) {
    }

    /** The rows {@code from..to} (inclusive), in order. */
    public List<ClockRow> clockRows(String scenarioId, long from, long to) {
        return jdbc.query(CLOCKS + " where scenario_id = ? and sequence_number between ? and ?" + BY_CLOCK,
                CLOCK_ROWS, scenarioId, from, to);
    }

    /** The clock changes (start, clock advances) after {@code after}, at most {@code limit}, of one kind or all. */
    public List<ClockRow> clockChanges(String scenarioId, String kind, long after, int limit) {
        if (kind != null) {
            return jdbc.query(clockChangesOfKind(dialect(), limit), CLOCK_ROWS, scenarioId, kind, after);
        }
        List<Object> args = new ArrayList<>();
        for (int k = 0; k < CLOCK_CHANGE_KINDS.size(); k++) {
            args.add(scenarioId);
            args.add(after);
        }
        return jdbc.query(clockChanges(dialect(), limit), CLOCK_ROWS, args.toArray());
    }

    /**
     * One kind's changes after a sequence: an equality on each column of the (scenario, kind, sequence) index but
     * the last, ordered by the index, so the plan is a range of that index and stops at the limit. With {@code kind
     * in (...)} H2 narrowed on the scenario alone and read all its clock rows (41-76 ms at 50,000 events).
     */
    static String clockChangesOfKind(Dialect dialect, int limit) {
        return CLOCK_COLUMNS + " from " + dialect.byIndex("event_clock", "event_clock_by_kind")
                + " where scenario_id = ? and kind = ? and sequence_number > ?" + BY_KIND + " fetch first " + limit
                + " rows only";
    }

    /** Every kind's changes: one index range per kind ({@code union all}), merged by sequence. */
    static String clockChanges(Dialect dialect, int limit) {
        return eachKind(dialect, CLOCK_CHANGE_KINDS, " and sequence_number > ?" + BY_KIND + " fetch first " + limit
                + " rows only") + " order by sequence_number fetch first " + limit + " rows only";
    }

    /** The start and the Game Turn starts in force: one index range per kind. */
    static String gameTurnStarts(Dialect dialect) {
        return eachKind(dialect, List.of("start", "gameTurn"), " and undone_by is null" + BY_KIND)
                + " order by sequence_number";
    }

    private static String eachKind(Dialect dialect, List<String> kinds, String rest) {
        String from = " from " + dialect.byIndex("event_clock", "event_clock_by_kind");
        return "select * from (" + String.join(" union all ", kinds.stream().map(kind -> "(" + CLOCK_COLUMNS
                + from + " where scenario_id = ? and kind = '" + kind + "'" + rest + ")").toList()) + ") c";
    }

    /** The first and last sequence of the events whose clock is in Game Turn {@code gameTurn}, or null. */
    public long[] turnSpan(String scenarioId, int gameTurn) {
        return jdbc.queryForObject("select min(sequence_number), max(sequence_number) from event_clock "
                + "where scenario_id = ? and game_turn = ?", (rs, i) -> rs.getObject(1) == null ? null
                : new long[]{rs.getLong(1), rs.getLong(2)}, scenarioId, gameTurn);
    }

    /** The highest Game Turn of the scenario's rows, or null. */
    public Integer maxGameTurn(String scenarioId) {
        List<Integer> max = jdbc.queryForList("select game_turn from event_clock where scenario_id = ? "
                + "order by scenario_id desc, game_turn desc fetch first 1 rows only", Integer.class, scenarioId);
        return max.isEmpty() ? null : max.get(0);
    }

    /** The first and last sequence of the action that stored event {@code sequence}, or null. */
    public long[] actionSpan(String scenarioId, long sequence) {
        List<long[]> spans = jdbc.query("select min(c.sequence_number), max(c.sequence_number) from event_clock c "
                + "join event_clock e on e.scenario_id = c.scenario_id and e.action_id = c.action_id "
                + "where e.scenario_id = ? and e.sequence_number = ?", (rs, i) -> rs.getObject(1) == null ? null
                : new long[]{rs.getLong(1), rs.getLong(2)}, scenarioId, sequence);
        return spans.isEmpty() ? null : spans.get(0);
    }

    /** The last event of the action {@code actionId}, or null. */
    public Long actionEnd(String scenarioId, String actionId) {
        List<Long> end = jdbc.queryForList("select sequence_number from event_clock where scenario_id = ? and "
                + "action_id = ? order by scenario_id desc, action_id desc, sequence_number desc fetch first 1 rows "
                + "only", Long.class, scenarioId, actionId);
        return end.isEmpty() ? null : end.get(0);
    }

    /** The start and the Game Turn starts in force, in order. */
    public List<ClockRow> gameTurnStarts(String scenarioId) {
        return jdbc.query(gameTurnStarts(dialect()), CLOCK_ROWS, scenarioId, scenarioId);
    }

    /** Every row whose clock is in Game Turns {@code fromTurn..toTurn}, in order. */
    public List<ClockRow> inTurns(String scenarioId, int fromTurn, int toTurn) {
        return jdbc.query(CLOCKS + " where scenario_id = ? and game_turn between ? and ?", CLOCK_ROWS, scenarioId,
                fromTurn, toTurn).stream().sorted(java.util.Comparator.comparingLong(ClockRow::sequence)).toList();
    }

    /** Where the latest taking of {@code actionId} before {@code before} began, or null. */
    public Long latestTaking(String scenarioId, String actionId, long before) {
        return jdbc.queryForObject("select max(sequence_number) from event_clock where scenario_id = ? "
                + "and taking_of = ? and sequence_number < ?", Long.class, scenarioId, actionId, before);
    }

    /** Where the action was first taken by its own command (its ActionTaken or ClockAdvanced), or null. */
    public Long firstTaking(String scenarioId, String actionId) {
        return jdbc.queryForObject(FIRST_TAKING, Long.class, scenarioId, actionId, actionId);
    }

    /** The first and last event of the action {@code actionId} in a scenario, or null when it has none. */
    long[] eventsOfAction(String scenarioId, String actionId) {
        List<long[]> rows = jdbc.query(EVENTS_OF_ACTION, (rs, i) -> rs.getObject(1) == null ? null
                : new long[] {rs.getLong(1), rs.getLong(2)}, scenarioId, actionId);
        return rows.isEmpty() ? null : rows.get(0);
    }

    /** By the (scenario, action, sequence) index, as {@link #FIRST_TAKING}. */
    static final String EVENTS_OF_ACTION = "select min(sequence_number), max(sequence_number) from event_clock "
            + "where scenario_id = ? and action_id = ?";

    /** By the (scenario, action, sequence) index: the action's own rows, not the scenario's (ClockQueryPlanTest). */
    static final String FIRST_TAKING = "select min(sequence_number) from event_clock where scenario_id = ? "
            + "and action_id = ? and taking_of = ?";

    /** Marks rolled back, by the event at {@code undoneBy}, the rows {@code start <= sequence < before} in force. */
    public void markRolledBack(String scenarioId, long start, long before, long undoneBy) {
        jdbc.update(MARK_ROLLED_BACK, undoneBy, scenarioId, start, before);
    }

    /** Whether a roll-back at {@code undoneBy} to {@code start} marks this row (the same test as the SQL). */
    public static boolean rolledBackBy(ClockRow row, long start, long undoneBy) {
        return row.sequence() >= start && row.sequence() < undoneBy && row.undoneBy() == null && row.sequence() > 0
                && !"undo".equals(row.kind());
    }

    public void insertClockRows(List<ClockRow> rows) {
        if (!rows.isEmpty()) {
            write(INSERT_CLOCK, rows.stream().map(EventTables::values).toList());
        }
    }

    private static final String COPY_CLOCK = "copy event_clock (scenario_id, sequence_number, game_turn, player_turn, "
            + "phase, step, phasing_side, action_id, taking_of, kind, undone_by) from stdin";

    /**
     * Inserts many rows at once (an import's): on PostgreSQL by its COPY, in the caller's transaction (the clock rows
     * of a 25,000-event import took 0.42 s as a batch of inserts, the end of the import's transaction); elsewhere
     * as {@link #insertClockRows}.
     */
    public void copyClockRows(List<ClockRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        if (dialect() != Dialect.POSTGRESQL) {
            insertClockRows(rows);
            return;
        }
        if (writes != null) {
            writes.sendHeld(); // in their order: what the transaction holds goes first
        }
        StringBuilder text = new StringBuilder(rows.size() * 96);
        for (ClockRow row : rows) {
            Object[] v = values(row);
            for (int k = 0; k < v.length; k++) {
                if (k > 0) {
                    text.append('\t');
                }
                copyText(text, v[k]);
            }
            text.append('\n');
        }
        jdbc.execute((org.springframework.jdbc.core.ConnectionCallback<Long>) c -> {
            try {
                return c.unwrap(org.postgresql.PGConnection.class).getCopyAPI().copyIn(COPY_CLOCK,
                        new java.io.StringReader(text.toString()));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** A value in COPY's text format: null as \N, and a backslash, tab, newline or return escaped. */
    private static void copyText(StringBuilder text, Object value) {
        if (value == null) {
            text.append("\\N");
            return;
        }
        String s = value.toString();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> text.append("\\\\");
                case '\t' -> text.append("\\t");
                case '\n' -> text.append("\\n");
                case '\r' -> text.append("\\r");
                default -> text.append(c);
            }
        }
    }

    /** Writes these rows over the stored rows at their places. */
    public void updateClockRows(List<ClockRow> rows) {
        if (!rows.isEmpty()) {
            jdbc.batchUpdate(UPDATE_CLOCK, rows.stream().map(row -> {
                Object[] v = values(row);
                return new Object[]{v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10], row.scenarioId(),
                        row.sequence()};
            }).toList());
        }
    }

    /** Deletes a scenario's rows after {@code sequence} (all of them for -1). */
    public void deleteClockRowsAfter(String scenarioId, long sequence) {
        jdbc.update("delete from event_clock where scenario_id = ? and sequence_number > ?", scenarioId, sequence);
    }

    private static Object[] values(ClockRow row) {
        GameClock clock = row.clock();
        return new Object[]{row.scenarioId(), row.sequence(), clock.gameTurn(), clock.playerTurn(), clock.phase(),
                clock.step(), clock.phasingSide(), row.actionId(), row.takingOf(), row.kind(), row.undoneBy()};
    }
}
