// conv-rates-fetch: downloads an exchange rates document for `conv rates update`.
//
// Usage: conv-rates-fetch URL
//   Writes the document to standard output after checking it (ECB format, at most 64 KB) and exits
//   0; otherwise writes one line saying why to standard error and exits 1.
//
// The HTTP client (async-http-client, with SwiftNIO and BoringSSL) lives in this program of its own
// so that conv itself does not carry it: every conversion would pay at start-up for the runtime's
// scan of its thousands of protocol conformances (see README, "Exchange rates download").
import ConvRates

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
  fputs("usage: conv-rates-fetch URL\n", stderr)
  exit(64)
}
do {
  let (_, text) = try await RatesDownloader(url: arguments[1]).download()
  var bytes = Array(text.utf8)
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
    if written < 0 {
      if errno == EINTR { continue }
      exit(1)
    }
    offset += written
  }
  exit(0)
} catch {
  fputs(error.message + "\n", stderr)
  exit(1)
}
