package org.wargame.tracker.scenario;

import org.springframework.stereotype.Service;
import org.wargame.tracker.account.Actor;
import org.wargame.tracker.campaign.CampaignCommand.RollBetweenScenarios;
import org.wargame.tracker.campaign.CampaignState;
import org.wargame.tracker.campaign.CampaignState.RosterCounter;
import org.wargame.tracker.campaign.CampaignViews;
import org.wargame.tracker.campaign.ScenarioPlan;
import org.wargame.tracker.refusal.FieldRefused;
import org.wargame.tracker.rules.RosterChange;
import org.wargame.tracker.rules.RuleSet;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.store.Commands;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * The step between two scenarios of a campaign, for the API and the pages alike: who waits on a roll (a Medical
 * Treatment roll), the roll itself as an event of the campaign with its die, and what the next plan changes (who
 * recovers, sits out, is left out and why).
 * <p>
 * Server dice between scenarios come from one secret seed per campaign, kept like a scenario's (only its hash, in
 * each event the server rolled for, is in the record), numbered across the campaign's rolls between scenarios.
 */
@Service
public class BetweenScenarios {

    private final Commands commands;
    private final CampaignViews campaigns;
    private final DiceSeeds seeds;

    public BetweenScenarios(Commands commands, CampaignViews campaigns, DiceSeeds seeds) {
        this.commands = commands;
        this.campaigns = campaigns;
        this.seeds = seeds;
    }

    /** A roster counter that waits on a roll between scenarios: who, which side, why (in words). */
    public record Waiting(String counterId, String name, String side, String why) {
    }

    /** What a plan changes for one of its counters when it starts, in words. */
    public record PlanChange(String counterId, String name, String side, String change) {
    }

    /** The roster counters that wait on a roll between scenarios now. */
    public static List<Waiting> waiting(CampaignState state) {
        RuleSet<?, ?, ?> ruleSet = RuleSets.byId(state.ruleSet());
        List<Waiting> list = new ArrayList<>();
        for (RosterCounter c : state.roster().values()) {
            if (c.eliminated() || c.inScenario() != null || c.lastScenario() == null) {
                continue;
            }
            String why = ruleSet.waitsBetweenScenarios(c.counter(), state.tables());
            if (why != null) {
                list.add(new Waiting(c.counter().id(), c.counter().name(), c.counter().side(), why));
            }
        }
        return list;
    }

    /**
     * What starting {@code plan} now would change since the last scenario, counter by counter: struck off and left
     * out (where), in play elsewhere, sitting it out or recovering (the rule set's change between scenarios), and
     * who still waits on a roll.
     */
    public static List<PlanChange> planChanges(CampaignState state, ScenarioPlan plan) {
        RuleSet<?, ?, ?> ruleSet = RuleSets.byId(state.ruleSet());
        List<PlanChange> list = new ArrayList<>();
        for (ScenarioPlan.Placement p : plan.counters()) {
            RosterCounter c = state.roster().get(p.id());
            if (c == null) {
                continue;
            }
            String name = c.counter().name();
            String change = null;
            if (c.eliminated()) {
                change = "left out: struck off in " + scenarioName(state, c.eliminatedIn());
            } else if (c.inScenario() != null) {
                change = "cannot start: in play in " + scenarioName(state, c.inScenario());
            } else {
                RosterChange rc = ruleSet.betweenScenarios(c.counter());
                String waits = ruleSet.waitsBetweenScenarios(c.counter(), state.tables());
                if (rc != null) {
                    change = (rc.sitsOut() ? "left out: " : "recovers: ") + rc.note().replace(c.counter().id(), name);
                } else if (waits != null) {
                    change = "plays as he is: " + waits;
                }
            }
            if (change != null) {
                list.add(new PlanChange(c.counter().id(), name, c.counter().side(), change));
            }
        }
        return list;
    }

    /**
     * Takes the roll {@code counterId} waits on, with the dice entered (then the server's); by a player of the
     * counter's side or the referee. Returns the campaign after it.
     */
    public CampaignState roll(String campaignId, String counterId, List<EnteredRoll> entered, Actor actor) {
        CampaignState state = campaigns.state(campaignId);
        if (counterId == null) {
            throw new FieldRefused("counter", "missing: name the roster counter to roll for");
        }
        RosterCounter c = state.roster().get(counterId);
        if (c == null) {
            throw new FieldRefused("counter", "'" + counterId + "' is not on the roster of this campaign");
        }
        actor.requireMayActFor(c.counter().side());
        String key = seedKey(campaignId);
        String actionId = UUID.randomUUID().toString();
        commands.atomically(() -> {
            byte[] seed = seeds.seedOf(key);
            String commitment = seed == null ? seeds.commit(key) : ServerDice.commitment(seed);
            ActionDice dice = new ActionDice(key, seeds.seedOf(key), state.betweenDice(), entered);
            commands.send(new RollBetweenScenarios(campaignId, counterId, actor.account(), dice, commitment),
                    actor.account(), actionId);
            dice.requireAllEnteredUsed();
            return null;
        });
        return campaigns.state(campaignId);
    }

    /** The key of the campaign's seed between scenarios (at most 64 characters, like a scenario id). */
    static String seedKey(String campaignId) {
        String key = "between:" + campaignId;
        if (key.length() <= 64) {
            return key;
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    private static String scenarioName(CampaignState state, String scenarioId) {
        return state.scenarios().stream().filter(s -> s.scenarioId().equals(scenarioId))
                .map(CampaignState.ScenarioEntry::name).findFirst().orElse("an earlier scenario");
    }
}
