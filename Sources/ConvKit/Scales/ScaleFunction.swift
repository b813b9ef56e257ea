/// A real function of one variable, as written in `Data/` for a nonlinear scale: `10^(x/10)`,
/// `10 log10(y)`, `0.005 * 92^((36 - x)/39)`, `table(x, 1 275, 10 500)`.
///
/// Numbers, the variable, `pi`, `+ - * / ^` (real exponents), parentheses, a space between two
/// factors for a product, the functions `log10`, `ln`, `log2`, `exp`, `sqrt`, and `table(x, X Y, …)`,
/// the piecewise-linear function through the points (X ascending). Evaluated in `Double`.
public struct ScaleFunction: Sendable, Hashable, CustomStringConvertible {
  /// The expression as written.
  public let text: String
  /// The variable's name (`x` for a forward function, `y` for an inverse one).
  public let variable: String
  let root: Node

  /// A parsed expression.
  indirect enum Node: Sendable, Hashable {
    case number(Double)
    case variable
    case negate(Node)
    case add(Node, Node)
    case subtract(Node, Node)
    case multiply(Node, Node)
    case divide(Node, Node)
    case power(Node, Node)
    case function(String, Node)
    case table(Node, [Double], [Double])
  }

  /// The function names the syntax knows.
  static let functions: Set<String> = ["log10", "ln", "log2", "exp", "sqrt"]

  /// Reads `text` as a function of `variable`; the error says what is wrong.
  public init(_ text: String, variable: String) throws(ScaleFunctionError) {
    self.text = text
    self.variable = variable
    var parser = Parser(scalars: Array(text.unicodeScalars), variable: variable)
    root = try parser.parseWhole()
  }

  /// The function's value at `value` (NaN or ±∞ where it is undefined).
  public func callAsFunction(_ value: Double) -> Double { ScaleFunction.evaluate(root, at: value) }

  public var description: String { text }

  private static func evaluate(_ node: Node, at x: Double) -> Double {
    switch node {
    case .number(let value): return value
    case .variable: return x
    case .negate(let a): return -evaluate(a, at: x)
    case .add(let a, let b): return evaluate(a, at: x) + evaluate(b, at: x)
    case .subtract(let a, let b): return evaluate(a, at: x) - evaluate(b, at: x)
    case .multiply(let a, let b): return evaluate(a, at: x) * evaluate(b, at: x)
    case .divide(let a, let b): return evaluate(a, at: x) / evaluate(b, at: x)
    case .power(let a, let b): return RealFunctions.pow(evaluate(a, at: x), evaluate(b, at: x))
    case .function(let name, let a):
      return apply(name, evaluate(a, at: x))
    case .table(let argument, let xs, let ys):
      return interpolate(evaluate(argument, at: x), xs, ys)
    }
  }

  /// One of the named functions at `value`.
  static func apply(_ name: String, _ value: Double) -> Double {
    switch name {
    case "log10": return RealFunctions.log10(value)
    case "ln": return RealFunctions.ln(value)
    case "log2": return RealFunctions.log2(value)
    case "exp": return RealFunctions.exp(value)
    default: return value < 0 ? .nan : RealFunctions.sqrt(value)
    }
  }

  /// The piecewise-linear function through `(xs[i], ys[i])`; NaN outside `xs.first...xs.last`.
  static func interpolate(_ x: Double, _ xs: [Double], _ ys: [Double]) -> Double {
    guard let first = xs.first, let last = xs.last else { return .nan }
    // A value a rounding error past an end (500.00000000000006 °F for gas mark 10) is that end.
    let slack = 1e-9 * max(1, abs(first), abs(last))
    guard x >= first - slack, x <= last + slack else { return .nan }
    let x = min(max(x, first), last)
    var low = 0
    var high = xs.count - 1
    while high - low > 1 {
      let middle = (low + high) / 2
      if xs[middle] <= x { low = middle } else { high = middle }
    }
    if x == xs[low] { return ys[low] }
    if x == xs[high] { return ys[high] }
    let t = (x - xs[low]) / (xs[high] - xs[low])
    return ys[low] + t * (ys[high] - ys[low])
  }

  /// A recursive-descent reader of the function syntax.
  private struct Parser {
    let scalars: [Unicode.Scalar]
    let variable: String
    var position = 0
    var depth = 0

    init(scalars: [Unicode.Scalar], variable: String) {
      self.scalars = scalars
      self.variable = variable
    }

    mutating func parseWhole() throws(ScaleFunctionError) -> Node {
      guard scalars.count <= 4096 else { throw ScaleFunctionError("the function is too long") }
      let node = try parseSum()
      skipSpaces()
      guard position == scalars.count else { throw unexpected() }
      return node
    }

    mutating func skipSpaces() {
      while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
    }

    func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    func unexpected() -> ScaleFunctionError {
      guard let scalar = peek() else { return ScaleFunctionError("the function ends too early") }
      return ScaleFunctionError("unexpected '\(Character(scalar))' at position \(position + 1)")
    }

    mutating func parseSum() throws(ScaleFunctionError) -> Node {
      var node = try parseProduct()
      while true {
        skipSpaces()
        guard let scalar = peek(), scalar == "+" || scalar == "-" || scalar == "−" else { return node }
        position += 1
        let right = try parseProduct()
        node = scalar == "+" ? .add(node, right) : .subtract(node, right)
      }
    }

