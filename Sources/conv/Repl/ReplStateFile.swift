import ConvApp

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

  /// Replaces the file atomically (`AtomicFile`), unless what is there is not a regular file.
  func save(_ state: ReplSavedState) {
    try? AtomicFile.replace(path, with: Array(state.text.utf8), options: .init(mode: 0o600, createFolders: 0o700))
  }
}
