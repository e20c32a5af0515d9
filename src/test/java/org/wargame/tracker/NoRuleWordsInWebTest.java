package org.wargame.tracker;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The pages hold no rule vocabulary: no string literal in {@code web} (any of its rooms) is one of a rule set's data
 * or state keys ({@link org.wargame.tracker.rules.RuleSetWords#keys()}, but the names every counter view has: id,
 * kind, location, markers...) or names a rule section ("10.3", "12.61"). ArchUnit cannot see a coupling through
 * strings; this test does, so a rule set's words stay in its own package.
 */
class NoRuleWordsInWebTest {

    private static final Path WEB = Path.of("src/main/java/org/wargame/tracker/web");

    /** A section number in running text: "(10.3)", "12.61:". */
    private static final Pattern SECTION_IN_TEXT = Pattern.compile("(?<![\\w.])\\d{1,2}\\.\\d{1,3}[A-Z]?(?=[):;, ]|$)");

    @Test
    void noWebSourceNamesARuleSetsKeysOrSections() throws IOException {
        Set<String> keys = ruleSetKeys();
        Set<String> sections = ruleSections();
        assertThat(keys).as("the rule sets' keys are read").contains("manhandling", "mpSpent", "position");
        assertThat(sections).as("the rule sets' sections are read").contains("12.61", "10.11");
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(WEB)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                for (String hit : ruleWords(Files.readString(file), keys, sections)) {
                    found.add(WEB.relativize(file) + ": " + hit);
                }
            }
        }
        assertThat(found).as("rule vocabulary in web (say it in the rule set's words instead)").isEmpty();
    }

    /** The scan can fail: a fixture with a key and a section in literals, and the same in comments only. */
    @Test
    void theScanFindsAKeyAndASectionInALiteralButNotInAComment() {
        String source = """
                class Fixture {
                    // "manhandling" and "10.3" in a comment are no literal
                    /* nor "12.61" here */
                    String label = "manhandling";
                    String why = "the period (10.3) is due";
                    String quoted = "a \\"hex\\" escaped";
                    char c = '"';
                    String plain = "Turn 3 of 8, version 2.0.1";
                }
                """;
        assertThat(ruleWords(source, Set.of("manhandling", "hex"), Set.of("10.3", "12.61")))
                .containsExactlyInAnyOrder("key \"manhandling\"", "section in \"the period (10.3) is due\"");
    }

    /** The hits in one source: a literal that is a key, or that holds a section number. */
    static List<String> ruleWords(String source, Set<String> keys, Set<String> sections) {
        List<String> hits = new ArrayList<>();
        for (String literal : literals(source)) {
            if (keys.contains(literal)) {
                hits.add("key \"" + literal + "\"");
            } else if (sections.stream().anyMatch(s -> Pattern.compile("(?<![\\w.])" + Pattern.quote(s)
                    + "(?![\\w.]*\\d)").matcher(literal).find()) || SECTION_IN_TEXT.matcher(literal).find()
                    && !literal.matches("\\d+\\.\\d+(\\.\\d+)*")) {
                hits.add("section in \"" + literal + "\"");
            }
        }
        return hits;
    }

    /** The string literals of a Java source (text blocks too), comments and character literals skipped. */
    static List<String> literals(String src) {
        List<String> out = new ArrayList<>();
        int i = 0;
        int n = src.length();
        while (i < n) {
            char c = src.charAt(i);
            if (c == '/' && i + 1 < n && src.charAt(i + 1) == '/') {
                i = src.indexOf('\n', i);
                i = i < 0 ? n : i;
            } else if (c == '/' && i + 1 < n && src.charAt(i + 1) == '*') {
                i = src.indexOf("*/", i + 2);
                i = i < 0 ? n : i + 2;
            } else if (c == '\'') {
                i++;
                while (i < n && src.charAt(i) != '\'') {
                    i += src.charAt(i) == '\\' ? 2 : 1;
                }
                i++;
            } else if (src.startsWith("\"\"\"", i)) {
                int end = src.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end;
                out.add(src.substring(i + 3, end));
                i = end + 3;
            } else if (c == '"') {
                StringBuilder s = new StringBuilder();
                i++;
                while (i < n && src.charAt(i) != '"') {
                    if (src.charAt(i) == '\\' && i + 1 < n) {
                        s.append(src.charAt(i + 1));
                        i += 2;
                    } else {
                        s.append(src.charAt(i++));
                    }
                }
                out.add(s.toString());
                i++;
            } else {
                i++;
            }
        }
        return out;
    }

    /** Every rule set's keys, but the names of a counter view's own parts (the core's words, not a rule set's). */
    private static Set<String> ruleSetKeys() {
        Set<String> core = Arrays.stream(CounterView.class.getRecordComponents()).map(c -> c.getName())
                .collect(Collectors.toSet());
        Set<String> keys = new TreeSet<>();
        RuleSets.all().forEach(r -> keys.addAll(r.words().keys()));
        keys.removeAll(core);
        return keys;
    }

    /** Every section a rule set names that has a number in it: its actions', its phases' steps, its events'. */
    private static Set<String> ruleSections() {
        Set<String> sections = new TreeSet<>();
        for (RuleSet<?, ?, ?> rules : RuleSets.all()) {
            rules.actionSchemas().stream().map(ActionSchema::section).forEach(sections::add);
            rules.phases().phases().forEach(p -> sections.addAll(p.steps()));
            rules.actionSchemas().forEach(a -> a.dice().forEach(d -> {
                var m = Pattern.compile("\\d{1,2}\\.\\d{1,3}").matcher(d.purpose());
                while (m.find()) {
                    sections.add(m.group());
                }
            }));
        }
        sections.removeIf(s -> s == null || !s.matches(".*\\d\\.\\d.*"));
        return sections;
    }
}
