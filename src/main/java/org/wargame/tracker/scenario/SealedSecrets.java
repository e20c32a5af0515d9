package org.wargame.tracker.scenario;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * The contents of sealed choices, in their own table beside the event stream (like the dice seeds): the chained
 * event holds only the commitment. Who may read a row is decided by {@link Visibility}, never here.
 */
@Component
public class SealedSecrets {

    /**
     * The content of one sealed choice with its salt; {@code hiddenUnit}: the counter set up hidden that a note of
     * what it did while hidden is about (null for any other choice), so that its reveal publishes the note too.
     */
    public record Secret(String scenarioId, String sealId, String side, String content, String salt,
                         String hiddenUnit) {
        public Secret(String scenarioId, String sealId, String side, String content, String salt) {
            this(scenarioId, sealId, side, content, salt, null);
        }
    }

    private static final String COLUMNS = "scenario_id, seal_id, side, content, salt, hidden_unit";

    private static Secret row(java.sql.ResultSet rs, int n) throws java.sql.SQLException {
        return new Secret(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                rs.getString(6));
    }

    private final JdbcTemplate jdbc;

    public SealedSecrets(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Keeps a new secret (in the transaction that stores its {@code ChoiceSealed}). */
    public void keep(Secret secret) {
        jdbc.update("insert into sealed_secret (seal_id, scenario_id, side, content, salt, hidden_unit) "
                        + "values (?, ?, ?, ?, ?, ?)", secret.sealId(), secret.scenarioId(), secret.side(),
                secret.content(), secret.salt(), secret.hiddenUnit());
    }

    public Secret of(String scenarioId, String sealId) {
        List<Secret> found = jdbc.query("select " + COLUMNS + " from sealed_secret where seal_id = ? and "
                + "scenario_id = ?", SealedSecrets::row, sealId, scenarioId);
        return found.isEmpty() ? null : found.get(0);
    }

    /** Every secret of a scenario, in seal id order. */
    public List<Secret> ofScenario(String scenarioId) {
        return jdbc.query("select " + COLUMNS + " from sealed_secret where scenario_id = ? order by seal_id",
                SealedSecrets::row, scenarioId);
    }

    /** The notes of what a counter set up hidden did while hidden, in seal id order. */
    public List<Secret> ofHiddenUnit(String scenarioId, String counter) {
        return jdbc.query("select " + COLUMNS + " from sealed_secret where scenario_id = ? and hidden_unit = ? "
                + "order by seal_id", SealedSecrets::row, scenarioId, counter);
    }

    /** Keeps a secret brought by a referee's export, unless the tracker has it already; true when kept now. */
    public boolean restore(Secret secret) {
        if (of(secret.scenarioId(), secret.sealId()) == null) {
            keep(secret);
            return true;
        }
        return false;
    }
}
