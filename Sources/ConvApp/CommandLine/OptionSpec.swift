/// One option of a command, as `--help`, the parser and shell completion see it.
///
/// A flag (`-t`, `--terse`) has no `valueName`; an option with a value (`--digits <n>`) has one,
/// and may list the values it accepts (`--notation`: auto, plain, scientific).
package struct OptionSpec: Sendable {
  /// The long name without its dashes: `terse` for `--terse`.
  package let long: String
  /// The one-letter name, if any: `t` for `-t`.
  package let short: Character?
  /// The value's name in help (`n` in `--digits <n>`); nil for a flag.
  package let valueName: String?
  /// The values accepted, when they are a fixed list (shown in help, offered by completion).
  package let values: [String]
  /// Other spellings accepted for them, neither shown nor offered (`automatic` for `auto`).
  package let synonyms: [String]
  /// One sentence for `--help`.
  package let help: String

  package init(
    _ long: String, short: Character? = nil, value valueName: String? = nil, values: [String] = [],
    synonyms: [String] = [], help: String
  ) {
    self.long = long
    self.short = short
    self.valueName = valueName
    self.values = values
    self.synonyms = synonyms
    self.help = help
  }

  /// Whether the option takes a value.
  package var takesValue: Bool { valueName != nil }

  /// `--terse`.
  package var longSpelling: String { "--" + long }

  /// The spellings as typed, short first: `-t`, `--terse`.
  package var spellings: [String] { (short.map { ["-" + String($0)] } ?? []) + [longSpelling] }
}
