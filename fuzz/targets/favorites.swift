// libFuzzer target: the favorites file (ConvApp's FavoritesFile and FavoritesFormat).
//
// Input: the file's bytes. Reading must keep every byte (for valid UTF-8), checking must give
// one-line problems, and the edits conv makes (add, remove, move) must leave a file that reads
// back with the expected favorites.

import ConvApp
import ConvKit

let catalog = Catalog.builtin

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFavorites(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  var file = FavoritesFile(bytes: bytes)
  let isValidUTF8 = String(validating: bytes, as: UTF8.self) != nil
  if isValidUTF8 {
    precondition(file.bytes == bytes, "reading and writing back changed the file")
  }
  let entries = file.entries
  _ = file.version
  let problems = file.problems(in: catalog)
  for problem in problems {
    precondition(problem.line >= 1 && problem.line <= file.lines.count, "problem on line \(problem.line)")
    precondition(!problem.message.isEmpty, "empty problem message")
    // Printed as `PATH:LINE: message`: one line, without control characters from the file.
    precondition(
      !problem.message.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "control character in a problem message: \(problem.message.debugDescription)")
  }
  _ = file.resolved(in: catalog)
  for entry in entries.prefix(4) {
    precondition(
      FavoritesFormat.parseLine(entry.pair.description) == .pair(entry.pair)
        || FavoritesFormat.unwritableReason(entry.pair) != nil,
      "a pair read from the file does not read back: \(entry.pair)")
  }

  // Edits: only on files conv would edit (no problems), as FavoritesStore does.
  guard problems.isEmpty else { return 0 }
  if entries.count >= 2 {
    var moved = file
    let entry = try! moved.move(from: 1, to: entries.count)
    precondition(moved.pairs.count == entries.count, "move lost a favorite")
    precondition(moved.pairs.last == entry.pair, "move put the favorite elsewhere")
    precondition(FavoritesFile(bytes: moved.bytes).pairs == moved.pairs, "moved file reads back differently")
  }
  if let first = entries.first {
    var removed = file
    _ = try! removed.remove(position: 1)
    precondition(removed.pairs == Array(entries.dropFirst().map(\.pair)), "remove took the wrong favorite")
    precondition(FavoritesFile(bytes: removed.bytes).pairs == removed.pairs, "edited file reads back differently")
    if (try? removed.add(first.pair, catalog: catalog)) != nil {
      precondition(
        FavoritesFile(bytes: removed.bytes).pairs.last == first.pair, "added favorite reads back differently")
    }
  }
  let extra = FavoritePair(from: "mi", to: "km")
  if (try? file.add(extra, catalog: catalog)) != nil {
    let reread = FavoritesFile(bytes: file.bytes)
    precondition(reread.pairs == entries.map(\.pair) + [extra], "appending a favorite changed the others")
  }
  return 0
}
