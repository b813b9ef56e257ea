import ConvApp

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the REPL keeps its last category, pair and value between sessions:
/// `$XDG_STATE_HOME/conv/repl`. Reading and writing never fail loudly: state is a convenience.
struct ReplStateFile {
  let path: String

  /// The file for the environment; nil when there is no home folder to keep it in.
  init?(_ environment: Environment) {
    guard !environment.stateHome.isEmpty else { return nil }
    path = environment.stateHome + "/conv/repl"
  }

  /// The saved state, if the file is there, regular, small and readable.
  func load() -> ReplSavedState? {
    guard let text = try? FileSystem.read(path) else { return nil }
    return ReplSavedState.parse(text)
  }

  /// Replaces the file atomically (a temporary file renamed over it), unless what is there is
  /// not a regular file.
  func save(_ state: ReplSavedState) {
    var status = stat()
    if stat(path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG { return }
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    var partial = ""
    for component in folder.split(separator: "/") {
      partial += "/" + component
      mkdir(partial, 0o700)
    }
    var template = Array((path + ".tmp-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    let bytes = Array(state.text.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if close(descriptor) != 0 || written != bytes.count || rename(temporary, path) != 0 {
      unlink(temporary)
    }
  }
}
