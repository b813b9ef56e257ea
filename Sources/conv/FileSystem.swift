#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Small file helpers over the C library (Foundation stays out of the binary's start-up path).
enum FileSystem {
  /// Reads a whole file as UTF-8 (invalid bytes repaired); nil when it does not exist.
  static func read(_ path: String) throws(FileError) -> String? {
    guard let file = fopen(path, "rb") else {
      if errno == ENOENT { return nil }
      throw FileError(path: path, message: String(cString: strerror(errno)))
    }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
      if count < buffer.count {
        if ferror(file) != 0 { throw FileError(path: path, message: String(cString: strerror(errno))) }
        break
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// A file that could not be read or written.
struct FileError: Error {
  let path: String
  let message: String
  var description: String { "\(path): \(message)" }
}
