package org.wargame.tracker.scenario;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.DiceKind;
import org.wargame.tracker.rules.DiceRoll;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;

/**
 * The dice of one action: the player's entered rolls first, in order; when none is left the server rolls from the
 * scenario's seed (see {@link ServerDice}). Remembers every roll so that the action's event can hold them.
 */
public final class ActionDice implements Dice {

    private final String scenarioId;
    private final java.util.function.Supplier<byte[]> seedSource;
    private byte[] seed;
    private boolean seedRead;
    private final Deque<EnteredRoll> entered;
    private final List<DiceRoll> rolled = new ArrayList<>();
    private int nextServerDie;

    public ActionDice(String scenarioId, byte[] seed, int serverDiceSoFar, List<EnteredRoll> entered) {
        this(scenarioId, () -> seed, serverDiceSoFar, entered);
    }

    /**
     * {@code seed} is asked for once, when the server first rolls: an action without a server die (a move) does not
     * read the scenario's seed (issue 24: an action at the cost of its commit).
     */
    public ActionDice(String scenarioId, java.util.function.Supplier<byte[]> seed, int serverDiceSoFar,
                      List<EnteredRoll> entered) {
        this.scenarioId = scenarioId;
        this.seedSource = seed;
        this.nextServerDie = serverDiceSoFar;
        this.entered = new ArrayDeque<>(entered == null ? List.of() : entered);
    }

    private byte[] seed() {
        if (!seedRead) {
            seed = seedSource.get();
            seedRead = true;
        }
        return seed;
    }

    @Override
    public DiceRoll roll(DiceKind kind, String purpose) {
        EnteredRoll next = entered.poll();
        DiceRoll roll;
        if (next != null) {
            roll = new DiceRoll(kind.name(), checked(next, kind), DiceRoll.ENTERED, purpose, null);
        } else {
            byte[] seed = seed();
            if (seed == null) {
                throw new FieldRefused("dice", "the " + kind.name() + " for " + purpose
                        + " must be entered (this scenario has no secret server seed: it was imported, or reopened"
                        + " after its seed was revealed)");
            }
            List<Integer> values = new ArrayList<>();
            int first = nextServerDie;
            for (int i = 0; i < kind.count(); i++) {
                values.add(ServerDice.die(seed, scenarioId, nextServerDie++, kind.sides()));
            }
            roll = new DiceRoll(kind.name(), values, DiceRoll.SERVER, purpose, first);
        }
        rolled.add(roll);
        return roll;
    }

    /** Every roll taken, in order. */
    public List<DiceRoll> rolled() {
        return List.copyOf(rolled);
    }

    /** Refuses entered dice that the action never asked for: they would otherwise be silently lost. */
    public void requireAllEnteredUsed() {
        if (!entered.isEmpty()) {
            throw new FieldRefused("dice", "" + entered.size() + " entered roll(s) not needed by this action");
        }
    }

    private static List<Integer> checked(EnteredRoll roll, DiceKind kind) {
        if (roll.kind() != null && !roll.kind().equals(kind.name())) {
            throw new FieldRefused("dice", "the rule asks for a " + kind.name() + ", not a " + roll.kind());
        }
        if (roll.values() == null || roll.values().size() != kind.count()) {
            throw new FieldRefused("dice", "a " + kind.name() + " is " + kind.count() + " die/dice");
        }
        for (int v : roll.values()) {
            if (v < 1 || v > kind.sides()) {
                throw new FieldRefused("dice", "" + v + " is not a face of a d" + kind.sides());
            }
        }
        return roll.values();
    }

    static String hex(byte[] seed) {
        return HexFormat.of().formatHex(seed);
    }
}
