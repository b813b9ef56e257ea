/// Everything that can go wrong reading or converting a quantity, with what the user needs to fix it.
public enum ConvError: Error, Sendable, Equatable {
  /// Nothing to convert.
  case emptyInput
  /// A unit name that matches nothing; carries the token's span and up to three suggestions.
  case unknownUnit(String, span: SourceSpan, suggestions: [String])
  /// A category name that matches nothing.
  case unknownCategory(String, suggestions: [String])
  /// A character that cannot appear in an expression.
  case unexpectedCharacter(String, span: SourceSpan)
  /// Something other than what the grammar allows at this point.
  case syntax(String, span: SourceSpan)
  /// A number that cannot be read (`1.2.3`).
  case malformedNumber(String, span: SourceSpan)
  /// A number too large or too small to work with (`1e999999`).
  case numberOutOfRange(String, span: SourceSpan)
  /// An exact value whose numerator or denominator would exceed 4,500 digits (`(1/3)^24^24^17`).
  case exactValueTooLarge(span: SourceSpan)
  /// A power beyond what a dimension can hold (`m^99999`).
  case exponentTooLarge(Int, span: SourceSpan)
  /// A product, quotient or power whose dimension would have a power beyond what a dimension can
  /// hold (`square square square square square m` is length³²), with that dimension's formula.
  case dimensionTooLarge(String, span: SourceSpan)
  /// Division by zero inside an expression.
  case divisionByZero(span: SourceSpan)
  /// The input is longer than the parser accepts.
  case inputTooLong(limit: Int)
  /// Parentheses nested deeper than the parser accepts.
  case nestingTooDeep(limit: Int, span: SourceSpan)
  /// The two sides have different dimensions; carries both in words (`length`, `mass`).
  case incompatible(from: String, to: String, fromUnit: String, toUnit: String)
  /// Terms of a sum have different dimensions.
  case mismatchedSum(String, String, span: SourceSpan)
  /// An absolute temperature with a shifted zero used inside a compound expression (`J/°C`).
  case absoluteTemperatureInCompound(unit: String, differenceUnit: String, span: SourceSpan)
  /// An absolute temperature converted to or from a temperature difference.
  case absoluteVersusDifference(absolute: String, difference: String)
  /// A reciprocal conversion of zero (`0 mpg` to `L/100km`).
  case reciprocalOfZero(from: String, to: String)
  /// A reciprocal conversion of a value below zero (`-1 mpg` to `L/100km`, `-2 s` to `Hz`): a
  /// fuel economy, a period or a pace below zero means nothing, and neither does its reciprocal.
  case reciprocalOfNegative(from: String, to: String)
  /// An absolute temperature below absolute zero (`-500 °C`); carries the quantity as written and
  /// absolute zero in the same unit (`-273.15 °C`).
  case belowAbsoluteZero(String, minimum: String, span: SourceSpan?)
  /// A unit expression whose size is zero (`0km`), which nothing can be expressed in.
  case zeroUnit(String)
  /// A result too large for a floating-point number.
  case resultOutOfRange
  /// A catalog file problem (`PATH:LINE: message` is formed by the caller).
  case catalog(String)
  /// A reciprocal conversion the catalog does not declare (`2 s` into `Hz`), refused in script
  /// output unless asked for.
  case undeclaredReciprocal(from: String, to: String, fromKind: String, toKind: String)
  /// A spelling that reads as several units, none preferred by the other side (`pt` into `1/m`);
  /// carries the spelling and the readings in words.
  case ambiguousReading(String, readings: [String], span: SourceSpan?)
  /// A nonlinear unit (dBm, AWG, pH) inside a product, quotient, power or sum, where its values
  /// have no meaning (`dBm/s`, `3 dB + 3 dB`).
  case scaleInCompound(unit: String, span: SourceSpan)
  /// A value outside the domain of a nonlinear scale (`41 AWG`, `-1 Bft`); carries the quantity as
  /// written, the unit and the domain in words.
  case outsideScale(String, unit: String, domain: String?, span: SourceSpan?)
  /// A quantity that has no value on a nonlinear scale (`0 W` in dBm, `1 m` in AWG).
  case noScaleValue(String, unit: String, domain: String?)
  /// A word where a substance goes (`1 cup flor g`) that names no substance and no unit; carries
  /// the word, its span and up to three near names.
  case unknownSubstance(String, span: SourceSpan, suggestions: [String])
  /// A substance that cannot carry the quantity to the target (`1 cup flour km`, a molar mass
  /// asked of a mixture), with the reason in words.
  case substanceMismatch(String)

