/// One catalog file's text, with the path used in diagnostics.
public struct CatalogSource: Sendable {
  /// Path shown in `PATH:LINE: message` diagnostics.
  public var path: String
  /// The file's contents.
  public var text: String

  /// Creates a source.
  public init(path: String, text: String) {
    self.path = path
    self.text = text
  }
}

/// A problem in a catalog file, reported as `PATH:LINE: message`.
public struct CatalogDiagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// The 1-based line.
  public var line: Int
  /// What is wrong, with any control or format character it quotes from the file written as
  /// `<U+XXXX>` (see ``ConvError/printable(_:)``).
  public var message: String

  /// Creates a diagnostic; the message is made printable (it quotes names, keys and flags as the
  /// file has them, which may hold escape sequences).
  public init(path: String, line: Int, message: String) {
    self.path = path
    self.line = line
    self.message = ConvError.printable(message)
  }

  /// `path:line: message`, as compilers print theirs (the path printable too).
  public var description: String { "\(ConvError.printable(path)):\(line): \(message)" }
}

/// A unit line of a catalog file, before its definition is resolved.
struct RawUnit {
  var path: String
  var line: Int
  var name: String
  var plural: String
  var symbols: [String]
  var aliases: [String]
  var claimedNames: [String]
  var alternateNames: [String] = []
  var definition: String
  var flags: [String]
  var source: String
  var category: Int
  var isOverride: Bool
}

/// A category header of a catalog file.
struct RawCategory {
  var path: String
  var line: Int
  var category: UnitCategory
  var isExisting: Bool
  /// The line of the `featured:` header, if any.
  var featuredLine: Int? = nil
  /// The line of the `reciprocal:` header, if any.
  var reciprocalLine: Int? = nil
  /// The line of the `related:` header, if any.
  var relatedLine: Int? = nil
  /// The line of the `everyday:` header, if any.
  var everydayLine: Int? = nil
}

