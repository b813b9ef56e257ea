import ConvKit

/// The favorites file as a list of lines, each kept exactly as read.
///
/// Parsing never loses anything: `FavoritesFile(bytes).bytes` are the bytes read (for valid
/// UTF-8), so comments, blank lines, spacing, CRLF line ends and a missing final line break all
/// survive an edit. Edits touch only the lines they add, remove or move. See ``FavoritesFormat``
/// for the syntax.
package struct FavoritesFile: Sendable, Hashable {
  /// One line of the file.
  package struct Line: Sendable, Hashable {
    /// The line as in the file, without its line break.
    package var text: String
    /// The line break after it: `"\n"`, `"\r\n"`, or `""` for a last line without one.
    package var ending: String
    /// What the line holds.
    package var content: FavoritesFormat.Content
    /// The line's bytes were not valid UTF-8 (`text` has replacement characters).
    package var isInvalidUTF8: Bool

    /// A line from its text and line break.
    package init(_ text: String, ending: String = "\n") {
      self.text = text
      self.ending = ending
      content = FavoritesFormat.parseLine(text)
      isInvalidUTF8 = false
    }
  }

  /// A favorite in display order.
  package struct Entry: Sendable, Hashable {
    /// 1-based position among the favorites (what `conv fav rm N` takes).
    package var position: Int
    /// 1-based line number in the file.
    package var line: Int
    /// The pair.
    package var pair: FavoritePair

    /// Creates an entry.
    package init(position: Int, line: Int, pair: FavoritePair) {
      self.position = position
      self.line = line
      self.pair = pair
    }
  }

  /// Every line, in order.
  package private(set) var lines: [Line]

  /// An empty file (what a missing file means).
  package init() {
    lines = []
  }

  /// Reads a file's text.
  package init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  /// Reads a file's bytes. Lines that are not valid UTF-8 are reported by ``problems(in:)``.
  package init(bytes: some Collection<UInt8>) {
    var lines: [Line] = []
    var current: [UInt8] = []
    func flush(ending: String) {
      var ending = ending
      if ending == "\n", current.last == 0x0D {
        current.removeLast()
        ending = "\r\n"
      }
      if let text = String(validating: current, as: UTF8.self) {
        lines.append(Line(text, ending: ending))
      } else {
        var line = Line(String(decoding: current, as: UTF8.self), ending: ending)
        line.isInvalidUTF8 = true
        line.content = .invalid("the line is not valid UTF-8")
        lines.append(line)
      }
      current.removeAll(keepingCapacity: true)
    }
    for byte in bytes {
      if byte == 0x0A { flush(ending: "\n") } else { current.append(byte) }
    }
    if !current.isEmpty { flush(ending: "") }
    self.lines = lines
  }

  /// The file's text.
  package var text: String {
    var out = ""
    for line in lines { out += line.text + line.ending }
    return out
  }

  /// The file's bytes (UTF-8).
  package var bytes: [UInt8] { Array(text.utf8) }

  /// Whether the last line ends with a line break.
  package var endsWithLineBreak: Bool { !(lines.last?.ending.isEmpty ?? true) }

  /// The favorites, in display order.
  package var entries: [Entry] {
    var entries: [Entry] = []
    for (index, line) in lines.enumerated() {
      if case .pair(let pair) = line.content {
        entries.append(Entry(position: entries.count + 1, line: index + 1, pair: pair))
      }
    }
    return entries
  }

  /// The pairs, in display order.
  package var pairs: [FavoritePair] { entries.map(\.pair) }

  /// The version named by the header, if there is one.
  package var version: Int? {
    for line in lines { if case .header(let version) = line.content { return version } }
    return nil
  }

  // MARK: Checking

  /// Every problem, in line order: lines that do not parse, a header of an unknown version, unknown
  /// units, non-conformable pairs, a unit paired with itself, and repeated pairs.
  ///
  /// Each problem says what it stops (``FavoritesProblem/Kind``): a bad line only itself, a
  /// line that is not UTF-8 also every rewrite, an unknown version everything. Callers print each
  /// as `PATH:LINE: message`.
  package func problems(in catalog: Catalog) -> [FavoritesProblem] {
    var problems: [FavoritesProblem] = []
    var seen: [[UnitIdentity]: Int] = [:]
    for (index, line) in lines.enumerated() {
      let number = index + 1
      switch line.content {
      case .blank, .comment:
        break
      case .header(let version):
        if version > FavoritesFormat.version {
          problems.append(
            FavoritesProblem(
              line: number, kind: .version,
              message:
                "this file is favorites format v\(version); this conv reads v\(FavoritesFormat.version) (a newer conv wrote it)"
            ))
        } else if version < 1 {
          problems.append(
            FavoritesProblem(
              line: number, kind: .version,
              message: "unknown favorites format v\(version) (expected v\(FavoritesFormat.version))"))
        }
      case .unsupportedHeader(let tag):
        problems.append(
          FavoritesProblem(
            line: number, kind: .version,
            message:
              "unsupported favorites format \(ConvError.printable(tag)); this conv reads v\(FavoritesFormat.version)"))
      case .invalid(let message):
        if line.isInvalidUTF8 {
          problems.append(FavoritesProblem(line: number, kind: .encoding, message: message))
        } else {
          problems.append(
            FavoritesProblem(line: number, message: message + FavoritesFile.suggestion(line.text, catalog: catalog)))
        }
      case .pair(let pair):
        do {
          let resolved = try ResolvedFavorite(pair, catalog: catalog)
          if let first = seen[resolved.identity] {
            problems.append(
              FavoritesProblem(
                line: number, message: "\(ConvError.printable(pair.description)) repeats the favorite on line \(first)")
            )
          } else {
            seen[resolved.identity] = number
          }
        } catch {
          if case .invalidPair(_, let reason) = error {
            problems.append(FavoritesProblem(line: number, message: reason))
          } else {
            problems.append(FavoritesProblem(line: number, message: error.message))
          }
        }
      }
    }
    return problems
  }

  /// `; write 'mi -> km'` for a line of two units without the arrow (`mi km`, `short ton kg`),
  /// read as `conv fav add` reads its words; empty when the words make no favorite.
  static func suggestion(_ text: String, catalog: Catalog) -> String {
    var body = Substring(text)
    if let hash = body.firstIndex(of: "#") { body = body[..<hash] }
    guard FavoritesFormat.separatorRanges(in: body).isEmpty else { return "" }
    let words = body.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    guard words.count >= 2, let pair = try? FavoritePair.parse(arguments: words, catalog: catalog),
      FavoritesFormat.unwritableReason(pair) == nil, (try? ResolvedFavorite(pair, catalog: catalog)) != nil
    else {
      return ""
    }
    return "; write '\(ConvError.printable(pair.description))'"
  }

  /// The favorites resolved against a catalog, in display order, each resolved when it is
  /// reached: a resolved favorite is kilobytes, so a long list is walked rather than held. A pair
  /// that does not resolve is left out, and so are the lines of `skipping` (those of
  /// ``problems(in:)``: a repeated pair is shown once).
  package func resolved(in catalog: Catalog, skipping: Set<Int> = []) -> ResolvedFavorites {
    ResolvedFavorites(
      entries: skipping.isEmpty ? entries : entries.filter { !skipping.contains($0.line) }, catalog: catalog)
  }

  // MARK: Editing

  /// Appends a pair as the last line. A new (empty) file gets the version header first.
  ///
  /// Refused when a unit is unknown, the units are not conformable, the target is the source,
  /// the pair cannot be written as one line, or the same pair is already there (however spelled).
  @discardableResult
  package mutating func add(_ pair: FavoritePair, catalog: Catalog) throws(FavoritesEditError) -> Entry {
    if let reason = FavoritesFormat.unwritableReason(pair) { throw .unwritable(pair, reason) }
    let resolved = try ResolvedFavorite(pair, catalog: catalog)
    if let existing = find(resolved.identity, catalog: catalog) {
      throw .duplicate(existing.pair, position: existing.position)
    }
    let ending = lineEnding
    if lines.isEmpty { lines = [Line(FavoritesFormat.header, ending: ending)] }
    if lines[lines.count - 1].ending.isEmpty { lines[lines.count - 1].ending = ending }
    lines.append(Line(pair.description, ending: ending))
    return entries.last!
  }

  /// Removes the favorite that names the same units as `pair` (however spelled); returns it.
  @discardableResult
  package mutating func remove(_ pair: FavoritePair, catalog: Catalog) throws(FavoritesEditError) -> Entry {
    let found: Entry?
    if let resolved = try? ResolvedFavorite(pair, catalog: catalog) {
      found = find(resolved.identity, catalog: catalog)
    } else {
      found = entries.first { $0.pair == pair }
    }
    guard let found else { throw .notFound(pair) }
    lines.remove(at: found.line - 1)
    return found
  }

  /// Removes the favorite at a 1-based position; returns it.
  @discardableResult
  package mutating func remove(position: Int) throws(FavoritesEditError) -> Entry {
    let all = entries
    guard position >= 1 && position <= all.count else { throw .noSuchPosition(position, count: all.count) }
    let entry = all[position - 1]
    lines.remove(at: entry.line - 1)
    return entry
  }

  /// Moves the favorite at position `from` so that it ends up at position `to` (both 1-based).
  ///
  /// The pair's line moves with the comment lines right above it (`# cooking`, no blank line
  /// between: its heading), unless they open the file; other comments and blank lines stay where
  /// they are. The block goes
  /// before the heading of the favorite it lands before, or right after the last favorite.
  @discardableResult
  package mutating func move(from: Int, to: Int) throws(FavoritesEditError) -> Entry {
    let all = entries
    guard from >= 1 && from <= all.count else { throw .noSuchPosition(from, count: all.count) }
    guard to >= 1 && to <= all.count else { throw .noSuchPosition(to, count: all.count) }
    guard from != to else { return all[from - 1] }
    let ending = lineEnding
    let line = all[from - 1].line - 1
    let start = headingStart(of: line)
    var moving = Array(lines[start...line])
    lines.removeSubrange(start...line)
    let rest = entries
    let index = to - 1 < rest.count ? headingStart(of: rest[to - 1].line - 1) : rest[rest.count - 1].line
    if index < lines.count {
      // The block no longer ends the file: it needs a line break of its own.
      if moving[moving.count - 1].ending.isEmpty { moving[moving.count - 1].ending = ending }
    } else if lines[lines.count - 1].ending.isEmpty {
      lines[lines.count - 1].ending = ending
    }
    lines.insert(contentsOf: moving, at: index)
    return entries[to - 1]
  }

  /// The index of the first line of a pair's heading: the comment lines right above the pair at
  /// `index`, or `index` when there are none. Comments that open the file (after the version
  /// header, if any) are the file's own, never a pair's: they stay at the top.
  private func headingStart(of index: Int) -> Int {
    var start = index
    while start > 0, case .comment = lines[start - 1].content { start -= 1 }
    if start == 0 { return index }
    if start == 1, case .header = lines[0].content { return index }
    return start
  }

  // MARK: Helpers

  private func find(_ identity: [UnitIdentity], catalog: Catalog) -> Entry? {
    entries.first { entry in
      (try? ResolvedFavorite(entry.pair, catalog: catalog))?.identity == identity
    }
  }

  /// The line break new lines get: the first line's, else LF.
  private var lineEnding: String {
    guard let first = lines.first, !first.ending.isEmpty else { return "\n" }
    return first.ending
  }
}

/// A problem on one line of the favorites file.
package struct FavoritesProblem: Error, Sendable, Hashable {
  /// What a problem stops.
  package enum Kind: Sendable, Hashable {
    /// A line that is no favorite: the other favorites are shown and the file may be edited (the
    /// line is kept as written).
    case line
    /// A line that is not UTF-8: the other favorites are shown, but the file is never rewritten
    /// (its bytes would be lost).
    case encoding
    /// A version header this build does not read: nothing is shown or written.
    case version
  }

  /// The 1-based line.
  package var line: Int
  /// What it stops.
  package var kind: Kind
  /// What is wrong.
  package var message: String

  /// Creates a problem.
  package init(line: Int, kind: Kind = .line, message: String) {
    self.line = line
    self.kind = kind
    self.message = message
  }

  /// `PATH:LINE: message`.
  package func described(path: String) -> String { "\(path):\(line): \(message)" }
}
