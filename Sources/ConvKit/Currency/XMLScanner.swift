/// A minimal, strict XML reader for small documents: elements with attributes, nesting checked.
///
/// Enough for the ECB's rates file and no more: no DTDs, no CDATA, no entities beyond the five
/// predefined ones. A document that is not well-formed by these rules (an unclosed or mismatched
/// element, a stray `<`, text outside the root, a truncated file) is refused, and so is one nested
/// deeper than `maximumDepth` (the ECB's file is 3 deep): the work and memory a document costs
/// stay proportional to its size, whatever its shape.
struct XMLScanner {
  /// Deepest nesting accepted: the root is at depth 1.
  static let maximumDepth = 8

  /// One start tag (or empty-element tag): its name without a namespace prefix, and attributes.
  struct Element {
    let name: String
    let attributes: [String: String]
    /// The name of the enclosing element without a namespace prefix; nil for the root.
    let parent: String?
  }

  /// Every element of a well-formed document, in document order.
  static func elements(of text: String) throws(ExchangeRatesError) -> [Element] {
    let bytes = Array(text.utf8)
    var position = 0
    var stack: [String] = []
    var elements: [Element] = []
    var sawRoot = false

    func fail(_ reason: String) -> ExchangeRatesError { ExchangeRatesError("not well-formed XML: " + reason) }
    func find(_ pattern: String, from start: Int) -> Int? {
      let needle = Array(pattern.utf8)
      var index = start
      while index + needle.count <= bytes.count {
        if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
        index += 1
      }
      return nil
    }

    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
    while position < bytes.count {
      let byte = bytes[position]
      guard byte == UInt8(ascii: "<") else {
        if stack.isEmpty && !XMLScanner.isSpace(byte) { throw fail("text outside the root element") }
        position += 1
        continue
      }
      if bytes[position...].starts(with: Array("<?".utf8)) {
        guard let end = find("?>", from: position + 2) else { throw fail("unterminated processing instruction") }
        position = end + 2
        continue
      }
      if bytes[position...].starts(with: Array("<!--".utf8)) {
        guard let end = find("-->", from: position + 4) else { throw fail("unterminated comment") }
        position = end + 3
        continue
      }
      guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { throw fail("unterminated tag") }
      let inner = String(decoding: bytes[(position + 1)..<close], as: UTF8.self)
      position = close + 1
      if inner.hasPrefix("/") {
        let name = String(inner.dropFirst()).trimmingSpaces
        guard let open = stack.popLast() else { throw fail("end tag </\(name)> without a start tag") }
        guard open == name else { throw fail("</\(name)> closes <\(open)>") }
        continue
      }
      let isEmpty = inner.hasSuffix("/")
      let (name, attributes) = try tag(isEmpty ? String(inner.dropLast()) : inner)
      if stack.isEmpty {
        guard !sawRoot else { throw fail("a second root element <\(name)>") }
        sawRoot = true
      }
      let localName = name.split(separator: ":").last.map(String.init) ?? name
      let parent = stack.last.map { $0.split(separator: ":").last.map(String.init) ?? $0 }
      elements.append(Element(name: localName, attributes: attributes, parent: parent))
      if !isEmpty {
        guard stack.count < XMLScanner.maximumDepth else {
          throw fail("elements nested more than \(XMLScanner.maximumDepth) deep")
        }
        stack.append(name)
      }
    }
    guard sawRoot else { throw fail("no root element") }
    guard stack.isEmpty else { throw fail("<\(stack.last!)> is not closed (truncated?)") }
    return elements
  }

  /// The name and attributes of a tag's inside (`Cube currency='USD' rate='1.1269'`).
  private static func tag(_ text: String) throws(ExchangeRatesError) -> (String, [String: String]) {
    let characters = Array(text)
    var index = 0
    func skipSpaces() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
    func readName() -> String {
      let start = index
      while index < characters.count, !characters[index].isWhitespace, characters[index] != "=",
        characters[index] != "<", characters[index] != "\"", characters[index] != "'"
      { index += 1 }
      return String(characters[start..<index])
    }
    let name = readName()
    guard !name.isEmpty else { throw ExchangeRatesError("not well-formed XML: a tag without a name") }
    var attributes: [String: String] = [:]
    skipSpaces()
    while index < characters.count {
      let key = readName()
      skipSpaces()
      guard !key.isEmpty, index < characters.count, characters[index] == "=" else {
        throw ExchangeRatesError("not well-formed XML: bad attribute in <\(name)>")
      }
      index += 1
      skipSpaces()
      guard index < characters.count, characters[index] == "\"" || characters[index] == "'" else {
        throw ExchangeRatesError("not well-formed XML: unquoted attribute '\(key)' in <\(name)>")
      }
      let quote = characters[index]
      index += 1
      let start = index
      while index < characters.count, characters[index] != quote {
        guard characters[index] != "<" else { throw ExchangeRatesError("not well-formed XML: '<' in an attribute") }
        index += 1
      }
      guard index < characters.count else {
        throw ExchangeRatesError("not well-formed XML: unterminated attribute '\(key)' in <\(name)>")
      }
      guard attributes[key] == nil else {
        throw ExchangeRatesError("not well-formed XML: attribute '\(key)' twice in <\(name)>")
      }
      attributes[key] = unescape(String(characters[start..<index]))
      index += 1
      skipSpaces()
    }
    return (name, attributes)
  }

  private static func unescape(_ text: String) -> String {
    guard text.contains(text: "&") else { return text }
    return text.replacing(text: "&lt;", with: "<").replacing(text: "&gt;", with: ">").replacing(
      text: "&quot;", with: "\""
    )
    .replacing(text: "&apos;", with: "'").replacing(text: "&amp;", with: "&")
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingSpaces: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
