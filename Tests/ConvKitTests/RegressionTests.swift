import Testing

@testable import ConvKit

/// Inputs that once crashed conv, hung it or printed a misleading answer: each was found by the
/// fuzzers in `fuzz/` or by the hostile-input review of issue 10, and stays here so that it cannot
/// come back. Every one must end, quickly, in a result or a `ConvError`.
@Suite("Regressions from fuzzing and hostile input")
struct RegressionTests {
  let catalog = Catalog.builtin

  /// Parses and converts, returning the error if there is one.
  func failure(_ quantity: String, to target: String? = nil) -> ConvError? {
    do {
      let parsed = try catalog.parseQuantity(quantity)
      if let target { _ = try catalog.convert(parsed, to: catalog.parseUnit(target)) }
      return nil
    } catch {
      return error
    }
  }

  // MARK: Error spans

  /// Amounts written sign first, and where the error starts in the text as typed.
  static let signFirstSpans: [(text: String, start: Int)] = [
    ("$0 -", 4),  // found by the expression fuzzer (issue 20): the span was past the end
    ("$5 xyz", 3),  // `conv '$5 xyz km'` put the caret under `yz`
    ("US$5 furlongz", 5),
    ("-$5 xyz", 4),
    ("€12.50 parsec/fortnightz", 14),
    ("$5/xyz", 3),
  ]

