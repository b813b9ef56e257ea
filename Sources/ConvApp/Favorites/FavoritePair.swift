import ConvKit

/// One favorite: a source unit and a target unit, as written (`mi -> km`, `short ton -> kg`).
///
/// Either side may be any unit expression conv reads (`L/100km`, `m/s`, `kg·m²`); the texts are
/// kept as the user wrote them (trimmed), so a hand-edited file is never respelled.
package struct FavoritePair: Sendable, Hashable, CustomStringConvertible {
  /// The unit converted from.
  package var from: String
  /// The unit converted to.
  package var to: String

  /// Creates a pair from two unit texts (trimmed of surrounding white space).
  package init(from: String, to: String) {
    self.from = from.favoritesTrimmed
    self.to = to.favoritesTrimmed
  }

  /// The line conv writes for this pair: `FROM -> TO`.
  package var description: String { from + FavoritesFormat.separator + to }

  /// Reads a pair from command-line words, the way `conv fav add` and `conv fav rm` take them.
  ///
  /// - `["mi", "km"]`: two words are the two units.
  /// - A word `->`, `→` or `to` separates the sides: `short ton -> kg`.
  /// - One word holding a separator is read like a file line: `"mi -> km"`.
  /// - More words without a separator: the split where both sides are units of the same kind
  ///   wins (`short ton kg`), else the first where both sides are units.
  ///
  /// A side that is a quantity or a sum (`5 mi km`) is a usage error (see ``notUnitReason(_:catalog:)``).
  package static func parse(arguments: [String], catalog: Catalog) throws(FavoritesEditError) -> FavoritePair {
    let pair = try split(arguments: arguments, catalog: catalog)
    for side in [pair.from, pair.to] {
      if let reason = notUnitReason(side, catalog: catalog) {
        throw .usage(FavoritesEditError.cannotKeep(pair, reason))
      }
    }
    return pair
  }

  private static func split(arguments: [String], catalog: Catalog) throws(FavoritesEditError) -> FavoritePair {
    let words = arguments.map(\.favoritesTrimmed).filter { !$0.isEmpty }
    if let index = words.firstIndex(where: { FavoritesFormat.separatorWords.contains($0) }) {
      let from = words[..<index].joined(separator: " ")
      let to = words[(index + 1)...].joined(separator: " ")
      guard !from.isEmpty, !to.isEmpty else { throw .usage("give two units: FROM TO (for example: mi km)") }
      return FavoritePair(from: from, to: to)
    }
    if words.count == 1 {
      if case .pair(let pair) = FavoritesFormat.parseLine(words[0]) { return pair }
      throw .usage("give two units: FROM TO (for example: mi km)")
    }
    guard words.count >= 2 else { throw .usage("give two units: FROM TO (for example: mi km)") }
    if words.count == 2 { return FavoritePair(from: words[0], to: words[1]) }
    var firstParsing: FavoritePair? = nil
    for split in 1..<words.count {
      let pair = FavoritePair(from: words[..<split].joined(separator: " "), to: words[split...].joined(separator: " "))
      guard let from = try? catalog.parseUnit(pair.from), let to = try? catalog.parseUnit(pair.to) else { continue }
      if (try? Conversion(from: from, to: to, catalog: catalog)) != nil { return pair }
      if firstParsing == nil { firstParsing = pair }
    }
    // Nothing conformable: report on the best guess (the last word as target, like `conv 5 mi km`).
    return firstParsing ?? FavoritePair(from: words.dropLast().joined(separator: " "), to: words.last!)
  }
}

extension FavoritePair {
  /// Why a side of a pair is a quantity or a sum rather than a unit (`5 mi`, `-40 °C`, `mi + ft`,
  /// `6 ft 2 in`), or nil when it is not.
  ///
  /// The value comes from `conv fav VALUE` and is written before the source unit, so a side with
  /// a number of its own would print `5 5 mi = …`. Any catalog spelling is a unit (`L/100km`,
  /// `1/K`, `OC-3`); in an expression a number may follow an operator (`L/(100 km)`, `m^2`,
  /// `s^-1`), and `1/` may start it (`1/s`).
  package static func notUnitReason(_ text: String, catalog: Catalog) -> String? {
    if catalog.unit(named: text) != nil { return nil }
    let operators: Set<Character> = ["*", "·", "×", "⋅", "•", "/", "÷", "∕", "^", "(", "["]
    let quantity =
      "'\(ConvError.printable(text))' is a quantity, not a unit (the value goes to 'conv fav', as in 'conv fav 5')"
    let sum = "'\(ConvError.printable(text))' is a sum, not a unit"
    let characters = Array(text)
    var last: Character? = nil  // the character before, white space skipped
    for (index, character) in characters.enumerated() where !character.isWhitespace {
      defer { last = character }
      let before = index > 0 ? characters[index - 1] : " "
      let after = index + 1 < characters.count ? characters[index + 1] : " "
      let leading = last == nil || (last == "(" && characters[..<index].allSatisfy { $0 == "(" || $0.isWhitespace })
      let exponent = last == "^" || last == "*"
      switch character {
      case "+":
        return leading ? quantity : sum
      case _ where character.isMinusSign:
        if character == "-" && before.isLetter && after.isLetter { continue }  // light-year
        if exponent { continue }  // s^-1
        return leading ? quantity : sum
      case "0"..."9",
        "." where after.isNumber:  // a digit, or a point before one (`.5`)
        // A digit inside a word (`cmH2O`) or a number (`2.5`) is not the start of a number.
        guard before.isWhitespace || operators.contains(before) else { continue }
        if leading {
          let rest = characters[(index + 1)...]
          if character == "1" && rest.first == "/" && !(rest.dropFirst().first?.isNumber ?? true) { continue }  // 1/s
          return quantity
        }
        // After a unit, a number starts the next term of a sum (`6 ft 2 in`).
        if let last, !operators.contains(last) { return sum }
      default:
        continue
      }
    }
    return nil
  }
}

