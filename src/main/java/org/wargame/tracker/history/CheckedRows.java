package org.wargame.tracker.history;

import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.EventTables.Link;
import org.wargame.tracker.store.StoredEvent;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The spool of an import: the rows its first pass checked, written to a temporary file in a compact binary form, so
 * that the second pass stores them without reading the JSON again. Only ever read by the import that wrote it.
 */
final class CheckedRows {

    private CheckedRows() {
    }

    static DataOutputStream writer(Path file) throws IOException {
        return new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }

    static DataInputStream reader(Path file) throws IOException {
        return new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
    }

    static void write(DataOutputStream out, ChainedEvent row) throws IOException {
        StoredEvent e = row.event();
        out.writeUTF(e.stream());
        out.writeLong(e.sequence());
        out.writeUTF(e.eventIdentifier());
        out.writeUTF(e.payloadType());
        writeNullable(out, e.payloadRevision());
        out.writeUTF(e.timestamp());
        writeBytes(out, e.payload());
        writeBytes(out, e.metaData());
        writeNullable(out, row.streamType());
        out.writeUTF(row.link().previousHash());
        out.writeUTF(row.link().hash());
    }

    static ChainedEvent read(DataInputStream in) throws IOException {
        String stream = in.readUTF();
        long sequence = in.readLong();
        String eventIdentifier = in.readUTF();
        String type = in.readUTF();
        String revision = readNullable(in);
        String timestamp = in.readUTF();
        byte[] payload = readBytes(in);
        byte[] metaData = readBytes(in);
        String streamType = readNullable(in);
        String previousHash = in.readUTF();
        String hash = in.readUTF();
        return new ChainedEvent(new StoredEvent(0, stream, sequence, eventIdentifier, type, revision, timestamp,
                payload, metaData), streamType, new Link(eventIdentifier, sequence, previousHash, hash));
    }

    private static void writeNullable(DataOutputStream out, String value) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    private static String readNullable(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static void writeBytes(DataOutputStream out, byte[] bytes) throws IOException {
        out.writeInt(bytes == null ? -1 : bytes.length);
        if (bytes != null) {
            out.write(bytes);
        }
    }

    private static byte[] readBytes(DataInputStream in) throws IOException {
        int length = in.readInt();
        return length < 0 ? null : in.readNBytes(length);
    }
}
