import ConvApp
import ConvFormat
import ConvKit
import Testing

/// Narrow terminals: the symbols and values of the two columns show in full, the names give way.
@Suite("REPL layout at every width")
struct ReplLayoutWidthTests {
  /// Widths drawn. Everything fits from 62 columns: the widest symbol (`BTU_th·in/h·ft²·°F`) and
  /// a small number in scientific notation (`1.0256859 × 10⁻⁵`, from 1e-4 down since issue 38).
  static let widths = [40, 44, 48, 52, 56, 60, 62, 64, 72, 80, 100, 120, 160, 200]

  /// What a drawn row must show in full, with where it failed.
  struct Check {
    let columns: ReplColumns
    let rows: Int
    let width: Int

    /// The lines of the two columns, each checked: exactly `width` wide; every drawn source's
    /// symbol and every drawn destination's number and symbol whole (not cut by an ellipsis) when
    /// they fit side by side, else the destinations' when they fit beside the rule. With
    /// `mustFit`, not fitting is a problem too. Returns the problems.
    func problems(mustFit: Bool) -> [String] {
      let (left, right) = needs
      let full = left + 3 + right <= width
      var found: [String] = []
      if mustFit && !full {
        found.append("symbols and values take \(left) + \(right) columns: they do not fit in \(width)")
      }
      return found + problems(full: full, rightFull: full || right + 4 <= width)
    }

    /// The columns the symbols and values of the drawn rows take: marker and symbol on the left;
    /// marker, relation, aligned number, symbol and favorite mark on the right.
    var needs: (left: Int, right: Int) {
      let drawnSources = ReplLayout.drawn(
        ReplLayout.window(
          count: columns.sources.count, selected: columns.sourceIndex,
          rows: rows, center: (rows - 1) / 2))
      let drawn = ReplLayout.drawnDestinations(columns, rows: rows).map { columns.destinations[$0] }
      let numbers = ColumnAligner.align(drawn.compactMap { $0.value?.number }, color: false)
      let left = 2 + (drawnSources.map { DisplayWidth.of(columns.sources[$0].symbol) }.max() ?? 0)
      let right =
        4 + (numbers.map { DisplayWidth.of($0) }.max() ?? 0) + 1
        + (drawn.map { DisplayWidth.of($0.row.symbol) }.max() ?? 0) + (drawn.contains { $0.row.isFavorite } ? 3 : 0)
      return (left, right)
    }

    private func problems(full: Bool, rightFull: Bool) -> [String] {
      let style = ReplStyle(color: false, ascii: false)
      let lines = ReplLayout.columns(columns, rows: rows, width: width, style: style)
      let center = (rows - 1) / 2
      let left = ReplLayout.window(
        count: columns.sources.count, selected: columns.sourceIndex, rows: rows, center: center)
      let right = ReplLayout.window(
        count: columns.destinations.count, selected: columns.targetIndex, rows: rows,
        center: center)
      var problems: [String] = []
      for (row, line) in lines.enumerated() {
        if DisplayWidth.of(line) != width { problems.append("\(DisplayWidth.of(line)) columns: \(line)") }
        let parts = ReplText.plain(line).split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
          problems.append("no rule: \(line)")
          continue
        }
        if full, case .item(let index) = left[row] {
          let symbol = columns.sources[index].symbol
          if !Check.whole(symbol, in: parts[0].dropFirst(2)) { problems.append("source \(symbol) cut: \(line)") }
        }
        if full || rightFull, case .item(let index) = right[row], let value = columns.destinations[index].value {
          let number = value.number.plain
          let symbol = columns.destinations[index].row.symbol
          guard
            let range = parts[1].firstRange(of: " " + number + " ")
              ?? (parts[1].hasSuffix(" " + number) ? parts[1].endIndex..<parts[1].endIndex : nil)
          else {
            problems.append("value \(number) cut: \(line)")
            continue
          }
          let rest = parts[1][range.upperBound...].drop { $0 == " " }
          if !Check.whole(symbol, in: rest) { problems.append("destination \(symbol) cut: \(line)") }
        }
      }
      return problems
    }

