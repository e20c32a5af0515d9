package org.wargame.tracker.rules.skirmish;

import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.refusal.RuleViolation;
import org.wargame.tracker.rules.skirmish.SkirmishAction.RecordTreatment;
import org.wargame.tracker.rules.skirmish.SkirmishEvent.TreatmentRecorded;

import java.util.List;

/**
 * Animal Hit Location: "Use the same Medical Treatment chart for humans to determine recovery from injuries." The
 * chart is not printed in the text: its result is campaign data.
 */
final class MedicalTreatment {

    static final String RULE = "Medical Treatment (campaign chart)";

    private MedicalTreatment() {
    }

    static List<SkirmishEvent> record(SkirmishState state, RecordTreatment a) {
        if (a.counter() == null) {
            throw new FieldRefused("counter", "missing");
        }
        if (a.recovery() == null || a.recovery().isBlank()) {
            throw new FieldRefused("recovery", "missing (the result of the campaign's medical chart)");
        }
        Wound wound = state.figure(a.counter()).isPresent() ? state.figure(a.counter()).get().wound()
                : state.requireAnimal(a.counter(), "counter").wound();
        RuleViolation.require(wound != null && wound != Wound.DEATH, RULE, a.counter() + " has no wound to treat");
        return List.of(new TreatmentRecorded(a.counter(), a.recovery().trim()));
    }
}
