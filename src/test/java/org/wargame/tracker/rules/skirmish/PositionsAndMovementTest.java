package org.wargame.tracker.rules.skirmish;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.CarryLitterCase;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets;
import org.wargame.tracker.rules.skirmish.SkirmishAction.DesignateTargets.Target;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Fire;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Move;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordCasualty;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureHit;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.LitterCaseCarried;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.PositionTaken;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.ShotFired;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.RULES;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.Scripted;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.ambush;
import static org.wargame.tracker.rules.skirmish.SkirmishTables.clock;

/**
 * Positions are state (issue 12 item 13), "turning only = stationary" and litter bearers (item 14): set by a move in
 * the side's part of the Movement Phase, kept, and read by fire.
 */
class PositionsAndMovementTest {

    private SkirmishState state;
    private GameClock clock;

    @BeforeEach
    void setUp() {
        List<CounterDefinition> counters = new ArrayList<>(ambush());
        // a man set up without a recorded position
        counters.add(SkirmishTables.rifleman("de-new", "german").withState(Map.of()));
        state = RULES.setUp(counters);
        clock = clock("SPOT", 0);
    }

    private List<SkirmishEvent> act(SkirmishAction action, int... dice) {
        List<SkirmishEvent> events = RULES.decide(state, clock, action, new Scripted(dice));
        events.forEach(e -> state = RULES.evolve(state, e));
        return events;
    }

    private void advanceTo(GameClock to) {
        for (int i = 0; i < 50 && !clock.equals(to); i++) {
            GameClock next = SkirmishTables.next(clock);
            RULES.clockAdvanced(state, clock, next, new Scripted()).forEach(e -> state = RULES.evolve(state, e));
            clock = next;
        }
    }

    private String designationOf(String firer, String target) {
        return state.designations().stream().filter(d -> d.firer().equals(firer) && d.target().equals(target))
                .findFirst().orElseThrow().id();
    }

    @Test
    void aManMovesInHisSidesPartOfTheMovementPhaseAndKeepsHisPosition() {
        assertThatThrownBy(() -> act(new Move("us-ranger", "moved", "low wall", null)))
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("Turn sequence: us-ranger moves in side us's "
                        + "part of the Movement Phase");
        // a man with no recorded position has it recorded at any time (his set-up)
        assertThat(act(new Move("de-new", null, "window", null))).singleElement()
                .isEqualTo(new PositionTaken("de-new", "window"));
        advanceTo(clock("MOVE", 1));
        assertThatThrownBy(() -> act(new Move("us-ranger", "moved", null, null))).hasMessageContaining("side us's");
        // "A kneeling figure, which moved at crawling speed, is assumed to have been in a prone position."
        act(new Move("de-rifle-1", "crawled", "kneeling in the open", null));
        assertThat(state.figure("de-rifle-1").orElseThrow().position()).isEqualTo("prone in the open");
        advanceTo(clock("MOVE", 2));
        act(new Move("us-ranger", "turned", null, null));
        assertThat(state.figure("us-ranger").orElseThrow().position()).isEqualTo("standing in the open");
        advanceTo(clock("FIRE", 0));
        act(new DesignateTargets("us", List.of(new Target("us-ranger", "m1903", "de-rifle-1", null, null, null))));
        act(new DesignateTargets("german", List.of()));
        String shot = designationOf("us-ranger", "de-rifle-1");
        // a shot naming another position than the recorded one is refused, before any die
        assertThatThrownBy(() -> act(new Fire(shot, 50, "standing in the open", null, null, null, null), 1, 3))
                .isInstanceOf(RuleViolation.class).hasMessageStartingWith("Hard Cover or Body Position: de-rifle-1 "
                        + "is recorded prone in the open");
        // fire reads the recorded position: d6 3 is the chest, covered for a man prone in the open (1, 2)
        List<SkirmishEvent> events = act(new Fire(shot, 50, null, null, null, null, null), 1, 3);
        ShotFired fired = (ShotFired) events.get(0);
        assertThat(fired.toHit().firerStationary()).as("turning only is stationary").isTrue();
        assertThat(fired.toHit().targetStationary()).as("crawling is moving").isFalse();
        FigureHit hit = (FigureHit) events.get(1);
        assertThat(hit.position()).isEqualTo("prone in the open");
        assertThat(hit.effect()).isEqualTo("covered: no hit");
    }

    @Test
    void aDesignationContradictingTheRecordedMovementIsRefused() {
        advanceTo(clock("FIRE", 0));
        act(new DesignateTargets("us", List.of()));
        assertThatThrownBy(() -> act(new DesignateTargets("german", List.of(new Target("de-rifle-1", "rifle",
                "us-loader", null, null, true))))).isInstanceOf(RuleViolation.class)
                .hasMessageContaining("de-rifle-1 is recorded stationary this turn");
    }

    @Test
    void litterCasesAreCarriedByTwoNonInjuredMenOfHisSideFromTheNextTurn() {
        act(new RecordCasualty("de-rifle-1", "litter case", "small arms"));
        act(new RecordCasualty("de-bare", "walking wounded", "small arms"));
        advanceTo(clock("MOVE", 1));
        assertThatThrownBy(() -> act(new CarryLitterCase("de-rifle-1", List.of("de-rifle-2", "de-armoured"))))
                .hasMessageContaining("during the next turn");
        assertThatThrownBy(() -> act(new Move("de-rifle-1", "moved", null, null)))
                .hasMessageContaining("does not move by himself");
        advanceTo(clock(2, "MOVE", 1));
        assertThatThrownBy(() -> act(new CarryLitterCase("de-rifle-1", List.of("de-rifle-2"))))
                .isInstanceOf(RuleViolation.class).hasMessageContaining("name 2 or more bearers");
        assertThatThrownBy(() -> act(new CarryLitterCase("de-rifle-1", List.of("de-rifle-2", "de-bare"))))
                .hasMessageContaining("non-injured").hasMessageContaining("de-bare is walking wounded");
        assertThatThrownBy(() -> act(new CarryLitterCase("de-rifle-1", List.of("de-rifle-2", "us-ranger"))))
                .hasMessageContaining("not of side german");
        assertThat(act(new CarryLitterCase("de-rifle-1", List.of("de-rifle-2", "de-armoured")))).singleElement()
                .isEqualTo(new LitterCaseCarried("de-rifle-1", List.of("de-rifle-2", "de-armoured"), 2));
        assertThat(markers("de-rifle-1")).contains("carried by de-rifle-2, de-armoured");
        assertThat(markers("de-rifle-2")).contains("carrying a litter case");
        assertThat(state.figure("de-rifle-2").orElseThrow().stationaryIn(2)).isFalse();
    }

    private List<String> markers(String id) {
        return RULES.counters(state).stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow().markers();
    }
}
