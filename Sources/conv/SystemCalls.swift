#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// The one home of the C library in conv: thin, named wrappers for the system calls it makes.
///
/// No other file of the executable imports Glibc (a test scans the sources). The wrappers keep the
/// C library's conventions where callers rely on them (a descriptor, -1 and `lastError` on
/// failure) and retry a call a signal interrupted (`EINTR`) where conv always did. C types stay
/// here: a file's status is a ``FileStatus``, flags are option sets, signals are named.
enum SystemCalls {
  // MARK: Errors

  /// The `errno` of the last call that failed (settable: a check that reads it after a call that
  /// may leave it alone clears it first).
  static var lastError: Int32 {
    get { errno }
    set { errno = newValue }
  }

  /// The C library's message for an `errno` value (`No such file or directory`).
  static func message(for error: Int32) -> String { String(cString: strerror(error)) }

  /// The message for `lastError`.
  static func lastErrorMessage() -> String { message(for: errno) }

  /// The file does not exist (`ENOENT`).
  static var noSuchFile: Int32 { ENOENT }
  /// A call was interrupted by a signal (`EINTR`).
  static var interrupted: Int32 { EINTR }
  /// The file already exists (`EEXIST`).
  static var fileExists: Int32 { EEXIST }
  /// Permission denied (`EACCES`).
  static var accessDenied: Int32 { EACCES }
  /// Operation not permitted (`EPERM`).
  static var notPermitted: Int32 { EPERM }
  /// Read-only file system (`EROFS`).
  static var readOnlyFileSystem: Int32 { EROFS }
  /// The reader of a pipe went away (`EPIPE`).
  static var brokenPipe: Int32 { EPIPE }
  /// Input/output error (`EIO`).
  static var inputOutputError: Int32 { EIO }

  // MARK: Descriptors

  /// Standard input's descriptor.
  static var standardInput: Int32 { 0 }
  /// Standard output's descriptor.
  static var standardOutput: Int32 { 1 }
  /// Standard error's descriptor.
  static var standardError: Int32 { 2 }