/// Reads the line syntax of catalog files (see `Data/README.md`).
struct CatalogFileParser {
  /// Characters no spelling may hold: the invisible ones (`isInvisible`), and the shell's quoting
  /// and substitution characters (`` ` ``, `$`, `\`), which a completion script might evaluate.
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "`", "$", "\\", "<", ">": return true
    default: return isInvisible(scalar)
    }
  }

  /// Characters no text of a file may hold, spelling or not (a unit's source, a category's
  /// title): controls, format characters, private-use and unassigned code points, and the code
  /// points Unicode says to show as nothing (default ignorable: fillers such as U+3164 and U+115F,
  /// variation selectors, the combining grapheme joiner), with which `m` and an invisible `m…`
  /// would be two units.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return true
    default: return scalar.properties.isDefaultIgnorableCodePoint
    }
  }

  /// The message for text holding such a character, nil when it holds none.
  static func invisibleProblem(_ text: String, what: String) -> String? {
    guard let bad = text.unicodeScalars.first(where: isInvisible) else { return nil }
    let hex = String(bad.value, radix: 16, uppercase: true)
    return
      "\(what) '\(ConvError.printable(text))' contains U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), "
      + "an invisible, control, format or private-use character: remove it"
  }

  var categories: [RawCategory] = []
  var units: [RawUnit] = []
  var diagnostics: [CatalogDiagnostic] = []
  /// Whether spellings may not hold the shell's other special characters either
  /// (`shellSpecial`): set for personal files, whose names completion offers on a command line.
  var refusesShellCharacters = false

  /// Characters with a meaning to a shell, beyond those no spelling may hold (`isForbidden`) and
  /// those reserved for expressions: a personal unit named `a & rm x` would run `rm x` if a
  /// completion ever inserted it unquoted. The built-in catalog has some (`'`, `"`, `F!`, `B&S
  /// gauge`, `'~`); its spellings are conv's own.
  static let shellSpecial: Set<Character> = ["&", "'", "\"", "{", "}", "!", "~", "?", "[", "]"]

  /// Parses one file. `existing` finds categories already known (for personal unit files), whose
  /// identifiers `known` lists (for "did you mean").
  mutating func parse(_ source: CatalogSource, existing: (String) -> UnitCategory?, known: [String] = []) {
    var header: [String: (String, Int)] = [:]
    var categoryIndex: Int? = nil
    var lineNumber = 0
    for rawLine in source.text.fileLines {
      lineNumber += 1
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let trimmed = line.trimmed
      if trimmed.isEmpty { continue }
      func report(_ message: String) {
        diagnostics.append(CatalogDiagnostic(path: source.path, line: lineNumber, message: message))
      }
      if !trimmed.contains("|") {
        guard let colon = trimmed.firstIndex(of: ":") else {
          report("expected 'key: value' or a unit line with 7 fields separated by '|'")
          continue
        }
        let key = String(trimmed[..<colon].trimmed).lowercased()
        let value = String(trimmed[trimmed.index(after: colon)...].trimmed)
        if key == "category" && categoryIndex != nil {
          categoryIndex = nil
          header = [:]
        }
        guard categoryIndex == nil else {
          report("header '\(key)' after the first unit line")
          continue
        }
        let headers = ["category", "title", "dimension", "aliases", "featured", "reciprocal", "related", "everyday"]
        guard headers.contains(key) || key == "format" else {
          let meant = NearWords.nearest(key, in: headers, limit: 1).first
          report(
            "unknown header '\(key)'"
              + (meant.map { "; did you mean '\($0)'?" }
                ?? " (expected category, title, dimension, aliases, featured, reciprocal, related or everyday)"))
          continue
        }
        header[key] = (value, lineNumber)
        continue
      }
      if categoryIndex == nil {
        guard let index = openCategory(header, source: source, line: lineNumber, existing: existing, known: known)
        else {
          report("unit line before a valid 'category:' header")
          continue
        }
        categoryIndex = index
      }
      let fields = trimmed.split(separator: "|", omittingEmptySubsequences: false).map { String($0.trimmed) }
      guard fields.count == 7 else {
        report(
          "expected 7 fields separated by '|' (name | plural | symbols | aliases | definition | flags | source), found \(fields.count)"
        )
        continue
      }
      let name = fields[0]
      guard !name.isEmpty else {
        report("missing unit name")
        continue
      }
      guard !fields[4].isEmpty else {
        report("missing definition for '\(name)'")
        continue
      }
      guard !fields[6].isEmpty else {
        report("missing source for '\(name)'")
        continue
      }
      // A trailing `!` claims a bare spelling, a trailing `~` makes it an alternative reading.
      var claimed: [String] = []
      var alternates: [String] = []
      func plain(_ field: String) -> [String] {
        CatalogFileParser.list(field).filter { spelling in
          if spelling.hasSuffix("!") {
            claimed.append(String(spelling.dropLast()))
          } else if spelling.hasSuffix("~") && spelling.count > 1 {
            alternates.append(String(spelling.dropLast()))
          } else {
            return true
          }
          return false
        }
      }
      let symbols = plain(fields[2])
      let aliases = plain(fields[3])
      let flags = CatalogFileParser.list(fields[5])
      // A refused spelling leaves the unit out, as other problems of its line do, so that a
      // catalog used despite the diagnostics never names a unit with it.
      var refused = false
      for spelling in [name, fields[1]] + symbols + aliases + claimed + alternates {
        if spelling.contains(where: { "()*^+;,|".contains($0) }) {
          report("'\(ConvError.printable(spelling))' contains a character reserved for expressions")
          refused = true
        } else if refusesShellCharacters, let bad = spelling.first(where: CatalogFileParser.shellSpecial.contains) {
          report(
            "'\(ConvError.printable(spelling))' contains '\(bad)', a shell character that a personal unit's "
              + "spelling may not hold (shell completion offers spellings on a command line)"
              + (bad == "'" ? "; write ’ for an apostrophe" : ""))
          refused = true
        } else if let bad = spelling.unicodeScalars.first(where: CatalogFileParser.isForbidden) {
          let hex = String(bad.value, radix: 16, uppercase: true)
          report(
            "'\(ConvError.printable(spelling))' contains U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex), "
              + "which a unit's spelling may not hold (invisible, control, format, private-use or shell characters)")
          refused = true
        }
      }
      if refused { continue }
      if let problem = CatalogFileParser.invisibleProblem(fields[6], what: "source") { report(problem) }
      units.append(
        RawUnit(
          path: source.path, line: lineNumber, name: name, plural: fields[1].isEmpty ? name : fields[1],
          symbols: symbols, aliases: aliases, claimedNames: claimed, alternateNames: alternates, definition: fields[4],
          flags: flags, source: fields[6], category: categoryIndex!, isOverride: flags.contains("override")))
    }
    if categoryIndex == nil && !header.isEmpty {
      _ = openCategory(header, source: source, line: lineNumber, existing: existing, known: known)
    }
  }

  private mutating func openCategory(
    _ header: [String: (String, Int)], source: CatalogSource, line: Int,
    existing: (String) -> UnitCategory?, known: [String]
  ) -> Int? {
    guard let (identifier, identifierLine) = header["category"], !identifier.isEmpty else { return nil }
    func report(_ line: Int, _ message: String) {
      diagnostics.append(CatalogDiagnostic(path: source.path, line: line, message: message))
    }
    for key in ["category", "title", "aliases", "featured", "related", "reciprocal", "everyday"] {
      guard let (text, keyLine) = header[key] else { continue }
      if let problem = CatalogFileParser.invisibleProblem(text, what: key) {
        report(keyLine, problem)
        return nil
      }
    }
    var dimension: PhysicalDimension? = nil
    if let (text, dimensionLine) = header["dimension"] {
      dimension = CatalogFileParser.parseDimension(text)
      if dimension == nil {
        report(
          dimensionLine, "cannot read dimension '\(text)' (use base quantities such as length, mass*length^2/time^2)")
        return nil
      }
    }
    if let known = existing(identifier) {
      for key in ["featured", "everyday"] {
        if let (_, keyLine) = header[key] {
          report(keyLine, "'\(key):' belongs where category '\(identifier)' is defined, not where it is extended")
        }
      }
      if let dimension, dimension != known.dimension {
        report(identifierLine, "category '\(identifier)' already exists with dimension \(known.dimension.formula)")
        return nil
      }
      categories.append(RawCategory(path: source.path, line: identifierLine, category: known, isExisting: true))
      return categories.count - 1
    }
    if let duplicate = categories.first(where: { $0.category.identifier == identifier }) {
      report(identifierLine, "category '\(identifier)' is already defined at \(duplicate.path):\(duplicate.line)")
      return nil
    }
    guard let dimension else {
      // A new category without a dimension is most often a typo of a known one (`lenght`).
      let known = known + categories.map(\.category.identifier)
      if let meant = NearWords.nearest(identifier.lowercased(), in: known, limit: 1).first {
        report(
          identifierLine,
          "unknown category '\(identifier)'; did you mean '\(meant)'? (a new category needs a 'dimension:' header)")
      } else {
        report(identifierLine, "category '\(identifier)' needs a 'dimension:' header")
      }
      return nil
    }
    let title = header["title"]?.0 ?? identifier
    let aliases = header["aliases"].map { CatalogFileParser.list($0.0) } ?? []
    let featured = header["featured"].map { CatalogFileParser.list($0.0) } ?? []
    let reciprocals = header["reciprocal"].map { CatalogFileParser.list($0.0) } ?? []
    let related = header["related"].map { CatalogFileParser.list($0.0) } ?? []
    var everyday: [EverydayGroup] = []
    if let (text, everydayLine) = header["everyday"] {
      switch EverydayGroup.parse(text) {
      case .success(let groups): everyday = groups
      case .failure(let error): report(everydayLine, error.message)
      }
    }
    categories.append(
      RawCategory(
        path: source.path, line: identifierLine,
        category: UnitCategory(
          identifier: identifier, title: title, dimension: dimension, aliases: aliases,
          featured: featured, reciprocals: reciprocals, related: related, everyday: everyday),
        isExisting: false, featuredLine: header["featured"]?.1, reciprocalLine: header["reciprocal"]?.1,
        relatedLine: header["related"]?.1, everydayLine: header["everyday"]?.1))
    return categories.count - 1
  }

  static func list(_ field: String) -> [String] {
    field.split(separator: ",").map { String($0.trimmed) }.filter { !$0.isEmpty }
  }

  /// Reads `mass*length^2/time^2`, `1/length`, `1`.
  static func parseDimension(_ text: String) -> PhysicalDimension? {
    var result = PhysicalDimension.none
    var dividing = false
    var current = ""
    func flush() -> Bool {
      let part = current.trimmed
      current = ""
      if part.isEmpty || part == "1" { return true }
      var name = Substring(part)
      var power = 1
      if let caret = part.firstIndex(of: "^") {
        name = part[..<caret].trimmed
        guard let value = Int(part[part.index(after: caret)...].trimmed) else { return false }
        power = value
      }
      guard let base = BaseQuantity(identifier: name),
        let raised = PhysicalDimension(base).raised(to: dividing ? -power : power),
        let product = result.multiplied(by: raised)
      else { return false }
      result = product
      return true
    }
    for character in text {
      if character == "*" || character == "·" || character == " " {
        guard flush() else { return nil }
      } else if character == "/" {
        guard flush() else { return nil }
        dividing = true
      } else {
        current.append(character)
      }
    }
    guard flush() else { return nil }
    return result
  }
}

