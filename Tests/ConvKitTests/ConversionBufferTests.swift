import Testing

@testable import ConvKit

/// Buffer conversion gives what converting each value does.
@Suite("Buffer conversion")
struct ConversionBufferTests {
  @Test(
    "Buffers convert element by element as convert(Double) does",
    arguments: [("mi", "km"), ("°F", "°C"), ("mpg", "L/100km"), ("rpm", "Hz"), ("K", "°F")])
  func buffers(_ pair: (String, String)) throws {
    let conversion = try Catalog.builtin.conversion(from: pair.0, to: pair.1)
    let values: [Double] = (0..<1000).map { Double($0) * 0.37 - 20 }
    let expected = values.map { conversion.convert($0) }
    #expect(conversion.converted(values) == expected)
    var output = [Double](repeating: 0, count: values.count)
    values.withUnsafeBufferPointer { source in
      output.withUnsafeMutableBufferPointer { conversion.convert(source, into: $0) }
    }
    #expect(output == expected)
    var inPlace = values
    conversion.convert(&inPlace)
    #expect(inPlace == expected)
    #expect(conversion.converted([]) == [])
  }
}
