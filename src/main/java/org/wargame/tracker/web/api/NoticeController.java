package org.wargame.tracker.web.api;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.notice.MailAddresses;
import org.wargame.tracker.notice.Webhooks;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Notices out of the browser: a campaign's webhooks (the referee adds, lists and removes them and reads what each
 * sent), and the caller's own mail address and the campaigns whose mails they stopped.
 */
@RestController
class NoticeController {

    private final Webhooks webhooks;
    private final MailAddresses addresses;
    private final Participants participants;

    NoticeController(Webhooks webhooks, MailAddresses addresses, Participants participants) {
        this.webhooks = webhooks;
        this.addresses = addresses;
        this.participants = participants;
    }

    /** A new webhook: the URL, the events to send (none: all), a secret (none: one is made), the body's format. */
    public record NewWebhook(String url, List<String> events, String secret, String format) {
    }

    /** The caller's mail address; null or "" removes it. */
    public record AddressChange(String address) {
    }

    /** A campaign's mails stopped or started again. */
    public record MailChoice(boolean stop) {
    }

    @GetMapping("/api/campaigns/{campaignId}/webhooks")
    public List<Webhooks.Webhook> list(@PathVariable String campaignId, Authentication auth) {
        referee(auth, campaignId, "sees the webhooks");
        return webhooks.of(campaignId);
    }

    @PostMapping("/api/campaigns/{campaignId}/webhooks")
    @ResponseStatus(HttpStatus.CREATED)
    public Map<String, Object> add(@PathVariable String campaignId, @RequestBody NewWebhook hook,
                                   Authentication auth) {
        referee(auth, campaignId, "adds webhooks");
        Webhooks.Created created = webhooks.add(campaignId, hook.url(), hook.events(), hook.secret(), hook.format(),
                auth.getName());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("webhook", created.webhook());
        if (created.secret() != null) {
            answer.put("secret", created.secret()); // made here: shown this once
        }
        return answer;
    }

    @DeleteMapping("/api/campaigns/{campaignId}/webhooks/{webhookId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    public void remove(@PathVariable String campaignId, @PathVariable String webhookId, Authentication auth) {
        referee(auth, campaignId, "removes webhooks");
        webhooks.remove(campaignId, webhookId);
    }

    /** What the webhook was sent lately, newest first, each delivery with its attempts (status, time, answer). */
    @GetMapping("/api/campaigns/{campaignId}/webhooks/{webhookId}/deliveries")
    public List<Webhooks.Delivery> deliveries(@PathVariable String campaignId, @PathVariable String webhookId,
                                              @RequestParam(defaultValue = "50") int limit, Authentication auth) {
        referee(auth, campaignId, "reads what the webhooks sent");
        return webhooks.deliveries(campaignId, webhookId, Math.min(Math.max(limit, 1), 200));
    }

    @GetMapping("/api/me/address")
    public Map<String, Object> address(Authentication auth) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("address", addresses.of(auth.getName()));
        answer.put("stoppedCampaigns", addresses.stopped(auth.getName()));
        return answer;
    }

    @PutMapping("/api/me/address")
    public Map<String, Object> changeAddress(@RequestBody AddressChange change, Authentication auth) {
        addresses.change(auth.getName(), change.address());
        return address(auth);
    }

    /** Stops (or starts again) the caller's mails of one of their campaigns. */
    @PutMapping("/api/me/mail/campaigns/{campaignId}")
    public Map<String, Object> choose(@PathVariable String campaignId, @RequestBody MailChoice choice,
                                      Authentication auth) {
        participants.actor(auth, campaignId);
        addresses.subscribe(auth.getName(), campaignId, choice.stop());
        return address(auth);
    }

    private void referee(Authentication auth, String campaignId, String what) {
        Participants.requireReferee(auth, what);
        participants.actor(auth, campaignId); // refuses an unknown campaign (404)
    }
}
