import ConvFormat
import ConvKit

/// Defaults from the settings file (`$XDG_CONFIG_HOME/conv/settings`): `key = value` lines.
///
/// Keys: `digits` (1–40), `notation` (auto, plain, scientific), `color` (auto, always, never),
/// `ascii` (true, false), `system` (si, us, imperial: whose everyday units the whole column shows
/// first, instead of the locale's), and `column.CATEGORY` (the units, comma-separated, that the
/// whole column of a category shows, in that order). `#` starts a comment. Command-line flags win
/// over the file.
package struct Settings: Sendable, Hashable {
  package var digits: Int?
  package var notation: NumberNotation?
  package var color: ColorPolicy.Option?
  package var ascii: Bool?
  package var system: MeasurementSystem?
  /// The units of the whole column per category identifier, as written (`km, mi, ft`).
  package var columns: [String: [String]] = [:]

  /// No settings.
  package init() {}

  /// The keys of the file.
  package static let keys = ["digits", "notation", "color", "ascii", "system", "column.CATEGORY"]

  /// Words people use for a key (`precision = 4`), and the key they mean.
  static let synonyms = [
    "precision": "digits", "decimals": "digits", "significant": "digits", "places": "digits",
    "format": "notation", "colors": "color", "colours": "color", "unicode": "ascii",
  ]

  /// Parses the settings file text, with every problem found (one per line, in line order; each
  /// described as `PATH:LINE: message`). The settings are meaningful only when no problem is an
  /// error: an unknown key is a warning (``SettingsError/isWarning``), named with the key meant
  /// and otherwise ignored, so that a typo does not stop every command.
  package static func parse(_ text: String, path: String) -> (settings: Settings, problems: [SettingsError]) {
    var settings = Settings()
    var problems: [SettingsError] = []
    for (number, rawLine) in text.fileLines.enumerated() {
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let parts = line.split(separator: "=", maxSplits: 1)
      let trimmed = parts.map { String($0.filter { !$0.isWhitespace }) }
      if trimmed.allSatisfy(\.isEmpty) { continue }
      let message: String?
      if trimmed.count == 2, trimmed[0].lowercased().hasPrefix("column.") {
        // Unit spellings are case-sensitive (`MB`, `mb`) and may hold spaces (`mpg imp`).
        message = settings.setColumn(String(trimmed[0].lowercased().dropFirst("column.".count)), String(parts[1]))
      } else {
        message =
          trimmed.count == 2
          ? settings.set(trimmed[0].lowercased(), trimmed[1].lowercased())
          : "expected 'key = value'"
      }
      if let message {
        problems.append(
          SettingsError(path: path, line: number + 1, message: message, isWarning: message.hasPrefix("unknown setting"))
        )
      }
    }
    return (settings, problems)
  }

  /// Sets one key from its value (both lowercased); returns what is wrong, or nil.
  private mutating func set(_ key: String, _ value: String) -> String? {
    switch key {
    case "digits":
      guard let digits = Int(value), (1...40).contains(digits) else { return "digits must be 1 to 40" }
      self.digits = digits
    case "notation":
      guard let notation = NumberNotation(name: value) else { return "notation must be auto, plain or scientific" }
      self.notation = notation
    case "color", "colour":
      guard let color = ColorPolicy.Option(rawValue: value) else { return "color must be auto, always or never" }
      self.color = color
    case "ascii":
      guard value == "true" || value == "false" else { return "ascii must be true or false" }
      ascii = value == "true"
    case "system":
      guard let system = MeasurementSystem(rawValue: value) else { return "system must be si, us or imperial" }
      self.system = system
    default:
      let meant = Settings.synonyms[key] ?? NearWords.nearest(key, in: Settings.keys + ["colour"], limit: 1).first
      let hint = meant.map { "did you mean '\($0)'?" } ?? "the keys are " + Settings.keys.joined(separator: ", ")
      return "unknown setting '\(ConvError.printable(key))', ignored; " + hint
    }
    return nil
  }

  /// Sets the whole column of a category from its units, comma-separated (checked against the
  /// catalog when the column is shown); returns what is wrong, or nil.
  private mutating func setColumn(_ category: String, _ value: String) -> String? {
    let units = value.split(separator: ",").map { String($0.filter { $0 != "\t" }).trimmedSpaces }.filter {
      !$0.isEmpty
    }
    guard !category.isEmpty else { return "column.CATEGORY needs a category (column.length = km, mi, ft)" }
    guard !units.isEmpty else { return "column.\(category) needs units, comma-separated (column.length = km, mi, ft)" }
    columns[category] = units
    return nil
  }
}

extension String {
  /// The text without spaces at either end.
  fileprivate var trimmedSpaces: String {
    String(drop { $0 == " " }.droppingTrailingSpaces)
  }
}

extension NumberNotation {
  /// The names people write, in `--notation` and the settings file: auto, plain, scientific.
  package static let names = ["auto", "plain", "scientific"]

  /// The notation a name stands for: `auto` (or `automatic`), `plain` or `scientific`.
  package init?(name: String) {
    if name == "auto" {
      self = .automatic
    } else {
      self.init(rawValue: name)
    }
  }

  /// The name people write for the notation (`auto` for ``automatic``).
  package var name: String { self == .automatic ? "auto" : rawValue }
}

/// A problem in the settings file.
package struct SettingsError: Error, Sendable, CustomStringConvertible {
  package let path: String
  package let line: Int
  package let message: String
  /// A problem reported without stopping conv (an unknown key, ignored).
  package var isWarning = false

  /// Creates a problem.
  package init(path: String, line: Int, message: String, isWarning: Bool = false) {
    self.path = path
    self.line = line
    self.message = message
    self.isWarning = isWarning
  }
  package var description: String { "\(path):\(line): \(message)" }
}
