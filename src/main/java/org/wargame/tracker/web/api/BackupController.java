package org.wargame.tracker.web.api;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.wargame.tracker.campaign.Participants;
import org.wargame.tracker.store.DatabaseBackup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The referee's full backup of the tracker (H2): a zip of the database file, taken while the tracker runs. */
@RestController
class BackupController {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final DatabaseBackup backup;

    BackupController(DatabaseBackup backup) {
        this.backup = backup;
    }

    @GetMapping(value = "/api/backup", produces = "application/zip")
    public void backup(Authentication auth, HttpServletResponse response) throws IOException {
        Participants.requireReferee(auth, "makes backups");
        Path folder = Files.createTempDirectory("tracker-backup-");
        Path zip = folder.resolve("backup.zip");
        try {
            backup.writeTo(zip);
            response.setContentType("application/zip");
            response.setContentLengthLong(Files.size(zip));
            response.setHeader("Content-Disposition", "attachment; filename=\"tracker-backup-"
                    + STAMP.format(Instant.now()) + ".zip\"");
            Files.copy(zip, response.getOutputStream());
        } finally {
            Files.deleteIfExists(zip);
            Files.deleteIfExists(folder);
        }
    }
}