    /// Whether `text` starts with the whole `symbol`, followed by a space or nothing.
    static func whole(_ symbol: String, in text: Substring) -> Bool {
      guard !symbol.isEmpty else { return true }
      guard text.hasPrefix(symbol) else { return false }
      let after = text.dropFirst(symbol.count)
      return after.isEmpty || after.first == " "
    }
  }

  // MARK: The longest of the catalog, laid out alone

  struct Rows: Sendable, CustomTestStringConvertible {
    let name: String
    /// Symbol and name of each unit.
    let units: [(String, String)]
    /// Each destination's number: leading part, power of ten, anchor column.
    let numbers: [(String, String, Int)]
    let favorite: Bool
    var testDescription: String { name }
  }

  static let rowSets: [Rows] = [
    Rows(
      name: "the longest symbols",
      units: [
        ("BTU_th·in/h·ft²·°F", "thermochemical BTU inch per hour square foot degree Fahrenheit"),
        ("m²·h·°C/kcal_IT", "square metre hour degree Celsius per IT kilocalorie"),
        ("W/(m·K)", "watt per metre kelvin"),
      ], numbers: [("1", "", 1), ("0.57778932", "", 1), ("12,754.311", "", 6)], favorite: false),
    Rows(
      name: "the longest numbers",
      units: [
        ("tP", "Planck time"), ("s", "second"), ("Gyr", "gigayear"),
      ], numbers: [("5.3912464", " × 10⁻⁴⁴", 1), ("8,046,720", "", 9), ("3.1688088", " × 10⁻¹⁷", 1)], favorite: true),
    Rows(
      name: "wide characters",
      units: [
        ("市斤", "市斤 jin, Chinese market catty"), ("台兩", "台兩 Taiwan tael"), ("匁", "匁 monme"),
      ], numbers: [("1,666.6667", "", 5), ("26.666667", "", 2), ("266.66667", "", 3)], favorite: true),
  ]

  static func columns(_ rows: Rows) -> ReplColumns {
    let units = rows.units.enumerated().map { index, unit in
      ReplColumns.Row(key: "\(index)", symbol: unit.0, name: unit.1, matches: true)
    }
    let destinations = zip(units, rows.numbers).map { unit, number in
      var row = unit
      row.isFavorite = rows.favorite
      return ReplColumns.Destination(
        row: row,
        value: ReplColumns.Value(
          relation: "≈", number: FormattedNumber(leading: number.0, exponent: number.1, anchorColumn: number.2),
          name: unit.name))
    }
    return ReplColumns(
      sources: units, sourceIndex: 1, destinations: destinations, targetIndex: 1, matching: 3, total: 3)
  }

  @Test(
    "the longest symbols, numbers and wide characters show in full when they fit, the right column's first",
    arguments: rowSets, widths)
  func longest(_ rows: Rows, _ width: Int) {
    let problems = Check(columns: Self.columns(rows), rows: 5, width: width).problems(mustFit: false)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }

  @Test(
    "the symbols of the longest rows are the catalog's",
    arguments: ["BTU_th·in/h·ft²·°F", "m²·h·°C/kcal_IT", "市斤", "台兩"])
  func catalogSymbols(_ symbol: String) throws {
    #expect(try Catalog.builtin.lookup(symbol).symbol == symbol)
  }

  @Test("no symbol of the catalog is wider than the longest laid out above")
  func longestSymbol() {
    let widest = Catalog.builtin.units.compactMap { $0.symbols.first.map(DisplayWidth.of) }.max()
    #expect(widest == DisplayWidth.of("BTU_th·in/h·ft²·°F"))
  }

  // MARK: Every category of the catalog

  /// Every category at a small, a plain and a long value, every unit drawn at once (so the
  /// numbers are aligned with the widest of the category).
  static let values = ["1", "0.000123", "123456789.125"]

  @Test(
    "every category, every unit drawn: symbols and values fit and show in full from 62 columns up",
    arguments: Catalog.builtin.categories.map(\.identifier))
  func everyCategory(_ identifier: String) throws {
    let options = ReplTestCatalog.options(color: false, ascii: false)
    var session = try #require(ReplSession(converter: Converter(catalog: .builtin, options: options), mode: .screen))
    _ = session.handle("cat " + identifier)
    for value in Self.values {
      guard session.handle(value).errors.isEmpty else { continue }  // below absolute zero, a scale's range
      var columns = session.columns()
      let rows = max(columns.sources.count, columns.destinations.count) + 2
      session.convertValues(of: &columns, rows: rows)
      for width in Self.widths {
        let problems = Check(columns: columns, rows: rows, width: width).problems(mustFit: width >= 62)
        #expect(problems.isEmpty, "\(identifier) \(value) at \(width): \(problems.prefix(3).joined(separator: "\n"))")
      }
    }
  }
}
