package org.wargame.tracker.store;

import org.axonframework.commandhandling.CommandExecutionException;
import org.axonframework.commandhandling.GenericCommandMessage;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.messaging.MetaData;
import org.axonframework.messaging.unitofwork.DefaultUnitOfWork;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.springframework.stereotype.Component;

import java.util.UUID;
import java.util.function.Supplier;

/**
 * Sends commands with the acting account and action id as metadata (copied onto every event they cause), and runs
 * several commands as one atomic action: all their events are stored, or none.
 */
@Component
public class Commands {

    private final CommandGateway gateway;
    private final TransactionManager transactions;

    public Commands(CommandGateway gateway, TransactionManager transactions) {
        this.gateway = gateway;
        this.transactions = transactions;
    }

    public <R> R send(Object command, String account, String actionId) {
        MetaData meta = MetaData.with(ActionMetaData.ACCOUNT, account)
                .and(ActionMetaData.ACTION_ID, actionId == null ? UUID.randomUUID().toString() : actionId);
        try {
            return gateway.sendAndWait(GenericCommandMessage.asCommandMessage(command).andMetaData(meta));
        } catch (CommandExecutionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /** Runs {@code work} (which sends commands) in one unit of work and one transaction. */
    public <R> R atomically(Supplier<R> work) {
        UnitOfWork<?> unitOfWork = DefaultUnitOfWork.startAndGet(null);
        unitOfWork.attachTransaction(transactions);
        try {
            R result = work.get();
            unitOfWork.commit();
            return result;
        } catch (RuntimeException e) {
            if (unitOfWork.isActive()) {
                unitOfWork.rollback(e);
            }
            throw e;
        }
    }
}
