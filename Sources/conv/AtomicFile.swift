/// Replaces a file's contents all at once: readers see the old file or the new one, never a part.
///
/// The one way conv writes a file (favorites, the rates cache, the REPL's state). The bytes go to
/// an unnamed file in the target's folder (`O_TMPFILE`), which is flushed, given a name and renamed
/// over the target; the folder is flushed after. A kill at any moment leaves the old file whole, and
/// nothing behind but in the instant between naming and renaming; names left that way by an earlier
/// run (`.NAME.tmp-…`, older than a minute) are removed by the next write. Where the file system has
/// no `O_TMPFILE`, a named temporary file (`mkstemp`) is used. A link is followed: its target is
/// replaced, and the link stays.
enum AtomicFile {
  /// How the new file is made.
  struct Options {
    /// Permission bits of the new file.
    var mode: UInt32 = 0o644
    /// Owner and group to give the new file (those of the file it replaces), if not the process's.
    var owner: (uid: UInt32, gid: UInt32)? = nil
    /// Permission bits of the folders to create when the target's folder is missing; nil: none made.
    var createFolders: UInt32? = nil
  }

  /// Why a file could not be replaced: the step, in words fit to follow "cannot write PATH: ".
  struct Failure: Error {
    let reason: String
  }

  /// Replaces the file at `path` (or the file a link there points to) with `bytes`. Refuses when
  /// the target exists and is not a regular file. Ctrl-C, SIGTERM, SIGHUP and SIGQUIT are held
  /// while it works, and a file-size limit (`ulimit -f`) is an error, not a kill.
  static func replace(_ path: String, with bytes: [UInt8], options: Options = Options()) throws(Failure) {
    let target = try linkTarget(path)
    if let status = SystemCalls.linkStatus(target), status.kind != .regular {
      throw Failure(reason: "\(FileSystem.describe(status.kind)), not a regular file: not replaced")
    }
    let folder = folder(of: target)
    if let mode = options.createFolders { try createFolders(folder, mode: mode) }
    try SystemCalls.withEndingSignalsHeld { () throws(Failure) in
      try write(bytes, to: target, in: folder, options: options)
    }
  }

  /// The steps of `replace`, with the ending signals held.
  private static func write(_ bytes: [UInt8], to target: String, in folder: String, options: Options) throws(Failure) {
    let name = baseName(of: target)
    removeAbandoned(in: folder, prefix: "." + name + ".tmp-")
    // Unnamed until it is whole; `temporary` is its name once it has one.
    var descriptor = SystemCalls.open(folder, [.unnamedFile, .writeOnly, .closeOnExec], mode: options.mode)
    var temporary: String? = nil
    if descriptor < 0 {
      guard let made = SystemCalls.makeTemporaryFile(folder + "/." + name + ".tmp-XXXXXX") else {
        let error = SystemCalls.lastError
        throw Failure(
          reason: error == SystemCalls.accessDenied || error == SystemCalls.notPermitted
            || error == SystemCalls.readOnlyFileSystem
            ? "the folder \(folder) is read-only" : errorText())
      }
      (descriptor, temporary) = (made.descriptor, made.path)
    }
    func fail(_ step: String) -> Failure {
      let reason = step + errorText()
      SystemCalls.close(descriptor)
      if let temporary { SystemCalls.unlink(temporary) }
      return Failure(reason: reason)
    }
    SystemCalls.setPermissions(descriptor, options.mode)
    if let owner = options.owner { SystemCalls.setOwner(descriptor, user: owner.uid, group: owner.gid) }
    guard bytes.withUnsafeBytes({ SystemCalls.writeAll(descriptor, $0) }) else { throw fail("") }
    if !SystemCalls.sync(descriptor) { throw fail("flushing: ") }
    if temporary == nil {
      // Named only now, when it is whole.
      let name = folder + "/." + name + ".tmp-\(SystemCalls.processID)-\(UInt32.random(in: 0...UInt32.max))"
      guard SystemCalls.link(descriptor, to: name) else { throw fail("") }
      temporary = name
    }
    if !SystemCalls.close(descriptor) {
      let reason = errorText()
      SystemCalls.unlink(temporary!)
      throw Failure(reason: reason)
    }
    if !SystemCalls.rename(temporary!, to: target) {
      let reason = errorText()
      SystemCalls.unlink(temporary!)
      throw Failure(reason: reason)
    }
    let directory = SystemCalls.open(folder, [.readOnly, .directory, .closeOnExec])
    if directory >= 0 {
      _ = SystemCalls.sync(directory)
      SystemCalls.close(directory)
    }
  }

  /// The file a link at `path` leads to (links followed to the end, relative ones from their
  /// folder, a dangling one to the path it names); `path` itself when it is no link.
  static func linkTarget(_ path: String) throws(Failure) -> String {
    var current = path
    for _ in 0..<40 {
      guard let status = SystemCalls.linkStatus(current) else {
        if SystemCalls.lastError == SystemCalls.noSuchFile { return current }
        throw Failure(reason: "cannot read \(path): \(errorText())")
      }
      guard status.kind == .symbolicLink else { return current }
      guard let destination = SystemCalls.readLink(current) else {
        throw Failure(reason: "cannot read the link \(current): \(errorText())")
      }
      current = destination.hasPrefix("/") ? destination : folder(of: current) + "/" + destination
    }
    throw Failure(reason: "cannot read \(path): too many levels of symbolic links")
  }

  /// The folder part of a path (`.` for a bare name).
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    if slash == path.startIndex { return "/" }
    return String(path[..<slash])
  }

  /// The last component of a path.
  static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Creates `folder` and the folders above it that are missing (nothing when it is there).
  static func createFolders(_ folder: String, mode: UInt32) throws(Failure) {
    if SystemCalls.status(folder) != nil { return }
    var partial = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      partial += "/" + component
      if !SystemCalls.makeFolder(partial, mode: mode) && SystemCalls.lastError != SystemCalls.fileExists {
        throw Failure(reason: "cannot create the folder \(folder): \(errorText())")
      }
    }
  }

  /// Removes files named `prefix…` in `folder` last changed more than a minute ago: what a run
  /// killed between naming its file and renaming it left.
  private static func removeAbandoned(in folder: String, prefix: String) {
    guard let names = SystemCalls.folderEntries(folder) else { return }
    let now = SystemCalls.secondsSinceEpoch()
    for name in names where name.hasPrefix(prefix) {
      let path = folder + "/" + name
      if let status = SystemCalls.linkStatus(path), status.kind == .regular, now - status.modified > 60 {
        SystemCalls.unlink(path)
      }
    }
  }

  private static func errorText() -> String { SystemCalls.lastErrorMessage() }
}
