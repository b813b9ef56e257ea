#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
    var mode: mode_t = 0o644
    /// Owner and group to give the new file (those of the file it replaces), if not the process's.
    var owner: (uid: uid_t, gid: gid_t)? = nil
    /// Permission bits of the folders to create when the target's folder is missing; nil: none made.
    var createFolders: mode_t? = nil
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
    var status = stat()
    if lstat(target, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
      throw Failure(reason: "\(FileSystem.kind(of: status.st_mode)), not a regular file: not replaced")
    }
    let folder = folder(of: target)
    if let mode = options.createFolders { try createFolders(folder, mode: mode) }

    var ending = sigset_t()
    var previousMask = sigset_t()
    sigemptyset(&ending)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&ending, signal) }
    pthread_sigmask(SIG_BLOCK, &ending, &previousMask)
    defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
    let previousSizeSignal = signal(SIGXFSZ, SIG_IGN)
    defer { signal(SIGXFSZ, previousSizeSignal) }

    let name = baseName(of: target)
    removeAbandoned(in: folder, prefix: "." + name + ".tmp-")
    // Unnamed until it is whole; `temporary` is its name once it has one.
    var descriptor = open(folder, AtomicFile.unnamedFile | O_WRONLY | O_CLOEXEC, options.mode)
    var temporary: String? = nil
    if descriptor < 0 {
      var template = Array((folder + "/." + name + ".tmp-XXXXXX").utf8CString)
      descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else {
        throw Failure(reason: errno == EACCES || errno == EPERM || errno == EROFS
                        ? "the folder \(folder) is read-only" : errorText())
      }
      temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
    func fail(_ step: String) -> Failure {
      let reason = step + errorText()
      close(descriptor)
      if let temporary { unlink(temporary) }
      return Failure(reason: reason)
    }
    _ = fchmod(descriptor, options.mode)
    if let owner = options.owner { _ = fchown(descriptor, owner.uid, owner.gid) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0 {
        if errno == EINTR { continue }
        throw fail("")
      }
      offset += written
    }
    if fsync(descriptor) != 0 { throw fail("flushing: ") }
    if temporary == nil {
      // Named only now, when it is whole.
      let name = folder + "/." + name + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
      guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 else {
        throw fail("")
      }
      temporary = name
    }
    if close(descriptor) != 0 {
      let reason = errorText()
      unlink(temporary!)
      throw Failure(reason: reason)
    }
    if rename(temporary!, target) != 0 {
      let reason = errorText()
      unlink(temporary!)
      throw Failure(reason: reason)
    }
    let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directory >= 0 {
      _ = fsync(directory)
      close(directory)
    }
  }

  /// The file a link at `path` leads to (links followed to the end, relative ones from their
  /// folder, a dangling one to the path it names); `path` itself when it is no link.
  static func linkTarget(_ path: String) throws(Failure) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      if lstat(current, &status) != 0 {
        if errno == ENOENT { return current }
        throw Failure(reason: "cannot read \(path): \(errorText())")
      }
      guard (status.st_mode & S_IFMT) == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw Failure(reason: "cannot read the link \(current): \(errorText())") }
      let destination = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
  static func createFolders(_ folder: String, mode: mode_t) throws(Failure) {
    var status = stat()
    if stat(folder, &status) == 0 { return }
    var partial = folder.hasPrefix("/") ? "" : "."
    for component in folder.split(separator: "/") {
      partial += "/" + component
      if mkdir(partial, mode) != 0 && errno != EEXIST {
        throw Failure(reason: "cannot create the folder \(folder): \(errorText())")
      }
    }
  }

  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`; a macro Swift does not import).
  private static let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY

  /// Removes files named `prefix…` in `folder` last changed more than a minute ago: what a run
  /// killed between naming its file and renaming it left.
  private static func removeAbandoned(in folder: String, prefix: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name.hasPrefix(prefix) else { continue }
      let path = folder + "/" + name
      var status = stat()
      if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, now.tv_sec - status.st_mtim.tv_sec > 60 {
        unlink(path)
      }
    }
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }
}
