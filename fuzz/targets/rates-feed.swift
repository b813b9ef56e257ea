// libFuzzer target: the ECB's daily rates format, as `conv rates update` reads what the helper
// downloaded and as every currency conversion reads the cached file.
//
// Input: the document's bytes. Whatever they are, the reader accepts a document that keeps its
// promises (a date, at least one rate, every rate positive and at most 16 characters, each code
// three capital letters and once) or refuses it with one printable line; nesting is bounded, so no
// input costs more than a few times its size.

import ConvKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRatesFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let rates = try ExchangeRates(ecbDocument: text)
    precondition(!rates.rates.isEmpty, "accepted without rates")
    var seen: Set<String> = []
    for (code, perEuro) in rates.rates {
      precondition(code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= 65 && $0 <= 90 }, "bad code \(code)")
      precondition(code != "EUR" && seen.insert(code).inserted, "code \(code) twice or the euro")
      precondition(!perEuro.isZero && !perEuro.isNegative, "rate of \(code) not positive")
      _ = rates.euros(per: code)?.doubleValue
    }
    _ = rates.date.description
  } catch {
    precondition(!error.message.isEmpty && !error.message.contains("\n"), "not one line: \(error.message)")
  }
  return 0
}
