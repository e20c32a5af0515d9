package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import net.jqwik.api.sessions.JqwikSession;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.wargame.tracker.ApiTestSupport;
import org.wargame.tracker.refusal.Refusal;
import org.wargame.tracker.store.ClockRow;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fold beside the check decides what the fold after the check decides, or leaves the file to it. Real exports
 * (with an undo, so with roll-backs), moved and mutated as {@link ImportFuzzTest} mutates them, some with their lines
 * shuffled between streams, each spooled as the check spools it and folded both ways: the same refusal (its words),
 * or the same clock rows, roll-backs and end states. Most files must be decided beside the check, or the test would
 * prove nothing. {@code fuzz.seed} repeats a run.
 */
class FoldBesideCheckTest extends ApiTestSupport {

    private static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());

    @Autowired
    private StrictEvents strict;

    @Test
    void the_fold_beside_the_check_decides_as_the_fold_after_it() throws Exception {
        List<String> exports = List.of(playedExport("asl-west-of-alamein.yaml", "alice", "ex-10-3"),
                playedExport("hex-sample.yaml", "gerd", "first-clash"));
        Map<String, Integer> outcomes = new TreeMap<>();
        JqwikSession.start();
        try {
            for (int tries = 0; tries < 120; tries++) {
                Random random = new Random(SEED + tries);
                List<ObjectNode> lines = ForgedHistory.moved(exports.get(tries % exports.size()));
                List<String> done = new ArrayList<>();
                for (int i = random.nextInt(3); i > 0; i--) { // none in some: files that fold whole
                    done.add(ImportFuzzTest.mutate(lines, random));
                }
                if (random.nextInt(8) == 0) { // the streams' lines mixed: the fold after the check decides
                    Collections.shuffle(lines.subList(1, lines.size()), random);
                    done.add("lines shuffled");
                }
                ForgedHistory.rechain(lines);
                String what = "try " + tries + " (seed " + (SEED + tries) + "): " + done;
                outcomes.merge(compare(ForgedHistory.text(lines).getBytes(StandardCharsets.UTF_8), what), 1,
                        Integer::sum);
            }
        } finally {
            JqwikSession.finish();
        }
        System.out.println("FoldBesideCheckTest: seed " + SEED + ", " + outcomes);
        int beside = outcomes.getOrDefault("beside: folded", 0) + outcomes.getOrDefault("beside: refused", 0);
        assertThat(beside).as("files decided beside the check: %s", outcomes).isGreaterThan(60);
        assertThat(outcomes.getOrDefault("beside: folded", 0)).as("%s", outcomes).isGreaterThan(10);
        assertThat(outcomes.getOrDefault("beside: refused", 0)).as("%s", outcomes).isGreaterThan(10);
    }

    /** Folds the file both ways; what happened, for the tally. */
    private String compare(byte[] file, String what) throws Exception {
        Path rows = Files.createTempFile("fold-beside-", ".rows");
        Path besideClocks = Files.createTempFile("fold-beside-", ".clock");
        Path afterClocks = Files.createTempFile("fold-after-", ".clock");
        try {
            ImportClocks beside = new ImportClocks(besideClocks);
            Map<String, long[]> offsets = new LinkedHashMap<>();
            Map<String, String> types = new LinkedHashMap<>();
            HistoryFile.Header header;
            try (FoldBesideCheck fold = new FoldBesideCheck(strict, rows, beside);
                 CheckedRows.Writer writer = new CheckedRows.Writer(rows)) {
                try {
                    header = HistoryFile.read(new ByteArrayInputStream(file), 1 << 22, line -> {
                        String stream = line.row().event().stream();
                        types.putIfAbsent(stream, line.row().streamType());
                        try {
                            long offset = writer.write(line.row(), line.number());
                            long[] at = offsets.getOrDefault(stream, new long[0]);
                            at = java.util.Arrays.copyOf(at, at.length + 1);
                            at[at.length - 1] = offset;
                            offsets.put(stream, at);
                            fold.row(stream, line.row().streamType(), offset, writer);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
                } catch (Refusal refused) {
                    return "refused by the check";
                }
                fold.checked(writer);
                writer.close();
                if (!"Campaign".equals(types.get(header.campaignId())) || types.entrySet().stream().anyMatch(
                        t -> !t.getKey().equals(header.campaignId()) && !"Scenario".equals(t.getValue()))) {
                    return "refused by the check"; // as HistoryImport.check refuses such a file
                }
                String after = after(rows, afterClocks, header.campaignId(), offsets, types);
                String outcome;
                try {
                    if (!fold.folded(header.campaignId())) {
                        return "after";
                    }
                    beside.close();
                    outcome = folded(beside, types);
                } catch (Refusal refused) {
                    outcome = "refused: " + refused.getMessage();
                }
                assertThat(outcome).as(what).isEqualTo(after);
                return outcome.startsWith("refused") ? "beside: refused" : "beside: folded";
            }
        } finally {
            Files.deleteIfExists(rows);
            Files.deleteIfExists(besideClocks);
            Files.deleteIfExists(afterClocks);
        }
    }

    /** The fold after the check, as HistoryImport folds: the campaign first, then each scenario. */
    private String after(Path rows, Path clocks, String campaignId, Map<String, long[]> offsets,
                         Map<String, String> types) throws IOException {
        try (CheckedRows.Reader spool = new CheckedRows.Reader(rows); ImportClocks folded = new ImportClocks(clocks)) {
            try {
                ImportFold fold = new ImportFold(strict, spool, campaignId, folded);
                fold.campaign(campaignId, offsets.get(campaignId), offsets.get(campaignId).length);
                for (Map.Entry<String, long[]> s : offsets.entrySet()) {
                    if ("Scenario".equals(types.get(s.getKey()))) {
                        fold.scenario(s.getKey(), s.getValue(), s.getValue().length);
                    }
                }
            } catch (Refusal refused) {
                return "refused: " + refused.getMessage();
            }
            folded.close();
            return folded(folded, types);
        }
    }

    /** The clock rows as the store would get them (each with the roll-back that undid it) and the end states. */
    private static String folded(ImportClocks clocks, Map<String, String> types) throws IOException {
        StringBuilder out = new StringBuilder();
        try (ImportClocks.Reader reader = clocks.reader()) {
            for (List<ClockRow> batch = reader.next(500); !batch.isEmpty(); batch = reader.next(500)) {
                batch.forEach(row -> out.append(row).append('\n'));
            }
        }
        types.keySet().forEach(stream -> out.append(stream).append(" ended ").append(clocks.state(stream))
                .append('\n'));
        return out.toString();
    }
}
