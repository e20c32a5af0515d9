package org.wargame.tracker.scenario;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;

/** Seeds in their own table, outside the event stream, so the history shows only their hash until the end. */
@Component
public class JdbcDiceSeeds implements DiceSeeds {

    private final JdbcTemplate jdbc;
    private final SecureRandom random = new SecureRandom();

    public JdbcDiceSeeds(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public String commit(String scenarioId) {
        byte[] seed = new byte[32];
        random.nextBytes(seed);
        String commitment = ServerDice.commitment(seed);
        jdbc.update("insert into dice_seed (scenario_id, seed, commitment) values (?, ?, ?)",
                scenarioId, HexFormat.of().formatHex(seed), commitment);
        return commitment;
    }

    @Override
    public byte[] seedOf(String scenarioId) {
        List<String> seeds = jdbc.queryForList("select seed from dice_seed where scenario_id = ?", String.class,
                scenarioId);
        return seeds.isEmpty() ? null : HexFormat.of().parseHex(seeds.get(0));
    }

    /**
     * Keeps a seed brought by a complete move (a referee's export with {@code seeds=true}) for a scenario that has
     * none here, so its server dice go on from where they were; refuses a seed whose hash is not the commitment.
     */
    public void restore(String scenarioId, byte[] seed, String commitment) {
        if (!ServerDice.commitment(seed).equals(commitment)) {
            throw new IllegalArgumentException("the seed does not give the commitment");
        }
        jdbc.update("insert into dice_seed (scenario_id, seed, commitment) values (?, ?, ?)",
                scenarioId, HexFormat.of().formatHex(seed), commitment);
    }
}
