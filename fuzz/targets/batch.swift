// libFuzzer target: batch conversion (ConvApp's BatchConverter) against the exact path.
//
// BatchConverter promises that every line gives exactly what
// `Converter.run(ConversionRequest.parse(line:))` gives for it, with its cache of request shapes
// and integer maps in front. Input: one byte of options (mode, digits), then lines; the same
// converter handles them all in order, so later lines hit what earlier ones cached. Each line's
// output (or error) must be the one a fresh exact conversion gives.

import ConvApp
import ConvKit

let catalog = Catalog.builtin
let converters: [Converter] = {
  var terse = OutputOptions()
  terse.mode = .terse
  var json = OutputOptions()
  json.mode = .json
  var human = OutputOptions()
  human.digits = 17
  return [terse, json, human, OutputOptions()].map { Converter(catalog: catalog, options: $0) }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size >= 1 else { return 0 }
  let converter = converters[Int(data[0] & 3)]
  let batch = BatchConverter(converter: converter)
  let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
  var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
  if lines.count > 64 { lines.removeLast(lines.count - 64) }
  for line in lines {
    var output: [UInt8] = []
    let outcome = batch.convert(UnsafeBufferPointer(rebasing: line), into: &output)
    let expected = exact(Array(line), converter: converter)
    switch (outcome, expected) {
    case (.skipped, .skipped):
      precondition(output.isEmpty, "a skipped line wrote output")
    case (.converted, .lines(let lines)):
      let text = String(decoding: output, as: UTF8.self)
      precondition(
        text == lines.map { $0 + "\n" }.joined(),
        "batch gave \(text.debugDescription), the exact path \(lines) for \(String(decoding: line, as: UTF8.self).debugDescription)"
      )
    case (.failed(let message), .failed(let expectedMessage)):
      precondition(
        message == expectedMessage,
        "batch failed with '\(message)', the exact path with '\(expectedMessage)'")
    default:
      preconditionFailure(
        "batch outcome \(outcome) but exact \(expected) for \(String(decoding: line, as: UTF8.self).debugDescription)")
    }
  }
  return 0
}

enum Expected {
  case skipped
  case lines([String])
  case failed(String)
}

/// What the exact path gives for a line.
func exact(_ bytes: [UInt8], converter: Converter) -> Expected {
  let line = String(decoding: bytes, as: UTF8.self)
  guard let first = line.firstIndex(where: { !$0.isWhitespace }),
    let last = line.lastIndex(where: { !$0.isWhitespace })
  else { return .skipped }
  let trimmed = String(line[first...last])
  if trimmed.hasPrefix("#") { return .skipped }
  let request = ConversionRequest.parse(line: trimmed, catalog: catalog)
  if let message = BatchConverter.loneNumber(request, catalog: catalog) { return .failed(message) }
  switch converter.run(request) {
  case .success(let lines): return .lines(lines)
  case .failure(let failure): return .failed(failure.message)
  }
}
