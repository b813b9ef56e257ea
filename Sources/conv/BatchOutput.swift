import ConvApp

/// Standard output collected in a block and written with one call when full.
///
/// Messages for standard error (a line that failed, a note) are written at once (an error after
/// what is collected so far); or, when standard error is the same file as standard output
/// (`messagesInline`: `2>&1`, one pipe, the same file named twice), collected in the block in
/// their place, each line's notes before its output: one stream in input order, written with the
/// block (not two writes for every bad line).
struct BatchOutput: BatchSink {
  var bytes: [UInt8] = []
  /// Write after every line (a terminal on either side: someone is typing and reading).
  let eachLine: Bool
  /// Whether messages go in the block (standard error is standard output's file).
  let messagesInline: Bool

  init(eachLine: Bool, messagesInline: Bool) {
    self.eachLine = eachLine
    self.messagesInline = messagesInline && !eachLine
    bytes.reserveCapacity(1 << 16)
  }

  /// Reports a line that failed (`conv: line 3: unknown unit 'xyz'`), after what is collected.
  mutating func error(_ text: String) {
    guard messagesInline else {
      flush()
      Output.error(text)
      return
    }
    Output.appendErrorLine(text, to: &bytes)
    lineDone()
  }

  /// Reports the notes of the line whose output starts at `lineStart`: in the block before that
  /// output, or at once to standard error (before the block is written, as notes always were).
  mutating func notes(_ notes: [String], before lineStart: Int) {
    guard !notes.isEmpty else { return }
    guard messagesInline else {
      for note in notes { Output.note(note) }
      return
    }
    let text = notes.map(Output.noteLine).joined()
    bytes.insert(contentsOf: text.utf8, at: lineStart)
  }

  /// Writes the block if it is full (or after every line when `eachLine`).
  mutating func lineDone() {
    if eachLine || bytes.count >= 1 << 16 { flush() }
  }

  /// Writes what is collected to standard output (stdio, so that `Output` stays in order); a
  /// failed write ends the program (`Output.writeFailed`).
  mutating func flush() {
    guard !bytes.isEmpty else { return }
    let complete = bytes.withUnsafeBufferPointer { SystemCalls.writeStandardOutput($0) }
    if !complete { Output.writeFailed(SystemCalls.lastError) }
    bytes.removeAll(keepingCapacity: true)
    if eachLine { Output.flush() }
  }
}