  @Test("An error after an amount written sign first points into the text as typed", arguments: signFirstSpans)
  func signFirstAmountSpan(_ text: String, _ start: Int) throws {
    let error = try #require(failure(text))
    // ExpressionReader.quantity reads `$5 xyz` as `5 $ xyz` (CurrencySigns.amountFirst); the
    // spans of its errors are mapped back into the text as typed.
    #expect(error.span?.start == start, "\(error.message)")
    if let span = error.span { #expect(span.start + span.length <= text.count + 1, "\(span) in \(text)") }
  }

  /// Quantities whose number and unit make a value too large to keep exactly, and where the
  /// number is (found by the expression fuzzer, issue 20: the span was shifted twice, past the
  /// end of the text).
  static let tooLargeProducts: [(text: String, start: Int, length: Int)] = [
    ("1e-4000/7e982u  cu c", 0, 13),
    ("1e-4000/7e982 m", 0, 13),
    ("1e-4000/7e982u", 0, 13),
    ("  1e-4000/7e982 km", 2, 13),
  ]

  @Test("A product too large to keep exactly points at its number", arguments: tooLargeProducts)
  func tooLargeProductSpan(_ text: String, _ start: Int, _ length: Int) throws {
    let error = try #require(failure(text))
    guard case .exactValueTooLarge = error else {
      Issue.record("expected exactValueTooLarge, got \(error.message)")
      return
    }
    #expect(error.span == SourceSpan(start: start, length: length))
  }

  // MARK: Control characters in a units file's diagnostics

  /// Units files whose diagnostics quote text holding control characters.
  static let controlDiagnostics: [String] = [
    // Found by the units-file fuzzer (issue 20): the unknown header was quoted raw.
    "category\u{01}\0\0,: length\nmile | miles | mi | | 1609 m | override | test\n",
    "category: c\ntitle: C\ndimension: length\u{1B}]0;title\u{07}\n",
    "category: c\ntitle: C\ndimension: length\nfoo\u{1B}[2J | foos | | | | | src\n",
    "category: c\ntitle: C\ndimension: length\nbar | bars | | | 2 m | odd\u{9B}flag | src\n",
  ]

  @Test("A units file's diagnostics quote control characters as <U+XXXX>", arguments: controlDiagnostics)
  func diagnosticsPrintable(_ text: String) {
    let (_, diagnostics) = CatalogLoader.load([CatalogSource(path: "bad\u{1B}.units", text: text)], base: catalog)
    #expect(!diagnostics.isEmpty)
    for diagnostic in diagnostics {
      let description = diagnostic.description
      #expect(!description.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(description)")
      #expect(description.contains("<U+"), "\(description)")
    }
  }

  // MARK: Overflow traps

  @Test("Nested powers of a unit of factor 1 do not overflow the unit count")
  func unitCountSaturates() throws {
    // `one` is exactly 1 and dimensionless, so neither the size nor the dimension check stops
    // this; the unit count was 24^15 and trapped on overflow.
    var text = "one"
    for _ in 0..<15 { text = "(" + text + ")^24" }
    let quantity = try catalog.parseQuantity(text)
    #expect(quantity.term.value == .one)
    #expect(quantity.term.unitCount == Term.maximumUnitCount)
  }

  @Test("Hundreds of 'square' words in a row neither overflow nor recurse")
  func powerWordsInARow() throws {
    let text = String(repeating: "sq ", count: 1300) + "one"
    let quantity = try catalog.parseQuantity(text)
    #expect(quantity.term.value == .one)
    // And the meaning is unchanged: square cubic inch is (in³)².
    let squareCubic = try catalog.parseUnit("square cubic in")
    let expected = try catalog.parseUnit("in^6")
    #expect(squareCubic.term.value == expected.term.value)
    #expect(squareCubic.dimension == expected.dimension)
  }

  @Test("Nested powers of π are refused instead of overflowing or computing π^(24^n)")
  func piPowersAreBounded() {
    // rev/(2 rad) is π exactly: a rational part of 1 passes the size check whatever the power.
    var text = "(rev/rad/2)"
    for _ in 0..<15 { text = "(" + text + ")^24" }
    #expect(failure(text).map { if case .numberOutOfRange = $0 { true } else { false } } == true)
    #expect(failure("(rev/rad/2)^24", to: "one") == nil)
  }

  // MARK: Division by zero

  @Test(
    "A target unit of size zero is an error, not a trap (fuzz: batch, `6 mi to 0km`)",
    arguments: [
      ("6", "mi", "0km"), ("6", "mi", "0 km"), ("1", "m", "(0 m)"), ("5", "°C", "0 °F"), ("30", "mpg", "0 L/100km"),
      ("30", "mpg", "0*L/100km"), ("3000", "rpm", "0 Hz"),
    ])
  func zeroTargetUnit(_ number: String, _ unit: String, _ target: String) {
    // Conversion.init divided by the target's factor: Rational's precondition trapped.
    #expect(failure(number + " " + unit, to: target) == .zeroUnit(target))
    #expect(throws: ConvError.zeroUnit(target)) { try catalog.conversion(from: unit, to: target) }
  }

  @Test("A source unit of size zero converts to zero, or is an error when reciprocal")
  func zeroSourceUnit() throws {
    let zero = try catalog.convert("5 (0 km)", to: "m")
    #expect(zero.value.isZero)
    #expect(throws: ConvError.zeroUnit("0 mpg")) { try catalog.conversion(from: "0 mpg", to: "L/100km") }
  }

  // MARK: Hangs

  @Test("Sums of fractions with large coprime denominators are refused", .timeLimit(.minutes(1)))
  func sumsAreSizeChecked() {
    // Each term is short to write but its denominator is a power of a new prime of a few thousand
    // bits: sums were not size-checked, so the sum's denominator grew with every term (to millions
    // of bits in 4096 characters) and each gcd took longer than the last.
    let primes = [7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83]
    let text = primes.map { "((1/\($0))^24)^24" }.joined(separator: " + ")
    #expect(failure(text).map { if case .exactValueTooLarge = $0 { true } else { false } } == true)
  }

  @Test(
    "Terminating decimals of long denominators are exact and prompt", .timeLimit(.minutes(1)),
    arguments: [
      (0, 0), (1, 0), (0, 1), (30, 12), (31, 13), (32, 14), (62, 26), (63, 27), (100, 3), (3, 100), (4000, 4000),
      (4003, 4000),
    ])
  func terminatingDecimals(_ twos: Int, _ fives: Int) throws {
    // One big division per factor of 2 or 5: the denominator of 1e-4000 took 8,000, and the
    // whole column of `1e-4000` with --exact over ten seconds (fuzz: convert). 7/(2ᵃ·5ᵇ) has
    // max(a, b) decimal places and no trailing zero.
    let value = Rational(BigInteger(7), BigInteger(2).power(twos) * BigInteger(5).power(fives))
    let decimal = try #require(value.terminatingDecimal)
    #expect(decimal.isExact)
    #expect(decimal.exponent == -max(twos, fives))
    #expect(decimal == value.rounded(fractionDigits: max(twos, fives)))
    #expect((value / Rational(BigInteger(3))).terminatingDecimal == nil)
  }

  @Test("A megabyte of input is refused without being read", .timeLimit(.minutes(1)))
  func longInputIsRefusedAtOnce() {
    let text = String(repeating: "(", count: 100_000) + "1 m" + String(repeating: ")", count: 100_000)
    #expect(failure(text) == .inputTooLong(limit: Lexer.maximumLength))
    let megabyte = String(repeating: "1", count: 1 << 20)
    #expect(failure(megabyte) == .inputTooLong(limit: Lexer.maximumLength))
  }

  @Test("Huge but valid numbers convert or are refused promptly", .timeLimit(.minutes(1)))
  func hugeNumbers() throws {
    let result = try catalog.convert("1e4000 m", to: "km")
    #expect(result.rational == Rational.powerOfTen(3997))
    #expect(failure("(1e300 m)^20", to: "m").map { if case .exactValueTooLarge = $0 { true } else { false } } == true)
    #expect(failure("m^99999", to: "m") == .exponentTooLarge(99999, span: SourceSpan(start: 2, length: 5)))
    #expect(failure("1e999999 m", to: "km").map { if case .numberOutOfRange = $0 { true } else { false } } == true)
    let chain = "1 m" + String(repeating: "*m", count: 2000)
    #expect(failure(chain).map { if case .dimensionTooLarge("length²⁵", _) = $0 { true } else { false } } == true)
    let ones = "1" + String(repeating: "*one", count: 1000)
    #expect(failure(ones, to: "one") == nil)
  }

  @Test("Rational arithmetic with crosswise gcds agrees with the textbook formulas")
  func rationalArithmetic() {
    // +, *, / and negative powers now reduce through gcds of the factors (Knuth 4.5.1) instead of
    // one gcd of the full products, which made a whole column with π³ take seconds (fuzz: convert,
    // `--exact hpc3/4`). Compare with Rational(n, d), which reduces from scratch.
    var state: UInt64 = 0x5EED
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33) % 2001 - 1000
    }
    func random() -> Rational {
      var denominator = 0
      while denominator == 0 { denominator = next() }
      return Rational(BigInteger(next() * 7919), BigInteger(denominator * 1013))
    }
    let special = [
      Rational.zero, .one, -Rational.one, Rational(BigInteger(6), BigInteger(4)), Rational.powerOfTen(-30),
    ]
    var values = special
    for _ in 0..<40 { values.append(random()) }
    for a in values {
      for b in values.prefix(20) {
        #expect(
          a + b == Rational(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator))
        #expect(
          a - b == Rational(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator))
        #expect(a * b == Rational(a.numerator * b.numerator, a.denominator * b.denominator))
        if !b.isZero {
          #expect(a / b == Rational(a.numerator * b.denominator, a.denominator * b.numerator))
        }
      }
      if !a.isZero {
        #expect(a.reciprocal == Rational(a.denominator, a.numerator))
        #expect(a.power(-3) == Rational(a.denominator.power(3), a.numerator.power(3)))
        #expect(a.power(-2).denominator.signum == 1)
        #expect(a.power(-3) * a.power(3) == .one)
      }
    }
  }

  // MARK: Stack depth

  @Test("Thousands of signs are read without recursion")
  func manySigns() throws {
    let even = try catalog.parseQuantity(String(repeating: "-", count: 4000) + "2 m")
    #expect(even.term.value == Magnitude(Rational(2)))
    let odd = try catalog.parseQuantity(String(repeating: "-", count: 3999) + "2 m")
    #expect(odd.term.value == Magnitude(Rational(-2)))
    let mixed = try catalog.parseQuantity("-+-+-2 m")
    #expect(mixed.term.value == Magnitude(Rational(-2)))
  }

  @Test("Deep parentheses stop at the nesting limit")
  func deepParentheses() {
    let text = String(repeating: "(", count: 2000) + "1 m" + String(repeating: ")", count: 2000)
    #expect(failure(text).map { if case .nestingTooDeep = $0 { true } else { false } } == true)
  }

  // MARK: Messages

  @Test("Error messages are one line with control characters made visible")
  func printableMessages() {
    let escape = failure("5 \u{1B}[2J mi")
    #expect(escape?.message == "unexpected character '<U+001B>'")
    let incompatible = failure("5 m", to: "m\nkg")
    let message = incompatible?.message ?? ""
    #expect(!message.isEmpty)
    #expect(!message.contains(where: { $0.isNewline }), "\(message)")
    #expect(failure("5 mi\u{202E}") != nil)
    #expect(ConvError.printable("a\u{0}b\u{7F}c\u{2028}d\u{202E}e") == "a<U+0000>b<U+007F>c<U+2028>d<U+202E>e")
    #expect(ConvError.printable("°C µm ħ") == "°C µm ħ")
  }

  // MARK: Absolute zero

  @Test("Absolute temperatures below absolute zero are errors")
  func belowAbsoluteZero() throws {
    #expect(failure("-500 °C", to: "K")?.message == "-500 °C is below absolute zero (-273.15 °C)")
    #expect(failure("-1 K")?.message == "-1 K is below absolute zero (0 K)")
    #expect(failure("-460 °F", to: "°C")?.message == "-460 °F is below absolute zero (-459.67 °F)")
    #expect(failure("-273.15 °C", to: "K") == nil)
    #expect(failure("-459.67 °F", to: "K") == nil)
    #expect(failure("0 K", to: "°R") == nil)
    // Differences may be negative.
    #expect(failure("-500 Δ°C", to: "ΔK") == nil)
    // The reusable conversion is the plain affine map; front ends that take a value on its own
    // (favorites, the REPL) ask it to check.
    let conversion = try catalog.conversion(from: "°C", to: "°F")
    #expect(throws: ConvError.belowAbsoluteZero("-300 °C", minimum: "-273.15 °C", span: nil)) {
      try conversion.checkAboveAbsoluteZero(Rational(-300))
    }
    try conversion.checkAboveAbsoluteZero(Rational(-273))
    try catalog.conversion(from: "m", to: "ft").checkAboveAbsoluteZero(Rational(-300))
    #expect(try conversion.convert(Rational(-40)) == Magnitude(Rational(-40)))
    #expect(try conversion.convert(Rational(-300)) == Magnitude(Rational(-508)))
  }

  // MARK: Fuzzer invariants

  @Test(
    "Error spans stay inside the text they point into",
    arguments: [
      "  5 furlongz", "5 mi +", "((", "5 m^x", "\t3/0 m", "1 m*kg + 1 s", "1e99999",
    ])
  func spansInside(_ text: String) {
    guard let error = failure(text), let span = error.span else { return }
    #expect(span.start >= 0 && span.length >= 0)
    #expect(span.start <= text.count, "\(error) in \(text)")
  }
}

