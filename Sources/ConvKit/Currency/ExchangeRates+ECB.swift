extension ExchangeRates {
  /// Reads the European Central Bank's daily reference rates file (`eurofxref-daily.xml`).
  ///
  /// The document must be well-formed, at most `maximumDocumentSize` bytes, and hold exactly one
  /// day (`<Cube time='YYYY-MM-DD'>`) with at least one rate; every rate must be a positive
  /// decimal of at most `maximumRateLength` characters for a three-letter code, each code once. Anything else is refused with the reason.
  public init(ecbDocument text: String) throws(ExchangeRatesError) {
    guard text.utf8.count <= ExchangeRates.maximumDocumentSize else {
      throw ExchangeRatesError("rates file larger than \(ExchangeRates.maximumDocumentSize / 1024) KB")
    }
    let elements = try XMLScanner.elements(of: text)
    guard elements.first?.name == "Envelope" else {
      throw ExchangeRatesError("not the ECB's rates format: the root element is not gesmes:Envelope")
    }
    let days = elements.filter { $0.name == "Cube" && $0.attributes["time"] != nil }
    guard days.count == 1, let time = days[0].attributes["time"] else {
      throw ExchangeRatesError(
        days.isEmpty
          ? "not the ECB's rates format: no date"
          : "not the ECB's daily rates: \(days.count) days in one file")
    }
    guard let date = CalendarDate(time.trimmingSpaces) else {
      throw ExchangeRatesError("not the ECB's rates format: bad date '\(time)'")
    }
    var rates: [(code: String, perEuro: Rational)] = []
    for element in elements where element.name == "Cube" && element.attributes["currency"] != nil {
      let code = element.attributes["currency"] ?? ""
      guard code.utf8.count == 3, code.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }),
        code != ExchangeRates.baseCode
      else {
        throw ExchangeRatesError("not the ECB's rates format: bad currency code '\(code)'")
      }
      guard element.parent == "Cube" else {
        throw ExchangeRatesError("not the ECB's rates format: rate of \(code) outside the day")
      }
      guard !rates.contains(where: { $0.code == code }) else {
        throw ExchangeRatesError("not the ECB's rates format: \(code) twice")
      }
      let text = (element.attributes["rate"] ?? "").trimmingSpaces
      guard text.utf8.count <= ExchangeRates.maximumRateLength else {
        throw ExchangeRatesError("bad rate for \(code): more than \(ExchangeRates.maximumRateLength) characters")
      }
      guard !text.isEmpty,
        text.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }),
        let rate = Rational(decimalLiteral: text), !rate.isZero, !rate.isNegative
      else {
        throw ExchangeRatesError(
          "bad rate '\(element.attributes["rate"] ?? "")' for \(code): rates must be positive numbers")
      }
      rates.append((code, rate))
    }
    guard !rates.isEmpty else { throw ExchangeRatesError("not the ECB's rates format: no rates") }
    self.init(date: date, source: "ECB", rates: rates, document: text)
  }
}
