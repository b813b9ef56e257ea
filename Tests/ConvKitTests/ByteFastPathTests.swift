import Testing

@testable import ConvKit

/// The reading path tells ASCII characters apart by their bytes (the request split, the lexer's
/// loops and slices, the prefix spellings a word starts with): each fast path answers what the
/// character-by-character reading answers, on crafted and random text of ASCII, combining marks,
/// `\r\n` and other scalars.
@Suite("Byte fast paths of the reading")
struct ByteFastPathTests {
  /// Text where byte and character boundaries part: combining marks after ASCII letters, `\r\n`,
  /// no-break and other spaces, signs the lexer treats apart.
  static let crafted = [
    "5 mi to km", "61.82 zqczasxp to km", "5 e\u{301} to m", "5 m\u{301} to km", " \u{301}5 m to ft",
    "5\r\nmi", "5 mi\r\n", "5\u{A0}mi to km", "5 mi\u{2003}to km", "5'11\" to cm", "$5 to EUR", "5$ to EUR",
    "4/0 AWG", "+4/0 AWG", "0000 AWG to mm", "1 1/2 cup", "kg*m/s^2 to lbf", "5ft11in", "B.A. unit",
    "in w.c.", "light-year", "cmH2O", "5 µm to nm", "5 Km", "\u{212A}m", "Ki\u{301}B", "",
    "   ", "to", "5 m to ft;in", "5mi->km", "μ", "ﬁ", "e\u{301}\u{302}x", "1_000 m", "1,5 m",
  ]

