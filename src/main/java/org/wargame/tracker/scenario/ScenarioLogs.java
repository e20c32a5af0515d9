package org.wargame.tracker.scenario;

import org.axonframework.commandhandling.CommandMessage;
import org.axonframework.common.Priority;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.messaging.Message;
import org.axonframework.messaging.annotation.ParameterResolver;
import org.axonframework.messaging.annotation.ParameterResolverFactory;
import org.axonframework.modelling.command.AnnotationCommandTargetResolver;
import org.axonframework.modelling.command.CommandTargetResolver;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.lang.reflect.Executable;
import java.lang.reflect.Parameter;
import java.util.function.Supplier;

/**
 * Hands the scenario aggregate its record: a handler of {@link Scenario} that takes a {@link ScenarioLog} (or the
 * {@link ScenarioPast} a fold asks on a roll-back) gets the log of the stream its message is about (an event's
 * stream, a command's target). The aggregate never reads the store itself; the log reads it only when asked, from
 * the nearest checkpoint. Axon takes every ParameterResolverFactory bean; an Axon Test fixture registers one over
 * its own store.
 */
@Component
@Priority(Priority.HIGH)
class ScenarioLogs implements ParameterResolverFactory {

    private final Supplier<ScenarioRecord> record;
    private final CommandTargetResolver targets = AnnotationCommandTargetResolver.builder().build();

    @Autowired
    ScenarioLogs(ObjectProvider<ScenarioRecord> record) {
        this(record::getObject);
    }

    private ScenarioLogs(Supplier<ScenarioRecord> record) {
        this.record = record;
    }

    /** Over a record of its own (an Axon Test fixture's store). */
    static ScenarioLogs over(ScenarioRecord record) {
        return new ScenarioLogs(() -> record);
    }

    @Override
    public ParameterResolver<ScenarioLog> createInstance(Executable executable, Parameter[] parameters, int index) {
        Class<?> type = parameters[index].getType();
        if (index == 0 || executable.getDeclaringClass() != Scenario.class
                || (type != ScenarioLog.class && type != ScenarioPast.class)) {
            return null;
        }
        return new ParameterResolver<>() {
            @Override
            public ScenarioLog resolveParameterValue(Message<?> message) {
                return record.get().log(stream(message));
            }

            @Override
            public boolean matches(Message<?> message) {
                return message instanceof DomainEventMessage<?> || message instanceof CommandMessage<?>;
            }
        };
    }

    private String stream(Message<?> message) {
        return message instanceof DomainEventMessage<?> event ? event.getAggregateIdentifier()
                : targets.resolveTarget((CommandMessage<?>) message).getIdentifier();
    }
}
