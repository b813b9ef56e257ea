// libFuzzer target: the whole path from a request line to output lines (ConvApp's Converter),
// through parsing (ConvKit), conversion, and ICU-backed number formatting (ConvFormat).
//
// Input: one byte of options, then a request line as batch mode reads it (`5 mi to km`,
// `100 °F °C`, `1.8 m ft;in`, a quantity alone for the whole column). The options byte picks the
// output mode, significant digits, notation, ASCII, --exact, --long and a locale, so the ICU
// skeletons of every style are exercised.

import ConvApp
import ConvFormat
import ConvKit

let catalog = Catalog.builtin
let locales: [String?] = [nil, "de_DE", "fr_FR", "ar_EG", "hi_IN", "ja_JP", "de_CH", "en_IN"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConvert(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let flags = data[0]
  let line = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)

  var options = OutputOptions()
  options.mode = [OutputMode.human, .terse, .json, .human][Int(flags & 3)]
  options.digits = [8, 1, 17, 3][Int((flags >> 2) & 3)]
  options.notation = [NumberNotation.automatic, .plain, .scientific, .automatic][Int((flags >> 4) & 3)]
  options.exact = flags & 0x40 != 0
  options.ascii = flags & 0x80 != 0
  options.longNames = flags & 0x08 != 0 && flags & 0x20 != 0
  options.locale = locales[Int(flags >> 5) & 7]
  options.verbose = flags & 0x04 != 0
  let converter = Converter(catalog: catalog, options: options)

  let request = ConversionRequest.parse(line: line, catalog: catalog)
  check(converter.run(request), options: options)
  // The same words as command-line arguments.
  let words = line.split(whereSeparator: { $0 == " " }).map(String.init)
  if !words.isEmpty, words.count <= 64 {
    check(converter.run(ConversionRequest.parse(arguments: words, catalog: catalog)), options: options)
  }
  return 0
}

func check(_ outcome: Result<[String], Converter.Failure>, options: OutputOptions) {
  switch outcome {
  case .success(let lines):
    for line in lines {
      // Human output echoes the quantity as typed, line breaks included (see the report of issue
      // 10); terse and JSON output must stay one line per result.
      precondition(
        options.mode == .human || !line.contains(where: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }),
        "output line breaks: \(line)")
      // The number of a terse result is ASCII (the whole column adds unit symbols as they are).
      if options.mode == .terse, let number = line.split(separator: " ").first {
        precondition(number.utf8.allSatisfy { $0 < 0x80 }, "non-ASCII terse number: \(line)")
      }
      // JSON escapes controls itself; any line, as conv prints it, holds none (no colour here).
      let printed = options.mode == .json ? line : TerminalText.escaped(line, keepingStyle: true)
      precondition(!printed.unicodeScalars.contains(where: isRawControl), "raw control character in output: \(printed)")
    }
  case .failure(let failure):
    precondition(!failure.message.isEmpty, "empty error message")
    precondition(!failure.message.contains(where: \.isNewline), "error message spans lines: \(failure.message)")
    for line in [failure.message] + failure.caretLines {
      let printed = TerminalText.escaped(line)
      precondition(!printed.unicodeScalars.contains(where: isRawControl), "raw control character in output: \(printed)")
    }
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
