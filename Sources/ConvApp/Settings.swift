import ConvFormat

/// Defaults from the settings file (`$XDG_CONFIG_HOME/conv/settings`): `key = value` lines.
///
/// Keys: `digits` (1–40), `notation` (auto, plain, scientific), `color` (auto, always, never),
/// `ascii` (true, false). `#` starts a comment. Command-line flags win over the file.
public struct Settings: Sendable, Hashable {
  public var digits: Int?
  public var notation: NumberNotation?
  public var color: ColorPolicy.Option?
  public var ascii: Bool?

  /// No settings.
  public init() {}

  /// Parses the settings file text; problems are reported as `PATH:LINE: message`.
  public static func parse(_ text: String, path: String) throws(SettingsError) -> Settings {
    var settings = Settings()
    for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let trimmed = line.split(separator: "=", maxSplits: 1).map { String($0.filter { !$0.isWhitespace }) }
      if trimmed.allSatisfy(\.isEmpty) { continue }
      func fail(_ message: String) -> SettingsError { SettingsError(path: path, line: number + 1, message: message) }
      guard trimmed.count == 2 else { throw fail("expected 'key = value'") }
      let (key, value) = (trimmed[0].lowercased(), trimmed[1].lowercased())
      switch key {
      case "digits":
        guard let digits = Int(value), (1...40).contains(digits) else { throw fail("digits must be 1 to 40") }
        settings.digits = digits
      case "notation":
        guard let notation = NumberNotation(rawValue: value) else {
          throw fail("notation must be \(NumberNotation.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        settings.notation = notation
      case "color", "colour":
        guard let color = ColorPolicy.Option(rawValue: value) else { throw fail("color must be auto, always or never") }
        settings.color = color
      case "ascii":
        guard value == "true" || value == "false" else { throw fail("ascii must be true or false") }
        settings.ascii = value == "true"
      default:
        throw fail("unknown setting '\(key)' (expected digits, notation, color, ascii)")
      }
    }
    return settings
  }
}

/// A problem in the settings file.
public struct SettingsError: Error, Sendable, CustomStringConvertible {
  public let path: String
  public let line: Int
  public let message: String
  public var description: String { "\(path):\(line): \(message)" }
}
