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

    /** The content of one sealed choice with its salt. */
    public record Secret(String scenarioId, String sealId, String side, String content, String salt) {
    }

    private final JdbcTemplate jdbc;

    public SealedSecrets(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** Keeps a new secret (in the transaction that stores its {@code ChoiceSealed}). */
    public void keep(Secret secret) {
        jdbc.update("insert into sealed_secret (seal_id, scenario_id, side, content, salt) values (?, ?, ?, ?, ?)",
                secret.sealId(), secret.scenarioId(), secret.side(), secret.content(), secret.salt());
    }

    public Secret of(String scenarioId, String sealId) {
        List<Secret> found = jdbc.query("select scenario_id, seal_id, side, content, salt from sealed_secret "
                        + "where seal_id = ? and scenario_id = ?", (rs, n) -> new Secret(rs.getString(1),
                        rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)), sealId, scenarioId);
        return found.isEmpty() ? null : found.get(0);
    }

    /** Every secret of a scenario, in seal id order. */
    public List<Secret> ofScenario(String scenarioId) {
        return jdbc.query("select scenario_id, seal_id, side, content, salt from sealed_secret where scenario_id = ? "
                        + "order by seal_id", (rs, n) -> new Secret(rs.getString(1), rs.getString(2),
                        rs.getString(3), rs.getString(4), rs.getString(5)), scenarioId);
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
