import AsyncHTTPClient
import ConvKit
import NIOCore
import NIOHTTP1

/// Downloads an exchange rates document over HTTP(S) and checks it before anyone uses it.
///
/// One GET with a deadline (`timeout`, connecting and reading together), at most
/// `ExchangeRates.maximumDocumentSize` bytes read (a longer body is refused as soon as it passes
/// the cap), a 2xx status required, and the body read by `ExchangeRates(ecbDocument:)`.
public struct RatesDownloader: Sendable {
  /// The ECB's daily euro reference rates.
  public static let defaultURL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"

  /// Where to download from.
  public let url: String
  /// How long the whole request may take, in seconds.
  public let timeout: Int64

  public init(url: String = RatesDownloader.defaultURL, timeout: Int64 = 10) {
    self.url = url
    self.timeout = timeout
  }

  /// The rates and the document's bytes as received, or the reason in one line.
  public func download() async throws(RatesUpdateError) -> (ExchangeRates, String) {
    guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
      throw RatesUpdateError("not an http or https URL: \(url)")
    }
    let body: [UInt8]
    do {
      body = try await fetch()
    } catch let error as RatesUpdateError {
      throw error
    } catch {
      throw RatesUpdateError(RatesDownloader.describe(error, timeout: timeout))
    }
    let text = String(decoding: body, as: UTF8.self)
    do {
      return (try ExchangeRates(ecbDocument: text), text)
    } catch {
      throw RatesUpdateError("refused the rates from \(url): \(error.message)")
    }
  }

  private func fetch() async throws -> [UInt8] {
    var configuration = HTTPClient.Configuration()
    configuration.timeout = .init(connect: .seconds(timeout), read: .seconds(timeout))
    configuration.redirectConfiguration = .follow(max: 3, allowCycles: false)
    // One attempt: a refused connection is reported at once rather than retried until the deadline.
    configuration.connectionPool.retryConnectionEstablishment = false
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
      let result = try await request(client)
      try await client.shutdown()
      return result
    } catch {
      try? await client.shutdown()
      throw error
    }
  }

  private func request(_ client: HTTPClient) async throws -> [UInt8] {
    var request = HTTPClientRequest(url: url)
    request.headers.add(name: "User-Agent", value: "conv (rates update)")
    let response = try await client.execute(request, timeout: .seconds(timeout))
    guard (200..<300).contains(response.status.code) else {
      throw RatesUpdateError("HTTP \(response.status.code) \(response.status.reasonPhrase) from \(url)")
    }
    let limit = ExchangeRates.maximumDocumentSize
    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
      throw RatesUpdateError("refused the rates from \(url): larger than \(limit / 1024) KB")
    }
    var body: [UInt8] = []
    for try await buffer in response.body {
      guard body.count + buffer.readableBytes <= limit else {
        throw RatesUpdateError("refused the rates from \(url): larger than \(limit / 1024) KB")
      }
      body += buffer.readableBytesView
    }
    return body
  }

  /// One line for a transport error (refused connection, timeout, TLS, truncated body).
  static func describe(_ error: any Error, timeout: Int64) -> String {
    if let error = error as? HTTPClientError {
      switch error {
      case .readTimeout, .deadlineExceeded, .connectTimeout: return "timed out after \(timeout) s"
      case .remoteConnectionClosed: return "the server closed the connection before the whole body came (truncated)"
      default: return "download failed: \(error)"
      }
    }
    let text = String(describing: error)
    if text.contains("unexpected time") || text.contains("uncleanShutdown") {
      return "the connection ended before the whole body came (truncated)"
    }
    if text.contains("connectTimeout") || text.contains("Timeout") { return "timed out" }
    if text.contains("refused") { return "connection refused" }
    if text.contains("UnknownHost") { return "cannot find the server (no network?)" }
    if text.contains("CERTIFICATE_VERIFY_FAILED") { return "TLS: the server's certificate could not be verified" }
    if text.contains("handshakeFailed") { return "TLS handshake failed" }
    return "download failed: " + text.split(separator: "\n").first.map(String.init)!
  }
}

/// Why `conv rates update` failed, in one line.
public struct RatesUpdateError: Error, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
