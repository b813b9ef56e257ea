/// Small file helpers over the C library, through `SystemCalls` (Foundation stays out of the
/// binary's start-up path).
///
/// Every file conv reads (personal units, settings, favorites) is opened without blocking, must be
/// a regular file (not a FIFO, a device or a folder; `/dev/null` reads as empty) and may hold at
/// most `maximumSize` bytes.
enum FileSystem {
  /// The largest file conv reads: 4 MiB, far above any units, settings or favorites file.
  static let maximumSize = 4 << 20

  /// Reads a whole file as UTF-8 (invalid bytes repaired); nil when it does not exist.
  static func read(_ path: String) throws(FileError) -> String? {
    guard let bytes = try readBytes(path) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads a whole file a person edits (units, settings); nil when it does not exist. Lines that
  /// are not valid UTF-8 are listed (1-based) for the caller to refuse as `PATH:LINE: …` among the
  /// file's other problems; the text has them repaired, for reading the rest.
  static func readText(_ path: String) throws(FileError) -> (text: String, invalidLines: [Int])? {
    guard let bytes = try readBytes(path) else { return nil }
    if let text = String(validating: bytes, as: UTF8.self) { return (text, []) }
    var invalid: [Int] = []
    var line = 1
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A || index == bytes.count - 1 {
      let end = bytes[index] == 0x0A ? index : index + 1
      if String(validating: bytes[start..<end], as: UTF8.self) == nil { invalid.append(line) }
      line += 1
      start = index + 1
    }
    return (String(decoding: bytes, as: UTF8.self), invalid)
  }

  /// The message for a line that is not valid UTF-8.
  static let invalidUTF8Message = "the line is not valid UTF-8 (save the file as UTF-8)"

  /// Every byte of a regular file of at most `maximumSize` bytes; nil when it does not exist.
  static func readBytes(_ path: String) throws(FileError) -> [UInt8]? {
    let descriptor = SystemCalls.open(path, [.readOnly, .nonBlocking, .closeOnExec, .noControllingTerminal])
    guard descriptor >= 0 else {
      if SystemCalls.lastError == SystemCalls.noSuchFile { return nil }
      throw FileError(path: path, message: SystemCalls.lastErrorMessage())
    }
    defer { SystemCalls.close(descriptor) }
    if let status = SystemCalls.status(of: descriptor), isNullDevice(status) { return [] }
    try checkRegular(descriptor, path: path)
    return try readAll(descriptor, path: path)
  }

  /// Whether a file is `/dev/null` (the character device 1, 3), which conv reads as an empty file:
  /// `CONV_UNITS=/dev/null` is the usual way to say "none". Never written: a change to a file
  /// there is refused as for any file that is not a regular one.
  static func isNullDevice(_ status: SystemCalls.FileStatus) -> Bool {
    status.kind == .characterDevice && status.deviceNumber == 0x103
  }

  /// Throws unless the open file is a regular file of at most `maximumSize` bytes.
  static func checkRegular(_ descriptor: Int32, path: String) throws(FileError) {
    guard let status = SystemCalls.status(of: descriptor) else {
      throw FileError(path: path, message: SystemCalls.lastErrorMessage())
    }
    guard status.kind == .regular else {
      throw FileError(path: path, message: "not a regular file (\(describe(status.kind)))")
    }
    guard status.size <= maximumSize else {
      throw FileError(path: path, message: "larger than \(maximumSize >> 20) MiB, the most conv reads")
    }
  }

  /// Reads from the start of an open file, at most `maximumSize` bytes (a file that grows past the
  /// limit while being read is refused).
  static func readAll(_ descriptor: Int32, path: String) throws(FileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    var offset = 0
    while true {
      let count = buffer.withUnsafeMutableBytes {
        SystemCalls.read(descriptor, into: $0.baseAddress, count: $0.count, at: offset)
      }
      if count < 0 { throw FileError(path: path, message: SystemCalls.lastErrorMessage()) }
      if count == 0 { return bytes }
      bytes.append(contentsOf: buffer[0..<count])
      offset += count
      if bytes.count > maximumSize {
        throw FileError(path: path, message: "larger than \(maximumSize >> 20) MiB, the most conv reads")
      }
    }
  }

  /// What a file that is not a regular one is, in words.
  static func describe(_ kind: SystemCalls.FileKind) -> String {
    switch kind {
    case .directory: "a folder"
    case .fifo: "a FIFO"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .socket: "a socket"
    case .regular, .symbolicLink, .other: "not a regular file"
    }
  }
}

/// A file that could not be read or written.
struct FileError: Error {
  let path: String
  let message: String
  var description: String { "\(path): \(message)" }
}
