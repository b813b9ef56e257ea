import ConvKit
import Testing

@testable import ConvApp

/// A batch line without a target (`5 mi`) is answered by a whole column; after a shape's first
/// lines, a remembered column (``ColumnPlan``) writes it from integer maps. Every line must be what
/// the exact path writes: the rows the value's size picks, their rounding and `=` or `≈`, the
/// names' number, the alignment and the count of units not shown.
@Suite("Batch columns")
struct BatchColumnTests {
  /// Units of many categories: everyday, prefixed, temperatures, reciprocals, names without
  /// symbols, a scale, money and units no column plan takes.
  static let units = [
    "mi", "km", "ft", "in", "nmi", "ly", "kg", "lb", "oz", "st", "g", "mg", "°C", "°F", "K", "mpg", "L/100km",
    "km/h", "mph", "min/km", "kn", "J", "kWh", "cal", "BTU", "W", "hp", "Pa", "psi", "bar", "L", "gal", "cup",
    "tbsp", "acre", "ha", "m^2", "s", "h", "d", "yr", "B", "GiB", "Hz", "rpm", "deg", "rad", "N", "lbf", "dBm",
    "AWG", "USD", "EUR", "pt", "year", "cups", "miles", "Mile", "kB", "µm", "nm", "ton", "t",
  ]

  /// Numbers of every size, so that the rows picked change from line to line.
  static func numbers(_ random: inout BatchConverterTests.Random) -> [String] {
    var numbers = ["0", "1", "-1", "-0", "0.001", "1000000", "123456789012345678", "0.000000001", "5.50", "1.0"]
    for _ in 0..<10 {
      let digits = String(random.below(1_000_000) + 1)
      let point = random.below(digits.count + 12)
      var number: String
      if point < digits.count {
        number = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      } else {
        number = String(repeating: "0", count: min(point - digits.count, 10)) + digits
        if random.below(2) == 0 { number = "0." + String(repeating: "0", count: random.below(9)) + digits }
      }
      if random.below(6) == 0 { number = "-" + number }
      numbers.append(number)
    }
    return numbers
  }

  static func lines(seed: UInt64) -> [String] {
    var random = BatchConverterTests.Random(state: seed)
    var lines: [String] = []
    for unit in units {
      for number in numbers(&random) { lines.append(number + " " + unit) }
    }
    // Interleaved, so that every unit's shape is made early and serves numbers of every size.
    var shuffled: [String] = []
    for index in 0..<lines.count { shuffled.append(lines[(index * 7919) % lines.count]) }
    return shuffled
  }

  static let variants: [String] = BatchConverterTests.humanVariants + ["us", "imperial", "si"]

  static func options(_ variant: String) -> OutputOptions {
    guard ["us", "imperial", "si"].contains(variant) else { return BatchConverterTests.humanOptions(variant) }
    var options = OutputOptions()
    options.mode = .human
    options.measurementSystem = MeasurementSystem(rawValue: variant)
    return options
  }

  @Test("Columns of every category and size are what the exact path writes", arguments: variants)
  func sameAsExactPath(_ variant: String) {
    let converter = Converter(catalog: .builtin, options: Self.options(variant))
    let batch = BatchConverter(converter: converter)
    let lines = Self.lines(seed: 35)
    let differences = BatchFamilyTests.differences(lines, converter, batch: batch)
    #expect(differences.isEmpty, "\(differences.count) lines differ: \(differences.prefix(3))")
    // Plain human output writes most columns from the plan; the variants the plan leaves to the
    // exact path write none.
    if ["long names", "exact", "verbose"].contains(variant) {
      #expect(batch.columnLineCount == 0)
    } else {
      #expect(batch.columnLineCount > lines.count / 2, "\(batch.columnLineCount) of \(lines.count) lines")
    }
  }

  @Test("A remembered column follows the settings file's column and --all through the exact path")
  func settingsTakeExactPath() {
    var options = OutputOptions()
    options.mode = .human
    options.columnUnits = ["length": ["km", "ft"]]
    for all in [false, true] {
      options.allUnits = all
      let converter = Converter(catalog: .builtin, options: options)
      let batch = BatchConverter(converter: converter)
      let lines = ["5 mi", "6 mi", "7.5 mi", "8 mi", "0.001 mi", "5 kg", "6 kg", "7 kg"]
      let differences = BatchFamilyTests.differences(lines + lines, converter, batch: batch)
      #expect(differences.isEmpty, "\(differences.prefix(3))")
      #expect(batch.columnLineCount == (all ? 0 : 4), "all: \(all)")
    }
  }
}
