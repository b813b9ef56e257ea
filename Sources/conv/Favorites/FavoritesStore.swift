import ConvApp
import ConvKit

/// A favorites command that cannot go on: the messages to print and the exit status.
struct FavoritesFailure: Error {
  /// One line each (printed after `conv: `).
  let messages: [String]
  /// The exit status.
  let status: Int32

  init(_ messages: [String], status: Int32) {
    self.messages = messages
    self.status = status
  }

  init(_ message: String, status: Int32) {
    self.init([message], status: status)
  }
}

/// The favorites dotfile on disk: where it is, reading it, and changing it without ever losing it.
///
/// Changes are a read-modify-write under an advisory `flock` on the file itself, so concurrent
/// `conv fav add` runs all land. The new text goes to a temporary file in the same folder, which
/// is flushed (`fsync`), given the old file's permissions and renamed over the old file: the file
/// is always either the old or the new version. A symbolic link (stow, chezmoi, yadm) is followed
/// and its target rewritten; the link stays. A file of an unknown version or with a line that is
/// not UTF-8 is never rewritten; a bad line is kept as written.
struct FavoritesStore {
  /// The path as configured (shown in messages).
  let path: String
  /// Whether a missing folder may be created for the file: for the default path, not for one
  /// `$CONV_FAVORITES` names (a typo there must not leave folders behind).
  let createsFolders: Bool

  /// `$CONV_FAVORITES`, else `$XDG_CONFIG_HOME/conv/favorites`, else `~/.config/conv/favorites`.
  static func path(_ environment: Environment) -> String {
    if let path = environment.variables["CONV_FAVORITES"], !path.isEmpty { return path }
    // Empty when there is no home folder: nothing to read, and an edit is refused.
    return environment.configHome.isEmpty ? "" : environment.configHome + "/conv/favorites"
  }

  /// The store for the configured path.
  init(environment: Environment) {
    path = FavoritesStore.path(environment)
    createsFolders = (environment.variables["CONV_FAVORITES"] ?? "").isEmpty
  }

  init(path: String, createsFolders: Bool = false) {
    self.path = path
    self.createsFolders = createsFolders
  }

  // MARK: Reading

  /// The file, checked against the catalog, with its problems; an empty file when there is none.
  ///
  /// Throws only when nothing of the file can be used (it cannot be read, or its version header
  /// names a format this build does not read): a bad line is one of the problems, and the other
  /// favorites are there.
  func load(catalog: Catalog) throws(FavoritesFailure) -> (file: FavoritesFile, problems: [FavoritesProblem]) {
    let bytes: [UInt8]?
    do {
      bytes = try FavoritesStore.readAll(path: path)
    } catch {
      throw FavoritesFailure("cannot read \(path): \(error.text)", status: ExitStatus.fileError)
    }
    let file = FavoritesFile(bytes: bytes ?? [])
    let problems = file.problems(in: catalog)
    if problems.contains(where: { $0.kind == .version }) {
      throw FavoritesFailure(messages(problems.filter { $0.kind == .version }), status: ExitStatus.fileError)
    }
    return (file, problems)
  }

  /// The problems as `PATH:LINE: message` lines, at most `Output.maximumProblems` of them and then
  /// how many more there are, as for a units file (57,600 repeated lines give 21 lines, not 57,600).
  func messages(_ problems: [FavoritesProblem]) -> [String] {
    var messages = problems.prefix(Output.maximumProblems).map { $0.described(path: path) }
    let more = problems.count - messages.count
    if more > 0 { messages.append("… and \(more) more problem" + (more == 1 ? "" : "s")) }
    return messages
  }

  /// Throws the problems that forbid rewriting the file: an unknown version, or a line that is not
  /// UTF-8 (its bytes would be lost). A bad line does not: an edit keeps it as written.
  private func checkWritable(_ file: FavoritesFile, catalog: Catalog) throws(FavoritesFailure) {
    let blocking = file.problems(in: catalog).filter { $0.kind != .line }
    guard !blocking.isEmpty else { return }
    throw FavoritesFailure(messages(blocking) + ["\(path) is left as it is"], status: ExitStatus.fileError)
  }

  // MARK: Changing

  /// Reads, changes and writes the file under the lock. `change` sees the current file (one that
  /// may be rewritten: see ``checkWritable(_:catalog:)``);
  /// when it throws, or leaves the text as it was, nothing is written.
  ///
  /// - Parameter create: whether a missing file (and its folder) may be created.
  /// - Returns: what `change` returned.
  func update<T>(
    catalog: Catalog, create: Bool,
    _ change: (inout FavoritesFile) throws(FavoritesFailure) -> T
  ) throws(FavoritesFailure) -> T {
    guard !path.isEmpty else {
      throw FavoritesFailure(
        "cannot save favorites: HOME is not set and the user has no home folder "
          + "(set HOME, XDG_CONFIG_HOME or CONV_FAVORITES)", status: ExitStatus.fileError)
    }
    let target = try resolveTarget()
    if !create, !FavoritesStore.exists(target) {
      var empty = FavoritesFile()
      return try change(&empty)
    }
    if create { try makeFolder(of: target) }
    let locked = try lock(target, create: create)
    defer { SystemCalls.close(locked.descriptor) }
    let original: [UInt8]
    do {
      original = try FavoritesStore.readAll(descriptor: locked.descriptor, path: path)
    } catch {
      throw FavoritesFailure("cannot read \(path): \(error.text)", status: ExitStatus.fileError)
    }
    var file = FavoritesFile(bytes: original)
    do throws(FavoritesFailure) {
      try checkWritable(file, catalog: catalog)
      let result = try change(&file)
      let updated = file.bytes
      if updated != original { try write(updated, to: target, like: locked.status) }
      return result
    } catch {
      // A file made only to hold the lock is taken away again when nothing was written.
      if locked.created { SystemCalls.unlink(target) }
      throw error
    }
  }

