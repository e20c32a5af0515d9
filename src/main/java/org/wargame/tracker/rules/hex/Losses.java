package org.wargame.tracker.rules.hex;

import org.wargame.tracker.rules.hex.HexEvent.PinStatusRecorded;
import org.wargame.tracker.rules.hex.HexEvent.UnitEliminated;

import java.util.List;

/**
 * Results the players read off the combat tables (outside section 12) and record: a counter eliminated (12.2: a
 * unit's support weapons are eliminated with it) or pinned (12.62: a pinned unit cannot spot for a mortar).
 */
final class Losses {

    private Losses() {
    }

    static List<HexEvent> eliminate(HexState state, HexAction.Eliminate eliminate) {
        HexCounter counter = state.active(eliminate.counterId(), "counterId");
        Refuse.fieldUnless(!counter.is(HexCounter.EXPENDABLES), "counterId", "'" + counter.id() + "' is the "
                + "side's expendables pool; it is spent one use at a time (12.5)");
        // 12.2: if a unit carrying a support weapon is eliminated the weapon is also eliminated
        List<String> weapons = state.carriedBy(counter.id()).stream().map(HexCounter::id).toList();
        return List.of(new UnitEliminated(counter.id(), eliminate.cause(), weapons));
    }

    static List<HexEvent> pin(HexState state, HexAction.SetPinned pin) {
        HexCounter counter = state.active(pin.counterId(), "counterId");
        Refuse.fieldUnless(!counter.is(HexCounter.SUPPORT_WEAPON) && !counter.is(HexCounter.EXPENDABLES),
                "counterId", "'" + counter.id() + "' is a " + counter.kind() + ", not a unit (12.62: units are "
                        + "pinned)");
        Refuse.required(pin.pinned(), "pinned", "true or false");
        return List.of(new PinStatusRecorded(counter.id(), pin.pinned()));
    }
}
