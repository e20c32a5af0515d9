package org.wargame.tracker.history;

import org.wargame.tracker.store.CanonicalJson;
import org.wargame.tracker.store.EventTables.ChainedEvent;
import org.wargame.tracker.store.EventTables.Link;
import org.wargame.tracker.store.StoredEvent;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The spool of an import: the rows its first pass checked, each with its line in the file, written to a temporary
 * file in a compact binary form, so that the later passes (the fold of each stream, the storing) read them without
 * the JSON. A row is found again by the offset its writing returned. Only ever read by the import that wrote it.
 * Each row keeps whether its payload and metadata are {@link CanonicalJson}, asked as it is written.
 */
final class CheckedRows {

    private CheckedRows() {
    }

    /** A spooled row: the event with its stream's type and link, and its line in the file. */
    record Row(ChainedEvent row, int line) {
    }

    /** Appends rows, telling where each begins. */
    static final class Writer implements Closeable {
        private final Counting counting;
        private final DataOutputStream out;

        Writer(Path file) throws IOException {
            counting = new Counting(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
            out = new DataOutputStream(counting);
        }

        /** Writes the row; returns its offset in the spool. */
        long write(ChainedEvent row, int line) throws IOException {
            long offset = counting.count;
            StoredEvent e = row.event();
            out.writeInt(line);
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
            // asked here, on the check's thread, so that the storing thread (PostgreSQL's pace) need not ask
            out.writeBoolean(row.canonicalJson());
            return offset;
        }

        /** Every row written so far in the file, for a reader beside the writer (the fold beside the check). */
        void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** Reads rows in order, or from any offset (reading on without a seek when the next row is the one asked). */
    static final class Reader implements Closeable {
        private final FileChannel channel;
        private DataInputStream in;
        private Position position;

        Reader(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.READ);
            seek(0);
        }

        Row at(long offset) throws IOException {
            if (offset != position.at) {
                seek(offset);
            }
            return next();
        }

        Row next() throws IOException {
            int line = in.readInt();
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
            boolean canonical = in.readBoolean();
            return new Row(new ChainedEvent(new StoredEvent(0, stream, sequence, eventIdentifier, type, revision,
                    timestamp, payload, metaData), streamType, new Link(eventIdentifier, sequence, previousHash,
                    hash), canonical), line);
        }

        private void seek(long offset) throws IOException {
            channel.position(offset);
            position = new Position(new BufferedInputStream(Channels.newInputStream(channel), 1 << 16), offset);
            in = new DataInputStream(position);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    private static final class Counting extends FilterOutputStream {
        private long count;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }

    /** The offset in the spool of the next byte to read. */
    private static final class Position extends FilterInputStream {
        private long at;

        Position(InputStream in, long at) {
            super(in);
            this.at = at;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                at++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                at += n;
            }
            return n;
        }
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
