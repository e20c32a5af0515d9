package org.wargame.tracker.rules.hex;

/**
 * A squad, half squad or leader as its counter gives it: inherent APFP, range, Movement Points and (leaders) the
 * leadership modifier. A leader's APFP and range are optional (12.3: a leader fires a Light weapon with the weapon's
 * APFP only), and so is a squad's leadership modifier.
 */
public record InfantryUnit(String id, String kind, int apfp, int range, int movement, Integer leadership) {

    public static InfantryUnit of(HexCounter counter) {
        if (!counter.infantry()) {
            throw Refuse.counter(counter.id(), "kind", "'" + counter.kind() + "' is not a squad, half squad or "
                    + "leader");
        }
        int movement = counter.numberAtLeast("movement", 1);
        if (counter.is(HexCounter.LEADER)) {
            Integer apfp = counter.optionalNumber("apfp");
            Integer range = counter.optionalNumber("range");
            if (apfp != null && apfp < 0) {
                throw Refuse.counter(counter.id(), "data.apfp", apfp + " is below 0");
            }
            if (range != null && range < 0) {
                throw Refuse.counter(counter.id(), "data.range", range + " is below 0");
            }
            return new InfantryUnit(counter.id(), counter.kind(), apfp == null ? 0 : apfp, range == null ? 0 : range,
                    movement, counter.number("leadership"));
        }
        return new InfantryUnit(counter.id(), counter.kind(), counter.numberAtLeast("apfp", 0),
                counter.numberAtLeast("range", 1), movement, counter.optionalNumber("leadership"));
    }
}
