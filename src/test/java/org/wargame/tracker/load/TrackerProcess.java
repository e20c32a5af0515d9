package org.wargame.tracker.load;

import org.wargame.tracker.TrackerApplication;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The tracker as a separate process (its classes and dependencies, not the tests'; the default profile, H2 in file
 * mode) on a data folder, for tests that kill it: {@link Process#destroyForcibly} is SIGKILL on Linux.
 */
public record TrackerProcess(Process process, int port, Path log) {

    private static final Pattern PORT = Pattern.compile("Tomcat started on port (\\d+)");

    /**
     * Starts the tracker on {@code data} with its output in {@code log}; returns when {@code readyPath} answers 200
     * to the referee.
     */
    public static TrackerProcess start(Path data, Path log, String refereePassword, String readyPath,
                                       Map<String, String> env, String... args)
            throws IOException, InterruptedException {
        Files.createDirectories(log.getParent());
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                        .toString(), "-Xmx384m", "-XX:TieredStopAtLevel=1", "-cp", applicationClassPath(),
                TrackerApplication.class.getName(), "--server.port=0", "--tracker.data-dir=" + data,
                "--spring.profiles.active=default"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("TRACKER_REFEREE_PASSWORD", refereePassword);
        builder.environment().put("TRACKER_PLAYER_PASSWORD", "process-player-password");
        builder.environment().putAll(env);
        Process process = builder.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        Integer port = null;
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (port == null) {
                Matcher m = PORT.matcher(Files.readString(log));
                port = m.find() ? Integer.valueOf(m.group(1)) : null;
            }
            if (port != null) {
                LoadDriver driver = new LoadDriver(List.of(port), "referee", refereePassword);
                try {
                    if (driver.get(URI.create("http://127.0.0.1:" + port), readyPath).statusCode() == 200) {
                        return new TrackerProcess(process, port, log);
                    }
                } catch (IOException notYet) {
                    // still starting
                }
            }
            Thread.sleep(200);
        }
        process.destroyForcibly();
        throw new AssertionError("the tracker did not start (" + log.getFileName() + "):\n" + tail(log));
    }

    public URI base() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** SIGKILL, and waits for the process to be gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** A clean stop (SIGTERM), SIGKILL after a minute. */
    public void stop() throws InterruptedException {
        process.destroy();
        process.waitFor(60, TimeUnit.SECONDS);
        process.destroyForcibly();
    }

    public static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** The application's own classes and its dependencies, as the build resolved them; not the tests'. */
    private static String applicationClassPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(path.split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes") && !entry.endsWith("test-classes/"))
                .collect(Collectors.joining(File.pathSeparator));
    }
}
