package org.wargame.tracker.notice;

import org.junit.jupiter.api.Test;
import org.wargame.tracker.refusal.FieldRefused;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where a hostile referee's webhook may not point (SSRF), by IP literals so that no name is looked up. */
class WebhookAddressTest {

    @Test
    void addresses_on_the_server_or_its_private_network_are_refused_by_default() {
        for (String url : new String[] {"http://127.0.0.1:5432/", "http://localhost/hook", "http://10.1.2.3/",
                "http://172.16.0.1/", "http://192.168.1.1/", "http://169.254.169.254/latest/meta-data/",
                "http://[::1]/", "http://0.0.0.0/", "http://100.64.0.1/", "http://[fd00::1]/", "http://224.0.0.1/"}) {
            assertThatThrownBy(() -> WebhookAddress.check("url", url, false)).as(url)
                    .isInstanceOf(FieldRefused.class).hasMessageContaining("public addresses only");
        }
        assertThat(WebhookAddress.check("url", "https://93.184.216.34/hook", false).getHost())
                .isEqualTo("93.184.216.34");
        assertThat(WebhookAddress.check("url", "http://127.0.0.1:8081/hook", true).getPort()).isEqualTo(8081);
    }

    @Test
    void what_is_no_web_address_is_refused_in_words() {
        assertThatThrownBy(() -> WebhookAddress.check("url", "ftp://93.184.216.34/", false))
                .hasMessageContaining("https://");
        assertThatThrownBy(() -> WebhookAddress.check("url", "https://u:p@93.184.216.34/", false))
                .hasMessageContaining("user name or password");
        assertThatThrownBy(() -> WebhookAddress.check("url", "https:///nohost", false))
                .hasMessageContaining("host");
        assertThatThrownBy(() -> WebhookAddress.check("url", " ", false)).hasMessageContaining("required");
        assertThatThrownBy(() -> WebhookAddress.check("url", "https://93.184.216.34/" + "a".repeat(2000), false))
                .hasMessageContaining("2000");
    }
}