  /// How `open` opens a file.
  struct OpenFlags: OptionSet {
    let rawValue: Int32
    static let readOnly = OpenFlags(rawValue: O_RDONLY)
    static let writeOnly = OpenFlags(rawValue: O_WRONLY)
    static let create = OpenFlags(rawValue: O_CREAT)
    static let exclusive = OpenFlags(rawValue: O_EXCL)
    static let append = OpenFlags(rawValue: O_APPEND)
    static let nonBlocking = OpenFlags(rawValue: O_NONBLOCK)
    static let closeOnExec = OpenFlags(rawValue: O_CLOEXEC)
    static let noControllingTerminal = OpenFlags(rawValue: O_NOCTTY)
    static let directory = OpenFlags(rawValue: O_DIRECTORY)
    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`; a macro Swift does not import): an unnamed
    /// file in the folder opened.
    static let unnamedFile = OpenFlags(rawValue: 0o20000000 | O_DIRECTORY)
  }

  /// Opens a file: its descriptor, or -1 (`lastError` says why).
  static func open(_ path: String, _ flags: OpenFlags, mode: UInt32 = 0) -> Int32 {
    Glibc.open(path, flags.rawValue, mode_t(mode))
  }

  /// Closes a descriptor: whether it succeeded.
  @discardableResult
  static func close(_ descriptor: Int32) -> Bool { Glibc.close(descriptor) == 0 }

  /// Reads at most `count` bytes into `buffer`, again when a signal interrupts: the count read, 0 at
  /// the end, -1 on failure.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int) -> Int {
    while true {
      let result = Glibc.read(descriptor, buffer, count)
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// Reads at most `count` bytes at `offset` of a file, again when a signal interrupts: the count
  /// read, 0 at the end, -1 on failure.
  static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, at offset: Int) -> Int {
    while true {
      let result = pread(descriptor, buffer, count, off_t(offset))
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// Writes every byte, going on where a signal interrupted: false when a write failed or wrote
  /// nothing.
  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// One `write` of a static text, nothing else: safe in a signal handler.
  static func writeOnce(_ descriptor: Int32, _ text: StaticString) {
    _ = Glibc.write(descriptor, text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Flushes a file's data to its disk: whether it succeeded.
  static func sync(_ descriptor: Int32) -> Bool { fsync(descriptor) == 0 }

  /// Whether a descriptor is open (not closed with `>&-`).
  static func isOpen(_ descriptor: Int32) -> Bool { fcntl(descriptor, F_GETFD) != -1 }

  /// A duplicate of the descriptor numbered `lowest` or above, closed on exec; -1 on failure.
  static func duplicate(_ descriptor: Int32, atLeast lowest: Int32) -> Int32 {
    fcntl(descriptor, F_DUPFD_CLOEXEC, lowest)
  }

  /// Whether a descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// Waits at most `milliseconds` for input on a descriptor (0: only looks): 1 when there is some
  /// (or the end), 0 when not yet, -1 on failure.
  static func poll(_ descriptor: Int32, milliseconds: Int32) -> Int32 {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return Glibc.poll(&watched, 1, milliseconds)
  }

  /// The first byte equal to `byte` among `count` bytes at `start` (`memchr`), or nil.
  static func firstIndex(of byte: UInt8, in start: UnsafeMutablePointer<UInt8>, count: Int) -> Int? {
    guard let found = memchr(start, Int32(byte), count) else { return nil }
    return start.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Takes an exclusive advisory lock on an open file (`flock`), waiting for it, again when a
  /// signal interrupts: whether it is held.
  static func lockExclusive(_ descriptor: Int32) -> Bool {
    var result: Int32
    repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
    return result == 0
  }

  // MARK: File status

  /// What a file is.
  enum FileKind {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other
  }

  /// What `stat` says of a file, in Swift types.
  struct FileStatus {
    let kind: FileKind
    /// The permission bits, with set-user-ID, set-group-ID and sticky (`st_mode & 0o7777`).
    let permissions: UInt32
    let size: Int
    let device: UInt64
    let inode: UInt64
    /// The device a device file is (`st_rdev`).
    let deviceNumber: UInt64
    let owner: UInt32
    let group: UInt32
    /// When the contents last changed, in seconds since 1970.
    let modified: Int

    init(_ status: stat) {
      switch status.st_mode & S_IFMT {
      case S_IFREG: kind = .regular
      case S_IFDIR: kind = .directory
      case S_IFLNK: kind = .symbolicLink
      case S_IFIFO: kind = .fifo
      case S_IFCHR: kind = .characterDevice
      case S_IFBLK: kind = .blockDevice
      case S_IFSOCK: kind = .socket
      default: kind = .other
      }
      permissions = UInt32(status.st_mode & 0o7777)
      size = Int(status.st_size)
      device = UInt64(status.st_dev)
      inode = UInt64(status.st_ino)
      deviceNumber = UInt64(status.st_rdev)
      owner = UInt32(status.st_uid)
      group = UInt32(status.st_gid)
      modified = Int(status.st_mtim.tv_sec)
    }

    /// Whether both are the same file (device and inode).
    func isSameFile(as other: FileStatus) -> Bool { device == other.device && inode == other.inode }
  }

  /// The status of an open file, or nil (`lastError` says why).
  static func status(of descriptor: Int32) -> FileStatus? {
    var status = stat()
    return fstat(descriptor, &status) == 0 ? FileStatus(status) : nil
  }

  /// The status of the file at `path`, a link followed; nil when there is none (`lastError`).
  static func status(_ path: String) -> FileStatus? {
    var status = stat()
    return stat(path, &status) == 0 ? FileStatus(status) : nil
  }

  /// The status of the file at `path`, a link itself (not followed); nil when there is none.
  static func linkStatus(_ path: String) -> FileStatus? {
    var status = stat()
    return lstat(path, &status) == 0 ? FileStatus(status) : nil
  }

  /// What `access` checks.
  enum Access {
    case exists, writable, executable
  }

  /// Whether the process may use the file as asked (`access`); when not, `lastError` says why.
  static func isAccessible(_ path: String, _ check: Access) -> Bool {
    let mode =
      switch check {
      case .exists: F_OK
      case .writable: W_OK
      case .executable: X_OK
      }
    return access(path, mode) == 0
  }

  // MARK: Files and folders

  /// Where a symbolic link points, or nil (`lastError`).
  static func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Creates a folder: whether it succeeded (`lastError` says why not; `fileExists` when it is there).
  @discardableResult
  static func makeFolder(_ path: String, mode: UInt32) -> Bool { mkdir(path, mode_t(mode)) == 0 }

  /// Removes a name: whether it succeeded.
  @discardableResult
  static func unlink(_ path: String) -> Bool { Glibc.unlink(path) == 0 }

  /// Renames a file over another, atomically: whether it succeeded.
  static func rename(_ path: String, to newPath: String) -> Bool { Glibc.rename(path, newPath) == 0 }

  /// Gives an open file (one opened `unnamedFile`) the name `path`: whether it succeeded.
  static func link(_ descriptor: Int32, to path: String) -> Bool {
    linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
  }

  /// Makes and opens a new file from a `…XXXXXX` template (`mkstemp`): its descriptor and name, or
  /// nil (`lastError`).
  static func makeTemporaryFile(_ template: String) -> (descriptor: Int32, path: String)? {
    var bytes = Array(template.utf8CString)
    let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return nil }
    return (descriptor, bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
  }

  /// Sets an open file's permission bits: whether it succeeded.
  @discardableResult
  static func setPermissions(_ descriptor: Int32, _ mode: UInt32) -> Bool { fchmod(descriptor, mode_t(mode)) == 0 }

  /// Sets an open file's owner and group: whether it succeeded.
  @discardableResult
  static func setOwner(_ descriptor: Int32, user: UInt32, group: UInt32) -> Bool {
    fchown(descriptor, uid_t(user), gid_t(group)) == 0
  }

  /// The names in a folder (`.` and `..` included), or nil when it cannot be read.
  static func folderEntries(_ path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      names.append(
        withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        })
    }
    return names
  }

  // MARK: Standard streams (C stdio)

  /// Writes bytes to standard output's stdio buffer: whether all were taken.
  static func writeStandardOutput(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    fwrite(bytes.baseAddress, 1, bytes.count, stdout) == bytes.count
  }

  /// Writes bytes to standard error (stdio, unbuffered); a failure is ignored.
  static func writeStandardError(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = fwrite(bytes.baseAddress, 1, bytes.count, stderr)
  }

  /// Flushes standard output's stdio buffer: whether it succeeded (`lastError` says why not).
  @discardableResult
  static func flushStandardOutput() -> Bool { fflush(stdout) == 0 }

  /// Whether a write to standard output through stdio has failed (`ferror`).
  static var standardOutputFailed: Bool { ferror(stdout) != 0 }

  /// Gives standard output a buffer of `size` bytes, written when full (`setvbuf`, `_IOFBF`).
  static func bufferStandardOutput(size: Int) { setvbuf(stdout, nil, _IOFBF, size) }

  /// Runs `body` with standard input's stdio lock held (for `nextStandardInputByte`).
  static func withStandardInputLocked<T>(_ body: () -> T) -> T {
    flockfile(stdin)
    defer { funlockfile(stdin) }
    return body()
  }

  /// The next byte of standard input (stdio, the lock held: `getc_unlocked`), nil at the end or on
  /// a failure (see `standardInputFailed`).
  static func nextStandardInputByte() -> UInt8? {
    let character = getc_unlocked(stdin)
    return character == EOF ? nil : UInt8(truncatingIfNeeded: character)
  }

  /// Whether a read of standard input through stdio has failed (`ferror`).
  static var standardInputFailed: Bool { ferror(stdin) != 0 }

  // MARK: Process

  /// Ends the program with `status`, after `atExit` functions and stdio's flush.
  static func exit(_ status: Int32) -> Never { Glibc.exit(status) }

  /// Ends the program with `status` at once: no `atExit` functions, no stdio flush.
  static func exitImmediately(_ status: Int32) -> Never { _exit(status) }

  /// Runs `body` when the program ends through `exit` or a return from `main`.
  static func atExit(_ body: @escaping @convention(c) () -> Void) { atexit(body) }

  /// The process's variables, read from `environ`. Each entry is split at its first `=` byte and
  /// each side decoded once (by characters, the search cost a quarter of a one-shot; decoding
  /// the entry, then copying both sides out of it, about 4 k instructions a variable).
  static func environment() -> [String: String] {
    var count = 0
    while environ[count] != nil { count += 1 }
    var variables: [String: String] = Dictionary(minimumCapacity: count)
    for index in 0..<count {
      guard let entry = environ[index] else { continue }
      let length = strlen(entry)
      entry.withMemoryRebound(to: UInt8.self, capacity: length) { start in
        let bytes = UnsafeBufferPointer(start: start, count: length)
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else { return }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
        variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
      }
    }
    return variables
  }

  /// The effective user id.
  static var userID: UInt32 { geteuid() }
  /// The effective group id.
  static var groupID: UInt32 { getegid() }
  /// The process id.
  static var processID: Int32 { getpid() }

  /// Seconds since 1970 (the real-time clock).
  static func secondsSinceEpoch() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int(now.tv_sec)
  }

  /// Seconds on a clock that only goes forward (for deadlines).
  static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  /// Sets the locale's character type from the environment (`setlocale(LC_CTYPE, "")`), for readline.
  static func useEnvironmentCharacterLocale() { setlocale(LC_CTYPE, "") }

  // MARK: Child processes

  /// A pipe: the end to read and the end to write, or nil.
  static func pipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [0, 0]
    guard Glibc.pipe(&ends) == 0 else { return nil }
    return (ends[0], ends[1])
  }

  /// Starts `path` with `arguments` (the first is its name) and conv's environment, its standard
  /// output and error on the given descriptors, `closing` closed in the child, no signal blocked or
  /// ignored whatever conv inherited: the process id, or the error (`posix_spawn`'s result).
  static func spawn(
    _ path: String, arguments: [String], standardOutput output: Int32, standardError errors: Int32,
    closing: [Int32]
  ) -> Result<Int32, SpawnError> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    var allSignals = sigset_t()
    sigemptyset(&noSignals)
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, output, 1)
    posix_spawn_file_actions_adddup2(&actions, errors, 2)
    for descriptor in closing { posix_spawn_file_actions_addclose(&actions, descriptor) }
    let cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for argument in cArguments { free(argument) } }
    var process: pid_t = 0
    let spawned = posix_spawn(&process, path, &actions, &attributes, cArguments, environ)
    return spawned == 0 ? .success(process) : .failure(SpawnError(code: spawned))
  }

  /// Why a process could not be started: an `errno` value.
  struct SpawnError: Error {
    let code: Int32
    var message: String { SystemCalls.message(for: code) }
  }

  /// Ends a process with SIGKILL.
  static func kill(_ process: Int32) { _ = Glibc.kill(process, SIGKILL) }

  /// How a child process ended.
  enum Termination {
    case exited(Int32)
    case signalled(Int32)
  }

  /// Waits for a child process to end, again when a signal interrupts; nil when it cannot be waited for.
  @discardableResult
  static func wait(for process: Int32) -> Termination? {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      if errno != EINTR { return nil }
    }
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  // MARK: Signals

  /// A signal, by its number.
  typealias Signal = Int32
  static var interruptSignal: Signal { SIGINT }
  static var terminateSignal: Signal { SIGTERM }
  static var hangUpSignal: Signal { SIGHUP }
  static var quitSignal: Signal { SIGQUIT }
  static var resizeSignal: Signal { SIGWINCH }

  /// A signal handler: a C function of the signal's number.
  typealias SignalHandler = @convention(c) (Int32) -> Void

  /// A signal's disposition before conv changed it, to put back with `restoreAction`.
  struct SignalAction {
    fileprivate var action = sigaction()
  }

  /// Handles `signal` with `handler`, without restarting interrupted calls; with `once`, the
  /// default action comes back before the handler runs (`SA_RESETHAND`). Returns what was there.
  static func handle(_ signal: Signal, once: Bool = false, with handler: SignalHandler) -> SignalAction {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.sa_flags = once ? Int32(truncatingIfNeeded: SA_RESETHAND) : 0
    action.__sigaction_handler.sa_handler = handler
    var previous = SignalAction()
    sigaction(signal, &action, &previous.action)
    return previous
  }

  /// Puts back a signal's disposition that `handle` returned.
  static func restoreAction(_ saved: SignalAction, for signal: Signal) {
    var saved = saved
    sigaction(signal, &saved.action, nil)
  }

  /// Sends a signal to the process itself (safe in a signal handler).
  static func raise(_ signal: Signal) { _ = Glibc.raise(signal) }

  /// A thread's set of blocked signals, to put back with `restoreMask`.
  struct SignalMask {
    fileprivate var set = sigset_t()
  }

  /// Unblocks the signals: returns the mask before.
  static func unblock(_ signals: [Signal]) -> SignalMask { changeMask(SIG_UNBLOCK, signals) }

  /// Puts back a mask that `unblock` returned.
  static func restoreMask(_ saved: SignalMask) {
    var saved = saved
    pthread_sigmask(SIG_SETMASK, &saved.set, nil)
  }

  private static func changeMask(_ how: Int32, _ signals: [Signal]) -> SignalMask {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    var previous = SignalMask()
    pthread_sigmask(how, &set, &previous.set)
    return previous
  }

  /// Runs `body` with Ctrl-C, SIGTERM, SIGHUP and SIGQUIT held (delivered after it) and SIGXFSZ
  /// ignored (a file-size limit, `ulimit -f`, is then an error, not a kill).
  static func withEndingSignalsHeld<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    let previousMask = changeMask(SIG_BLOCK, [SIGINT, SIGTERM, SIGHUP, SIGQUIT])
    defer { restoreMask(previousMask) }
    let previousSizeSignal = signal(SIGXFSZ, SIG_IGN)
    defer { signal(SIGXFSZ, previousSizeSignal) }
    return try body()
  }

  // MARK: Terminal

  /// The terminal's size on standard output (`TIOCGWINSZ`), or nil when it is no terminal or says 0.
  static func windowSize() -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Saves standard input's terminal settings for `restoreTerminalSettings`: whether there were
  /// any (standard input is a terminal). Called before the signal handlers that restore them are
  /// installed.
  @discardableResult
  static func saveTerminalSettings() -> Bool {
    savedTerminalIsSet = tcgetattr(STDIN_FILENO, &savedTerminal) == 0
    return savedTerminalIsSet
  }

  /// Puts back the settings `saveTerminalSettings` saved, if any (`tcsetattr` is
  /// async-signal-safe: for a terminating signal's handler).
  static func restoreTerminalSettings() {
    if savedTerminalIsSet { _ = tcsetattr(STDIN_FILENO, TCSANOW, &savedTerminal) }
  }

  // MARK: C memory (for readline, which frees what it is given)

  /// A copy of the text in memory from `malloc` (`strdup`), for C to keep or free.
  static func cString(_ text: String) -> UnsafeMutablePointer<CChar> { strdup(text) }

  /// A NULL-ended array of `strdup` copies in memory from `malloc` (readline's completion matches),
  /// or nil when there is no memory.
  static func cStringArray(_ texts: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    let size = MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (texts.count + 1)
    guard let memory = malloc(size) else { return nil }
    let array = memory.bindMemory(to: UnsafeMutablePointer<CChar>?.self, capacity: texts.count + 1)
    for (index, text) in texts.enumerated() { array[index] = strdup(text) }
    array[texts.count] = nil
    return array
  }

  /// Frees memory from `malloc` (a line readline returned).
  static func free(_ pointer: UnsafeMutableRawPointer?) { Glibc.free(pointer) }
}

/// Standard input's terminal settings before the REPL started (see `saveTerminalSettings`): plain
/// globals, read by a signal handler. Written once before the handlers are installed.
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var savedTerminalIsSet = false
