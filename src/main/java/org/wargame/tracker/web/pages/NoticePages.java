package org.wargame.tracker.web.pages;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.notice.MailAddresses;
import org.wargame.tracker.notice.NoticeKind;
import org.wargame.tracker.notice.Webhooks;
import org.wargame.tracker.refusal.Refusal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Notices out of the browser, as pages: the referee's webhooks of a campaign (add, remove, what each sent), an
 * account's mail address and the campaigns whose mails it stopped, and the one-click stop link of every mail.
 */
@Controller
public class NoticePages {

    private final Webhooks webhooks;
    private final MailAddresses addresses;
    private final Participants participants;
    private final CampaignViews campaigns;

    public NoticePages(Webhooks webhooks, MailAddresses addresses, Participants participants,
                       CampaignViews campaigns) {
        this.webhooks = webhooks;
        this.addresses = addresses;
        this.participants = participants;
        this.campaigns = campaigns;
    }

    /** A webhook with its latest deliveries, as the page shows it. */
    public record HookView(Webhooks.Webhook hook, List<String> events, List<Webhooks.Delivery> deliveries) {
    }

    /** A kind of notice on the form: its stable name (the checkbox's value) and its words. */
    public record KindView(String code, String words) {
    }

    @GetMapping("/campaigns/{campaignId}/webhooks")
    public String webhooks(@PathVariable String campaignId, Authentication auth, Model model) {
        Participants.requireReferee(auth, "configures webhooks");
        participants.actor(auth, campaignId);
        fill(model, campaignId);
        return "webhooks";
    }

    @PostMapping("/campaigns/{campaignId}/webhooks")
    public String add(@PathVariable String campaignId, @RequestParam(required = false) String url,
                      @RequestParam(required = false) List<String> events,
                      @RequestParam(required = false) String secret, @RequestParam(required = false) String format,
                      Authentication auth, Model model, HttpServletResponse response) {
        Participants.requireReferee(auth, "configures webhooks");
        participants.actor(auth, campaignId);
        try {
            Webhooks.Created created = webhooks.add(campaignId, url, events, secret == null || secret.isEmpty()
                    ? null : secret, format, auth.getName());
            model.addAttribute("madeSecret", created.secret());
        } catch (Refusal e) {
            response.setStatus(HttpStatus.UNPROCESSABLE_ENTITY.value());
            model.addAttribute("addError", FormRefusals.message(e));
            model.addAttribute("givenUrl", url);
        }
        fill(model, campaignId);
        return "webhooks";
    }

    @PostMapping("/campaigns/{campaignId}/webhooks/{webhookId}/remove")
    public String remove(@PathVariable String campaignId, @PathVariable String webhookId, Authentication auth) {
        Participants.requireReferee(auth, "configures webhooks");
        participants.actor(auth, campaignId);
        webhooks.remove(campaignId, webhookId);
        return "redirect:/campaigns/" + campaignId + "/webhooks";
    }

    private void fill(Model model, String campaignId) {
        List<HookView> hooks = new ArrayList<>();
        for (Webhooks.Webhook hook : webhooks.of(campaignId)) {
            hooks.add(new HookView(hook, hook.events().stream().map(NoticeKind::of)
                    .map(k -> k == null ? "?" : k.words()).toList(), webhooks.deliveries(campaignId, hook.id(), 10)));
        }
        model.addAttribute("campaign", campaigns.state(campaignId));
        model.addAttribute("hooks", hooks);
        model.addAttribute("kinds", java.util.Arrays.stream(NoticeKind.values())
                .map(k -> new KindView(k.code(), k.words())).toList());
        model.addAttribute("formats", Map.of("plain", "the tracker's own JSON", "discord", "Discord",
                "slack", "Slack"));
    }

    @GetMapping("/me/mail")
    public String mail(Authentication auth, Model model) {
        fillMail(model, auth);
        return "mail";
    }

    @PostMapping("/me/mail")
    public String changeAddress(@RequestParam(required = false) String address, Authentication auth, Model model,
                                HttpServletResponse response) {
        try {
            addresses.change(auth.getName(), address);
            model.addAttribute("saved", true);
        } catch (Refusal e) {
            response.setStatus(HttpStatus.UNPROCESSABLE_ENTITY.value());
            model.addAttribute("addressError", FormRefusals.message(e));
            model.addAttribute("givenAddress", address);
        }
        fillMail(model, auth);
        return "mail";
    }

    @PostMapping("/me/mail/campaigns/{campaignId}")
    public String choose(@PathVariable String campaignId, @RequestParam boolean stop, Authentication auth) {
        participants.actor(auth, campaignId);
        addresses.subscribe(auth.getName(), campaignId, stop);
        return "redirect:/me/mail";
    }

    /** A campaign on the mail page: whether its mails are stopped. */
    public record CampaignMail(String campaignId, String name, boolean stopped) {
    }

    private void fillMail(Model model, Authentication auth) {
        List<String> stopped = addresses.stopped(auth.getName());
        List<CampaignViews.CampaignSummary> mine = Participants.isReferee(auth) ? campaigns.all()
                : campaigns.of(auth.getName());
        model.addAttribute("address", addresses.of(auth.getName()));
        model.addAttribute("campaignMails", mine.stream().map(c -> new CampaignMail(c.campaignId(), c.name(),
                stopped.contains(c.campaignId()))).toList());
    }

    /**
     * The stop link of a mail: one click stops that campaign's mails for that account (no login; the token is an
     * HMAC only the tracker can make), and the page offers to start them again.
     */
    @GetMapping("/unsubscribe")
    public String unsubscribe(@RequestParam(required = false) String account,
                              @RequestParam(required = false) String campaign,
                              @RequestParam(required = false) String token, Model model,
                              HttpServletResponse response) {
        return stop(account, campaign, token, false, model, response);
    }

    /** RFC 8058's one-click POST from a mail program, and the page's "start again" button. */
    @PostMapping("/unsubscribe")
    public String unsubscribeByPost(@RequestParam(required = false) String account,
                                    @RequestParam(required = false) String campaign,
                                    @RequestParam(required = false) String token,
                                    @RequestParam(defaultValue = "false") boolean again, Model model,
                                    HttpServletResponse response) {
        return stop(account, campaign, token, again, model, response);
    }

    private String stop(String account, String campaign, String token, boolean again, Model model,
                        HttpServletResponse response) {
        if (!addresses.valid(account, campaign, token) || !campaigns.exists(campaign)) {
            response.setStatus(HttpStatus.BAD_REQUEST.value());
            model.addAttribute("invalid", true);
            return "unsubscribed";
        }
        addresses.subscribe(account, campaign, !again);
        model.addAttribute("invalid", false);
        model.addAttribute("again", again);
        model.addAttribute("campaignName", campaigns.state(campaign).name());
        model.addAttribute("account", account);
        model.addAttribute("campaignId", campaign);
        model.addAttribute("token", token);
        return "unsubscribed";
    }
}
