package org.wargame.tracker.history;

import org.wargame.tracker.campaign.CampaignEvent;
import org.wargame.tracker.campaign.CampaignEvent.CampaignCreated;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.Side;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.rules.RuleEvent;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.scenario.FoldInput;
import org.wargame.tracker.scenario.ScenarioEvent;
import org.wargame.tracker.scenario.ScenarioEvent.ActionTaken;
import org.wargame.tracker.scenario.ScenarioEvent.ClockAdvanced;
import org.wargame.tracker.scenario.ScenarioEvent.RollBack;
import org.wargame.tracker.scenario.ScenarioEvent.ScenarioStarted;
import org.wargame.tracker.scenario.ScenarioLog;
import org.wargame.tracker.scenario.ScenarioProjection;
import org.wargame.tracker.scenario.ScenarioState;
import org.wargame.tracker.store.ActionMetaData;
import org.wargame.tracker.store.ClockRow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;

/**
 * The fold of one stream of an import, in memory, before anything is stored: every event read strictly
 * ({@link StrictEvents}) and folded with the live fold ({@code ScenarioState.evolve}, {@code CampaignState.evolve}),
 * a roll-back returning to a state of the same stream read back from the spool. What the live store never holds is
 * refused, naming the line: a scenario that does not begin with its start or names another campaign than the file's,
 * an unknown rule set, an event of another rule set, a roll-back outside the stream or not to the start of the
 * action it names, and any event the fold or the read models cannot take.
 * <p>
 * Memory: the stream's offsets in the spool (given), the state, and a checkpoint every {@value #CHECKPOINT_EVERY}
 * events so that a roll-back folds at most that many events again.
 */
final class ImportFold {

    static final int CHECKPOINT_EVERY = 1_000;
    /** The most characters of an action's id the clock table keeps (event_clock.action_id and taking_of). */
    static final int ACTION_ID_LENGTH = 255;
    /** The most characters of a phase, a step or a side's id on the clock table (event_clock). */
    static final int CLOCK_WORD_LENGTH = 64;

    private final StrictEvents strict;
    private final CheckedRows.Reader spool;
    private final String campaignId;
    /** Where the scenarios' clock rows, roll-backs and end states go, for the import to store with the events. */
    private final ImportClocks clocks;
    /** The rule set the file's campaign was created under (its stream is folded first). */
    private String campaignRuleSet;
    /** The ids of the file's campaign's sides (null until its creation is folded). */
    private Set<String> campaignSides;

    ImportFold(StrictEvents strict, CheckedRows.Reader spool, String campaignId, ImportClocks clocks) {
        this.clocks = clocks;
        this.strict = strict;
        this.spool = spool;
        this.campaignId = campaignId;
    }

    /** A row of the spool read strictly, with its line. */
    private record Event(int line, long sequence, Object payload, String side, String actionId) {
    }

    private Event event(long offset) {
        CheckedRows.Row row;
        try {
            row = spool.at(offset);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            StrictEvents.Read read = strict.read(row.row().event());
            Object actionId = read.metaData().get(ActionMetaData.ACTION_ID);
            return new Event(row.line(), row.row().event().sequence(), read.payload(), read.side(),
                    actionId == null ? null : actionId.toString());
        } catch (FieldRefused e) {
            throw new FieldRefused("line " + row.line(), e.getMessage());
        }
    }

    private static FieldRefused at(int line, String reason) {
        return new FieldRefused("line " + line, reason);
    }

    /** Folds a campaign's stream: it begins with its creation, and every event is of this campaign. */
    void campaign(String stream, long[] offsets, int count) {
        CampaignFold fold = new CampaignFold(stream);
        for (int i = 0; i < count; i++) {
            fold.add(offsets[i]);
        }
    }

    /** One stream's fold, fed its events' places in the spool one by one, in order; then ended. */
    interface StreamFold {
        void add(long offset);

        void end();
    }

    /** A fold of the file's campaign stream. */
    StreamFold campaign(String stream) {
        return new CampaignFold(stream);
    }

