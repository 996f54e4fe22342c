public import Foundation

/// What the tests with Debian's own apps open, so that the screen's pixels decide whether an app is hidden: documents
/// and pages that are pure magenta (#FF00FF), the user's own `gtk.css` giving text views that background, and a
/// Firefox profile that skips the first-run pages. The apps themselves are not modified.
public enum MagentaDocuments {
    /// A one-page PDF in `folder` whose page is pure magenta.
    public static func pdf(_ name: String, in folder: URL) throws -> URL {
        var pdf = "%PDF-1.4\n"
        var offsets: [Int] = []
        let stream = "1 0 1 rg 0 0 400 500 re f\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 500] /Contents 4 0 R /Resources << >> >>",
            "<< /Length \(stream.utf8.count) >>\nstream\n\(stream)endstream",
        ]
        for (index, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(index + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { pdf += String(format: "%010d 00000 n \n", offset) }
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        let url = folder.appendingPathComponent(name + ".pdf")
        try pdf.write(to: url, atomically: true, encoding: .ascii)
        return url
    }

    /// A Writer document in `folder` whose page is pure magenta (flat ODF: the page style's background).
    public static func writerDocument(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name + ".fodt")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
            xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
            xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" \
            xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" office:version="1.2" \
            office:mimetype="application/vnd.oasis.opendocument.text">
             <office:automatic-styles><style:page-layout style:name="pm1"><style:page-layout-properties \
            fo:page-width="21cm" fo:page-height="29.7cm" fo:background-color="#ff00ff" draw:fill="solid" \
            draw:fill-color="#ff00ff"/></style:page-layout></office:automatic-styles>
             <office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1"/></office:master-styles>
             <office:body><office:text><text:p/></office:text></office:body>
            </office:document>

            """.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A web page in `folder` that is pure magenta.
    public static func page(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name + ".html")
        try "<!doctype html><html><body style=\"background:#ff00ff;margin:0\"></body></html>\n"
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A Firefox profile under `home` as a user's own `profiles.ini` names it (read with `MOZ_LEGACY_PROFILES=1`),
    /// whose `user.js` skips the first-run pages, so that the page asked for is the one in front.
    public static func firefoxProfile(home: URL) throws {
        let firefox = home.appendingPathComponent(".mozilla/firefox")
        let profile = firefox.appendingPathComponent("test.default")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        try "[General]\nStartWithLastProfile=1\n\n[Profile0]\nName=default\nIsRelative=1\nPath=test.default\nDefault=1\n"
            .write(to: firefox.appendingPathComponent("profiles.ini"), atomically: true, encoding: .utf8)
        let prefs = [
            ("browser.shell.checkDefaultBrowser", "false"), ("browser.startup.homepage_override.mstone", "\"ignore\""),
            ("startup.homepage_welcome_url", "\"\""), ("browser.aboutwelcome.enabled", "false"),
            ("datareporting.policy.dataSubmissionPolicyBypassNotification", "true"),
            ("toolkit.telemetry.reportingpolicy.firstRun", "false"),
        ]
        try prefs.map { "user_pref(\"\($0.0)\", \($0.1));\n" }.joined()
            .write(to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
    }

    /// An e-mail message in `folder` (subject "Magenta") whose HTML body is pure magenta, for Thunderbird to open in a
    /// message window of its own.
    public static func message(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name + ".eml")
        try ("From: a@example.org\r\nTo: b@example.org\r\nSubject: Magenta\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/html; charset=utf-8\r\n\r\n"
            + "<html><body style=\"background:#ff00ff;margin:0\"><div style=\"height:2000px\"></div></body></html>\r\n")
            .write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A Thunderbird profile under `home` as a user's own `profiles.ini` names it (read with `MOZ_LEGACY_PROFILES=1`).
    public static func thunderbirdProfile(home: URL) throws {
        let thunderbird = home.appendingPathComponent(".thunderbird")
        try FileManager.default.createDirectory(at: thunderbird.appendingPathComponent("test.default"), withIntermediateDirectories: true)
        try "[General]\nStartWithLastProfile=1\n\n[Profile0]\nName=default\nIsRelative=1\nPath=test.default\nDefault=1\n"
            .write(to: thunderbird.appendingPathComponent("profiles.ini"), atomically: true, encoding: .utf8)
    }

    /// The user's `gtk.css` (GTK 4) under `configHome` giving every text view a magenta background: AppLock's lock
    /// window has none.
    public static func gtkTextViews(configHome: URL) throws {
        let folder = configHome.appendingPathComponent("gtk-4.0")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "textview, textview text { background-color: #ff00ff; }\n"
            .write(to: folder.appendingPathComponent("gtk.css"), atomically: true, encoding: .utf8)
    }
}
