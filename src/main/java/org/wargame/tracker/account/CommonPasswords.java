package org.wargame.tracker.account;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The most common passwords (common-passwords.txt beside this class, its header says where they come from): a new
 * password that is one of them, whatever its case, is refused, since a guesser tries those first.
 */
final class CommonPasswords {

    private static final String RESOURCE = "common-passwords.txt";
    private static final Set<String> LIST = load();

    private CommonPasswords() {
    }

    static boolean contains(String password) {
        return LIST.contains(password.toLowerCase(Locale.ROOT));
    }

    static int size() {
        return LIST.size();
    }

    private static Set<String> load() {
        Set<String> passwords = new HashSet<>(16_384);
        try (InputStream in = CommonPasswords.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isEmpty() && !line.startsWith("#")) {
                    passwords.add(line.toLowerCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(passwords);
    }
}
