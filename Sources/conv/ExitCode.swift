/// Ends a command with an exit status once its messages are written (`ConvMain` exits with it).
struct ExitCode: Error {
  /// The status, one of `ExitStatus`.
  let rawValue: Int32

  init(_ rawValue: Int32) {
    self.rawValue = rawValue
  }
}
