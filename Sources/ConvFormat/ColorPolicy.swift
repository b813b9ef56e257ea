/// Decides whether output gets colour and dimming escape codes.
public enum ColorPolicy {
  /// The user's choice, as given by a `--color` option.
  public enum Option: String, Sendable, Hashable, CaseIterable {
    /// Colour on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
    case auto
    /// Colour always, whatever the environment says.
    case always
    /// Never colour.
    case never
  }

  /// Whether to colour, given the option, the environment and whether output goes to a terminal.
  ///
  /// `always` and `never` win outright. `auto` colours only a terminal, and not when `NO_COLOR` is set
  /// to a non-empty value (https://no-color.org) or `TERM` is `dumb`.
  public static func resolve(option: Option, environment: [String: String], isTerminal: Bool) -> Bool {
    switch option {
    case .always: return true
    case .never: return false
    case .auto:
      guard isTerminal else { return false }
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      return environment["TERM"] != "dumb"
    }
  }
}
