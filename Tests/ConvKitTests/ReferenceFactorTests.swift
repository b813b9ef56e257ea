import Foundation
import Testing

@testable import ConvKit

/// Checks built-in factors against an independent table entered from NIST SP 811 Appendix B
/// (see Fixtures/README.md).
@Suite("Reference factors (NIST SP 811)")
struct ReferenceFactorTests {
  struct Row: Sendable, CustomTestStringConvertible {
    let line: Int
    let from: String
    let to: String
    let nistValue: String
    let exactValue: String
    let source: String
    var testDescription: String { "\(from) → \(to) (line \(line))" }
  }

  static let rows: [Row] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/nist-sp811-b.tsv")
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
    var rows: [Row] = []
    var sawHeader = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("#") || line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
      if !sawHeader {
        sawHeader = true
        continue
      }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard fields.count >= 5 else { continue }
      rows.append(
        Row(
          line: index + 1, from: fields[0], to: fields[1], nistValue: fields[2], exactValue: fields[3],
          source: fields[4]))
    }
    return rows
  }()

  @Test("The table has at least 300 rows")
  func size() {
    #expect(Self.rows.count >= 300)
  }

  @Test("Factor agrees with the reference", arguments: rows)
  func factor(_ row: Row) throws {
    let result = try Catalog.builtin.convert("1 " + row.from, to: row.to)
    let value = result.rational
    if !row.exactValue.isEmpty {
      let expected = try #require(Self.parseExact(row.exactValue), "cannot read \(row.exactValue)")
      if result.isExact {
        #expect(value == expected, "got \(value.rounded(significantDigits: 20).plainString)")
      } else {
        let relative = ((value - expected) / expected).magnitude
        #expect(
          relative <= Rational(decimalLiteral: "1e-12")!,
          "got \(value.rounded(significantDigits: 20).plainString)")
      }
    }
    // NIST's printed value must agree to within half a unit of its last printed digit.
    let nist = try #require(Self.parseDecimal(row.nistValue), "cannot read \(row.nistValue)")
    let halfUnit = Self.halfUnitOfLastDigit(row.nistValue)
    #expect(
      (value - nist).magnitude <= halfUnit * Rational(decimalLiteral: "1.000001")!,
      "got \(value.rounded(significantDigits: 12).plainString), NIST \(row.nistValue)")
  }

  static func parseDecimal(_ text: String) -> Rational? {
    let negative = text.hasPrefix("-")
    let body = negative ? String(text.dropFirst()) : text
    guard let value = Rational(decimalLiteral: body.replacingOccurrences(of: " ", with: "")) else { return nil }
    return negative ? -value : value
  }

  static func parseExact(_ text: String) -> Rational? {
    let parts = text.split(separator: "/")
    if parts.count == 2, let n = parseDecimal(String(parts[0])), let d = parseDecimal(String(parts[1])) {
      return n / d
    }
    return parseDecimal(text)
  }

  /// Half of one unit in the last printed digit: 3.048e-1 → 0.0005e-1.
  static func halfUnitOfLastDigit(_ text: String) -> Rational {
    var mantissa = text.lowercased()
    var exponent = 0
    if let e = mantissa.firstIndex(of: "e") {
      exponent = Int(mantissa[mantissa.index(after: e)...]) ?? 0
      mantissa = String(mantissa[..<e])
    }
    let decimals = mantissa.split(separator: ".").dropFirst().first?.count ?? 0
    return Rational.powerOfTen(exponent - decimals) / Rational(2)
  }
}
