import ConvApp

/// The REPL without a terminal: commands from standard input, results on standard output.
enum ReplScript {
  /// Runs every line until end of input or `quit`; returns whether any command failed. With a
  /// `prompt` (a dumb or tiny terminal), it is written before each line.
  static func run(_ session: inout ReplSession, prompt: String? = nil) -> Bool {
    var failed = false
    while true {
      if let prompt {
        Output.verbatim(prompt)
        Output.flush()
      }
      guard let line = StandardInput.readLine() else { break }
      let trimmed = line.trimmingWhitespace
      if trimmed.hasPrefix("#") { continue }
      let outcome = session.handle(trimmed)
      for note in outcome.notes { Output.note(note) }
      Output.lines(outcome.output)
      if let message = outcome.errors.first {
        failed = true
        Output.error(message)
        for detail in outcome.errors.dropFirst() { Output.errorDetail(detail) }
      }
      if outcome.quit { break }
    }
    if StandardInput.readError != 0 {
      Output.error(StandardInput.readFailure(StandardInput.readError))
      failed = true
    }
    return failed
  }
}
