package org.wargame.tracker.store;

/** The metadata every stored event carries besides Axon's own (timestamp, correlation and trace ids). */
public final class ActionMetaData {
    /** The account that sent the command. */
    public static final String ACCOUNT = "account";
    /** The side on whose behalf the action was taken (set by the aggregate that decided it). */
    public static final String SIDE = "side";
    /** The id of the player action (one per command) that caused the event. */
    public static final String ACTION_ID = "actionId";

    /** On the events an undo or an upheld dispute replays: its id. Their dice were rolled once, before. */
    public static final String REPLAYED_BY = "replayedBy";
    /** On the events an undo or an upheld dispute replays: the id of the action they re-decide. */
    public static final String REPLAY_OF = "replayOf";

    /** The game clock at which a scenario's event happened: Game Turn, Player Turn, phase and step (if any). */
    public static final String GAME_TURN = "gameTurn";
    public static final String PLAYER_TURN = "playerTurn";
    public static final String PHASE = "phase";
    public static final String STEP = "step";

    /** The metadata of the game clock {@code clock}. */
    public static java.util.Map<String, Object> clock(org.wargame.tracker.rules.GameClock clock) {
        java.util.Map<String, Object> meta = new java.util.LinkedHashMap<>();
        meta.put(GAME_TURN, clock.gameTurn());
        meta.put(PLAYER_TURN, clock.playerTurn());
        meta.put(PHASE, clock.phase());
        if (clock.step() != null) {
            meta.put(STEP, clock.step());
        }
        return meta;
    }

    private ActionMetaData() {
    }
}
