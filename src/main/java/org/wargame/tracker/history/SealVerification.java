package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.stereotype.Component;
import org.wargame.tracker.scenario.Commitment;
import org.wargame.tracker.scenario.SealedSecrets;
import org.wargame.tracker.store.EventTables;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The check of sealed choices that verify adds to the hash chain's (docs/history.md, Sealed choices): every reveal
 * in the record gives the commitment its seal published before it, in the same stream, and is its only reveal; every
 * content kept beside the record gives its seal's commitment. A reveal or a kept content changed in the database
 * (even with the chain re-computed) is named here: stream, position, what it is about and why.
 */
@Component
public class SealVerification {

    static final String SEALED = "scenario.Sealed";
    static final String REVEALED = "scenario.Revealed";

    /** One sealed choice that does not check: where (the reveal's position; null for a kept content) and why. */
    public record Problem(String stream, Long sequence, String seal, String label, String reason) {
    }

    public record Report(boolean ok, int seals, int reveals, int keptChecked, List<Problem> problems) {
    }

    private final EventTables tables;
    private final SealedSecrets secrets;

    SealVerification(EventTables tables, SealedSecrets secrets) {
        this.tables = tables;
        this.secrets = secrets;
    }

    /** Every stream (null) or these streams. */
    public Report check(List<String> streams) {
        record Seal(String label, String commitment) {
        }
        Map<String, Map<String, Seal>> seals = new LinkedHashMap<>();
        Map<String, Long> revealedAt = new HashMap<>();
        List<Problem> problems = new ArrayList<>();
        int sealCount = 0;
        int revealCount = 0;
        for (StoredEvent e : tables.eventsOfTypes(List.of(SEALED, REVEALED), streams)) {
            JsonNode p;
            try {
                p = StoredJson.mapper().readTree(e.payload());
            } catch (IOException ex) {
                problems.add(new Problem(e.stream(), e.sequence(), null, null, "the payload is not JSON"));
                continue;
            }
            String sealId = p.path("sealId").asText();
            if (SEALED.equals(e.payloadType())) {
                sealCount++;
                seals.computeIfAbsent(e.stream(), k -> new LinkedHashMap<>()).put(sealId,
                        new Seal(p.path("label").asText(), p.path("commitment").asText()));
                continue;
            }
            revealCount++;
            Seal seal = seals.getOrDefault(e.stream(), Map.of()).get(sealId);
            if (seal == null) {
                problems.add(new Problem(e.stream(), e.sequence(), sealId, null,
                        "a reveal of a choice that was never sealed before it in this scenario"));
            } else if (revealedAt.putIfAbsent(e.stream() + "/" + sealId, e.sequence()) != null) {
                problems.add(new Problem(e.stream(), e.sequence(), sealId, seal.label(), "revealed a second time "
                        + "(first at event " + revealedAt.get(e.stream() + "/" + sealId) + ")"));
            } else if (!Commitment.matches(seal.commitment(), p.path("salt").asText(null),
                    p.path("content").asText(null))) {
                problems.add(new Problem(e.stream(), e.sequence(), sealId, seal.label(), "the revealed content and "
                        + "salt do not give the commitment sealed before: the reveal was changed"));
            }
        }
        int kept = 0;
        for (Map.Entry<String, Map<String, Seal>> stream : seals.entrySet()) {
            for (SealedSecrets.Secret secret : secrets.ofScenario(stream.getKey())) {
                Seal seal = stream.getValue().get(secret.sealId());
                kept++;
                if (seal == null) {
                    problems.add(new Problem(stream.getKey(), null, secret.sealId(), null,
                            "a kept content of a choice the record never sealed"));
                } else if (!Commitment.matches(seal.commitment(), secret.salt(), secret.content())) {
                    problems.add(new Problem(stream.getKey(), null, secret.sealId(), seal.label(), "the kept "
                            + "content does not give the commitment in the record: it was changed"));
                }
            }
        }
        return new Report(problems.isEmpty(), sealCount, revealCount, kept, problems);
    }
}