    /** A fold of a scenario's stream whose events are given as they are checked (see {@link Past#growing}). */
    StreamFold scenario(String stream) {
        return new ScenarioFold(stream, new Past(new long[16], 0, false));
    }

    private final class CampaignFold implements StreamFold {
        private final String stream;
        private CampaignState state;
        private int i;

        CampaignFold(String stream) {
            this.stream = stream;
        }

        @Override
        public void add(long offset) {
            Event e = event(offset);
            try {
                if (!(e.payload() instanceof CampaignEvent event)) {
                    throw at(e.line(), "a campaign's stream holds only campaign events");
                }
                if (!stream.equals(event.campaignId())) {
                    throw at(e.line(), "payload.campaignId: names another campaign than its stream " + stream);
                }
                if (i == 0) {
                    if (!(event instanceof CampaignCreated created)) {
                        throw at(e.line(), "a campaign's stream begins with its creation");
                    }
                    RuleSets.byId(created.ruleSet());
                    campaignRuleSet = created.ruleSet();
                    campaignSides = sides(created.sides(), e.line(), null);
                    state = CampaignState.created(created);
                } else if (event instanceof CampaignCreated) {
                    throw at(e.line(), "a campaign is created once");
                } else {
                    state = state.evolve(event);
                }
            } catch (Refusal r) {
                throw r;
            } catch (RuntimeException x) {
                throw at(e.line(), "the campaign cannot take this event: " + reason(x));
            }
            i++;
        }

        @Override
        public void end() {
        }
    }

    /**
     * Folds a scenario's stream: it begins with its start, which names the file's campaign, its rule set is known,
     * every later event is the core's or its rule set's, each roll-back returns to the start of an action taken
     * earlier in the stream; the state it ends in is one the read models can write.
     */
    void scenario(String stream, long[] offsets, int count) {
        ScenarioFold fold = new ScenarioFold(stream, new Past(offsets, count, true));
        for (int i = 0; i < count; i++) {
            fold.add(offsets[i]);
        }
        fold.end();
    }

    private final class ScenarioFold implements StreamFold {
        private final String stream;
        private final Past past;
        private ScenarioState state;
        private RuleSet<?, ?, ?> ruleSet;
        private int line;
        private int i;

        ScenarioFold(String stream, Past past) {
            this.stream = stream;
            this.past = past;
        }

        @Override
        public void add(long offset) {
            past.arrived(i, offset);
            Event e = event(offset);
            line = e.line();
            Object payload = e.payload();
            try {
                if (i == 0) {
                    if (!(payload instanceof ScenarioStarted started)) {
                        throw at(line, "a scenario's stream begins with its start");
                    }
                    if (!stream.equals(started.scenarioId())) {
                        throw at(line, "payload.scenarioId: names another scenario than its stream " + stream);
                    }
                    if (!campaignId.equals(started.campaignId())) {
                        throw at(line, "payload.campaignId: a scenario of this file belongs to its campaign "
                                + campaignId + ", not to '" + RequestJson.shortened(String.valueOf(
                                started.campaignId())) + "'");
                    }
                    try {
                        ruleSet = RuleSets.byId(started.ruleSet());
                    } catch (IllegalArgumentException unknown) {
                        throw at(line, "payload.ruleSet: " + unknown.getMessage());
                    }
                    if (campaignRuleSet != null && !campaignRuleSet.equals(started.ruleSet())) {
                        // the tracker starts a scenario under its campaign's rule set and no other
                        throw at(line, "payload.ruleSet: a scenario of campaign " + campaignId + " is played under "
                                + "its rule set, " + campaignRuleSet + ", not '" + RequestJson.shortened(
                                String.valueOf(started.ruleSet())) + "'");
                    }
                    FieldRefused.require(started.name() != null, "line " + line, "payload.name: required");
                    sides(started.sides(), line, campaignSides);
                    state = ScenarioState.started(started);
                } else {
                    if (payload instanceof ScenarioStarted) {
                        throw at(line, "a scenario starts once");
                    }
                    if (payload instanceof RuleEvent rule && !ruleSet.eventNames().containsValue(rule.getClass())) {
                        throw at(line, "an event of another rule set than the scenario's (" + ruleSet.id() + ")");
                    }
                    if (!(payload instanceof ScenarioEvent) && !(payload instanceof RuleEvent)) {
                        throw at(line, "a scenario's stream holds only scenario and rule events");
                    }
                    if (payload instanceof RollBack rollBack) {
                        clocks.rolledBack(stream, rollBack(rollBack, i, line, past), e.sequence());
                    }
                    state = state.evolve(FoldInput.of(payload, e.side()), past);
                }
                ClockRow row = EventClockProjection.folded(stream, e.sequence(), payload, e.actionId(),
                        state.clock());
                fits(row, line);
                clocks.row(row);
                if (state.events() % CHECKPOINT_EVERY == 0) {
                    past.keep(state);
                }
            } catch (RuntimeException x) {
                if (past.unsettled) { // however the fold passed it on: the two-pass fold decides
                    throw new Unsettled();
                }
                if (x instanceof Refusal) {
                    throw x;
                }
                throw at(line, "the scenario cannot take this event: " + reason(x));
            }
            i++;
        }

