import Foundation
import Subprocess
import Testing

/// What the rates-update tests need to start their HTTP server.
enum TestServer {
  /// Whether python3 is on the PATH (the test server is a python3 script).
  static let hasPython: Bool = {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { folder in
      FileManager.default.isExecutableFile(atPath: folder + "/python3")
    }
  }()
}

/// Issue 18: `conv rates update` against an HTTP server on 127.0.0.1 started by the test (python3):
/// a good feed updates the rates and conversions follow it; every kind of failure exits non-zero
/// with one line and leaves the rates in use as they were.
@Suite(
  "Rates update", .serialized,
  .enabled(if: ConvProcess.requires(TestServer.hasPython), "python3 is not installed: skipping"))
struct RatesUpdateTests {
  /// The built-in snapshot (`Data/ecb-eurofxref.xml`) moved to `date`, with USD at `usd` and
  /// JPY at 180: a feed as the ECB publishes it, every currency included.
  static func feed(date: String, usd: String = "1.25", dropping: Set<String> = []) -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Data/ecb-eurofxref.xml")
    let snapshot = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return snapshot.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
      if line.contains("Cube time=") { return "\t\t<Cube time='\(date)'>" }
      if line.contains("currency='USD'") { return "\t\t\t<Cube currency='USD' rate='\(usd)'/>" }
      if line.contains("currency='JPY'") { return "\t\t\t<Cube currency='JPY' rate='180.00'/>" }
      if dropping.contains(where: { line.contains("currency='\($0)'") }) { return nil }
      return String(line)
    }.joined(separator: "\n")
  }

  /// The ECB's daily format, with a USD rate of 1.25 on 2026-11-20.
  static let goodFeed = feed(date: "2026-11-20")

  /// A small HTTP server: each path answers one way (see `script`).
  struct Server {
    let port: Int
    /// The self-signed certificate of a TLS server (a CA bundle of one for `SSL_CERT_FILE`).
    let certificate: String

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// Starts a server, runs `body` with it and stops it (SIGKILL); with `tls`, over HTTPS with a
    /// self-signed certificate made by openssl.
    static func with(tls: Bool = false, _ body: (Server) async throws -> Void) async throws {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conv-rates-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let certificate = directory.appendingPathComponent("cert.pem").path
      if tls {
        try await ConvProcess.run(
          executable: URL(fileURLWithPath: "/usr/bin/env"),
          arguments: [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-subj", "/CN=127.0.0.1", "-keyout", directory.appendingPathComponent("key.pem").path,
            "-out", certificate,
          ], output: .discarded, errors: .discarded)
      }
      let script = directory.appendingPathComponent("server.py")
      try RatesUpdateTests.script.write(to: script, atomically: true, encoding: .utf8)
      try RatesUpdateTests.goodFeed.write(
        to: directory.appendingPathComponent("good.xml"), atomically: true, encoding: .utf8)
      for (name, text) in [
        ("older", RatesUpdateTests.feed(date: "2026-09-01")),
        ("future", RatesUpdateTests.feed(date: "2099-01-01")),
        ("partial", RatesUpdateTests.feed(date: "2026-11-21", dropping: ["JPY", "GBP"])),
      ] {
        try text.write(to: directory.appendingPathComponent(name + ".xml"), atomically: true, encoding: .utf8)
      }
      let configuration = ConvProcess.configuration(
        URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, directory.path] + (tls ? ["tls"] : []),
        environment: nil)
      // The server prints its port, then serves until it is killed; a body that throws has it
      // killed by swift-subprocess.
      _ = try await Subprocess.run(configuration, input: .none, output: .sequence, error: .currentStandardError) {
        execution in
        defer { try? execution.send(signal: .kill) }
        var lines = execution.standardOutput.strings().makeAsyncIterator()
        let port = Int(try await lines.next() ?? "") ?? 0
        try await body(Server(port: port, certificate: certificate))
      }
    }
  }

  static let script = #"""
    import http.server, socketserver, sys, time, os
    feed = open(os.path.join(sys.argv[1], "good.xml"), "rb").read()
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args): pass
        def send(self, code, body, length=None):
            self.send_response(code)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(body) if length is None else length))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            # The last part: a proxy is asked for the whole URL (GET http://host/good).
            path = self.path.rstrip("/").split("/")[-1]
            if path == "good": self.send(200, feed)
            elif path in ("older", "future", "partial"): self.send(200, open(os.path.join(sys.argv[1], path + ".xml"), "rb").read())
            elif path == "404": self.send(404, b"<html>Not found</html>")
            elif path == "500": self.send(500, b"<html>Server error</html>")
            elif path == "truncated": self.send(200, feed[: len(feed) // 2], length=len(feed))
            elif path == "truncated-xml": self.send(200, feed[: len(feed) // 2])
            elif path == "oversize": self.send(200, feed + b"<!--" + b"x" * 200000 + b"-->")
            elif path == "oversize-chunked":
                self.send_response(200)
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for _ in range(100):
                    chunk = b"<!--" + b"x" * 4000 + b"-->"
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.write(b"0\r\n\r\n")
            elif path == "malformed": self.send(200, b"<gesmes:Envelope><Cube><Cube time='2026-11-20'><Cube currency='USD' rate='-3'/></Cube></Cube></gesmes:Envelope>")
            elif path == "hang": time.sleep(60)
            elif path in ("redirect", "redirect-loop", "redirect-ftp"):
                self.send_response(302)
                self.send_header("Location", {"redirect": "/good", "redirect-loop": "/redirect-loop",
                                              "redirect-ftp": "ftp://127.0.0.1/good"}[path])
                self.send_header("Content-Length", "0")
                self.end_headers()
            else: self.send(404, b"")
    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True
    server = Server(("127.0.0.1", 0), Handler)
    if len(sys.argv) > 2:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(os.path.join(sys.argv[1], "cert.pem"), os.path.join(sys.argv[1], "key.pem"))
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """#

  /// An environment with its own cache folder, and today pinned.
  static func environment(url: String) -> [String: String] {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("conv-cache-\(UUID().uuidString)")
    return ConvProcess.isolatedEnvironment([
      "XDG_CACHE_HOME": cache.path, "CONV_RATES_URL": url,
      "CONV_TODAY": "2026-11-24",
    ])
  }

  @Test("A good feed updates the rates, and conversions follow it")
  func goodFeed() async throws {
    try await Server.with { server in
      let environment = Self.environment(url: server.url("good"))
      let before = try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment)
      #expect(before.stdout == "1.1269\n")
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 0, "\(update.stderr)")
      #expect(update.stdout.hasPrefix("rates of 2026-11-20, ECB"))
      #expect(update.stderr.isEmpty, "\(update.stderr)")
      let after = try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment)
      #expect(after.stdout == "1.25\n")
      let human = try await ConvProcess.run(["100", "USD", "EUR"], environment: environment)
      #expect(human.stdout == "$100.00 ≈ €80.00\n")
      #expect(human.stderr.contains("rates of 2026-11-20, ECB"))
      let rates = try await ConvProcess.run(["rates"], environment: environment)
      #expect(rates.stdout.contains("date:       2026-11-20 (4 days old)"))
      #expect(rates.stdout.contains("conv/eurofxref-daily.xml"))
    }
  }

  /// A path of the test server and what the one-line error says.
  static let failures: [(String, String)] = [
    ("404", "HTTP 404"),
    ("500", "HTTP 500"),
    ("truncated", "truncated"),
    ("truncated-xml", "not well-formed"),
    ("oversize", "larger than 64 KB"),
    ("oversize-chunked", "larger than 64 KB"),
    ("malformed", "rates must be positive"),
    ("hang", "timed out"),
    ("redirect-loop", "more than 3 redirects"),
    ("redirect-ftp", "not http or https"),
  ]

  @Test("A failed update exits non-zero with one line and keeps the rates in use", arguments: failures)
  func failedUpdate(_ path: String, _ reason: String) async throws {
    try await Server.with { server in
      let environment = Self.environment(url: server.url(path))
      // The helper gives up after 12 s and conv after 15 s: a run past 40 s fails as a hang.
      let update = try await ConvProcess.run(["rates", "update"], environment: environment, timeout: 40)
      #expect(update.status == 1)
      #expect(update.errorLines.count == 1, "\(update.stderr)")
      #expect(update.stderr.contains(reason), "\(update.stderr)")
      #expect(update.stderr.contains("the rates in use are unchanged"))
      let after = try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment)
      #expect(after.stdout == "1.1269\n")
    }
  }

  @Test(
    "Feeds that would mislead are refused: older than the rates in use, dated after today, lacking currencies",
    arguments: [("older", "older than those in use"), ("future", "after today"), ("partial", "the feed lacks")])
  func misleadingFeeds(_ path: String, _ reason: String) async throws {
    try await Server.with { server in
      var environment = Self.environment(url: server.url("good"))
      #expect(try await ConvProcess.run(["rates", "update"], environment: environment).status == 0)
      environment["CONV_RATES_URL"] = server.url(path)
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 1, "\(update.stdout)")
      #expect(update.errorLines.count == 1 && update.stderr.contains(reason), "\(update.stderr)")
      // The good feed's rates stay in use.
      let after = try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment)
      #expect(after.lines.first == "1.25", "\(after.stdout)")
    }
  }

  @Test("A failed update after a good one keeps the downloaded rates")
  func failureKeepsCachedRates() async throws {
    try await Server.with { server in
      var environment = Self.environment(url: server.url("good"))
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 0)
      environment["CONV_RATES_URL"] = server.url("500")
      #expect(try await ConvProcess.run(["rates", "update"], environment: environment).status == 1)
      #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.25\n")
    }
  }

  @Test("A refused connection fails cleanly")
  func refusedConnection() async throws {
    // A port that was free a moment ago: nothing listens on it.
    let probe = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(probe, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(probe, $0, &length) }
    }
    let port = Int(UInt16(bigEndian: address.sin_port))
    close(probe)
    let environment = Self.environment(url: "http://127.0.0.1:\(port)/eurofxref-daily.xml")
    try await Self.expectUpdateFails(environment, saying: "refused")
  }

  @Test("HTTPS: a certificate that cannot be verified fails cleanly (the TLS stack runs)")
  func untrustedCertificate() async throws {
    try await Server.with(tls: true) { server in
      let environment = Self.environment(url: "https://127.0.0.1:\(server.port)/good")
      try await Self.expectUpdateFails(environment, saying: "TLS")
    }
  }

  /// Runs `conv rates update`, which must fail with one message saying `reason`, and checks that
  /// the snapshot's rates are still in use.
  static func expectUpdateFails(_ environment: [String: String], saying reason: String) async throws {
    let update = try await ConvProcess.run(["rates", "update"], environment: environment)
    #expect(update.status == 1)
    #expect(update.errorLines.count == 1, "\(update.stderr)")
    #expect(update.stderr.contains(reason), "\(update.stderr)")
    #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.1269\n")
  }

  @Test("A cache path that is not a regular file is not replaced")
  func cacheNotRegular() async throws {
    try await Server.with { server in
      let environment = Self.environment(url: server.url("good"))
      let folder = environment["XDG_CACHE_HOME"]! + "/conv/eurofxref-daily.xml"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 2)
      #expect(update.stderr.contains("not a regular file"))
    }
  }

  @Test(
    "Old rates get a notice on standard error in human output; today is pinned by CONV_TODAY",
    arguments: [("2026-10-20", false), ("2026-11-05", false), ("2026-11-06", true), ("2027-01-01", true)])
  func staleNotice(_ today: String, _ notice: Bool) async throws {
    var environment = ConvProcess.isolatedEnvironment(["CONV_TODAY": today])
    environment["XDG_CACHE_HOME"] =
      FileManager.default.temporaryDirectory.appendingPathComponent("conv-none-\(UUID().uuidString)").path
    let outcome = try await ConvProcess.run(["1", "EUR", "USD"], environment: environment)
    #expect(outcome.stdout == "€1.00 ≈ $1.13\n")
    #expect(outcome.stderr.contains("conv rates update") == notice, "\(outcome.stderr)")
    // Notes are for people: a script (-t) gets none (issue 38).
    let terse = try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment)
    #expect(terse.stdout == "1.1269\n")
    #expect(terse.stderr.isEmpty, "\(terse.stderr)")
    let plain = try await ConvProcess.run(["5", "mi", "km"], environment: environment)
    #expect(plain.stderr.isEmpty)
  }

  @Test("Redirects are followed, between http and https")
  func redirect() async throws {
    try await Server.with { server in
      let environment = Self.environment(url: server.url("redirect"))
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 0, "\(update.stderr)")
      #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.25\n")
    }
  }

  @Test("HTTPS with a certificate the system trusts (SSL_CERT_FILE names the bundle) updates the rates")
  func trustedCertificate() async throws {
    try await Server.with(tls: true) { server in
      var environment = Self.environment(url: "https://127.0.0.1:\(server.port)/good")
      environment["SSL_CERT_FILE"] = server.certificate
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 0, "\(update.stderr)")
      #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.25\n")
    }
  }

  @Test("http_proxy is honoured, and no_proxy exempts a host from it")
  func proxy() async throws {
    try await Server.with { server in
      // A host that does not resolve: only the proxy can answer for it.
      var environment = Self.environment(url: "http://rates.invalid/good")
      environment["http_proxy"] = "http://127.0.0.1:\(server.port)"
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 0, "\(update.stderr)")
      environment["no_proxy"] = "rates.invalid"
      let direct = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(direct.status == 1)
      #expect(direct.stderr.contains("cannot find the server"), "\(direct.stderr)")
    }
  }

  @Test("A helper that crashes is reported as a crash, with its signal")
  func crashingHelper() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conv-helper-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let helper = folder.appendingPathComponent("conv-rates-fetch")
    try "#!/bin/sh\nkill -ABRT $$\n".write(to: helper, atomically: true, encoding: .utf8)
    chmod(helper.path, 0o755)
    var environment = Self.environment(url: "http://127.0.0.1:1/good")
    environment["CONV_RATES_FETCH"] = helper.path
    let update = try await ConvProcess.run(["rates", "update"], environment: environment)
    #expect(update.status == 1)
    #expect(update.stderr.contains("crashed (signal 6)"), "\(update.stderr)")
  }

  @Test("A cache dated after today is not used, and `conv rates` says why")
  func futureCache() async throws {
    let environment = Self.environment(url: "http://127.0.0.1:1/none")
    let folder = environment["XDG_CACHE_HOME"]! + "/conv"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Self.feed(date: "2026-12-24", usd: "9.5").write(
      toFile: folder + "/eurofxref-daily.xml", atomically: true, encoding: .utf8)
    #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.1269\n")
    let rates = try await ConvProcess.run(["rates"], environment: environment)
    #expect(rates.stderr.contains("dated 2026-12-24, after today (2026-11-24): not used"), "\(rates.stderr)")
    var tomorrow = environment
    tomorrow["CONV_TODAY"] = "2026-12-23"
    #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: tomorrow).stdout == "9.5\n")
    #expect(
      try await ConvProcess.run(["rates"], environment: tomorrow).stdout.contains(
        "date:       2026-12-24 (1 day after today)"))
  }

  @Test("Through a link, the cache's target is replaced and the link stays; no temporary file stays behind")
  func linkedCacheAndTemporaryFiles() async throws {
    try await Server.with { server in
      let environment = Self.environment(url: server.url("good"))
      let folder = environment["XDG_CACHE_HOME"]! + "/conv"
      let elsewhere = environment["XDG_CACHE_HOME"]! + "/elsewhere"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
      try Self.feed(date: "2026-10-07").write(toFile: elsewhere + "/rates.xml", atomically: true, encoding: .utf8)
      try FileManager.default.createSymbolicLink(
        atPath: folder + "/eurofxref-daily.xml", withDestinationPath: "../elsewhere/rates.xml")
      // What a run killed between naming its file and renaming it would have left, two minutes ago.
      let abandoned = elsewhere + "/.rates.xml.tmp-123-456"
      try "partial".write(toFile: abandoned, atomically: false, encoding: .utf8)
      try FileManager.default.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-120)], ofItemAtPath: abandoned)
      let update = try await ConvProcess.run(["rates", "update"], environment: environment)
      #expect(update.status == 0, "\(update.stderr)")
      let link = try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/eurofxref-daily.xml")
      #expect(link == "../elsewhere/rates.xml")
      #expect(try String(contentsOfFile: elsewhere + "/rates.xml", encoding: .utf8).contains("2026-11-20"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).sorted() == ["rates.xml"])
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["eurofxref-daily.xml"])
      #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.25\n")
    }
  }

  @Test(
    "With standard output closed, an update replaces the rates and succeeds; its report goes to standard error (issue 37)"
  )
  func closedStandardOutput() async throws {
    try await Server.with { server in
      let environment = Self.environment(url: server.url("good"))
      let run = try await ConvProcess.run(
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", "exec \"$0\" rates update >&-", ConvProcess.executable.path], environment: environment)
      #expect(run.status == 0, "\(run.stderr)")
      #expect(run.stderr.hasPrefix("conv: rates of 2026-11-20, ECB, 30 currencies, saved to "), "\(run.stderr)")
      #expect(run.stderr.split(separator: "\n").count == 1, "\(run.stderr)")
      #expect(try await ConvProcess.run(["-t", "1", "EUR", "USD"], environment: environment).stdout == "1.25\n")
    }
  }
}
