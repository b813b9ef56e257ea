/// Negative quantities on the command line (`conv -40 °F °C`, `conv -t "-10 lb" kg`): words that
/// start with a minus sign and a number are quantities, never options.
enum NegativeQuantities {
  /// Whether a word starts with a minus sign (`-`, `−`, `–`) followed by a digit, a decimal point
  /// and a digit, or a vulgar fraction (`-40`, `-10 lb`, `-.5`, `−½ cup`), or holds a space.
  static func isNegativeQuantity(_ word: String) -> Bool {
    // A word with a space in it is never an option (`- 4 m`).
    if word.hasPrefix("-") && word.contains(where: \.isWhitespace) && !word.hasPrefix("--") { return true }
    var scalars = word.unicodeScalars.makeIterator()
    guard let sign = scalars.next(), sign == "-" || sign == "\u{2212}" || sign == "\u{2013}",
          let first = scalars.next() else { return false }
    if ("0"..."9").contains(first) { return true }
    if first == ".", let second = scalars.next() { return ("0"..."9").contains(second) }
    return "½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒".unicodeScalars.contains(first)
  }

  /// The arguments with `--` put before the first negative quantity of a conversion, so that
  /// ArgumentParser never reads it as options (`-10 lb` as `-1`, `-40 fahrenheit` as `-h`…). Left
  /// as they are when a subcommand is named, when `--` comes earlier, or when an option follows
  /// the quantity (ArgumentParser then reads the whole line, as before).
  static func protect(_ arguments: [String]) -> [String] {
    guard let index = arguments.firstIndex(where: isNegativeQuantity) else { return arguments }
    let before = arguments[..<index]
    if before.contains("--") { return arguments }
    // Only flags and options before it: the quantity starts the words of the default command.
    if before.contains(where: { !$0.hasPrefix("-") && !isOptionValue($0, in: before) }) { return arguments }
    if before.first.map(QuickStart.isSubcommand) == true { return arguments }
    let after = arguments[(index + 1)...]
    if after.contains(where: { $0.hasPrefix("-") && !isNegativeQuantity($0) && $0 != "-" }) { return arguments }
    return Array(before) + ["--"] + Array(arguments[index...])
  }

  /// Whether a word before the quantity is the value of an option that takes one (`--digits 3`).
  private static func isOptionValue(_ word: String, in before: ArraySlice<String>) -> Bool {
    guard let position = before.lastIndex(of: word), position > before.startIndex else { return false }
    return ["--digits", "--notation", "--color"].contains(before[position - 1])
  }
}
