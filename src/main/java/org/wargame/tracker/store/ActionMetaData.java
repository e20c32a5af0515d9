package org.wargame.tracker.store;

/** The metadata every stored event carries besides Axon's own (timestamp, correlation and trace ids). */
public final class ActionMetaData {
    /** The account that sent the command. */
    public static final String ACCOUNT = "account";
    /** The side on whose behalf the action was taken (set by the aggregate that decided it). */
    public static final String SIDE = "side";
    /** The id of the player action (one per command) that caused the event. */
    public static final String ACTION_ID = "actionId";

    /** On the events an upheld dispute replays: the dispute's id. Their dice were rolled once, before. */
    public static final String REPLAYED_BY = "replayedBy";
    /** On the events an upheld dispute replays: the id of the action they re-decide. */
    public static final String REPLAY_OF = "replayOf";

    private ActionMetaData() {
    }
}
