package org.wargame.tracker.web.http;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

import java.io.IOException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A live stream ends when its tab is closed: the next write finds the client gone. That is no failure of the
 * tracker: no ERROR, no incident, nothing answered (a real failure still is one: InputContractApiTest).
 */
class ClientGoneTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger(ProblemResponses.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private Level level;

    @BeforeEach
    void listen() {
        level = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void stop() {
        logger.detachAppender(logged);
        logger.setLevel(level);
    }

    @Test
    void a_client_that_went_away_is_logged_at_debug_and_answered_nothing() {
        ProblemResponses problems = new ProblemResponses();
        assertThat(problems.failure(new AsyncRequestNotUsableException("ServletOutputStream failed to flush",
                new IOException("Broken pipe")))).isNull();
        assertThat(problems.failure(new IOException("Connection reset by peer"))).isNull();
        assertThat(logged.list).isNotEmpty().allMatch(e -> e.getLevel() == Level.DEBUG);
    }
}