  /// Random strings over an alphabet with the same traps.
  static func randomTexts(
    count: Int, seed: UInt64 = 0x5EED_2026,
    alphabet: [String] = [
      "a", "k", "m", "i", "t", "o", "5", "0", "/", "4", ".", ",", " ", " ", "-", "'", "\"", "$", "*", "^",
      "(", ")", "\u{301}", "\r", "\n", "\r\n", "\t", "\u{A0}", "µ", "°", "²", "½", "é", "K", "\u{212A}",
    ]
  ) -> [String] {
    var generator = SplitMix(seed: seed)
    return (0..<count).map { _ in
      let length = Int(generator.next() % 14)
      return (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
    }
  }

  static let texts = crafted + randomTexts(count: 3_000)
  /// Random ASCII strings: words, numbers, marks, signs and operators run together.
  static let asciiTexts = randomTexts(
    count: 3_000, seed: 0xA5C11,
    alphabet: [
      "a", "k", "m", "i", "per", "to", "5", "0", "9", "/", ".", ",", " ", "-", "'", "\"", "$", "*", "^", "_",
      "(", ")", "e", "E", "+", "#", "%", "!", "&", "@", "\t", "in", "1 ", "2/3",
    ])

  /// Random numbers and what may follow them: digit runs around the 18 digits the plain decimal
  /// path takes, points, marks, exponents, separators.
  static let numberTexts =
    randomTexts(
      count: 3_000, seed: 0xD161,
      alphabet: [
        "0", "1", "5", "9", "12", "345", "6789", "000", "123456789", "999999999", ".", ".", ",", "'", "_", "e", "E",
        "e-", " ", " ", "m", "mi", "/", "-", "x", "\t",
      ]) + [
      "123456789012345678 m", "1234567890123456789 m", "12345678901234567.8 m", "1234567890123456789.5 m",
      "999999999999999999", "0.000000000000000001 m", ".5 m", "5. m", "5.m", "1.5.2 m", "1,000.5 m", "1_0 m",
    ]

  /// The request split's words: character-by-character, as before the byte path.
  static func referenceWords(_ line: String) -> [(text: String, start: Int, end: Int)] {
    var words: [(String, Int, Int)] = []
    var current = ""
    var start = 0
    for (offset, character) in line.enumerated() {
      if character.isWhitespace {
        if !current.isEmpty { words.append((current, start, offset)) }
        current = ""
      } else {
        if current.isEmpty { start = offset }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append((current, start, line.count)) }
    return words
  }

  @Test("The request split's words match a split by characters")
  func wordsMatchCharacters() {
    for text in Self.texts + Self.asciiTexts {
      let words = WordSplitter.split(text)
      let reference = Self.referenceWords(text)
      #expect(words.map(\.text) == reference.map(\.text), "\(Array(text.unicodeScalars))")
      #expect(words.map(\.start) == reference.map(\.start), "\(Array(text.unicodeScalars))")
      #expect(words.map(\.end) == reference.map(\.end), "\(Array(text.unicodeScalars))")
      #expect(words.map { String(text[$0.range]) } == reference.map(\.text))
    }
  }

  @Test("The lexer reads ASCII text as it reads the same text by characters")
  func lexerMatchesCharacters() {
    // A trailing combining mark makes the text non-ASCII without touching the tokens before it
    // (it is a character of its own after a space): the same tokens, read by characters.
    let conventions = [
      NumberConventions.standard, NumberConventions(decimalMark: ",", groupingMark: "."),
      NumberConventions(decimalMark: ",", groupingMark: " "), NumberConventions(decimalMark: ".", groupingMark: "'"),
      NumberConventions(decimalMark: ",", groupingMark: nil),
    ]
    for text in Self.texts + Self.asciiTexts + Self.numberTexts where text.utf8.allSatisfy({ $0 < 0x80 && $0 != 13 }) {
      for convention in conventions { compareLexing(text, convention) }
    }
  }

  private func compareLexing(_ text: String, _ conventions: NumberConventions) {
    let fast = Result { () throws(ConvError) in try Lexer.tokenize(text, conventions: conventions) }
    let slow = Result { () throws(ConvError) in try Lexer.tokenize(text + " \u{301}", conventions: conventions) }
    switch (fast, slow) {
    case (.success(let tokens), .success(let reference)):
      #expect(tokens == reference, "\(text)")
    case (.success(let tokens), .failure(let error)):
      // The mark itself is refused after the tokens: every token before it was read.
      #expect(error.span?.start ?? -1 >= (tokens.last.map { $0.span.start + $0.span.length } ?? 0), "\(text)")
    case (.failure(let error), .failure(let reference)):
      #expect(error.message == reference.message, "\(text)")
    case (.failure(let error), .success):
      Issue.record("'\(text)' refused only on the byte path: \(error.message)")
    }
  }

  @Test("A quantity's unit tokens, moved to the unit's text, are that text's own tokens")
  func unitTokensAsLexedAlone() throws {
    // What `ExpressionReader` relies on when it hands the evaluator the tokens after the number.
    let numbers = ["5", "61.82", "1 1/2", "½", "1¾", "2e3", "-4", "1,000", "5."]
    var compared = 0
    for rest in Self.texts + Self.asciiTexts + ["mi", "kg*m/s^2", "m²", "per hour", "cubic foot", "ft 2"] {
      for number in numbers {
        let quantity = number + " " + rest
        guard let (tokens, characters) = try? Lexer.lex(quantity),
          let numberIndex = tokens.firstIndex(where: { $0.kind.isNumber }), numberIndex <= 1
        else { continue }
        let unitTokens = tokens[(numberIndex + 1)...]
        guard let first = unitTokens.first,
          !unitTokens.contains(where: { $0.kind.isNumber || $0.kind == .plus || $0.kind == .minus }),
          ![Token.Kind.times, .divide, .caret].contains(first.kind)
        else { continue }
        let offset = first.span.start
        let moved = unitTokens.enumerated().map { index, token in
          Token(
            kind: token.kind, span: SourceSpan(start: token.span.start - offset, length: token.span.length),
            spaceBefore: index == 0 ? false : token.spaceBefore, form: token.form)
        }
        let unitText = String(characters[offset...])
        let alone = try Lexer.lex(unitText)
        #expect(moved == alone.tokens, "\(quantity)")
        #expect(Array(characters[offset...]) == alone.characters, "\(quantity)")
        compared += 1
      }
    }
    #expect(compared > 1_000)
  }

  @Test("Words are spaced as joined(separator:) joins them, empty words and slices included")
  func spacedAsJoined() {
    var generator = SplitMix(seed: 0x5ACE)
    let pool = ["", "5", "mi", "km", " ", "in", "→", "ft²", "to"]
    for _ in 0..<500 {
      let words = (0..<Int(generator.next() % 6)).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }
      let start = words.isEmpty ? 0 : Int(generator.next() % UInt64(words.count + 1))
      #expect(ConversionRequest.spaced(words[start...]) == words[start...].joined(separator: " "), "\(words)")
      #expect(ConversionRequest.spaced(words[...]) == words.joined(separator: " "), "\(words)")
    }
  }

  @Test("A digit before a letter, found by bytes as by characters")
  func digitBeforeLetterMatchesCharacters() {
    let extra = ["5ft11in", "5\r\nft", "5\u{301}ft", "5é", "é5ft", "x5", "5", "", "5 ft", "5_ft", "5K", "5\u{212A}"]
    for text in Self.texts + Self.asciiTexts + Self.numberTexts + extra {
      let reference = zip(text, text.dropFirst()).contains { $0.isASCIIDigit && $1.isLetter }
      #expect(ExpressionReader.hasDigitBeforeLetter(text) == reference, "\(Array(text.unicodeScalars))")
    }
  }

  @Test("Trimming by the end bytes gives what trimming by characters gives")
  func trimmedMatchesCharacters() {
    let extra = ["\u{600}5", "x\u{301}", " x ", "\u{A0}x", "x\u{2003}", "\r\nx", "x\r\n", "a", " ", ""]
    for text in Self.texts + Self.asciiTexts + extra {
      let scalars = Substring(text)
      let reference: Substring = {
        guard let first = scalars.firstIndex(where: { !$0.isWhitespace }),
          let last = scalars.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return scalars[first...last]
      }()
      #expect(text.trimmed == reference, "\(Array(text.unicodeScalars))")
    }
  }

  @Test("Leading white space, a last digit, a byte held: by bytes as by characters")
  func firstAndLastBytesMatchCharacters() {
    let extra = [
      "\u{600}5", "5\u{301}", "x5\u{301}", " x", "\u{A0}x", "\u{2003}5", "\r\nx", "x\r\n", "m2", "m²", "5", "",
      "\u{301}5", "٥", "5:30", "kg-m", "kg\u{2011}m", "：",
    ]
    for text in Self.texts + Self.asciiTexts + extra {
      let unicode = Array(text.unicodeScalars)
      #expect(text.leadingWhitespaceCount == text.prefix { $0.isWhitespace }.count, "\(unicode)")
      // No last digit byte, no last digit character (the other way round need not hold: `\u{600}5`).
      if !Evaluator.mayEndInDigit(text) { #expect(text.last?.isASCIIDigit != true, "\(unicode)") }
      for byte in [UInt8(ascii: ":"), UInt8(ascii: "-"), 0x80] {
        #expect(ByteScan.contains(byte, in: text.utf8) == text.utf8.contains(byte), "\(unicode) \(byte)")
      }
    }
  }

  @Test("Prefix symbols are tried IEC first, each prefix's symbols in order")
  func prefixSymbolOrder() {
    let expected = (Prefix.iec + Prefix.si).flatMap { prefix in prefix.symbols.map { ($0, prefix) } }
    #expect(Catalog.prefixSymbols.map(\.0) == expected.map(\.0))
    #expect(Catalog.prefixSymbols.map(\.1) == expected.map(\.1))
  }

  @Test("Prefix spellings a word starts with match the comparison by characters")
  func prefixSpellingsMatch() {
    let words = Self.texts + ["kilometre", "km", "Km", "mm", "Mi", "MiB", "µm", "da", "dam", "kibibyte", "z", "zq"]
    // The reference: the candidates for the first byte, compared as strings (a spelling that is
    // canonically equivalent but starts with another byte, `\u{212A}i` for `Ki`, is not tried).
    func reference(_ spellings: [(String, Prefix)], _ positions: [[Int]], _ text: String) -> [String] {
      guard let first = text.utf8.first else { return [] }
      return positions[Int(first)].map { spellings[$0].0 }.filter { text.hasPrefix($0) && text.count > $0.count }
    }
    for word in words {
      #expect(
        Catalog.prefixSymbolPositions(starting: word).map { Catalog.prefixSymbols[$0].0 }
          == reference(Catalog.prefixSymbols, Catalog.prefixSymbolsByFirstByte, word), "\(word)")
      let key = word.lowercased()
      #expect(
        Catalog.prefixNames(starting: key).map(\.0)
          == reference(Catalog.prefixNames, Catalog.prefixNamesByFirstByte, key), "\(key)")
    }
  }