extension StringProtocol {
  /// The text without leading and trailing white space.
  var trimmed: Substring {
    // Text that starts and ends with a printable ASCII byte has nothing to trim: no character that
    // holds such a byte first or last is white space.
    let scalars = Substring(self)
    if let first = scalars.utf8.first, let last = scalars.utf8.last, first > 0x20, first < 0x7F, last > 0x20,
      last < 0x7F
    {
      return scalars
    }
    guard let first = scalars.firstIndex(where: { !$0.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return scalars[first...last]
  }

  /// How many characters of white space the text starts with: none when its first byte is
  /// printable ASCII (no character that starts with such a byte is white space).
  var leadingWhitespaceCount: Int {
    if let first = utf8.first, first > 0x20, first < 0x7F { return 0 }
    return prefix { $0.isWhitespace }.count
  }
}

extension StringProtocol {
  /// The lines of a file people edit (units, settings): split at line feeds, a carriage return
  /// before one included (`\r\n`, one Character in Swift, which a split at `"\n"` misses), and a
  /// byte-order mark at the start dropped. Empty lines are kept, so line numbers stay right.
  package var fileLines: [SubSequence] {
    var text = self[...]
    if text.unicodeScalars.first == "\u{FEFF}" { text = text.dropFirst() }
    // By bytes (a split by Characters segments the whole text into graphemes first); a line feed
    // and a carriage return are whole Characters of their own, so their byte positions are
    // Character boundaries.
    var lines: [SubSequence] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    var index = start
    // Where the last carriage return of the line stands, when the byte before `index` is one.
    var carriageReturn: String.Index? = nil
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == 0x0A {
        lines.append(text[start..<(carriageReturn ?? index)])
        start = bytes.index(after: index)
        carriageReturn = nil
      } else {
        carriageReturn = byte == 0x0D ? index : nil
      }
      index = bytes.index(after: index)
    }
    lines.append(text[start..<bytes.endIndex])
    return lines
  }
}
