import Foundation
import Testing

/// Issue 37: standard input that cannot be read (a directory, a closed descriptor) is an
/// input/output error: one line and exit status 2 in every mode that reads it, never "nothing to
/// convert" or success.
@Suite("Standard input read errors exit 2")
struct StandardInputErrorTests {
  static let modes: [[String]] = [[], ["-"], ["-t"], ["--json"], ["repl"], ["repl", "--json"], ["repl", "-t"]]
  static let redirections = ["< /", "<&-"]

  @Test("Exit status 2 with one line naming the reason", arguments: modes, redirections)
  func readError(_ arguments: [String], _ redirection: String) async throws {
    let shell = try await ConvProcess.run(
      executable: URL(fileURLWithPath: "/bin/sh"),
      arguments: ["-c", "\"$0\" \"$@\" \(redirection)", ConvProcess.executable.path] + arguments,
      environment: ConvProcess.isolatedEnvironment())
    let (printed, text) = (shell.stdout, shell.stderr)
    #expect(shell.status == 2, "\(arguments) \(redirection): \(text)")
    #expect(text.hasPrefix("conv: cannot read standard input: "), "\(arguments) \(redirection): \(text)")
    #expect(text.split(separator: "\n").count == 1, "\(text)")
    #expect(printed.isEmpty, "\(printed)")
  }
}
