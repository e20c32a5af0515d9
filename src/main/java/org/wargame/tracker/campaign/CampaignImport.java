package org.wargame.tracker.campaign;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.springframework.stereotype.Component;
import org.wargame.tracker.campaign.CampaignCommand.CreateCampaign;
import org.wargame.tracker.store.Commands;
import org.wargame.tracker.rules.CounterDefinition;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Turns a campaign file into the command that creates the campaign, so the import is in the event history like
 * every other action. A counter without nationality takes its side's.
 */
@Component
public class CampaignImport {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .findAndRegisterModules();

    private final Commands commands;

    public CampaignImport(Commands commands) {
        this.commands = commands;
    }

    public static CampaignFile parse(String text) {
        try {
            CampaignFile file = YAML.readValue(text, CampaignFile.class);
            if (file == null) {
                throw new IllegalArgumentException("file: empty campaign file");
            }
            return file;
        } catch (UnrecognizedPropertyException e) {
            throw new IllegalArgumentException("file: unknown key '" + e.getPropertyName() + "' at "
                    + e.getPathReference());
        } catch (IOException e) {
            throw new IllegalArgumentException("file: not a valid campaign file: " + e.getMessage());
        }
    }

    /** Creates the campaign; returns its id. */
    public String importFile(CampaignFile file, String account) {
        String id = file.id() == null || file.id().isBlank() ? UUID.randomUUID().toString() : file.id();
        if (file.ruleSet() == null) {
            throw new IllegalArgumentException("ruleSet: required (asl, hex or skirmish)");
        }
        List<Side> sides = file.sides() == null ? List.of() : file.sides();
        List<CounterDefinition> roster = new ArrayList<>();
        for (CounterDefinition c : file.roster() == null ? List.<CounterDefinition>of() : file.roster()) {
            String nationality = c.nationality();
            if (nationality == null) {
                nationality = sides.stream().filter(s -> s.id().equals(c.side())).map(Side::nationality)
                        .findFirst().orElse(null);
            }
            roster.add(new CounterDefinition(c.id(), c.kind(), c.name() == null ? c.id() : c.name(), c.side(),
                    nationality, c.data(), c.state()));
        }
        commands.send(new CreateCampaign(id, file.name(), file.ruleSet(), sides,
                file.referee() == null ? "referee" : file.referee(), file.description(), roster, file.plans(),
                file.tables()),
                account, null);
        return id;
    }
}
