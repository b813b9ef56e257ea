// libFuzzer target: the command line (ConvApp's CommandLineParser, then the conversion its words ask for).
//
// Input: arguments separated by NUL bytes (at most 24). The parser reads them against the command
// table; when they ask for a conversion (`conv WORDS…`), the words go through
// `Converter.request(arguments:)` and `Converter.convert`, as the executable does. Checks, beyond
// "no crash, no hang": every error and output line, as the executable writes it (through
// `TerminalText.escaped`), holds no raw control character; parsing is a function of the arguments
// (the same request twice).

import ConvApp
import ConvKit

let catalog = Catalog.builtin
let parser = CommandLineParser()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(24)
    .map { String(decoding: $0, as: UTF8.self) }
  let request: CommandLineRequest
  do {
    request = try parser.parse(arguments)
  } catch {
    checkLine(error.message, "a command-line error")
    precondition(!error.message.isEmpty, "empty command-line error")
    return 0
  }
  precondition((try? parser.parse(arguments)) == request, "the same arguments parsed twice differ")
  guard case .run(let parsed) = request, parsed.path.last == "convert" || parsed.path.isEmpty,
    !parsed.words.isEmpty
  else { return 0 }
  var options = OutputOptions()
  options.mode = parsed.has("terse") ? .terse : parsed.has("json") ? .json : .human
  let converter = Converter(catalog: catalog, options: options)
  switch converter.convert(converter.request(arguments: parsed.words)) {
  case .success(let output):
    for line in output.lines { checkLine(line, "an output line") }
    for note in output.notes { checkLine(note, "a note") }
  case .failure(let failure):
    checkLine(failure.message, "a conversion error")
    for line in converter.writer.failureDetails(failure) { checkLine(line, "an error's detail line") }
  }
  return 0
}
