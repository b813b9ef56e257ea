import ConvFormat
import ConvKit

/// Turns exact values into the text people and scripts see, honouring `OutputOptions`.
///
/// Formatter objects are created once per presenter and reused for every value.
package struct ValuePresenter: Sendable {
  /// The options in force.
  package let options: OutputOptions
  private let numberFormatter: QuantityNumberFormatter
  private let nameFormatter: UnitNameFormatter

  /// Creates a presenter for a set of options.
  package init(options: OutputOptions) {
    self.options = options
    numberFormatter = QuantityNumberFormatter(style: options.humanStyle)
    nameFormatter = UnitNameFormatter(width: options.longNames ? .long : .symbol, style: options.humanStyle)
  }

  /// The value rounded for display (or exact, with `--exact`), before formatting.
  package func digits(of value: Magnitude, isExact: Bool) -> DecimalDigits {
    let rational = value.approximation
    if options.exact, value.isRational, var exact = rational.terminatingDecimal {
      exact.isExact = isExact
      return exact
    }
    var rounded = displayRounding { rational.rounded(significantDigits: $0) }!
    rounded.isExact = rounded.isExact && isExact && value.isRational
    return rounded
  }

  /// Rounds for display with `options.digits` and `options.notation` (see `DisplayRounding`).
  package func displayRounding(_ round: (Int) -> DecimalDigits?) -> DecimalDigits? {
    DisplayRounding.rounded(digits: options.digits, notation: options.notation, round)
  }

  /// A number the user typed, exactly: every digit of a decimal (`9.99999999`), a fraction as
  /// such (`1/3`).
  package func exactNumber(_ number: Rational) -> String {
    guard let digits = number.terminatingDecimal else { return number.description }
    return numberFormatter.format(digits).styled
  }

  /// The formatted number for human output, with `--exact` showing fractions (`250/9`) when
  /// the value does not terminate.
  /// ``humanNumber(_:isExact:)`` in a unit: a whole gauge number below one, as shown, is written
  /// as gauges write it (`0000 AWG`, not `-3 AWG`).
  package func humanNumber(_ value: Magnitude, isExact: Bool, in unit: PrefixedUnit?) -> FormattedNumber {
    if let scale = unit?.unit.scale, scale.readsGaugeNumbers {
      if let spelling = scale.gaugeSpelling(digits(of: value, isExact: isExact).rational) {
        return FormattedNumber(verbatim: spelling)
      }
    }
    return humanNumber(value, isExact: isExact)
  }

  /// Digits already rounded, in the locale's format (an amount of money by the money rule).
  package func formatted(_ digits: DecimalDigits) -> FormattedNumber { numberFormatter.format(digits) }

  package func humanNumber(_ value: Magnitude, isExact: Bool) -> FormattedNumber {
    if options.exact, !(value.isRational && value.rational.terminatingDecimal != nil) {
      return FormattedNumber(verbatim: exactText(value))
    }
    return numberFormatter.format(digits(of: value, isExact: isExact))
  }

  /// The exact value as text: a terminating decimal, a fraction, and powers of π as a
  /// mathematician writes them (`100π`, `π/2`, `3π/4`, `180/π`, `1/(2π)`).
  package func exactText(_ value: Magnitude) -> String { exactText(value, ascii: options.ascii) }

  /// ``exactText(_:)`` in ASCII or not: ASCII writes `pi`, `*` and `^` (`pi/180`, `2*pi`, `pi^2/4`),
  /// the form of script output (`-t --exact`, JSON's `exact_value`).
  package func exactText(_ value: Magnitude, ascii: Bool) -> String {
    let rational = value.rational
    guard value.piPower != 0 else { return rational.terminatingDecimal?.plainString ?? rational.description }
    let exponent = value.piPower.magnitude
    let pi =
      (ascii ? "pi" : "π")
      + (exponent == 1 ? "" : ascii ? "^\(exponent)" : superscript(Int(exponent)))
    let sign = rational.isNegative ? "-" : ""
    let numerator = rational.numerator.magnitude
    let denominator = rational.denominator
    let times = ascii ? "*" : ""
    if value.piPower > 0 {
      let top = numerator == .one ? pi : numerator.description + times + pi
      return sign + top + (denominator == .one ? "" : "/" + denominator.description)
    }
    let bottom = denominator == .one ? pi : "(" + denominator.description + times + pi + ")"
    return sign + numerator.description + "/" + bottom
  }

  /// `=` when the shown value is exactly the result, `≈` (ASCII `~`) when it was rounded.
  package func relation(exact: Bool) -> String {
    exact ? "=" : (options.ascii ? "~" : "≈")
  }

  /// The label after a number: a symbol, an English name with the right plural, or (for a
  /// localized long name) the whole localized quantity.
  package func label(for value: DecimalDigits, unit: UnitExpression) -> UnitLabel {
    // A unit without a symbol is written by its name: singular for exactly one, else plural.
    if !options.longNames, let single = unit.singleUnit, single.unit.symbols.isEmpty {
      return .unit(plainLabel(unit).text(for: value))
    }
    guard options.longNames, let single = unit.singleUnit else { return .unit(symbol(unit)) }
    let names = UnitDisplayNames(
      symbol: single.symbol, singular: single.name, plural: single.plural,
      cldrID: ValuePresenter.cldrIdentifier(for: single))
    return nameFormatter.label(for: value, unit: names)
  }

  /// The CLDR identifier of a possibly prefixed unit: `length-kilometer` for km from the
  /// metre's `length-meter` (ICU falls back to English names for combinations it lacks).
  static func cldrIdentifier(for unit: PrefixedUnit) -> String? {
    guard let base = unit.unit.cldrIdentifier else { return nil }
    guard let prefix = unit.prefix else { return base }
    guard let dash = base.firstIndex(of: "-") else { return nil }
    return base[..<dash] + "-" + prefix.name + base[base.index(after: dash)...]
  }

  /// Whether ``quantityText(_:label:)`` writes what ``quantityText(_:isExact:unit:)`` writes: not
  /// with `--exact` (fractions, π) nor with long names (localized, pluralized).
  package var writesPlainQuantities: Bool { !options.exact && !options.longNames }

  /// A rounded number and a unit label, as ``quantityText(_:isExact:unit:)`` writes them when
  /// ``writesPlainQuantities``: `8.04672 km`.
  package func quantityText(_ shown: DecimalDigits, label: String) -> String {
    let number = numberFormatter.format(shown).styled
    return label.isEmpty ? number : number + " " + label
  }

  /// Appends the bytes of ``quantityText(_:label:)`` and returns true when the number format
  /// allows it without building strings (English); returns false, appending nothing, otherwise.
  package func appendQuantity(_ shown: DecimalDigits, label: String, to bytes: inout [UInt8]) -> Bool {
    guard numberFormatter.append(shown, to: &bytes) else { return false }
    if !label.isEmpty {
      bytes.append(UInt8(ascii: " "))
      bytes.append(contentsOf: label.utf8)
    }
    return true
  }

  /// The label ``quantityText(_:isExact:unit:)`` puts after a number when
  /// ``writesPlainQuantities``, for any number: a symbol, or a name in the singular and the plural.
  package func plainLabel(_ unit: UnitExpression) -> PlainLabel {
    if let single = unit.singleUnit, single.unit.symbols.isEmpty {
      return PlainLabel(singular: display(single.name), plural: display(single.plural))
    }
    let symbol = symbol(unit)
    return PlainLabel(singular: symbol, plural: symbol)
  }

  /// The label of the unit a user typed, as the echo shows it: the spelling typed (`year`, `kcal`,
  /// `sq ft`, `short ton`; in ASCII output transliterated), not the catalog's symbol (`a`, `Cal`,
  /// `ft²`, `tn`) that the user may not know; or, when `asTyped` is false (a spelling with
  /// several readings: `pt`), the catalog's label, which names the reading (`point`).
  package func typedLabel(_ unit: UnitExpression, asTyped: Bool) -> PlainLabel {
    let text = unit.text.favoritesTrimmed
    guard asTyped, !text.isEmpty else { return plainLabel(unit) }
    // A unit typed by its name is written by its name, in the singular or plural the number
    // takes (`1.5 cups`, `2 years`).
    if let single = unit.singleUnit, [single.name.lowercased(), single.plural.lowercased()].contains(text.lowercased())
    {
      return PlainLabel(singular: display(single.name), plural: display(single.plural))
    }
    return PlainLabel(singular: display(text), plural: display(text))
  }

  /// A number the user typed and its unit, the number exact: `9.99999999 m`, `1/3 cup`; the unit
  /// as typed or by the catalog's label (``typedLabel(_:asTyped:)``). Long names (`-l`) are the
  /// catalog's names.
  package func typedQuantityText(_ number: Rational, unit: UnitExpression, asTyped: Bool) -> String {
    // A fraction below one reads as singular (`1/3 cup`), as `1` does.
    let one = DecimalDigits(isNegative: false, digits: "1", exponent: 0, isExact: true)
    let digits =
      number.terminatingDecimal ?? (number.magnitude < .one ? one : number.rounded(significantDigits: options.digits))
    if !options.longNames {
      let shown = exactNumber(number)
      let label = typedLabel(unit, asTyped: asTyped).text(for: digits)
      return label.isEmpty ? shown : shown + " " + label
    }
    switch label(for: digits, unit: unit) {
    case .unit(let text):
      let shown = exactNumber(number)
      return text.isEmpty ? shown : shown + " " + text
    case .quantity(let localized):
      return localized.styled
    }
  }

  /// A number and its unit: `8.04672 km`, `5 miles`, `5 Meilen`.
  package func quantityText(_ value: Magnitude, isExact: Bool, unit: UnitExpression) -> (text: String, exact: Bool) {
    let shown = digits(of: value, isExact: isExact)
    let number = humanNumber(value, isExact: isExact, in: unit.singleUnit)
    // With --exact every digit, fraction or power of π is shown: the text is exact when the
    // conversion is.
    let exact = options.exact ? isExact : shown.isExact
    switch label(for: shown, unit: unit) {
    case .unit(let text):
      return (number.styled + (text.isEmpty ? "" : " " + text), exact)
    case .quantity(let localized):
      return (localized.styled, exact)
    }
  }

  /// The symbol shown for a unit expression: its catalog unit's symbol, in ASCII mode that unit's
  /// own ASCII spelling (`ASCIISymbol`); an expression as written, transliterated in ASCII mode.
  package func symbol(_ unit: UnitExpression) -> String {
    if options.ascii, let single = unit.singleUnit { return ASCIISymbol.of(single) }
    // An expression is shown as typed: escaped as `display` does.
    return unit.singleUnit == nil || options.ascii ? display(unit.displaySymbol) : unit.displaySymbol
  }

  /// The symbol shown for a catalog unit, as `symbol(_:)` does.
  package func symbol(_ unit: PrefixedUnit) -> String {
    options.ascii ? ASCIISymbol.of(unit) : unit.symbol
  }

  /// Text from the input or a file as human output shows it: terminal controls, line and
  /// paragraph separators and bidirectional overrides written as `<U+000B>` (`TerminalText`: batch
  /// output is written in blocks, not line by line through it), and non-ASCII text replaced in
  /// ASCII mode (unit symbols such as `°C` become `degC`-like forms).
  package func display(_ text: String) -> String {
    TerminalText.escaped(options.ascii ? ASCIIText.transliterate(text) : text)
  }

  private func superscript(_ value: Int) -> String {
    let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
    var text = value < 0 ? "⁻" : ""
    for character in String(value.magnitude) { text.append(digits[Int(character.asciiValue! - 48)]) }
    return text
  }
}

