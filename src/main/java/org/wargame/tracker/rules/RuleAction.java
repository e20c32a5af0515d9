package org.wargame.tracker.rules;

/**
 * An action a player takes under a rule set. Each rule set closes its own family with a sealed interface extending
 * this one, with Jackson type names so the API reads {@code {"type": "become-pack-ti", ...}}.
 */
public interface RuleAction {
}
