package org.wargame.tracker.rules;

import java.util.List;
import java.util.Map;

/** What the API and the page show of a counter: its data, state, the markers on it and where it is. */
public record CounterView(String id, String kind, String name, String side, String nationality, String location,
                          Map<String, Object> data, Map<String, Object> state, List<String> markers,
                          boolean eliminated) {
}
