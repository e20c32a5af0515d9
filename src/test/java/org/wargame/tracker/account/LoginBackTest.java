package org.wargame.tracker.account;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/** The login's {@code back}: a path of this site only, however a browser would read it. */
class LoginBackTest {

    @ParameterizedTest
    @ValueSource(strings = {"/", "/campaigns/asl-west", "/scenarios/abc/timeline?from=10&to=20",
            "/campaigns/a-b_c.d/", "/scenarios/x?next=//not-a-host", "/counters/%C3%A9clair", "/a+b"})
    void a_path_of_this_site_is_taken(String back) {
        assertThat(PageLogin.safe(back)).as(back).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "//evil", "//evil.example/x", "/.//evil.example", "/./evil", "/../evil",
            "/a/../../evil", "/\\evil", "\\\\evil", "/\\/evil", "https://evil.example", "http:evil",
            "javascript:alert(1)", "evil.example", "/%2F%2Fevil", "%2F%2Fevil", "/%2fevil", "/%5Cevil", "/%5cevil",
            "/%2e/%2fevil", "/%2E%2E/evil", "/%252F%252Fevil", "/%25252F%25252Fevil", "/a//b", "/\tevil",
            "/ /evil", "/%09/evil", "/%0d%0aSet-Cookie:x", "/%zz", "/\u00e9", " /campaigns"})
    void anything_else_is_refused(String back) {
        assertThat(PageLogin.safe(back)).as(back).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {2000, 2001})
    void a_back_of_more_than_2000_characters_is_refused(int length) {
        String back = "/" + "a".repeat(length - 1);
        assertThat(PageLogin.safe(back)).isEqualTo(length <= 2000);
    }
}
