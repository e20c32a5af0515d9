package org.wargame.tracker.history;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.format.DateTimeParseException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An import reads an event's timestamp by hand in the form the tracker writes it and leaves every other text to
 * {@code Instant.parse}: both give the same instant, or both refuse.
 */
class ImportInstantTest {

    @Property(tries = 2000)
    void a_written_instant_reads_as_instant_parse_reads_it(@ForAll("instants") Instant instant,
                                                           @ForAll("fractions") int digits) {
        String text = instant.toString();
        // Instant.toString writes 0, 3, 6 or 9 digits of a fraction; a file may hold any number from 1 to 9
        int dot = text.indexOf('.');
        String whole = dot < 0 ? text.substring(0, text.length() - 1) : text.substring(0, dot);
        String fraction = String.format("%09d", instant.getNano()).substring(0, digits);
        for (String written : new String[]{text, whole + "Z", digits == 0 ? whole + "Z" : whole + "." + fraction + "Z"}) {
            assertThat(StrictEvents.instant(written)).as(written).isEqualTo(Instant.parse(written));
        }
    }

    @Provide
    Arbitrary<Instant> instants() {
        return Arbitraries.longs().between(Instant.parse("0000-01-01T00:00:00Z").getEpochSecond(),
                Instant.parse("9999-12-31T23:59:59Z").getEpochSecond())
                .flatMap(s -> Arbitraries.integers().between(0, 999_999_999).map(n -> Instant.ofEpochSecond(s, n)));
    }

    @Provide
    Arbitrary<Integer> fractions() {
        return Arbitraries.integers().between(0, 9);
    }

    @Test
    void what_is_no_instant_is_refused_as_before() {
        for (String text : new String[]{"2026-02-30T10:15:30Z", "2026-13-01T10:15:30Z", "2026-05-01T24:00:00Z",
                "2026-05-01T10:60:30Z", "2026-05-01T10:15:3xZ", "2026-05-01T10:15:30.Z", "2026-05-01 10:15:30Z",
                "2026-05-01T10:15:30.1234567890Z", "2026-05-01T10:15:30", "yesterday"}) {
            boolean parses;
            try {
                Instant.parse(text);
                parses = true;
            } catch (DateTimeParseException e) {
                parses = false;
            }
            if (parses) {
                assertThat(StrictEvents.instant(text)).as(text).isEqualTo(Instant.parse(text));
            } else {
                assertThatThrownBy(() -> StrictEvents.instant(text)).as(text)
                        .isInstanceOf(DateTimeParseException.class);
            }
        }
        // a leap second Instant.parse reads is read by it, not by hand
        assertThat(StrictEvents.instant("2016-12-31T23:59:60Z")).isEqualTo(Instant.parse("2016-12-31T23:59:60Z"));
    }
}
