import ConvKit
import Testing

@testable import ConvApp

/// The whole column of a quantity at or below zero: its reciprocal units have no value (`0 mph`
/// has no pace), so they are named in a note (an error object in JSON) and every other row shows.
/// The column used to fail whole on the first of them.
@Suite("Column rows without a value")
struct ColumnWithoutValueTests {
  static func converter(_ mode: OutputMode = .human) -> Converter {
    var options = OutputOptions()
    options.mode = mode
    return Converter(catalog: .builtin, options: options)
  }

  /// Input, the units that must be named as without a value, a unit that must still show.
  static let cases: [(String, [String], String)] = [
    ("0 mph", ["min/mi", "min/km"], "km/h"),
    ("-5 mph", ["min/mi", "min/km"], "m/s"),
    ("0 km/h", ["min/km"], "mph"),
    ("-0.5 m/s", ["min/km"], "km/h"),
    ("0 mpg", ["L/100km", "gal/100mi"], "km/L"),
    ("0 km/L", ["L/100km", "gal/100mi"], "mpg"),
    ("0 L/100km", ["km/L", "mpg"], "gal/100mi"),
    ("0 min/km", ["km/h", "mph"], "min/mi"),
    ("0 gal/100mi", ["mpg"], "L/100km"),
  ]

  @Test("Human output names the units without a value and shows the others", arguments: cases)
  func human(_ text: String, _ missing: [String], _ shown: String) throws {
    let converter = Self.converter()
    let output = try converter.convert(converter.request(line: text)).get()
    let note = try #require(output.notes.last)
    for unit in missing {
      #expect(note.contains(unit), "\(text): \(unit) not in \(note)")
      #expect(!output.lines.contains { $0.contains(" \(unit) ") }, "\(text): a row for \(unit)")
    }
    #expect(note.hasPrefix("note: ") && note.contains("no value"))
    #expect(output.lines.contains { $0.contains(" \(shown) ") }, "\(text): no row for \(shown) in \(output.lines)")
  }

  @Test("JSON keeps each unit without a value as an object with its error", arguments: cases)
  func json(_ text: String, _ missing: [String], _ shown: String) throws {
    let converter = Self.converter(.json)
    let output = try converter.convert(converter.request(line: text)).get()
    let line = try #require(output.lines.first)
    for unit in missing {
      #expect(line.contains("{\"target\":\"\(unit)\",\"error\":"), "\(text): \(unit) in \(line)")
    }
    #expect(line.contains("\"target\":\"\(shown)\",\"result\":"), "\(text): \(shown) in \(line)")
  }

  @Test("A quantity above zero has every row and no note", arguments: ["5 mph", "30 mpg", "5 min/km", "1e-30 km/L"])
  func positive(_ text: String) throws {
    let converter = Self.converter()
    let output = try converter.convert(converter.request(line: text)).get()
    #expect(!output.notes.contains { $0.contains("no value") })
  }

  /// Every unit of every category at zero: the column shows, or fails for a reason of its own,
  /// never because one of its rows is a reciprocal.
  @Test("Zero in every unit of every category has a column")
  func everyCategoryAtZero() throws {
    let converter = Self.converter()
    var failures: [String] = []
    for category in Catalog.builtin.categories {
      for unit in Catalog.builtin.columnUnits(in: category).prefix(12) where unit.unit.scale == nil {
        let line = "0 " + unit.symbol
        if case .failure(let failure) = converter.convert(converter.request(line: line)) {
          switch failure.error {
          case .reciprocalOfZero, .reciprocalOfNegative: failures.append("\(line): \(failure.error.message)")
          default: continue
          }
        }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}
