extension Conversion {
  /// Converts every element of `source` into the same position of `destination`, with the
  /// arithmetic of `convert(_: Double)` (one multiplication per element for a linear conversion,
  /// which the compiler vectorizes). The buffers must have the same count; they may be the same
  /// memory.
  ///
  /// ```swift
  /// let kmPerMile = try Catalog.builtin.conversion(from: "mi", to: "km")
  /// miles.withUnsafeBufferPointer { source in
  ///   kilometres.withUnsafeMutableBufferPointer { kmPerMile.convert(source, into: $0) }
  /// }
  /// ```
  public func convert(_ source: UnsafeBufferPointer<Double>, into destination: UnsafeMutableBufferPointer<Double>) {
    precondition(source.count == destination.count, "source and destination differ in length")
    guard let input = source.baseAddress, let output = destination.baseAddress else { return }
    let count = source.count
    switch kind {
    case .linear, .cycles:
      let k = linearScale
      for index in 0..<count { output[index] = input[index] * k }
    case .reciprocal:
      let k = linearScale
      for index in 0..<count { output[index] = k / input[index] }
    case .affine, .scale:
      for index in 0..<count { output[index] = convert(input[index]) }
    }
  }

  /// The converted values, in a new array.
  public func converted(_ values: [Double]) -> [Double] {
    [Double](unsafeUninitializedCapacity: values.count) { buffer, initialized in
      values.withUnsafeBufferPointer { convert($0, into: buffer) }
      initialized = values.count
    }
  }
}
