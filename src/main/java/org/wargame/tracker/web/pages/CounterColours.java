package org.wargame.tracker.web.pages;

import org.springframework.stereotype.Component;

import java.util.List;

/** The colour of a nationality for templates ({@code ${@counterColours.fill('British')}}), as its counters use it. */
@Component("counterColours")
public class CounterColours {

    public String fill(String nationality) {
        return new CounterCard(null, null, null, null, nationality, null, null, null, List.of(), false, null).fill();
    }
}
