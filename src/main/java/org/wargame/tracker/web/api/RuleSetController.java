package org.wargame.tracker.web.api;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.rules.Phase;
import org.wargame.tracker.rules.RuleSets;

import java.util.List;
import java.util.Set;

/** The rule sets the tracker plays: their phase sequences and counter kinds. */
@RestController
class RuleSetController {

    public record RuleSetInfo(String id, String title, List<Phase> phases, Set<String> counterKinds) {
    }

    @GetMapping("/api/rulesets")
    public List<RuleSetInfo> ruleSets() {
        return RuleSets.all().stream().map(r -> new RuleSetInfo(r.id(), r.title(), r.phases().phases(),
                r.counterKinds())).toList();
    }
}
