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
  func readError(_ arguments: [String], _ redirection: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "\"$0\" \"$@\" \(redirection)", ConvProcess.executable.path] + arguments
    process.environment = ConvProcess.isolatedEnvironment()
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 2, "\(arguments) \(redirection): \(text)")
    #expect(text.hasPrefix("conv: cannot read standard input: "), "\(arguments) \(redirection): \(text)")
    #expect(text.split(separator: "\n").count == 1, "\(text)")
    #expect(printed.isEmpty, "\(printed)")
  }
}
