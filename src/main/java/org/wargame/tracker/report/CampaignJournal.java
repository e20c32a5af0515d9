package org.wargame.tracker.report;

import org.wargame.tracker.campaign.CampaignState;

import java.util.List;
import java.util.Map;

/**
 * The campaign journal: every scenario's after-action report in the order they were played, each roster counter's
 * career, and the dice of the whole campaign per side and player. {@code campaign} is the campaign as it stands,
 * for its roster's strength over time.
 */
public record CampaignJournal(CampaignState campaign, List<ScenarioReport> reports, List<Career> careers,
                              List<Luck> dice) {

    public CampaignJournal {
        reports = List.copyOf(reports);
        careers = List.copyOf(careers);
        dice = List.copyOf(dice);
    }

    public int diceRolled() {
        return dice.stream().mapToInt(l -> l.distribution().dice()).sum();
    }

    /**
     * One roster counter's career: each scenario it played and what happened to it there, what was done to it
     * between scenarios (a wound healed, a scenario sat out), and where it stands now ({@code now} in words,
     * {@code state} its carried state for the page to write in its rule set's words).
     */
    public record Career(String counterId, String name, String sideName, List<Stint> stints, List<String> between,
                         String now, Map<String, Object> state) {
        public Career {
            stints = List.copyOf(stints);
            between = List.copyOf(between);
        }
    }

    /** One scenario of a career: its name and what happened to the counter in it. */
    public record Stint(String scenarioId, String scenarioName, String happened) {
    }
}