  /// A one-line message for people, without a `conv:` prefix.
  public var message: String {
    switch self {
    case .emptyInput:
      return "nothing to convert: give a quantity such as '5 mi' and a target unit such as 'km'"
    case .unknownUnit(let name, _, let suggestions):
      let unknown = "unknown unit '\(ConvError.printable(name))'"
      guard !suggestions.isEmpty else { return unknown }
      return unknown + "; did you mean " + ConvError.orList(suggestions.map { "'\($0)'" }) + "?"
    case .unknownCategory(let name, let suggestions):
      let hint =
        suggestions.isEmpty
        ? " (see 'conv categories')" : "; did you mean " + ConvError.orList(suggestions.map { "'\($0)'" }) + "?"
      return "unknown category '\(ConvError.printable(name))'" + hint
    case .unexpectedCharacter(let character, _):
      return "unexpected character '\(ConvError.printable(character))'"
    case .syntax(let message, _):
      return ConvError.printable(message)
    case .malformedNumber(let text, _):
      return "malformed number '\(ConvError.printable(text))'"
    case .numberOutOfRange(let text, _):
      return "number '\(ConvError.printable(text))' is out of range"
    case .exactValueTooLarge:
      return "the exact value would need more than \(ExactBound.maximumDigits) digits above or below its "
        + "fraction line (conv computes exactly): write the number as a decimal (1.5e-4000) or use a smaller power"
    case .exponentTooLarge(let power, _):
      return "exponent \(power) is too large (at most \(PhysicalDimension.maximumExponent) in magnitude)"
    case .dimensionTooLarge(let formula, _):
      return "the result would be of dimension \(formula): a dimension's powers are at most "
        + "\(PhysicalDimension.maximumExponent) in magnitude"
    case .divisionByZero:
      return "division by zero"
    case .inputTooLong(let limit):
      return "input is too long (at most \(limit) characters)"
    case .nestingTooDeep(let limit, _):
      return "parentheses are nested too deeply (at most \(limit) levels)"
    case .incompatible(let from, let to, let fromUnit, let toUnit):
      return "cannot convert \(ConvError.printable(fromUnit)) to \(ConvError.printable(toUnit)): \(from) vs \(to)"
    case .mismatchedSum(let a, let b, _):
      return "cannot add \(a) and \(b)"
    case .absoluteTemperatureInCompound(let unit, let difference, _):
      return "\(unit) is an absolute temperature; use the difference unit \(difference) in compound units"
    case .absoluteVersusDifference(let absolute, let difference):
      return
        "cannot convert between the absolute temperature \(ConvError.printable(absolute)) and the temperature difference \(ConvError.printable(difference))"
    case .reciprocalOfZero(let from, let to):
      return
        "zero \(ConvError.printable(from)) has no equivalent in \(ConvError.printable(to)) (the reciprocal of zero is infinite)"
    case .reciprocalOfNegative(let from, let to):
      return
        "a value below zero in \(ConvError.printable(from)) has no equivalent in \(ConvError.printable(to)) (a reciprocal conversion needs a value above zero)"
    case .belowAbsoluteZero(let quantity, let minimum, _):
      return "\(ConvError.printable(quantity)) is below absolute zero (\(minimum))"
    case .zeroUnit(let unit):
      return "the unit '\(ConvError.printable(unit))' is zero: nothing can be converted with it"
    case .resultOutOfRange:
      return "the result is out of range"
    case .catalog(let message):
      return ConvError.printable(message)
    case .undeclaredReciprocal(let from, let to, let fromKind, let toKind):
      return "\(ConvError.printable(from)) to \(ConvError.printable(to)) is a reciprocal conversion (\(fromKind) to "
        + "\(toKind)): add --reciprocal to have it in -t or --json output"
    case .ambiguousReading(let spelling, let readings, _):
      return "'\(ConvError.printable(spelling))' can be read as " + ConvError.orList(readings.map(ConvError.printable))
        + " here: write the unit's name or another symbol"
    case .scaleInCompound(let unit, _):
      return
        "\(ConvError.printable(unit)) is a nonlinear scale: neither it nor a value on it can be multiplied, divided, "
        + "raised to a power, negated or added; convert a value on it on its own, the number before the unit "
        + "(20 \(ConvError.printable(unit)))"
    case .outsideScale(let quantity, let unit, let domain, _):
      return "\(ConvError.printable(quantity)) is outside the \(ConvError.printable(unit)) scale"
        + (domain.map { " (it runs \($0))" } ?? "")
    case .noScaleValue(let quantity, let unit, let domain):
      return "\(ConvError.printable(quantity)) has no \(ConvError.printable(unit)) value"
        + (domain.map { " (the scale runs \($0))" } ?? "")
    case .unknownSubstance(let name, _, let suggestions):
      let hint =
        suggestions.isEmpty
        ? " (see 'conv list substances')"
        : "; did you mean " + ConvError.orList(suggestions.map { "'\($0)'" }) + "?"
      return "unknown unit or substance '\(ConvError.printable(name))'" + hint
    case .substanceMismatch(let message):
      return ConvError.printable(message)
    }
  }

