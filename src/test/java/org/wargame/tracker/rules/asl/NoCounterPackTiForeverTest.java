package org.wargame.tracker.rules.asl;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceRoll;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.asl.AnimalPackAction.BecomePackTi;
import org.wargame.tracker.rules.asl.AnimalPackAction.Casualty;
import org.wargame.tracker.rules.asl.AnimalPackAction.Fire;
import org.wargame.tracker.rules.asl.AnimalPackAction.Move;
import org.wargame.tracker.rules.asl.AnimalPackAction.Rally;
import org.wargame.tracker.rules.asl.AnimalPackAction.RepairGun;
import org.wargame.tracker.rules.asl.AnimalPackAction.ReversePacking;
import org.wargame.tracker.rules.asl.AnimalPackAction.TakePossession;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 12, ASL 10 item 1: no counter is left Pack-TI forever. From any state reached by a random sequence of
 * actions (accepted or refused) and clock advances, every Pack-TI counter has a sequence of legal actions and clock
 * advances that ends its Pack-TI: the property plays one (rally, move to the Gun, take possession of an abandoned
 * Gun, become Pack-TI in Step 1.13B, let the clock run) and checks that no counter is Pack-TI at its end.
 */
class NoCounterPackTiForeverTest {

    private static final List<String> PHASES = List.of("RPh", "PFPh", "MPh", "DFPh", "AFPh", "RtPh", "APh", "CCPh");
    private static final List<String> UNITS = List.of("crew-a", "crew-b", "crew-c", "squad", "enemy");
    private static final List<String> GUNS = List.of("gun94", "mtr81", "mmg");
    private static final List<String> ALL = List.of("crew-a", "crew-b", "crew-c", "squad", "enemy", "gun94", "mtr81",
            "mmg", "mule-1", "mule-2", "mule-3");
    private static final List<String> HEXES = List.of("B4", "C2", "D1");

    private final AnimalPackRules rules = new AnimalPackRules();

    /** British crews A and B with a 94mm INF (M# 10) and a dm 81mm MTR (M# 11) on Mules, a spare crew C, a squad
     *  with an MMG on a Mule (10.7: M# 12), and an Italian squad. */
    static AnimalPackState scenario() {
        return new AnimalPackRules().setUp(List.of(
                unit("crew-a", "crew", "british", "British", Map.of("hex", "B4", "possesses", "gun94")),
                unit("crew-b", "crew", "british", "British", Map.of("hex", "C2", "possesses", "mtr81")),
                unit("crew-c", "crew", "british", "British", Map.of("hex", "D1")),
                unit("squad", "squad", "british", "British", Map.of("hex", "B4", "possesses", "mmg")),
                unit("enemy", "squad", "axis", "Italian", Map.of("hex", "F6")),
                new CounterDefinition("gun94", "gun", "94mm INF", "british", "British", Map.of("caliber", 94,
                        "gunType", "INF", "manhandling", 10, "breakdown", 12, "ordnanceNotePack", true),
                        Map.of("hex", "B4", "terrain", "open-ground", "loadedOn", "mule-1")),
                new CounterDefinition("mtr81", "gun", "81mm MTR", "british", "British", Map.of("caliber", 81,
                        "gunType", "MTR", "manhandling", 11, "breakdown", 12, "dismantlable", true),
                        Map.of("hex", "C2", "terrain", "open-ground", "loadedOn", "mule-2", "dm", true)),
                new CounterDefinition("mmg", "support-weapon", "MMG", "british", "British", Map.of("swType", "MMG",
                        "breakdown", 11), Map.of("hex", "B4", "terrain", "open-ground", "loadedOn", "mule-3")),
                mule("mule-1", "B4"), mule("mule-2", "C2"), mule("mule-3", "B4")));
    }

    private static CounterDefinition unit(String id, String kind, String side, String nationality,
                                          Map<String, Object> state) {
        return new CounterDefinition(id, kind, id, side, nationality, Map.of(), state);
    }

    private static CounterDefinition mule(String id, String hex) {
        return new CounterDefinition(id, "horse", id, "british", "British", Map.of("mule", true),
                Map.of("hex", hex, "terrain", "open-ground"));
    }

    @Property(tries = 300)
    void every_pack_ti_counter_can_leave_pack_ti(
            @ForAll @Size(max = 60) List<@IntRange(min = 0, max = 9_999_999) Integer> steps) {
        Play play = new Play(scenario());
        for (int step : steps) {
            play.random(step);
        }
        List<String> stuck = play.resolve();
        assertThat(stuck).as("Pack-TI with no way out after %s; periods %s", steps, play.state.periods()).isEmpty();
    }

