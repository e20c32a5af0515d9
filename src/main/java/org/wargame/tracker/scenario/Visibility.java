package org.wargame.tracker.scenario;

import org.wargame.tracker.rules.GameClock;

import java.util.List;

/**
 * What a viewer may see of hidden information, decided here and nowhere else (docs/history.md, What each viewer
 * sees). Every read path asks this class: the scenario view and its seals, time travel (a state at event N holds
 * the seals as they stood then), the pages, the export (whether the kept contents go with it).
 *
 * <p>The record itself never holds an unrevealed content: {@code ChoiceSealed} carries only the commitment, so the
 * events list, the audit, the timeline, the steps, the live stream, the counter history, the dice statistics and a
 * player's export show every event as stored and cannot leak it. The content is read from {@link SealedSecrets}
 * only where {@link #mayRead} says so: the sealing side's players and a referee who sees everything; after the
 * reveal, everybody, from the reveal event.
 */
public final class Visibility {

    private Visibility() {
    }

    /** Whether {@code viewer} may read the content of {@code seal} as it stands. */
    public static boolean mayRead(Viewer viewer, ScenarioState.Seal seal) {
        return seal.revealed() || viewer.seesEverything() || viewer.sides().contains(seal.side());
    }

    /** Whether an export for {@code viewer} may carry the kept contents of the unrevealed seals. */
    public static boolean exportsSecrets(Viewer viewer) {
        return viewer.seesEverything();
    }

    /**
     * A sealed choice as {@code viewer} may see it. {@code content} and {@code salt}: the revealed ones, or the kept
     * ones for a viewer who may read them ({@code sealedToOthers}: shown to this viewer, still hidden from the other
     * sides); null otherwise. {@code words}: the line players read. {@code hides}: the counter whose position it
     * seals (a hidden set-up), null otherwise.
     */
    public record SealView(String sealId, String side, String sideName, String label, String commitment, long at,
                           GameClock clock, boolean revealed, Long revealedAt, String content, String salt,
                           boolean sealedToOthers, String words, String hides) {
    }

    /** Every seal of {@code state} as {@code viewer} sees it; {@code secrets} is read only where it may. */
    public static List<SealView> seals(Viewer viewer, ScenarioState state, SealedSecrets secrets) {
        return state.seals().stream().map(seal -> view(viewer, state, seal, secrets)).toList();
    }

    /** The seals as everybody sees them (nothing kept is read): the API's scenario view before its viewer's. */
    public static List<SealView> publicSeals(ScenarioState state) {
        return state.seals().stream().map(seal -> view(null, state, seal, null)).toList();
    }

    private static SealView view(Viewer viewer, ScenarioState state, ScenarioState.Seal seal,
                                 SealedSecrets secrets) {
        String sideName = state.sideName(seal.side());
        String when = "Turn " + seal.clock().gameTurn() + ", " + seal.clock().phase();
        if (seal.revealed()) {
            return new SealView(seal.sealId(), seal.side(), sideName, seal.label(), seal.commitment(), seal.at(),
                    seal.clock(), true, seal.revealedAt(), seal.content(), seal.salt(), false,
                    "revealed: " + sideName + " sealed " + seal.label() + " at " + when + ": " + seal.content(),
                    seal.hides());
        }
        String content = null;
        String salt = null;
        if (viewer != null && secrets != null && mayRead(viewer, seal)) {
            SealedSecrets.Secret secret = secrets.of(state.scenarioId(), seal.sealId());
            if (secret != null) {
                content = secret.content();
                salt = secret.salt();
            }
        }
        return new SealView(seal.sealId(), seal.side(), sideName, seal.label(), seal.commitment(), seal.at(),
                seal.clock(), false, null, content, salt, content != null,
                "sealed: " + sideName + " sealed " + seal.label() + " at " + when
                        + (content == null ? "" : " (only you and the referee see this: " + content + ")"),
                seal.hides());
    }
}
