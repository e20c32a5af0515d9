package org.wargame.tracker.store;

import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;

import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

class MissingDatabaseAnalyzerTest {

    private final MissingDatabaseAnalyzer analyzer = new MissingDatabaseAnalyzer();

    @Test
    void aMissingDatabaseNamesTheScriptThatCreatesIt() {
        Throwable deep = new IllegalStateException("could not start",
                new RuntimeException("Failed to obtain JDBC Connection",
                        new SQLException("FATAL: database \"tracker_x\" does not exist", "3D000")));
        FailureAnalysis analysis = analyzer.analyze(deep);
        assertThat(analysis).isNotNull();
        assertThat(analysis.getDescription())
                .contains("\"tracker_x\"", "TRACKER_DB_NAME=tracker_x", "docs/production/create-database.sh")
                .doesNotContain("\n");
    }

    @Test
    void aRefusedLoginNamesTheRoleAndTheScript() {
        FailureAnalysis analysis = analyzer.analyze(new RuntimeException(
                new SQLException("FATAL: password authentication failed for user \"tracker_y\"", "28P01")));
        assertThat(analysis.getDescription()).contains("TRACKER_DB_USER=tracker_y", "create-database.sh");
    }

    @Test
    void otherDatabaseFailuresAreLeftToSpring() {
        assertThat(analyzer.analyze(new RuntimeException(new SQLException("connection refused", "08001"))))
                .isNull();
    }
}