    /** A scenario played at the rule level: the state, the clock, and the events applied. */
    private final class Play {
        AnimalPackState state;
        GameClock clock = new GameClock(1, 1, "RPh", "1.13B", "axis");

        Play(AnimalPackState state) {
            this.state = state;
        }

        void random(int n) {
            int kind = n % 10;
            int rest = n / 10;
            Random r = new Random(rest);
            switch (kind) {
                case 0, 1 -> {
                    for (int i = 0; i <= rest % 8; i++) {
                        advance();
                    }
                }
                case 2 -> act(new BecomePackTi(pick(r, UNITS)), r);
                case 3 -> act(new ReversePacking(pick(r, UNITS)), r);
                case 4 -> act(new Fire(pick(r, UNITS), r.nextBoolean() ? pick(r, ALL) : null,
                        r.nextInt(3) == 0 ? pick(r, GUNS) : null,
                        pick(r, Arrays.asList(null, "Defensive First Fire", "Close Combat")), "no effect"), r);
                case 5 -> act(new Casualty(pick(r, ALL), pick(r, List.of("pin", "break", "casualty-reduction",
                        "eliminate"))), r);
                case 6 -> act(new Move(pick(r, ALL), pick(r, HEXES), "terrain", r.nextInt(4) == 0), r);
                case 7 -> act(new Rally(pick(r, UNITS), pick(r, Arrays.asList(null, "rallied", "failed"))), r);
                case 8 -> act(new RepairGun(pick(r, GUNS), pick(r, Arrays.asList(null, "repaired", "failed",
                        "eliminated"))), r);
                default -> act(new TakePossession(pick(r, UNITS), pick(r, GUNS)), r);
            }
        }

        boolean act(AnimalPackAction action, Random r) {
            try {
                apply(rules.decide(state, clock, action, dice(r)));
                return true;
            } catch (Refusal refused) {
                return false;
            }
        }

        void advance() {
            int i = PHASES.indexOf(clock.phase());
            GameClock next;
            if (i < PHASES.size() - 1) {
                next = new GameClock(clock.gameTurn(), clock.playerTurn(), PHASES.get(i + 1), null,
                        clock.phasingSide());
            } else if (clock.playerTurn() == 1) {
                next = new GameClock(clock.gameTurn(), 2, "RPh", "1.13B", "british");
            } else {
                next = new GameClock(clock.gameTurn() + 1, 1, "RPh", "1.13B", "axis");
            }
            apply(rules.clockAdvanced(state, clock, next, dice(new Random(i))));
            clock = next;
        }

        void apply(List<AnimalPackEvent> events) {
            for (AnimalPackEvent e : events) {
                state = rules.evolve(state, e);
            }
        }

        /** Plays one way out for every Pack-TI counter; returns the counters still Pack-TI after 40 Game Turns. */
        List<String> resolve() {
            int lastTurn = clock.gameTurn() + 40;
            Random r = new Random(0);
            while (clock.gameTurn() < lastTurn && !packTi().isEmpty()) {
                for (UnpackingPeriod p : List.copyOf(state.periods().values())) {
                    carryOn(p, r);
                }
                advance();
            }
            return packTi();
        }

        private void carryOn(UnpackingPeriod p, Random r) {
            AslCounter gun = state.counters().get(p.gun());
            AslCounter holder = state.possessorOf(gun.id());
            if (holder == null) {
                holder = state.counters().values().stream()
                        .filter(u -> PeriodContinuation.mayTakeUp(state, u, gun)).findFirst().orElse(null);
                if (holder == null) {
                    return;
                }
                reach(holder, gun, r);
                act(new TakePossession(holder.id(), gun.id()), r);
                return;
            }
            if (!holder.packTi()) {
                reach(holder, gun, r);
                act(new BecomePackTi(holder.id()), r);
            }
        }

        private void reach(AslCounter unit, AslCounter gun, Random r) {
            if (!unit.goodOrder()) {
                act(new Rally(unit.id(), "rallied"), r);
            }
            if (!gun.hex().equals(state.counters().get(unit.id()).hex())) {
                act(new Move(unit.id(), gun.hex(), gun.terrain(), gun.prohibitsGuns()), r);
            }
        }

        private List<String> packTi() {
            return state.counters().values().stream().filter(AslCounter::packTi).map(AslCounter::id).toList();
        }
    }

    private static <T> T pick(Random r, List<T> from) {
        return from.get(r.nextInt(from.size()));
    }

    private static Dice dice(Random r) {
        return (kind, purpose) -> {
            List<Integer> values = new ArrayList<>();
            for (int i = 0; i < kind.count(); i++) {
                values.add(1 + r.nextInt(kind.sides()));
            }
            return new DiceRoll(kind.name(), values, DiceRoll.ENTERED, purpose, null);
        };
    }
}
