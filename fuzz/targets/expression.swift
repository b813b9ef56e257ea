// libFuzzer target: expression parsing, evaluation and conversion in ConvKit alone.
//
// Input: UTF-8 text (invalid bytes are repaired, as standard input is). Up to the first line break
// is a quantity, the rest a target unit. Every step must either succeed or throw a ConvError:
// a trap, a sanitizer report or a hang (libFuzzer's -timeout) is a bug.
//
// Built by fuzz/run.sh against the ConvKit module compiled from Sources/ConvKit.

import ConvKit

let catalog = Catalog.builtin

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpression(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let quantityText = parts[0]
  let targetText = parts.count > 1 ? parts[1] : nil

  // The "did you mean" search is costly and left out of errors in fuzzing builds: sample it here.
  if size % 61 == 0 { _ = catalog.suggestions(for: String(quantityText), limit: 3) }

  let quantity: Quantity
  do {
    quantity = try catalog.parseQuantity(quantityText)
  } catch {
    checkError(error, in: quantityText)
    _ = try? catalog.parseUnit(quantityText)
    return 0
  }
  exercise(quantity.term.value)
  _ = quantity.term.baseValue
  if let number = quantity.number { exercise(Magnitude(number)) }
  do {
    let unit = try catalog.parseUnit(quantityText)
    exercise(unit.factor)
  } catch {
    checkError(error, in: quantityText)
  }

  guard let targetText else { return 0 }
  let target: UnitExpression
  do {
    target = try catalog.parseUnit(targetText)
  } catch {
    checkError(error, in: targetText)
    return 0
  }
  do {
    let result = try catalog.convert(quantity, to: target)
    exercise(result.value)
    _ = result.doubleValue
    if let unit = quantity.unit {
      let conversion = try Conversion(from: unit, to: target, catalog: catalog)
      _ = conversion.convert(1.5)
      _ = try conversion.convert(Rational(3))
      var buffer: [Double] = [0, -1, 1e300, .nan]
      conversion.convert(&buffer)
    }
  } catch {
    checkError(error, in: targetText)
  }
  return 0
}

/// Formats a value the ways the front ends do: rounded, exact, as a Double.
func exercise(_ value: Magnitude) {
  let rational = value.approximation
  _ = rational.doubleValue
  for digits in [1, 8, 17] {
    let rounded = rational.rounded(significantDigits: digits)
    precondition(rounded.digits.count <= digits, "rounded to more digits than asked")
    _ = rounded.plainString
  }
  if let exact = rational.terminatingDecimal { _ = exact.plainString }
  _ = rational.description
}

/// Every error must have a message on one line without a raw control character, and a span
/// inside the text it is about.
func checkError(_ error: ConvError, in text: some StringProtocol) {
  let message = error.message
  precondition(!message.isEmpty, "empty error message")
  precondition(!message.contains(where: \.isNewline), "error message spans lines: \(message)")
  precondition(!message.unicodeScalars.contains(where: isRawControl), "raw control character in: \(message)")
  if let span = error.span {
    precondition(span.start >= 0 && span.length >= 0, "negative span \(span)")
    precondition(span.start <= text.count, "span \(span) starts after the text (\(text.count) characters)")
  }
}

/// Whether a character must never reach a terminal raw: a C0 or C1 control but tab, a line or
/// paragraph separator, a bidirectional embedding, override or isolate (`TerminalText`'s list).
func isRawControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x09: false
  case 0x00..<0x20, 0x7F..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
  default: false
  }
}
