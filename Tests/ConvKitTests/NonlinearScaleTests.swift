import Foundation
import Testing

@testable import ConvKit

/// Nonlinear scales (decibels, wire gauges, gravity scales, gas mark, pH, Beaufort, intervals)
/// against published tables, both ways, with their domain errors and round trips.
@Suite("Nonlinear scales")
struct NonlinearScaleTests {
  static let catalog = Catalog.builtin

  /// One published value: `value from` is `expected to`, within `tolerance` (relative; absolute
  /// when `expected` is zero).
  struct Reference: Sendable, CustomTestStringConvertible {
    let line: Int
    let value: String
    let from: String
    let to: String
    let expected: Double
    let tolerance: Double
    let source: String
    var testDescription: String { "\(value) \(from) → \(to) (line \(line))" }
  }

  /// One input that has no answer.
  struct Refusal: Sendable, CustomTestStringConvertible {
    let line: Int
    let value: String
    let from: String
    let to: String
    let why: String
    var testDescription: String { "\(value) \(from) → \(to) (line \(line))" }
  }

  static func table(_ name: String) -> [(Int, [String])] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
      if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { return nil }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      return fields.first == "value" ? nil : (index + 1, fields)
    }
  }

  static let references: [Reference] = table("nonlinear-reference.tsv").compactMap { line, fields in
    guard fields.count >= 6, let expected = Double(fields[3]), let tolerance = Double(fields[4]) else { return nil }
    return Reference(
      line: line, value: fields[0], from: fields[1], to: fields[2], expected: expected,
      tolerance: tolerance, source: fields[5])
  }

  static let refusals: [Refusal] = table("nonlinear-domain-errors.tsv").compactMap { line, fields in
    guard fields.count >= 4 else { return nil }
    return Refusal(line: line, value: fields[0], from: fields[1], to: fields[2], why: fields[3])
  }

  static let scaleUnits: [ConvKit.CatalogUnit] = catalog.units.filter { $0.scale != nil }

  @Test("The tables hold at least 60 published values and cover every scale both ways")
  func coverage() {
    #expect(Self.references.count >= 60)
    #expect(Self.refusals.count >= 20)
    for unit in Self.scaleUnits {
      let spellings = Set([unit.name, unit.plural] + unit.symbols + unit.aliases)
      let fromScale = Self.references.contains { spellings.contains($0.from) }
      let toScale = Self.references.contains { spellings.contains($0.to) }
      #expect(fromScale, "no published value from \(unit.name)")
      #expect(toScale, "no published value into \(unit.name)")
    }
  }

  @Test("Published value", arguments: references)
  func published(_ row: Reference) throws {
    let result = try Self.catalog.convert(row.value + " " + row.from, to: row.to)
    let value = result.doubleValue
    let error = row.expected == 0 ? abs(value) : abs(value - row.expected) / abs(row.expected)
    #expect(error <= row.tolerance, "got \(value), expected \(row.expected) (\(row.source))")
    if result.kind == .scale { #expect(!result.isExact, "a value through a scale is never marked exact") }
  }

  @Test("Refused: outside the scale, or no value on it", arguments: refusals)
  func refused(_ row: Refusal) {
    do {
      let result = try Self.catalog.convert(row.value + " " + row.from, to: row.to)
      Issue.record("converted to \(result.doubleValue); expected a refusal (\(row.why))")
    } catch {
      switch error {
      case .outsideScale, .noScaleValue: break
      default: Issue.record("refused with another error: \(error.message)")
      }
      #expect(!error.message.contains("\n"))
    }
  }

  /// Values spread over a scale's domain (or −60…60 where it has none), ends included.
  static func samples(_ scale: UnitScale) -> [Double] {
    let low = scale.minimum ?? -60
    let high = scale.maximum ?? 60
    return (0...40).map { low + (high - low) * Double($0) / 40 } + [low, high]
  }

  @Test("Round trip through every scale returns the input to 1e-12", arguments: scaleUnits.map { $0.name })
  func roundTrip(_ name: String) throws {
    let unit = try #require(Self.catalog.units.first { $0.name == name })
    let scale = try #require(unit.scale)
    let there = try Conversion(
      from: UnitExpression(unit: PrefixedUnit(unit: unit)),
      to: Self.catalog.parseUnit(scale.reference), catalog: Self.catalog)
    let back = try Conversion(
      from: Self.catalog.parseUnit(scale.reference),
      to: UnitExpression(unit: PrefixedUnit(unit: unit)), catalog: Self.catalog)
    for x in Self.samples(scale) where scale.referenceValue(x) != nil {
      let returned = back.convert(there.convert(x))
      #expect(abs(returned - x) <= 1e-12 * max(1, abs(x)), "\(x) \(unit.symbol) came back as \(returned)")
    }
  }

  @Test("Scales refuse compound expressions", arguments: ["20 dBm/s", "3 dB + 3 dB", "dBm^2", "2 dBm*m", "W/dBm"])
  func compounds(_ text: String) {
    #expect {
      _ = try Self.catalog.parseQuantity(text)
    } throws: { error in
      guard let error = error as? ConvError, case .scaleInCompound = error else { return false }
      return true
    }
  }

  @Test(
    "Gauge spellings",
    arguments: [
      ("0000", -3), ("4/0", -3), ("000", -2), ("3/0", -2), ("00", -1),
      ("2/0", -1), ("1/0", 0), ("0", 0),
    ])
  func gauges(_ spelling: String, _ number: Int) throws {
    let written = try Self.catalog.convert(spelling + " AWG", to: "mm").doubleValue
    let plain = try Self.catalog.convert("\(number) AWG", to: "mm").doubleValue
    #expect(written == plain)
    // A scale without gauge numbers reads 00 as the number 0.
    #expect(throws: ConvError.self) { _ = try Self.catalog.convert(spelling + "/0 dBm", to: "mW") }
  }

  @Test(
    "Functions of the scale syntax",
    arguments: [
      ("10^(x/10)", 20.0, 100.0), ("10 log10(x)", 1000.0, 30.0), ("ln(x)/2", exp(2.0), 1.0),
      ("exp(2 x)", 1.0, exp(2.0)),
      ("2^(x/1200)", 1200.0, 2.0), ("1200 log2(x)", 2.0, 1200.0), ("sqrt(x)", 0.6, 0.6.squareRoot()),
      ("0.836 x^(3/2)", 4.0, 0.836 * 8), ("-x + 3", 1.0, 2.0), ("table(x, 1 275, 10 500)", 4.0, 350.0),
      ("table(x, 1/4 225, 1/2 250, 1 275)", 0.75, 262.5), ("141.5/(131.5 + x)", 10.0, 1.0), ("pi x", 1.0, Double.pi),
    ])
  func functions(_ text: String, _ x: Double, _ expected: Double) throws {
    let function = try ScaleFunction(text, variable: "x")
    #expect(abs(function(x) - expected) <= 1e-14 * max(1, abs(expected)), "\(text) at \(x): \(function(x))")
  }

  @Test(
    "Malformed scale functions are refused with a message",
    arguments: [
      "", "10^(x/10", "log(x)", "y + 1", "table(x, 2 1, 1 2)", "table(x, 1 2)", "x +", "1..2 x",
    ])
  func malformed(_ text: String) {
    #expect(throws: ScaleFunctionError.self) { _ = try ScaleFunction(text, variable: "x") }
  }

  @Test(
    "The pure-Swift ln, exp and pow agree with the C library",
    arguments: [
      1e-300, 1e-10, 0.001, 0.5, 0.7071, 1, 1.0000001, 2, 2.718281828, 10, 92, 1e5, 1e100, 1.7e308,
    ])
  func elementary(_ x: Double) {
    #expect(abs(RealFunctions.ln(x) - Foundation.log(x)) <= 4 * Foundation.log(x).ulp.magnitude + 1e-300)
    #expect(abs(RealFunctions.log10(x) - Foundation.log10(x)) <= 4 * max(Foundation.log10(x).ulp, 1e-16))
    let e = min(Foundation.log(x), 700)
    #expect(abs(RealFunctions.exp(e) - Foundation.exp(e)) <= 8 * Foundation.exp(e).ulp)
    #expect(abs(RealFunctions.pow(x, 0.37) - Foundation.pow(x, 0.37)) <= 8 * Foundation.pow(x, 0.37).ulp)
  }

  @Test("Two scales of different categories do not convert (octave is not a decibel)")
  func categoriesApart() {
    #expect(throws: ConvError.self) { _ = try Self.catalog.convert("1 octave", to: "dB") }
    #expect(throws: ConvError.self) { _ = try Self.catalog.convert("4 gas mark", to: "ΔK") }
  }
}
