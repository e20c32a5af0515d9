package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.RuleState;
import org.wargame.tracker.rules.asl.AnimalPackEvent.AttackMade;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CasualtyReduced;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterEliminated;
import org.wargame.tracker.rules.asl.AnimalPackEvent.CounterMoved;
import org.wargame.tracker.rules.asl.AnimalPackEvent.DirectionReversed;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GameTurnCounted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunBrokeDown;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunMalfunctioned;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunPossessionTaken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunRepaired;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunTransferred;
import org.wargame.tracker.rules.asl.AnimalPackEvent.GunUnloadedInvoluntarily;
import org.wargame.tracker.rules.asl.AnimalPackEvent.LowAmmoMarked;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PackTiLost;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PackTiTaken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodBegan;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodCompleted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PeriodEnded;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PinsRemoved;
import org.wargame.tracker.rules.asl.AnimalPackEvent.PlayerTurnCounted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.RallyAttempted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.RepairAttempted;
import org.wargame.tracker.rules.asl.AnimalPackEvent.TransferPrevented;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitBroken;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitPinned;
import org.wargame.tracker.rules.asl.AnimalPackEvent.UnitRallied;
import org.wargame.tracker.rules.asl.AnimalPackEvent.VulnerabilityRolled;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The Animal-Pack state of a scenario: every counter and the (Un)Packing Periods in progress, by Gun. Changed only by
 * {@link #evolve}, the fold of the {@link AnimalPackEvent} family: one method per event, each applying what the
 * event says happened and never refusing (the event already happened).
 */
@JsonTypeName("asl")
public record AnimalPackState(Map<String, AslCounter> counters, Map<String, UnpackingPeriod> periods)
        implements RuleState {

    static final String SQUAD = "squad";
    static final String HS = "HS";

    public AnimalPackState {
        counters = new LinkedHashMap<>(counters);
        periods = new LinkedHashMap<>(periods);
    }

    /** The counter named {@code id}; refuses a missing or unknown id under the request field naming it. */
    public AslCounter counter(String field, String id) {
        if (id == null || id.isBlank()) {
            throw new FieldRefused(field, "required");
        }
        AslCounter counter = counters.get(id);
        if (counter == null) {
            throw new FieldRefused(field, "no counter '" + id + "' in this scenario");
        }
        return counter;
    }

    /** The counter named {@code id}, still in play; an eliminated one is refused under {@code section}. */
    AslCounter inPlay(String section, String field, String id) {
        AslCounter counter = counter(field, id);
        if (counter.eliminated()) {
            throw new RuleViolation(section, field, id + " is eliminated");
        }
        return counter;
    }

    public UnpackingPeriod periodOf(String gunId) {
        return periods.get(gunId);
    }

    /** The Gun loaded on this Mule, if any. */
    public AslCounter gunOn(String muleId) {
        return counters.values().stream().filter(c -> muleId.equals(c.loadedOn()) && !c.eliminated()).findFirst()
                .orElse(null);
    }

    public List<AslCounter> at(String hex) {
        return counters.values().stream().filter(c -> hex != null && hex.equals(c.hex()) && !c.eliminated()).toList();
    }

    /** The unit in play that possesses the Gun, or null when the Gun is abandoned. */
    AslCounter possessorOf(String gunId) {
        return counters.values().stream().filter(c -> gunId.equals(c.possesses()) && !c.eliminated()).findFirst()
                .orElse(null);
    }

    /** The counters of the Gun's period that are Pack-TI now: Gun, Mule and crew. */
    List<String> packTiParticipants(String gunId) {
        UnpackingPeriod p = periodOf(gunId);
        List<String> ids = new ArrayList<>();
        for (String id : p == null ? List.of(gunId) : java.util.Arrays.asList(gunId, p.mule(), p.crew())) {
            AslCounter c = id == null ? null : counters.get(id);
            if (c != null && c.packTi() && !ids.contains(id)) {
                ids.add(id);
            }
        }
        return ids;
    }

    /** The fold: this state with {@code event} applied. */
    public AnimalPackState evolve(AnimalPackEvent event) {
        return event.applyTo(this);
    }

    AnimalPackState packTiTaken(PackTiTaken e) {
        AnimalPackState next = this;
        for (String id : e.counters()) {
            next = next.update(id, c -> { c.packTi = true; c.packTiNote = "Pack-TI: " + e.why(); return c; });
        }
        UnpackingPeriod p = next.periodOf(e.gun());
        if (p != null && e.counters().contains(p.crew())) { // the crew (re)takes it: this Game Turn counts again
            next = next.withPeriod(e.gun(), p.with(p.completedTurns(), p.playerTurnsThisTurn(), false,
                    p.transferred()));
        }
        return next;
    }

    AnimalPackState periodBegan(PeriodBegan e) {
        return withPeriod(e.period().gun(), e.period());
    }

    AnimalPackState packTiLost(PackTiLost e) {
        AnimalPackState next = update(e.counter(), c -> {
            c.packTi = false;
            c.packTiNote = "lost Pack-TI: " + e.why();
            return c;
        });
        UnpackingPeriod p = e.gun() == null ? null : next.periodOf(e.gun());
        if (p != null && e.counter().equals(p.crew())) {
            // 10.3: this Game Turn no longer counts; EX 10.41: an involuntary period's neither
            next = next.withPeriod(e.gun(), p.with(p.completedTurns(), p.playerTurnsThisTurn(), true,
                    p.transferred()));
        }
        return next;
    }

    AnimalPackState playerTurnCounted(PlayerTurnCounted e) {
        UnpackingPeriod p = periodOf(e.gun());
        return withPeriod(e.gun(), p.with(p.completedTurns(), e.playerTurnsThisTurn(), p.spoiledThisTurn(),
                p.transferred()));
    }

    AnimalPackState gameTurnCounted(GameTurnCounted e) {
        UnpackingPeriod p = periodOf(e.gun());
        AslCounter crew = p.crew() == null ? null : counters.get(p.crew());
        // the new Game Turn counts only if the crew holds Pack-TI from its start (it may take it in 1.13B); EX 10.41:
        // an involuntary period too needs the crew
        boolean spoiled = crew == null || crew.eliminated() || !crew.packTi();
        return withPeriod(e.gun(), p.with(e.completedTurns(), 0, spoiled, p.transferred()));
    }

    AnimalPackState gunTransferred(GunTransferred e) {
        boolean unpacking = UnpackingPeriod.UNPACKING.equals(e.direction());
        AnimalPackState next = update(e.gun(), c -> { c.loadedOn = unpacking ? null : e.mule(); return c; });
        UnpackingPeriod p = next.periodOf(e.gun());
        return next.withPeriod(e.gun(), p.with(p.completedTurns(), p.playerTurnsThisTurn(), p.spoiledThisTurn(),
                true));
    }

    AnimalPackState transferPrevented(TransferPrevented e) {
        return this; // recorded; what follows from it (10.31) comes as its own events
    }

    AnimalPackState periodCompleted(PeriodCompleted e) {
        return leavePackTi(e.gun(), e.counters(), e.direction().toLowerCase() + " period completed");
    }

    AnimalPackState periodEnded(PeriodEnded e) {
        return leavePackTi(e.gun(), e.counters(), "period ended: " + e.why());
    }

    private AnimalPackState leavePackTi(String gun, List<String> ids, String note) {
        AnimalPackState next = this;
        for (String id : ids) {
            next = next.update(id, c -> { c.packTi = false; c.packTiNote = note; return c; });
        }
        return next.withPeriod(gun, null);
    }

    AnimalPackState directionReversed(DirectionReversed e) {
        return withPeriod(e.gun(), e.period());
    }

    AnimalPackState attackMade(AttackMade e) {
        return this; // the attack's effects (Pack-TI lost, breakdown) come as their own events
    }

    AnimalPackState gunBrokeDown(GunBrokeDown e) {
        return e.disabled() ? update(e.gun(), c -> { c.eliminated = true; return c; })
                : update(e.gun(), c -> { c.malfunctioned = true; return c; });
    }

    AnimalPackState gunRepaired(GunRepaired e) {
        return update(e.gun(), c -> { c.malfunctioned = false; return c; });
    }

    AnimalPackState repairAttempted(RepairAttempted e) {
        return e.repaired() ? update(e.gun(), c -> { c.malfunctioned = false; return c; }) : this;
    }

    AnimalPackState gunMalfunctioned(GunMalfunctioned e) {
        return update(e.gun(), c -> { c.malfunctioned = true; return c; });
    }

    AnimalPackState unitPinned(UnitPinned e) {
        return update(e.counter(), c -> { c.pinned = true; return c; });
    }

    AnimalPackState unitBroken(UnitBroken e) {
        return update(e.counter(), c -> { c.goodOrder = false; return c; });
    }

    AnimalPackState unitRallied(UnitRallied e) {
        return update(e.counter(), c -> { c.goodOrder = true; return c; });
    }

    AnimalPackState rallyAttempted(RallyAttempted e) {
        return e.rallied() ? update(e.counter(), c -> { c.goodOrder = true; return c; }) : this;
    }

    AnimalPackState pinsRemoved(PinsRemoved e) {
        AnimalPackState next = this;
        for (String id : e.counters()) {
            next = next.update(id, c -> { c.pinned = false; return c; });
        }
        return next;
    }

    AnimalPackState casualtyReduced(CasualtyReduced e) {
        return update(e.counter(), c -> { c.size = HS; return c; });
    }

    AnimalPackState counterEliminated(CounterEliminated e) {
        // an eliminated Gun's period ends with it; who else leaves Pack-TI then is said by a PeriodEnded
        return update(e.counter(), c -> { c.eliminated = true; c.packTi = false; return c; })
                .withPeriod(e.counter(), null);
    }

    AnimalPackState vulnerabilityRolled(VulnerabilityRolled e) {
        return this; // the table's results come as their own events
    }

    AnimalPackState gunUnloadedInvoluntarily(GunUnloadedInvoluntarily e) {
        return update(e.gun(), c -> { c.loadedOn = null; c.coveredArc = e.coveredArc(); return c; });
    }

    AnimalPackState lowAmmoMarked(LowAmmoMarked e) {
        return update(e.gun(), c -> {
            c.lowAmmo = e.lowAmmoCount();
            c.breakdown = e.breakdown();
            c.disablement = e.disablement();
            return c;
        });
    }

    AnimalPackState counterMoved(CounterMoved e) {
        List<String> moved = new ArrayList<>(List.of(e.counter()));
        moved.addAll(e.carried());
        AnimalPackState next = this;
        for (String id : moved) {
            next = next.update(id, c -> {
                c.hex = e.hex();
                c.terrain = e.terrain();
                c.prohibitsGuns = e.prohibitsGuns();
                return c;
            });
        }
        return next;
    }

    AnimalPackState gunPossessionTaken(GunPossessionTaken e) {
        AnimalPackState next = update(e.counter(), c -> { c.possesses = e.gun(); return c; });
        UnpackingPeriod p = next.periodOf(e.gun());
        return p == null ? next : next.withPeriod(e.gun(), p.carriedOnBy(e.counter()));
    }

    AnimalPackState update(String id, UnaryOperator<AslCounter.Change> change) {
        Map<String, AslCounter> copy = new LinkedHashMap<>(counters);
        copy.computeIfPresent(id, (k, c) -> change.apply(c.change()).done());
        return new AnimalPackState(copy, periods);
    }

    AnimalPackState withPeriod(String gun, UnpackingPeriod period) {
        Map<String, UnpackingPeriod> copy = new LinkedHashMap<>(periods);
        if (period == null) {
            copy.remove(gun);
        } else {
            copy.put(gun, period);
        }
        return new AnimalPackState(counters, copy);
    }
}