  @Test("A prefixed symbol is found as by the list of prefix symbols the text starts with")
  func prefixedSymbolMatchesList() {
    let catalog = Catalog.builtin
    let words = [
      "km", "Mibit", "µm", "μm", "kilometre", "Kim", "dam", "dakm", "Zqczasxp", "zqczasxp", "mmHg", "MHz",
      "\u{212A}m", "k\u{301}m", "km\u{301}", "Ki\u{301}B", "KiB", "daN", "hPa", "Ym", "ym", "kk", "k", "",
    ]
    for word in words + Self.texts + Self.asciiTexts {
      // The reference, by characters: each prefix symbol with the text's first byte that the text
      // starts with and is longer than, in order, its rest a unit symbol that takes the prefix.
      var expected: PrefixedUnit? = nil
      for (symbol, prefix) in Catalog.prefixSymbols
      where symbol.utf8.first == word.utf8.first && word.hasPrefix(symbol) && word.count > symbol.count {
        let rest = String(word.dropFirst(symbol.count))
        if let index = catalog.storage.symbolIndex(rest), prefix.applies(to: catalog.storage.unit(at: index).prefixes) {
          expected = PrefixedUnit(unit: catalog.storage.unit(at: index), prefix: prefix)
          break
        }
      }
      #expect(catalog.prefixedSymbol(word) == expected, "\(Array(word.unicodeScalars))")
    }
  }