/// Issue 37: a power of units beyond a dimension's says which dimension it would make, not that
/// a small exponent (`2` of `square`) is too large.
@Suite("Powers beyond a dimension's")
struct DimensionTooLargeTests {
  static let cases: [(String, String)] = [
    ("1 square square square square square m", "length³²"), ("1 cubic cubic cubic cubic m", "length²⁷"),
    ("1 square m^13", "length²⁶"), ("1 cubic square cubic m^2", "length³⁶"), ("(m^5)^5", "length²⁵"),
    ("m^20*m^10", "length³⁰"), ("m^20/s/m^-10", "length³⁰·time⁻¹"), ("1 (kg*s^-13)^2", "mass²·time⁻²⁶"),
    ("1 m squared cubed squared squared squared", "length⁴⁸"),
  ]

  @Test("The message names the dimension the power would make", arguments: cases)
  func message(_ text: String, _ formula: String) {
    do {
      _ = try Catalog.builtin.read(ConversionRequest.parse(line: text, catalog: .builtin))
      Issue.record("\(text) read")
    } catch {
      #expect(
        error.message
          == "the result would be of dimension \(formula): a dimension's powers are at most 24 in magnitude",
        "\(text): \(error.message)")
    }
  }

  @Test(
    "Powers within the limit still read",
    arguments: ["1 square square m", "1 square cubic m", "1 m^24", "1 m squared cubed squared"])
  func within(_ text: String) throws {
    _ = try Catalog.builtin.parseQuantity(text)
  }
}
