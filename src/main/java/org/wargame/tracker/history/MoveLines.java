package org.wargame.tracker.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.wargame.tracker.account.AccountHashes;
import org.wargame.tracker.account.AccountHashes.Hashed;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.scenario.JdbcDiceSeeds;
import org.wargame.tracker.scenario.SealedSecrets;
import org.wargame.tracker.scenario.ServerDice;
import org.wargame.tracker.store.StoredEvent;
import org.wargame.tracker.store.StoredJson;

import java.io.IOException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a complete move adds to a history file after its events, on the referee's request: the accounts (password
 * hashes only, {@code kind: account}) and the dice seeds of the campaign's scenarios ({@code kind: diceSeed}), so
 * that on the other tracker everybody logs in with their own password and a scenario in play goes on rolling server
 * dice. Neither is an event: they are not in the hash chain. Read strictly (the fields of each kind, each typed;
 * a seed must give the commitment its scenario's start published in the same file); stored in the transaction of
 * the file's last events, an account only where the tracker has none of that name, and removed again with the
 * events when the import fails later. A player's export never holds these lines.
 */
@Component
class MoveLines {

    static final String ACCOUNT = "account";
    static final String DICE_SEED = "diceSeed";
    static final String SEALED_SECRET = "sealedSecret";
    private static final Set<String> SECRET_FIELDS = Set.of("kind", "scenarioId", "sealId", "side", "content",
            "salt");
    /** Optional in a kept content's line: the hidden counter a note of what it did is about. */
    private static final String HIDDEN_UNIT = "hiddenUnit";
    private static final Set<String> ACCOUNT_FIELDS = Set.of("kind", "username", "passwordHash", "role", "enabled");
    private static final Set<String> SEED_FIELDS = Set.of("kind", "scenarioId", "seed", "commitment");
    /** The start of a scenario under its stable name and the first version's class name. */
    private static final Set<String> STARTED = Set.of("scenario.ScenarioStarted",
            "org.wargame.tracker.scenario.ScenarioEvent$ScenarioStarted");

    private final AccountHashes accounts;
    private final JdbcDiceSeeds seeds;
    private final JdbcTemplate jdbc;
    private final SealedSecrets secrets;

    MoveLines(AccountHashes accounts, JdbcDiceSeeds seeds, JdbcTemplate jdbc, SealedSecrets secrets) {
        this.secrets = secrets;
        this.accounts = accounts;
        this.seeds = seeds;
        this.jdbc = jdbc;
    }

    /** Writes the lines asked for: every account, and the seed of each scenario stream that has one. */
    void write(HistoryFile.Writer out, List<String> streams, HistoryTransfer.Including including)
            throws IOException {
        if (including.accounts()) {
            for (Hashed a : accounts.all()) {
                ObjectNode line = StoredJson.mapper().createObjectNode();
                line.put("kind", ACCOUNT);
                line.put("username", a.username());
                line.put("passwordHash", a.passwordHash());
                line.put("role", a.role());
                line.put("enabled", a.enabled());
                out.other(line);
            }
        }
        if (including.seeds()) {
            for (String stream : streams) {
                byte[] seed = seeds.seedOf(stream);
                if (seed != null) {
                    ObjectNode line = StoredJson.mapper().createObjectNode();
                    line.put("kind", DICE_SEED);
                    line.put("scenarioId", stream);
                    line.put("seed", HexFormat.of().formatHex(seed));
                    line.put("commitment", ServerDice.commitment(seed));
                    out.other(line);
                }
            }
        }
        if (including.secrets()) {
            for (String stream : streams) {
                for (SealedSecrets.Secret secret : secrets.ofScenario(stream)) {
                    ObjectNode line = StoredJson.mapper().createObjectNode();
                    line.put("kind", SEALED_SECRET);
                    line.put("scenarioId", secret.scenarioId());
                    line.put("sealId", secret.sealId());
                    line.put("side", secret.side());
                    line.put("content", secret.content());
                    line.put("salt", secret.salt());
                    if (secret.hiddenUnit() != null) { // optional: a note of what a hidden counter did
                        line.put(HIDDEN_UNIT, secret.hiddenUnit());
                    }
                    out.other(line);
                }
            }
        }
    }

    /** What an import read of these lines, checked as they come and stored after the events. */
    Pending pending() {
        return new Pending();
    }

    final class Pending {
        private final Map<String, Hashed> accountLines = new LinkedHashMap<>();
        private final Map<String, Seed> seedLines = new LinkedHashMap<>();
        private final Map<String, String> commitments = new HashMap<>();
        private final Map<String, Kept> secretLines = new LinkedHashMap<>();
        private final Map<String, String> sealCommitments = new HashMap<>();
        /** What {@link #store} wrote, for the compensating removal of an import that fails after it. */
        private final List<String> addedAccounts = new java.util.ArrayList<>();
        private final List<SealedSecrets.Secret> keptSecrets = new java.util.ArrayList<>();
        private final List<String> storedSeeds = new java.util.ArrayList<>();

        private record Kept(int line, SealedSecrets.Secret secret) {
        }

        private record Seed(int line, byte[] seed, String commitment) {
        }

        /** A line with a {@code kind}: refused, naming the line, unless it is one of these kinds, exactly. */
        void line(JsonNode line, int number) {
            String where = "line " + number;
            String kind = line.path("kind").isTextual() ? line.get("kind").asText() : null;
            if (ACCOUNT.equals(kind)) {
                fields(line, ACCOUNT_FIELDS, where);
                if (!line.get("enabled").isBoolean()) {
                    throw new FieldRefused(where, "enabled must be true or false");
                }
                Hashed account = new Hashed(text(line, "username", where), text(line, "passwordHash", where),
                        text(line, "role", where), line.get("enabled").asBoolean());
                String problem = AccountHashes.problem(account);
                if (problem != null) {
                    throw new FieldRefused(where, problem);
                }
                if (accountLines.putIfAbsent(account.username(), account) != null) {
                    throw new FieldRefused(where, "account " + account.username() + " is in the file twice");
                }
            } else if (DICE_SEED.equals(kind)) {
                fields(line, SEED_FIELDS, where);
                String scenarioId = text(line, "scenarioId", where);
                String hex = text(line, "seed", where);
                byte[] seed;
                try {
                    seed = HexFormat.of().parseHex(hex);
                } catch (IllegalArgumentException e) {
                    throw new FieldRefused(where, "seed is not hexadecimal");
                }
                if (seed.length != 32) {
                    throw new FieldRefused(where, "seed must be 32 bytes (64 hexadecimal digits)");
                }
                String commitment = text(line, "commitment", where);
                if (!ServerDice.commitment(seed).equals(commitment)) {
                    throw new FieldRefused(where, "the seed does not give its commitment");
                }
                if (seedLines.putIfAbsent(scenarioId, new Seed(number, seed, commitment)) != null) {
                    throw new FieldRefused(where, "scenario " + scenarioId + " has two seeds in the file");
                }
            } else if (SEALED_SECRET.equals(kind)) {
                fields(line, SECRET_FIELDS, Set.of(HIDDEN_UNIT), where);
                SealedSecrets.Secret secret = new SealedSecrets.Secret(text(line, "scenarioId", where),
                        text(line, "sealId", where), text(line, "side", where), text(line, "content", where),
                        text(line, "salt", where), line.has(HIDDEN_UNIT) ? text(line, HIDDEN_UNIT, where) : null);
                if (secret.hiddenUnit() != null && !secret.hiddenUnit().matches("[A-Za-z0-9._-]{1,64}")) {
                    throw new FieldRefused(where, "hiddenUnit must be a counter id");
                }
                if (secret.content().length() > 4000 || secret.sealId().length() > 64 || secret.salt().length() > 64) {
                    throw new FieldRefused(where, "a sealed content of at most 4000 characters, seal id and salt "
                            + "of at most 64");
                }
                if (secretLines.putIfAbsent(secret.scenarioId() + "/" + secret.sealId(), new Kept(number, secret))
                        != null) {
                    throw new FieldRefused(where, "the sealed choice " + secret.sealId() + " is in the file twice");
                }
            } else {
                throw new FieldRefused(where, "kind must be " + ACCOUNT + ", " + DICE_SEED + " or "
                        + SEALED_SECRET);
            }
        }

        /** Every event line: the commitment a scenario's start published, which its seed must give. */
        void event(StoredEvent event) {
            if (STARTED.contains(event.payloadType())) {
                try {
                    JsonNode payload = StoredJson.mapper().readTree(event.payload());
                    if (payload.path("diceCommitment").isTextual()) {
                        commitments.put(event.stream(), payload.get("diceCommitment").asText());
                    }
                } catch (IOException e) {
                    // not JSON: the import's own check of the event refuses it
                }
            } else if (SealVerification.SEALED.equals(event.payloadType())) {
                try {
                    JsonNode payload = StoredJson.mapper().readTree(event.payload());
                    sealCommitments.put(event.stream() + "/" + payload.path("sealId").asText(),
                            payload.path("commitment").asText());
                } catch (IOException e) {
                    // not JSON: the import's own check of the event refuses it
                }
            }
        }

        /** After every line: each seed belongs to a scenario started in this file, with that commitment. */
        void check() {
            checkSecrets();
            seedLines.forEach((scenarioId, seed) -> {
                String published = commitments.get(scenarioId);
                if (published == null) {
                    throw new FieldRefused("line " + seed.line(), "scenario " + scenarioId
                            + " is not started in this file");
                }
                if (!published.equals(seed.commitment())) {
                    throw new FieldRefused("line " + seed.line(), "the seed is not the one scenario " + scenarioId
                            + " committed to when it started");
                }
            });
        }

        /** After every line: each kept content gives the commitment of a choice sealed in this file. */
        private void checkSecrets() {
            secretLines.forEach((key, kept) -> {
                String commitment = sealCommitments.get(key);
                if (commitment == null) {
                    throw new FieldRefused("line " + kept.line(), "the sealed choice " + kept.secret().sealId()
                            + " is not sealed in scenario " + kept.secret().scenarioId() + " of this file");
                }
                if (!org.wargame.tracker.scenario.Commitment.matches(commitment, kept.secret().salt(),
                        kept.secret().content())) {
                    throw new FieldRefused("line " + kept.line(), "the content and salt do not give the "
                            + "commitment the record sealed");
                }
            });
        }

        /**
         * Stores the accounts that are missing here, the seeds and the kept contents, in the caller's transaction
         * (the import's, with the file's last events: a fault in one stores none of them); returns how many accounts
         * were added and seeds stored.
         */
        int[] store() {
            for (Kept kept : secretLines.values()) {
                if (secrets.restore(kept.secret())) {
                    keptSecrets.add(kept.secret());
                }
            }
            for (Hashed account : accountLines.values()) {
                if (accounts.addIfMissing(account)) {
                    addedAccounts.add(account.username());
                }
            }
            seedLines.forEach((scenarioId, seed) -> {
                seeds.restore(scenarioId, seed.seed(), seed.commitment());
                storedSeeds.add(scenarioId);
            });
            return new int[]{addedAccounts.size(), storedSeeds.size()};
        }

        /** The transaction of {@link #store} was rolled back: nothing of it is in the tables to remove. */
        void rolledBack() {
            addedAccounts.clear();
            keptSecrets.clear();
            storedSeeds.clear();
        }

        /**
         * The compensating removal, in the caller's transaction, of exactly what {@link #store} wrote (a row the
         * tracker had before the import is never touched), when the import fails after its transaction.
         */
        void remove() {
            for (SealedSecrets.Secret secret : keptSecrets) {
                jdbc.update("delete from sealed_secret where seal_id = ? and scenario_id = ?", secret.sealId(),
                        secret.scenarioId());
            }
            for (String scenarioId : storedSeeds) {
                jdbc.update("delete from dice_seed where scenario_id = ?", scenarioId);
            }
            for (String username : addedAccounts) {
                jdbc.update("delete from account where username = ?", username);
            }
            rolledBack();
        }
    }

    private static void fields(JsonNode line, Set<String> allowed, String where) {
        fields(line, allowed, Set.of(), where);
    }

    /** Every field {@code allowed} is there and not null; {@code optional} ones may be there too. */
    private static void fields(JsonNode line, Set<String> allowed, Set<String> optional, String where) {
        for (Iterator<String> names = line.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name) && !optional.contains(name)) {
                throw new FieldRefused(where, "unknown field " + name + " in a line of kind "
                        + line.get("kind").asText());
            }
        }
        for (String name : allowed) {
            if (!line.hasNonNull(name)) {
                throw new FieldRefused(where, name + " is missing");
            }
        }
    }

    private static String text(JsonNode line, String field, String where) {
        JsonNode value = line.get(field);
        if (value == null || !value.isTextual()) {
            throw new FieldRefused(where, field + " must be text");
        }
        return value.asText();
    }
}