  /// The file to write: the path with every symbolic link followed (even a dangling one).
  func resolveTarget() throws(FavoritesFailure) -> String {
    do {
      return try AtomicFile.linkTarget(path)
    } catch {
      throw FavoritesFailure(error.reason, status: ExitStatus.fileError)
    }
  }

  /// Creates the folder that will hold the file, with its parents; for a path `$CONV_FAVORITES`
  /// names, refuses a folder that does not exist.
  private func makeFolder(of target: String) throws(FavoritesFailure) {
    let folder = AtomicFile.folder(of: target)
    if !createsFolders {
      guard FavoritesStore.exists(folder) else {
        throw FavoritesFailure(
          "cannot create \(describe(target)): the folder \(folder) does not exist "
            + "(CONV_FAVORITES names a file in it; create the folder first)", status: ExitStatus.fileError)
      }
      return
    }
    do {
      try AtomicFile.createFolders(folder, mode: 0o755)
    } catch {
      throw FavoritesFailure(error.reason, status: ExitStatus.fileError)
    }
  }

  /// Opens the target (creating it when allowed) and takes the exclusive lock on the file that
  /// is at the path once the lock is held (another run may have renamed a new file over it).
  private func lock(_ target: String, create: Bool) throws(FavoritesFailure) -> (
    descriptor: Int32, status: SystemCalls.FileStatus, created: Bool
  ) {
    for _ in 0..<10_000 {
      var created = false
      // Without blocking (a FIFO would wait for a writer), and only a regular file is edited:
      // renaming a new file over a device or a FIFO would replace it.
      var descriptor = SystemCalls.open(target, [.readOnly, .closeOnExec, .nonBlocking, .noControllingTerminal])
      if descriptor < 0 && SystemCalls.lastError == SystemCalls.noSuchFile && create {
        descriptor = SystemCalls.open(
          target, [.readOnly, .closeOnExec, .nonBlocking, .create, .exclusive], mode: 0o666)
        if descriptor >= 0 {
          created = true
        } else if SystemCalls.lastError == SystemCalls.fileExists {
          continue
        }
      }
      guard descriptor >= 0 else {
        throw FavoritesFailure(
          "cannot \(create ? "create" : "open") \(describe(target)): \(FavoritesStore.errorText())",
          status: ExitStatus.fileError)
      }
      do {
        try FileSystem.checkRegular(descriptor, path: describe(target))
      } catch {
        SystemCalls.close(descriptor)
        throw FavoritesFailure("cannot edit \(error.description); nothing was changed", status: ExitStatus.fileError)
      }
      guard SystemCalls.lockExclusive(descriptor) else {
        let text = FavoritesStore.errorText()
        SystemCalls.close(descriptor)
        throw FavoritesFailure("cannot lock \(describe(target)): \(text)", status: ExitStatus.fileError)
      }
      if let held = SystemCalls.status(of: descriptor), let current = SystemCalls.status(target),
        held.isSameFile(as: current)
      {
        return (descriptor, held, created)
      }
      // Replaced (or removed) while waiting: lock the file that is there now.
      SystemCalls.close(descriptor)
    }
    throw FavoritesFailure(
      "cannot lock \(describe(target)): the file keeps being replaced", status: ExitStatus.fileError)
  }

  /// Writes the bytes to a temporary file next to the target and renames it over the target.
  private func write(_ bytes: [UInt8], to target: String, like original: SystemCalls.FileStatus)
    throws(FavoritesFailure)
  {
    let unchanged = "; \(path) is unchanged"
    let accessible = SystemCalls.isAccessible(target, .writable)
    let readOnlySystem = !accessible && SystemCalls.lastError == SystemCalls.readOnlyFileSystem
    if (original.permissions & 0o222) == 0 || !accessible {
      let reason = readOnlySystem ? "the file system is read-only" : "the file is read-only"
      throw FavoritesFailure("cannot change \(describe(target)): \(reason)\(unchanged)", status: ExitStatus.fileError)
    }
    let owner =
      original.owner != SystemCalls.userID || original.group != SystemCalls.groupID
      ? (original.owner, original.group) : nil
    do {
      try AtomicFile.replace(target, with: bytes, options: .init(mode: original.permissions, owner: owner))
    } catch {
      throw FavoritesFailure(
        "cannot write \(describe(target)): \(error.reason)\(unchanged)", status: ExitStatus.fileError)
    }
  }

  /// The configured path, and the link target when they differ.
  private func describe(_ target: String) -> String {
    target == path ? path : "\(path) (link to \(target))"
  }

  // MARK: Low-level helpers

  /// A C library error, as text.
  struct SystemError: Error {
    let text: String
  }

  static func errorText() -> String { SystemCalls.lastErrorMessage() }

  /// Every byte of a file (a regular file of at most `FileSystem.maximumSize` bytes, opened
  /// without blocking); nil when it does not exist.
  static func readAll(path: String) throws(SystemError) -> [UInt8]? {
    do {
      return try FileSystem.readBytes(path)
    } catch {
      throw SystemError(text: error.message)
    }
  }

  /// Every byte from an open regular file, from its start.
  static func readAll(descriptor: Int32, path: String) throws(SystemError) -> [UInt8] {
    do {
      return try FileSystem.readAll(descriptor, path: path)
    } catch {
      throw SystemError(text: error.message)
    }
  }

  static func exists(_ path: String) -> Bool {
    SystemCalls.status(path) != nil
  }

}
