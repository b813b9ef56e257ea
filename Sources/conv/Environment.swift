import ConvFormat
import ConvKit

/// What the process learns from its environment: variables and whether streams are terminals.
struct Environment {
  /// Environment variables.
  let variables: [String: String]
  /// Whether standard input is a terminal.
  let stdinIsTerminal: Bool
  /// Whether standard output is a terminal.
  let stdoutIsTerminal: Bool

  /// Reads the current process's environment.
  static let current: Environment = {
    Environment(
      variables: SystemCalls.environment(), stdinIsTerminal: SystemCalls.isTerminal(0),
      stdoutIsTerminal: SystemCalls.isTerminal(1))
  }()

  /// Whether the locale's character set is UTF-8 (else output is ASCII only).
  var isUTF8: Bool { LocaleResolver.resolve(environment: variables).isUTF8 }

  /// The user's home folder: `$HOME`, else the user's entry in `/etc/passwd`; empty when neither
  /// says (files under it are then neither read nor written).
  var home: String {
    if let home = variables["HOME"], home.hasPrefix("/") { return home }
    return PasswordFile.home(of: SystemCalls.userID) ?? ""
  }

  /// Whether a home folder is known (else default file locations are unknown).
  var hasHome: Bool { !home.isEmpty }

  /// `$XDG_CONFIG_HOME`, else `~/.config`.
  var configHome: String {
    if let value = variables["XDG_CONFIG_HOME"], value.hasPrefix("/") { return value }
    return hasHome ? home + "/.config" : ""
  }

  /// `$XDG_CACHE_HOME`, else `~/.cache`.
  var cacheHome: String {
    if let value = variables["XDG_CACHE_HOME"], value.hasPrefix("/") { return value }
    return hasHome ? home + "/.cache" : ""
  }

  /// Today in UTC: `$CONV_TODAY` (`YYYY-MM-DD`, for tests) when set, else the system clock.
  var today: CalendarDate {
    if let text = variables["CONV_TODAY"], let date = CalendarDate(text) { return date }
    return CalendarDate(daysSinceEpoch: SystemCalls.secondsSinceEpoch() / 86_400)
  }

  /// `$XDG_STATE_HOME`, else `~/.local/state`.
  var stateHome: String {
    if let value = variables["XDG_STATE_HOME"], value.hasPrefix("/") { return value }
    return hasHome ? home + "/.local/state" : ""
  }
}