  @Test(
    "A spelling unknown alone is unknown inside an expression",
    arguments: [
      "zqczasxp", "C", "F", "pt", "km", "kmm", "ft.", "ºC", "$", "C$", "mil", "rad", "'", "Km", "in", "xyz",
    ])
  func insideIsSubsetOfStandalone(spelling: String) {
    let catalog = Catalog.builtin
    let alone = catalog.readings(of: spelling, standalone: true)
    let inside = catalog.readings(of: spelling, standalone: false)
    if alone.isEmpty { #expect(inside.isEmpty) }
    // The reader's shared cache gives what the catalog gives, in either order of lookups.
    let reader = ExpressionReader(catalog: catalog, conventions: .standard)
    _ = reader.resolve(spelling, standalone: true, span: nil)
    let insideAfterAlone = reader.resolve(spelling, standalone: false, span: nil)
    #expect(
      insideAfterAlone
        == ExpressionReader(catalog: catalog, conventions: .standard)
        .resolve(spelling, standalone: false, span: nil))
  }

  @Test(
    "A gauge number is found whatever the first word's bytes say",
    arguments: [
      "0000 AWG", "4/0 AWG", "+4/0 AWG", "-4/0 AWG", "2/0 SWG", "00 AWG", "12 AWG", "61.82 AWG", "4/0\u{301} AWG",
      "4/0\u{A0}AWG", "4/0\tAWG", "4/0", "0000", "x0 AWG", "4/0 mm", "00000000 AWG", "000000000 AWG", "0 AWG",
      "5267 AWG", "10/0 AWG", "9/0 AWG", "0\u{301}0 AWG", "00\r\nAWG", "00 \u{301}AWG", "+0 AWG", "-00 AWG", "0-0 AWG",
      "+00 AWG", "00+ AWG", "5267\u{A0}AWG", "5267\u{301} AWG",
    ] + ByteFastPathTests.numberTexts.map { $0 + " AWG" })
  func gaugeQuantityUnchanged(text: String) throws {
    let reader = ExpressionReader(catalog: .builtin, conventions: .standard)
    // Read as a gauge: a quantity, or the scale's error (`00000000 AWG` is outside AWG's range).
    let readAsGauge: Bool
    do { readAsGauge = try reader.gaugeQuantity(text) != nil } catch { readAsGauge = true }
    // The reference: the first word (up to the first white space character) as a gauge spelling.
    let expected: Bool = {
      guard let space = text.firstIndex(where: \.isWhitespace), Catalog.gaugeNumber(text[..<space]) != nil else {
        return false
      }
      let unit = Catalog.builtin.unit(named: String(text[space...].trimmed))
      return unit?.unit.scale?.readsGaugeNumbers == true
    }()
    #expect(readAsGauge == expected, "\(text)")
  }
}

/// The digit scans of batch's long numbers answer what a byte-by-byte scan answers, on random
/// bytes around the digits (every byte value next to them), at every start and length.
@Suite("Digit scans")
struct DigitScanTests {
  @Test("endOfDigits and allZeroDigits match a byte-by-byte scan")
  func matchBytes() {
    var generator = SplitMix(seed: 0xD161)
    for _ in 0..<3_000 {
      let count = Int(generator.next() % 40)
      let bytes: [UInt8] = (0..<count).map { _ in
        switch generator.next() % 4 {
        case 0: return UInt8(truncatingIfNeeded: generator.next())
        case 1: return 0x30
        default: return 0x30 + UInt8(generator.next() % 10)
        }
      }
      bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for start in 0...count {
          var end = start
          while end < count, bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
          #expect(ByteScan.endOfDigits(in: base, from: start, to: count) == end, "\(bytes) from \(start)")
          for stop in start...count {
            #expect(
              ByteScan.allZeroDigits(in: base, from: start, to: stop) == bytes[start..<stop].allSatisfy { $0 == 0x30 })
          }
        }
      }
    }
  }
}