/// Replaces the non-ASCII characters that appear in unit symbols with ASCII spellings.
package enum ASCIIText {
  static let replacements: [Character: String] = [
    "°": "deg", "µ": "u", "μ": "u", "Ω": "ohm", "Δ": "delta_", "²": "^2", "³": "^3", "¹": "^1", "⁻": "^-",
    "·": "*", "×": "x", "′": "'", "″": "\"", "Å": "A", "‰": "permille", "ℓ": "l", "₀": "0", "₂": "2",
    "—": "-", "–": "-", "≈": "~", "℃": "degC", "℉": "degF", "π": "pi", "⁰": "0", "⁴": "4", "⁵": "5",
    "⁶": "6", "⁷": "7", "⁸": "8", "⁹": "9",
    // Letters of names (ångström, Rømer, Réaumur, łokieć, jō): the letter without its mark.
    "å": "a", "ä": "a", "á": "a", "à": "a", "â": "a", "ā": "a", "ą": "a", "ã": "a", "Ä": "A", "Á": "A",
    "é": "e", "è": "e", "ê": "e", "ë": "e", "ē": "e", "ę": "e", "ě": "e", "É": "E",
    "í": "i", "ì": "i", "î": "i", "ï": "i", "ī": "i", "ó": "o", "ò": "o", "ô": "o", "ö": "o", "ø": "o", "ō": "o",
    "õ": "o", "Ö": "O", "Ø": "O", "ú": "u", "ù": "u", "û": "u", "ü": "u", "ū": "u", "Ü": "U",
    "ç": "c", "č": "c", "ć": "c", "ñ": "n", "ń": "n", "ł": "l", "Ł": "L", "ś": "s", "š": "s", "ß": "ss",
    "ž": "z", "ż": "z", "ź": "z", "ř": "r", "ý": "y", "æ": "ae", "œ": "oe", "Æ": "AE",
    "☉": "sun", "⊕": "earth", "℔": "lb", "№": "No",
  ]

  /// The text with every non-ASCII character replaced (unknown ones by `?`).
  package static func transliterate(_ text: String) -> String {
    var out = ""
    for character in text {
      if character.isASCII {
        out.append(character)
      } else if let replacement = replacements[character] {
        out += replacement
      } else {
        out += "?"
      }
    }
    return out
  }
}

/// The label after a number in plain quantities: a unit's symbol, or for a unit known by its name
/// only, that name in the singular (for exactly one) or the plural.
package struct PlainLabel: Sendable {
  /// The label after exactly one.
  package let singular: String
  /// The label after any other number.
  package let plural: String

  /// The label after `value`.
  package func text(for value: DecimalDigits) -> String {
    !value.isNegative && value.digits == "1" && value.exponent == 0 ? singular : plural
  }
}
