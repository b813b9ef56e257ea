import ConvKit

/// A JSON value with ordered object keys, written without Foundation.
package indirect enum JSONValue: Sendable, Hashable {
  case string(String)
  /// A number already in JSON syntax (from `TerseNumber`), kept verbatim.
  case number(String)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
  package func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

  /// An integer.
  package static func int(_ value: Int) -> JSONValue { .number(String(value)) }

  /// An exact value in its terse form: a JSON number when a binary64 reader keeps it, else that
  /// text as a JSON string (`"1e409"`, `"1e-400"`), which a reader would take as infinity or zero.
  package static func number(exact value: Rational) -> JSONValue {
    let text = TerseNumber.format(exact: value)
    return TerseNumber.isBinary64(value) ? .number(text) : .string(text)
  }

  /// Compact JSON text on one line.
  package func serialized() -> String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .string(let text): JSONValue.writeString(text, to: &out)
    case .number(let text): out += text
    case .bool(let value): out += value ? "true" : "false"
    case .null: out += "null"
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        JSONValue.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  static func writeString(_ text: String, to out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        // C0 and C1 controls, line and paragraph separators, and bidirectional overrides and
        // isolates are escaped: valid JSON either way, but never raw in a terminal or a script.
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
          || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
          || value == 0x200F || value == 0x061C
        {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}