/// A favorite checked against a catalog: both units resolved and a conversion between them.
package struct ResolvedFavorite: Sendable {
  /// The pair as written.
  package let pair: FavoritePair
  /// The source unit.
  package let from: UnitExpression
  /// The target unit (the first of ``targets``).
  package var to: UnitExpression { targets[0] }
  /// Every target unit: one, or several for a quantity in several units (`cm -> ft;in`), as the
  /// command line takes them.
  package let targets: [UnitExpression]
  /// The conversion from source to the first target.
  package let conversion: Conversion

  /// Resolves and checks a pair: both sides units (not quantities or sums), known, conformable,
  /// and not the same unit. The target is read as a one-shot's target is (`ft;in`: several).
  package init(_ pair: FavoritePair, catalog: Catalog) throws(FavoritesEditError) {
    for side in [pair.from, pair.to] {
      if let reason = FavoritePair.notUnitReason(side, catalog: catalog) { throw .invalidPair(pair, reason) }
    }
    let from: UnitExpression
    // Read as every front end reads `1 FROM to TO`: the other side decides between the readings of
    // a spelling (`pt -> mm` is the point).
    let request = ConversionRequest(
      quantity: pair.from, targets: ConversionRequest.splitTargets(pair.to),
      source: pair.from + " -> " + pair.to, quantityOffset: 0, targetOffset: pair.from.count + 4)
    let reading: ConversionReading
    do {
      reading = try catalog.read(request)
    } catch {
      throw .invalidPair(pair, error.message)
    }
    guard let target = reading.targets.first else {
      throw .invalidPair(pair, "'\(ConvError.printable(pair.to))' is not a unit")
    }
    for extra in reading.targets.dropFirst() where extra.dimension != target.dimension {
      throw .invalidPair(pair, "the units of '\(ConvError.printable(pair.to))' are not all of one kind")
    }
    // A unit expression with numbers of its own (`1/s`, `L/(100 km)`) reads as a term; it is the unit.
    if let unit = reading.quantity.unit, reading.quantity.number == .one {
      from = unit
    } else {
      from = UnitExpression(text: pair.from, term: reading.quantity.term, singleUnit: nil)
    }
    let to = target
    if reading.targets.count == 1 && UnitIdentity(from) == UnitIdentity(to) {
      throw .invalidPair(
        pair,
        "a unit is never converted to itself ('\(ConvError.printable(pair.from))' and '\(ConvError.printable(pair.to))' are the same unit)"
      )
    }
    do {
      conversion = try Conversion(from: from, to: to, catalog: catalog)
    } catch {
      throw .invalidPair(pair, error.message)
    }
    self.pair = pair
    self.from = from
    targets = reading.targets
  }

  /// What makes two favorites the same, however they are spelled (`mi -> km` = `mile -> kilometre`).
  package var identity: [UnitIdentity] { [UnitIdentity(from)] + targets.map(UnitIdentity.init) }
}

/// Which unit an expression names: a catalog unit with its prefix, or an expression's value.
package enum UnitIdentity: Sendable, Hashable {
  /// One catalog unit (by its unique name), with a prefix name or "".
  case unit(name: String, prefix: String)
  /// A compound expression, identified by its exact value and dimension.
  case expression(Term)

  /// The identity of a resolved expression.
  package init(_ expression: UnitExpression) {
    if let single = expression.singleUnit {
      self = .unit(name: single.unit.name.lowercased(), prefix: single.prefix?.name ?? "")
    } else {
      self = .expression(expression.term)
    }
  }
}

/// Why an edit of the favorites was refused.
package enum FavoritesEditError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The words given do not make a pair.
  case usage(String)
  /// A unit is unknown, the units are not conformable, or a unit is paired with itself.
  case invalidPair(FavoritePair, String)
  /// The pair cannot be written as one line (it holds a line break, `#`, `->` or `→`).
  case unwritable(FavoritePair, String)
  /// The pair is already a favorite, at this position (as `conv fav` numbers them).
  case duplicate(FavoritePair, position: Int)
  /// No favorite matches the pair.
  case notFound(FavoritePair)
  /// A position outside 1…count.
  case noSuchPosition(Int, count: Int)

  /// Why a pair cannot be a favorite, the pair's text escaped as in every favorites message.
  static func cannotKeep(_ pair: FavoritePair, _ reason: String) -> String {
    "cannot keep \(ConvError.printable(pair.description)) as a favorite: \(reason)"
  }

  /// A one-line message for people.
  package var message: String {
    switch self {
    case .usage(let text):
      return text
    case .invalidPair(let pair, let reason):
      return FavoritesEditError.cannotKeep(pair, reason)
    case .unwritable(let pair, let reason):
      return
        "cannot keep '\(ConvError.printable(pair.from))' and '\(ConvError.printable(pair.to))' as a favorite: \(reason)"
    case .duplicate(let pair, let position):
      return "\(ConvError.printable(pair.description)) is already favorite \(position)"
    case .notFound(let pair):
      return "\(ConvError.printable(pair.description)) is not a favorite (see 'conv fav')"
    case .noSuchPosition(let position, let count):
      switch count {
      case 0: return "there are no favorites, so no favorite \(position)"
      case 1: return "no favorite \(position): there is only 1"
      default: return "no favorite \(position): positions go from 1 to \(count)"
      }
    }
  }

  package var description: String { message }
}

extension StringProtocol {
  /// The text without leading and trailing white space (line breaks included).
  var favoritesTrimmed: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