        @Override
        public void end() {
            try {
                // what the read models will do with the state: write it, and show its counters
                ScenarioProjection.read(ScenarioProjection.write(state));
                state.counters();
                org.wargame.tracker.scenario.ScenarioView.of(state); // as the scenario's page and API show it
            } catch (RuntimeException x) {
                throw at(line, "the scenario's state cannot be shown: " + reason(x));
            }
            clocks.ended(state);
        }
    }

    /**
     * The sides of a campaign's creation or a scenario's start, each with its id and name (a page names them); a
     * scenario's are its campaign's ({@code of}, when known). Their ids.
     */
    private Set<String> sides(List<Side> sides, int line,
                                        Set<String> of) {
        if (sides == null || sides.isEmpty()) {
            throw at(line, "payload.sides: required, the sides that play");
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < sides.size(); i++) {
            Side side = sides.get(i);
            String at = "payload.sides[" + i + "]";
            if (side == null || side.id() == null || side.name() == null || side.name().isBlank()) {
                throw at(line, at + ": a side has its id and its name");
            }
            if (!ids.add(side.id())) {
                throw at(line, at + ".id: '" + RequestJson.shortened(side.id()) + "' is named twice");
            }
            if (of != null && !of.contains(side.id())) {
                throw at(line, at + ".id: '" + RequestJson.shortened(side.id()) + "' is no side of the campaign");
            }
        }
        return ids;
    }

    /**
     * A roll-back returns to the first event of the action it names, taken earlier in this stream: that event's
     * place.
     */
    private long rollBack(RollBack rollBack, int position, int line, Past past) {
        long to;
        if (rollBack.rolledBackTo() != null) {
            to = rollBack.rolledBackTo();
            if (to < 1 || to >= position) {
                throw at(line, "payload.rolledBackTo: " + to + " is outside the stream (an event from 1 to "
                        + (position - 1) + ")");
            }
        } else {
            to = past.positionOf(rollBack.actionId(), position);
        }
        Object target = event(past.offsets[(int) to]).payload();
        String taken = target instanceof ActionTaken a ? a.actionId()
                : target instanceof ClockAdvanced c ? c.actionId() : null;
        if (taken == null || !taken.equals(rollBack.actionId())) {
            throw at(line, "payload.rolledBackTo: event " + to + " is not where action '"
                    + RequestJson.shortened(String.valueOf(rollBack.actionId())) + "' was taken");
        }
        return to;
    }

