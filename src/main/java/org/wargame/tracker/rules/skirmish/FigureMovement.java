package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.GameClock;
import org.wargame.tracker.rules.skirmish.SkirmishAction.Move;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.FigureMoved;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.PositionTaken;
import org.wargame.tracker.rules.skirmish.SkirmishState.Figure;
import org.wargame.tracker.rules.skirmish.SkirmishState.Vehicle;

import java.util.ArrayList;
import java.util.List;

/**
 * What the tracker keeps of a man's movement (the players measure it on the table): his position on the HARD COVER
 * or BODY POSITION table, kept until he takes another, and how he moved this turn, for VI. Infantry Weapons Fire:
 * "Infantry who simply change direction without moving are considered stationary"; "A kneeling figure, which moved at
 * crawling speed, is assumed to have been in a prone position"; walking wounded "may not fire their weapons if they
 * move". A man moves in his side's part of the Movement Phase; a man with no recorded position may have it recorded
 * at any time (his set-up).
 */
final class FigureMovement {

    static final String RULE = ChanceToHit.RULE;
    static final String TURNED = "turned";
    static final String MOVED = "moved";
    static final String CRAWLED = "crawled";
    static final List<String> MOVEMENTS = List.of(TURNED, MOVED, CRAWLED);
    static final String NOT_ABOARD = "none";

    private FigureMovement() {
    }

    static List<SkirmishEvent> move(SkirmishState state, GameClock clock, Move a) {
        Figure figure = state.requireFigure(a.figure(), "figure");
        RuleViolation.require(!figure.dead() && !figure.removed(), RULE, figure.id() + " is dead");
        String movement = movement(a.movement());
        String aboard = aboard(state, figure, a.aboard());
        boolean positionOnly = movement == null && aboard == null;
        if (a.position() == null && positionOnly) {
            throw new FieldRefused("movement", "missing: give the movement (" + String.join(", ", MOVEMENTS)
                    + "), the position, or the vehicle he gets into (aboard)");
        }
        if (!(positionOnly && figure.position() == null)) {
            requireMovementPhaseOf(clock, figure.side(), figure.id());
        }
        RuleViolation.require(movement == null && aboard == null || figure.wound() != Wound.LITTER_CASE,
                HitLocationTable.RULE, figure.id() + " is a litter case: he does not move by himself; non-injured "
                        + "men carry him (carry-litter-case)");
        List<SkirmishEvent> events = new ArrayList<>();
        if (movement != null || aboard != null) {
            String how = movement != null ? movement : MOVED; // getting in or out of a vehicle is moving
            events.add(new FigureMoved(figure.id(), state.gameTurn(), how, TURNED.equals(how),
                    aboard == null ? null : aboard.equals(NOT_ABOARD) ? "" : aboard));
        }
        String position = a.position() == null ? null
                : BodyPosition.parse(a.position(), CRAWLED.equals(movement)).label();
        if (position == null && CRAWLED.equals(movement) && figure.position() != null) {
            // "A kneeling figure, which moved at crawling speed, is assumed to have been in a prone position."
            String prone = BodyPosition.parse(figure.position(), true).label();
            position = prone.equals(figure.position()) ? null : prone;
        }
        if (position != null) {
            events.add(new PositionTaken(figure.id(), position));
        }
        return events;
    }

    /** A man moves in his side's part of the Movement Phase. */
    static void requireMovementPhaseOf(GameClock clock, String side, String who) {
        RuleViolation.require(TurnSequence.MOVE.equals(clock.phase()) && side.equals(clock.phasingSide()),
                TurnSequence.RULE, who + " moves in side " + side + "'s part of the Movement Phase; the clock is at "
                        + clock.label());
    }

    private static String movement(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.trim().toLowerCase();
        FieldRefused.require(MOVEMENTS.contains(t), "movement", "'" + text + "' is not a movement ("
                + String.join(", ", MOVEMENTS) + ")");
        return t;
    }

    private static String aboard(SkirmishState state, Figure figure, String vehicleId) {
        if (vehicleId == null || vehicleId.isBlank()) {
            return null;
        }
        if (vehicleId.equalsIgnoreCase(NOT_ABOARD)) {
            RuleViolation.require(figure.aboard() != null, RULE, figure.id() + " is not aboard a vehicle");
            return NOT_ABOARD;
        }
        Vehicle vehicle = state.vehicle(vehicleId).orElseThrow(() -> new FieldRefused("aboard", "no vehicle '"
                + vehicleId + "' in this scenario ('" + NOT_ABOARD + "' to get out)"));
        RuleViolation.require(vehicle.side().equals(figure.side()), RULE, figure.id() + " rides in his own side's "
                + "vehicles");
        RuleViolation.require(!vehicle.destroyed(), VehicleDamageTable.RULE, vehicle.id() + " is destroyed");
        return vehicle.id();
    }
}
