package org.wargame.tracker;

import org.axonframework.messaging.timeout.AxonTaskJanitor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.event.ContextClosedEvent;

/** The campaign tracker: an event-sourced record of every action at the table, for three rule sets. */
@SpringBootApplication
public class TrackerApplication {

    static {
        // Nothing leaves the machine: Axon's update checker and its console advertisement stay off, also where the
        // application is started without its configuration files (tests, benchmarks).
        System.setProperty("axoniq.update-checker.disabled", "true");
        System.setProperty("disable-axoniq-console-message", "true");
    }

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(TrackerApplication.class);
        // Axon 4.13's janitor thread is not a daemon: without this the JVM outlives a closed context.
        application.addListeners(event -> {
            if (event instanceof ContextClosedEvent) {
                AxonTaskJanitor.INSTANCE.shutdownNow();
            }
        });
        application.run(args);
    }
}