    mutating func parseProduct() throws(ScaleFunctionError) -> Node {
      var node = try parseUnary()
      while true {
        skipSpaces()
        guard let scalar = peek() else { return node }
        if scalar == "*" || scalar == "×" || scalar == "·" || scalar == "/" {
          position += 1
          let right = try parseUnary()
          node = scalar == "/" ? .divide(node, right) : .multiply(node, right)
        } else if startsFactor(scalar) {
          node = .multiply(node, try parseUnary())
        } else {
          return node
        }
      }
    }

    func startsFactor(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "(" || scalar == "." || scalar.properties.numericType != nil || scalar.properties.isAlphabetic
        || scalar == "π"
    }

    mutating func parseUnary() throws(ScaleFunctionError) -> Node {
      skipSpaces()
      if let scalar = peek(), scalar == "-" || scalar == "−" {
        position += 1
        return .negate(try parseUnary())
      }
      if peek() == "+" {
        position += 1
        return try parseUnary()
      }
      return try parsePower()
    }

    mutating func parsePower() throws(ScaleFunctionError) -> Node {
      let base = try parsePrimary()
      skipSpaces()
      guard peek() == "^" else { return base }
      position += 1
      return .power(base, try parseUnary())
    }

    mutating func parsePrimary() throws(ScaleFunctionError) -> Node {
      skipSpaces()
      guard let scalar = peek() else { throw unexpected() }
      if scalar == "(" {
        depth += 1
        guard depth <= 64 else { throw ScaleFunctionError("parentheses are nested too deeply") }
        position += 1
        let node = try parseSum()
        skipSpaces()
        guard peek() == ")" else { throw ScaleFunctionError("missing ')'") }
        position += 1
        depth -= 1
        return node
      }
      if scalar == "." || ("0"..."9").contains(scalar) { return .number(try parseNumber()) }
      if scalar == "π" {
        position += 1
        return .number(Double.pi)
      }
      guard scalar.properties.isAlphabetic else { throw unexpected() }
      var name = ""
      while let next = peek(), next.properties.isAlphabetic || ("0"..."9").contains(next) || next == "_" {
        name.unicodeScalars.append(next)
        position += 1
      }
      if name == variable { return .variable }
      if name == "pi" { return .number(Double.pi) }
      if name == "table" { return try parseTable() }
      guard ScaleFunction.functions.contains(name) else {
        throw ScaleFunctionError(
          "unknown name '\(name)' (the variable is '\(variable)'; functions: log10, ln, log2, exp, sqrt, table)")
      }
      skipSpaces()
      guard peek() == "(" else { throw ScaleFunctionError("'\(name)' needs parentheses: \(name)(…)") }
      position += 1
      depth += 1
      guard depth <= 64 else { throw ScaleFunctionError("parentheses are nested too deeply") }
      let argument = try parseSum()
      skipSpaces()
      guard peek() == ")" else { throw ScaleFunctionError("missing ')' after the argument of '\(name)'") }
      position += 1
      depth -= 1
      return .function(name, argument)
    }

    /// `table(ARGUMENT, X Y, X Y, …)` after the name.
    mutating func parseTable() throws(ScaleFunctionError) -> Node {
      skipSpaces()
      guard peek() == "(" else { throw ScaleFunctionError("'table' needs parentheses: table(x, X Y, X Y, …)") }
      position += 1
      let argument = try parseSum()
      var xs: [Double] = []
      var ys: [Double] = []
      while true {
        skipSpaces()
        if peek() == ")" {
          position += 1
          break
        }
        guard peek() == "," else { throw ScaleFunctionError("expected ',' or ')' in table") }
        position += 1
        let x = try parseSignedNumber()
        let y = try parseSignedNumber()
        if let last = xs.last, x <= last {
          throw ScaleFunctionError("table points must be in ascending order of their first number")
        }
        xs.append(x)
        ys.append(y)
      }
      guard xs.count >= 2 else { throw ScaleFunctionError("a table needs at least two points") }
      return .table(argument, xs, ys)
    }

    mutating func parseSignedNumber() throws(ScaleFunctionError) -> Double {
      skipSpaces()
      var sign = 1.0
      if let scalar = peek(), scalar == "-" || scalar == "−" {
        sign = -1
        position += 1
      }
      skipSpaces()
      var value = try parseNumber()
      // A fraction in a table: `1/4 225`.
      if peek() == "/" {
        position += 1
        let denominator = try parseNumber()
        guard denominator != 0 else { throw ScaleFunctionError("division by zero in table") }
        value /= denominator
      }
      return sign * value
    }

    /// Digits with an optional decimal point and `e` exponent.
    mutating func parseNumber() throws(ScaleFunctionError) -> Double {
      skipSpaces()
      let start = position
      while let scalar = peek(), ("0"..."9").contains(scalar) || scalar == "." { position += 1 }
      if let scalar = peek(), scalar == "e" || scalar == "E" {
        var look = position + 1
        if look < scalars.count, scalars[look] == "-" || scalars[look] == "+" { look += 1 }
        if look < scalars.count, ("0"..."9").contains(scalars[look]) {
          position = look
          while let digit = peek(), ("0"..."9").contains(digit) { position += 1 }
        }
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars[start..<position])
      guard !text.isEmpty, let value = Double(text), value.isFinite else {
        throw ScaleFunctionError("malformed number '\(text)'")
      }
      return value
    }
  }
}

/// Why a scale function could not be read.
public struct ScaleFunctionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong.
  public let message: String
  init(_ message: String) { self.message = message }
  public var description: String { message }
}
