package org.wargame.tracker.campaign;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.util.unit.DataSize;
import org.wargame.tracker.campaign.CampaignCommand.CreateCampaign;
import org.wargame.tracker.refusal.Conflict;
import org.wargame.tracker.refusal.RequestJson;
import org.wargame.tracker.rules.CounterDefinition;
import org.wargame.tracker.rules.RuleSets;
import org.wargame.tracker.store.Commands;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Turns a campaign file into the command that creates the campaign, so the import is in the event history like
 * every other action. The file is read strictly (see {@link RequestJson}: unknown keys, nulls, keys given twice,
 * aliases and fractions are refused) and checked ({@link CampaignFileCheck}) before anything is stored. A counter
 * without nationality takes its side's.
 */
@Component
public class CampaignImport {

    private final Commands commands;
    private final EventStore events;
    private final ObjectMapper yaml;

    public CampaignImport(Commands commands, EventStore events,
                          @Value("${tracker.limits.campaign-file:2MB}") DataSize limit) {
        this.commands = commands;
        this.events = events;
        // the HTTP limit refuses a larger body before it is read; this one guards every other way in
        this.yaml = RequestJson.yaml((int) Math.min(Integer.MAX_VALUE, limit.toBytes()));
    }

    /** Reads and checks a campaign file (YAML, or JSON which is YAML too); refuses naming the field. */
    public CampaignFile parse(String text) {
        CampaignFile file = RequestJson.readYaml(yaml, text, CampaignFile.class);
        CampaignFileCheck.check(file);
        try {
            RuleSets.byId(file.ruleSet());
        } catch (IllegalArgumentException e) {
            throw new org.wargame.tracker.refusal.FieldRefused("ruleSet", e.getMessage());
        }
        return file;
    }

    /** Creates the campaign; returns its id. Refuses an id under which the tracker holds a history already. */
    public String importFile(CampaignFile file, String account) {
        String id = file.id() == null || file.id().isBlank() ? UUID.randomUUID().toString() : file.id();
        if (events.lastSequenceNumberFor(id).isPresent()) {
            throw new Conflict("id", "'" + id + "' is taken: a campaign or scenario exists under it");
        }
        List<Side> sides = file.sides();
        Map<String, Side> byId = sides.stream().collect(Collectors.toMap(Side::id, Function.identity(), (a, b) -> a));
        List<CounterDefinition> roster = new ArrayList<>();
        for (CounterDefinition c : file.roster() == null ? List.<CounterDefinition>of() : file.roster()) {
            String nationality = c.nationality();
            if (nationality == null && byId.containsKey(c.side())) {
                nationality = byId.get(c.side()).nationality();
            }
            roster.add(new CounterDefinition(c.id(), c.kind(), c.name() == null ? c.id() : c.name(), c.side(),
                    nationality, c.data(), c.state()));
        }
        commands.send(new CreateCampaign(id, file.name(), file.ruleSet(), sides,
                file.referee() == null ? "referee" : file.referee(), file.description(), roster,
                file.plans() == null ? List.of() : file.plans(), file.tables(), file.clock(), file.disputePeriodDays(),
                file.blindReferee()), account, null);
        return id;
    }
}