    /**
     * A clock row the clock table can keep, its columns' lengths checked here so that a forged file is refused naming
     * its line (the store's error would not say why); the tracker's own ids (36 characters) and words fit.
     */
    private static void fits(ClockRow row, int line) {
        fits(row.actionId(), ACTION_ID_LENGTH, "metaData.actionId", line);
        fits(row.takingOf(), ACTION_ID_LENGTH, "payload.actionId", line);
        fits(row.clock().phase(), CLOCK_WORD_LENGTH, "the clock's phase", line);
        fits(row.clock().step(), CLOCK_WORD_LENGTH, "the clock's step", line);
        fits(row.clock().phasingSide(), CLOCK_WORD_LENGTH, "the phasing side's id", line);
    }

    private static void fits(String value, int most, String what, int line) {
        if (value != null && value.length() > most) {
            throw at(line, what + ": at most " + most + " characters");
        }
    }

    private static String reason(RuntimeException x) {
        String message = x.getMessage() == null ? "" : x.getMessage().strip().lines().findFirst().orElse("");
        message = message.replaceAll("(\\b[a-z][a-z0-9_]*\\.)+([A-Z][A-Za-z0-9_]*\\$)?([A-Z][A-Za-z0-9_]*)", "$3");
        return message.isEmpty() ? "it does not fit the state" : message.length() > 200
                ? message.substring(0, 200) + "..." : message;
    }

    /**
     * A growing stream's fold asked for what only the whole stream can answer (an event after the one folded, or
     * the stream's length): the fold beside the check gives up, and the fold after it decides, as it always did.
     */
    static final class Unsettled extends RuntimeException {
        Unsettled() {
            super("the fold needs the whole stream", null, false, false);
        }
    }

    /**
     * The stream's record as a roll-back needs it: read back from the spool, from the nearest checkpoint. Whole (the
     * fold after the check: every event's place known) or growing (the fold beside the check: the places of the
     * events arrived so far); a growing one answers only what the whole one would answer the same, and otherwise
     * throws {@link Unsettled}.
     */
    private final class Past extends ScenarioLog {
        private long[] offsets;
        private int count;
        private final boolean whole;
        /** A growing record was asked beyond what it holds. */
        private boolean unsettled;
        /** Within {@link #stateAt} of a place it holds, whose bounds check reads the length. */
        private boolean bounded;
        private final TreeMap<Long, ScenarioState> checkpoints = new TreeMap<>();

        Past(long[] offsets, int count, boolean whole) {
            this.offsets = offsets;
            this.count = count;
            this.whole = whole;
        }

        /** The event at {@code position} is in the spool at {@code offset} (growing: it has arrived). */
        void arrived(int position, long offset) {
            if (whole) {
                return;
            }
            if (position == offsets.length) {
                offsets = java.util.Arrays.copyOf(offsets, offsets.length * 2);
            }
            offsets[position] = offset;
            count = position + 1;
        }

        private void within(long to) {
            if (!whole && to > count) {
                unsettled = true;
                throw new Unsettled();
            }
        }

        void keep(ScenarioState state) {
            checkpoints.put(state.events(), state);
        }

        @Override
        public ScenarioState stateAt(long count) {
            within(count);
            bounded = true;
            try {
                return super.stateAt(count);
            } finally {
                bounded = false;
            }
        }

        @Override
        public long positionOf(String actionId, long before) {
            within(before);
            return super.positionOf(actionId, before);
        }

        @Override
        protected Iterator<Entry> entries(long from, long to) {
            within(to);
            long end = Math.min(to, count);
            return new Iterator<>() {
                long next = Math.max(0, from);

                @Override
                public boolean hasNext() {
                    return next < end;
                }

                @Override
                public Entry next() {
                    if (!hasNext()) {
                        throw new NoSuchElementException();
                    }
                    long position = next++;
                    Event e = event(offsets[(int) position]);
                    return ScenarioLog.entry(position, e.payload(), e.side());
                }
            };
        }

        @Override
        public long length() {
            if (!whole && !bounded) {
                unsettled = true;
                throw new Unsettled();
            }
            return count;
        }

        @Override
        protected ScenarioState checkpointAtOrBefore(long count) {
            Map.Entry<Long, ScenarioState> at = checkpoints.floorEntry(count);
            return at == null ? null : at.getValue();
        }
    }
}
