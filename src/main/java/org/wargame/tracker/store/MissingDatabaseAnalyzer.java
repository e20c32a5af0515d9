package org.wargame.tracker.store;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A start on PostgreSQL whose database or role was never created: instead of the ninth "Caused by" of a long trace,
 * one line naming the script that creates both (docs/production/create-database.sh). PostgreSQL answers SQLSTATE
 * 3D000 ("invalid catalog name") when the URL's database does not exist, and 28P01 when the login fails, which it
 * also answers for a role that does not exist (it does not tell the two apart).
 */
class MissingDatabaseAnalyzer extends AbstractFailureAnalyzer<SQLException> {

    static final String NO_SUCH_DATABASE = "3D000";
    static final String LOGIN_FAILED = "28P01";
    static final String SCRIPT = "docs/production/create-database.sh";
    private static final Pattern DATABASE = Pattern.compile("database \"([^\"]+)\" does not exist");
    private static final Pattern USER = Pattern.compile("for user \"([^\"]+)\"");

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
        for (SQLException e = cause; e != null; e = e.getNextException()) {
            if (NO_SUCH_DATABASE.equals(e.getSQLState())) {
                String db = quoted(DATABASE, e, "tracker");
                return new FailureAnalysis("PostgreSQL has no database \"" + db + "\": create it once with "
                        + "TRACKER_DB_NAME=" + db + " bash " + SCRIPT + " (as a PostgreSQL administrator; README, "
                        + "\"Production: PostgreSQL\")", "Run " + SCRIPT + ", then start the tracker again.", cause);
            }
            if (LOGIN_FAILED.equals(e.getSQLState())) {
                String user = quoted(USER, e, "tracker");
                return new FailureAnalysis("PostgreSQL refused the login of \"" + user + "\": the role does not "
                        + "exist or TRACKER_DB_PASSWORD is not its password; create it with TRACKER_DB_USER=" + user
                        + " TRACKER_DB_PASSWORD=... bash " + SCRIPT + " (README, \"Production: PostgreSQL\")",
                        "Run " + SCRIPT + " or set TRACKER_DB_USER and TRACKER_DB_PASSWORD, then start again.",
                        cause);
            }
        }
        return null;
    }

    private static String quoted(Pattern pattern, SQLException e, String otherwise) {
        Matcher m = pattern.matcher(String.valueOf(e.getMessage()));
        return m.find() ? m.group(1) : otherwise;
    }
}
