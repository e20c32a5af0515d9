package org.wargame.tracker.rules.asl;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.wargame.tracker.rules.Dice;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.RuleAction;

import java.util.List;

/** The actions of the Animal-Pack rules and the play around them. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = AnimalPackAction.BecomePackTi.class, name = "become-pack-ti"),
        @JsonSubTypes.Type(value = AnimalPackAction.ReversePacking.class, name = "reverse-packing"),
        @JsonSubTypes.Type(value = AnimalPackAction.Fire.class, name = "fire"),
        @JsonSubTypes.Type(value = AnimalPackAction.Casualty.class, name = "casualty"),
        @JsonSubTypes.Type(value = AnimalPackAction.Move.class, name = "move"),
        @JsonSubTypes.Type(value = AnimalPackAction.Rally.class, name = "rally"),
        @JsonSubTypes.Type(value = AnimalPackAction.RepairGun.class, name = "repair-gun"),
        @JsonSubTypes.Type(value = AnimalPackAction.TakePossession.class, name = "take-possession")
})
public sealed interface AnimalPackAction extends RuleAction {

    /** The side on whose behalf this action is taken: the owner of the counter it is about. */
    String actingSide(AnimalPackState state);

    /**
     * The events this action causes under the rules, or a refusal. Each action decides in its own method so that
     * the dispatch is checked by the compiler: a new action does not compile until it says what it does.
     */
    List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice);

    /** 10.11: the crew (with its Gun and Mule) becomes Pack-TI in RPh Step 1.13B; begins or resumes a period. */
    record BecomePackTi(String crew) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("crew", crew).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> PackTi.become(out, clock, this));
        }
    }

    /** 10.33: Pack the Gun back onto the Mule (or vice versa) while all involved are Pack-TI. */
    record ReversePacking(String crew) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("crew", crew).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> Reversal.reverse(out, clock, this));
        }
    }

    /**
     * An attack. The result is what the players read from their own charts (the IFT is not part of the text); a
     * Gun's Original DR is rolled (or entered) to check its B# and X#.
     */
    record Fire(String firer, String target, String weapon, String fireType, String result)
            implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("firer", firer).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> Attack.fire(out, clock, this, dice));
        }
    }

    /** A casualty from an attack: pin, break, casualty-reduction or eliminate (see 10.4 for Mules). */
    record Casualty(String counter, String result) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("counter", counter).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> Casualties.apply(out, clock, this, dice));
        }
    }

    /** A counter moves (with what it carries) to a Location; {@code prohibitsGuns} per 10.31. */
    record Move(String counter, String hex, String terrain, Boolean prohibitsGuns) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("counter", counter).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> Movement.move(out, clock, this));
        }
    }

    /**
     * A broken unit's rally attempt. The rally numbers are not in chapter 10: the players give the {@code result}
     * ("rallied" or "failed") they read from their charts and the DR (entered, or rolled by the server) is recorded
     * with it. A request without a result is the record of an earlier version: it rallied, with no roll.
     */
    record Rally(String counter, String result) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("counter", counter).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> RallyAttempt.attempt(out, clock, this, dice));
        }
    }

    /**
     * A repair attempt on a Malfunctioned Gun. The repair numbers are not in chapter 10: the players give the
     * {@code result} ("repaired", "failed" or "eliminated") and the dr (entered, or rolled by the server) is recorded
     * with it. A request without a result is the record of an earlier version: repaired, with no roll.
     */
    record RepairGun(String gun, String result) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("gun", gun).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> GunRepair.attempt(out, clock, this, dice));
        }
    }

    /**
     * 10.11 / 10.7: a unit takes possession of an abandoned Gun in its Location (its possessor was eliminated), and
     * with it any (Un)Packing Period the Gun is in.
     */
    record TakePossession(String counter, String gun) implements AnimalPackAction {
        @Override
        public String actingSide(AnimalPackState state) {
            return state.counter("counter", counter).side();
        }

        @Override
        public List<AnimalPackEvent> decide(AnimalPackState state, GameClock clock, Dice dice) {
            return AnimalPackRules.decided(state, out -> Possession.take(out, this));
        }
    }
}