  /// The characters of the input the error is about, when it is about some.
  public var span: SourceSpan? {
    switch self {
    case .unknownUnit(_, let span, _), .unexpectedCharacter(_, let span), .syntax(_, let span),
      .malformedNumber(_, let span), .numberOutOfRange(_, let span), .exponentTooLarge(_, let span),
      .dimensionTooLarge(_, let span),
      .exactValueTooLarge(let span),
      .divisionByZero(let span), .nestingTooDeep(_, let span), .mismatchedSum(_, _, let span),
      .absoluteTemperatureInCompound(_, _, let span):
      return span
    case .belowAbsoluteZero(_, _, let span), .ambiguousReading(_, _, let span), .outsideScale(_, _, _, let span):
      return span
    case .scaleInCompound(_, let span), .unknownSubstance(_, let span, _):
      return span
    default:
      return nil
    }
  }

  /// The same error with its span moved right by `offset` characters.
  package func shifted(by offset: Int) -> ConvError { mappingSpan { $0.shifted(by: offset) } }

  /// The same error with its span replaced by `transform` of it (for text that was rewritten
  /// before it was read: the span must point into the text as typed).
  package func mappingSpan(_ transform: (SourceSpan) -> SourceSpan) -> ConvError {
    switch self {
    case .unknownUnit(let a, let span, let b): .unknownUnit(a, span: transform(span), suggestions: b)
    case .unexpectedCharacter(let a, let span): .unexpectedCharacter(a, span: transform(span))
    case .syntax(let a, let span): .syntax(a, span: transform(span))
    case .malformedNumber(let a, let span): .malformedNumber(a, span: transform(span))
    case .numberOutOfRange(let a, let span): .numberOutOfRange(a, span: transform(span))
    case .exponentTooLarge(let a, let span): .exponentTooLarge(a, span: transform(span))
    case .dimensionTooLarge(let a, let span): .dimensionTooLarge(a, span: transform(span))
    case .exactValueTooLarge(let span): .exactValueTooLarge(span: transform(span))
    case .divisionByZero(let span): .divisionByZero(span: transform(span))
    case .nestingTooDeep(let a, let span): .nestingTooDeep(limit: a, span: transform(span))
    case .mismatchedSum(let a, let b, let span): .mismatchedSum(a, b, span: transform(span))
    case .absoluteTemperatureInCompound(let a, let b, let span):
      .absoluteTemperatureInCompound(unit: a, differenceUnit: b, span: transform(span))
    case .belowAbsoluteZero(let a, let b, let span): .belowAbsoluteZero(a, minimum: b, span: span.map(transform))
    case .ambiguousReading(let a, let b, let span): .ambiguousReading(a, readings: b, span: span.map(transform))
    case .scaleInCompound(let a, let span): .scaleInCompound(unit: a, span: transform(span))
    case .outsideScale(let a, let b, let c, let span): .outsideScale(a, unit: b, domain: c, span: span.map(transform))
    case .unknownSubstance(let a, let span, let b): .unknownSubstance(a, span: transform(span), suggestions: b)
    default: self
    }
  }

  /// User text made safe for a one-line message: line breaks, other control characters and
  /// invisible format characters (which could move the cursor, clear a terminal or reorder text)
  /// are written as `<U+001B>`.
  public static func printable(_ text: some StringProtocol) -> String {
    // Printable ASCII has nothing to show otherwise.
    if ByteScan.isPrintableASCII(text.utf8) { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  static func orList(_ items: [String]) -> String {
    switch items.count {
    case 0: return ""
    case 1: return items[0]
    default: return items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
  }
}

extension ConvError: CustomStringConvertible {
  /// The same text as ``message``.
  public var description: String { message }
}
