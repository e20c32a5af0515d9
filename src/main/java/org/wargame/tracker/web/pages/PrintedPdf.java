package org.wargame.tracker.web.pages;

import com.openhtmltopdf.pdfboxout.PdfRendererBuilder;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A printable page as a PDF: its XHTML (the report's template, rendered for print) laid out on A4 pages by
 * openhtmltopdf with its own print style sheet, in the PDF's standard fonts. Nothing is fetched while it is laid out.
 */
final class PrintedPdf {

    static {
        // its log says which of the sheet's screen rules (flex, gap) it skips, at every PDF: expected, not news
        com.openhtmltopdf.util.XRLog.setLoggingEnabled(false);
    }

    private PrintedPdf() {
    }

    static byte[] of(String xhtml, String title) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            PdfRendererBuilder builder = new PdfRendererBuilder();
            builder.useFastMode();
            builder.withHtmlContent(xhtml, null);
            builder.useUriResolver((base, uri) -> null); // the document is whole: no link is followed
            builder.withProducer("Campaign tracker");
            builder.toStream(out);
            builder.run();
        } catch (IOException e) {
            throw new UncheckedIOException("the PDF of " + title + " could not be laid out", e);
        }
        return out.toByteArray();
    }
}
