/// Standard input read in large blocks and cut into lines in place, for batch conversion.
///
/// Lines are as `StandardInput.readLine` makes them: without the line feed and a carriage return
/// before it, cut to `StandardInput.maximumLineLength` bytes (the rest is read and dropped), NUL
/// bytes kept, a last line without line feed included. Bytes are handed over undecoded.
struct BatchInput {
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private let fd: Int32
  /// The `errno` of a read that failed (standard input is a folder: `EISDIR`), 0 when none did;
  /// the lines before it were handed over.
  private(set) var readError: Int32 = 0

  init(fd: Int32 = 0, blockSize: Int = 1 << 16) {
    self.fd = fd
    capacity = blockSize
    buffer = .allocate(capacity: blockSize)
  }

  /// Calls `body` with every line, in order.
  /// With `beforeWaiting`, called before a read that would wait for more input (nothing more is
  /// there yet): the caller writes out what it has, so that a pipe fed line by line (`tail -f`,
  /// a coprocess) gets each answer as its line arrives, while a file read in large blocks is
  /// written in large blocks.
  mutating func forEachLine(beforeWaiting: () -> Void = {}, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    defer { buffer.deallocate() }
    let limit = StandardInput.maximumLineLength
    var start = 0  // first byte of the current line
    var end = 0  // bytes in the buffer
    var dropping = false  // the current line is over the limit: its first `limit` bytes are kept
    while true {
      if end == capacity {
        if start > 0 {
          buffer.update(from: buffer + start, count: end - start)  // the partial line to the front
          end -= start
          start = 0
        } else {
          let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
          larger.update(from: buffer, count: end)
          buffer.deallocate()
          buffer = larger
          capacity *= 2
        }
      }
      if SystemCalls.poll(fd, milliseconds: 0) == 0 { beforeWaiting() }
      let count = SystemCalls.read(fd, into: buffer + end, count: capacity - end)
      if count < 0 { readError = SystemCalls.lastError }
      if count <= 0 { break }
      var position = end
      end += count
      while let newline = firstLineFeed(from: position, to: end) {
        emit(start, dropping ? start + limit : newline, body)
        dropping = false
        start = newline + 1
        position = start
      }
      if start == end {
        start = 0
        end = 0
      } else if end - start > limit {
        dropping = true
        end = start + limit  // drop what is over the limit; the line feed is still to come
      }
    }
    if end > start { emit(start, dropping ? start + limit : end, body) }
  }

  private func firstLineFeed(from position: Int, to end: Int) -> Int? {
    SystemCalls.firstIndex(of: 10, in: buffer + position, count: end - position).map { position + $0 }
  }

  private func emit(_ start: Int, _ end: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var length = min(end - start, StandardInput.maximumLineLength)
    if length > 0 && buffer[start + length - 1] == 13 { length -= 1 }
    body(UnsafeBufferPointer(start: buffer + start, count: length))
  }
}
