import ConvKit
import Foundation

/// Why a `Measurement` could not be converted through ConvKit.
public enum MeasurementConversionError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A Foundation unit that has no known ConvKit equivalent (a custom `Foundation.Dimension` subclass or unit).
  case unsupportedUnit(symbol: String)
  /// ConvKit refused the conversion (an absolute temperature below absolute zero, say).
  case refused(ConvError)

  public var description: String {
    switch self {
    case .unsupportedUnit(let symbol): "no ConvKit unit is known for Foundation's '\(symbol)'"
    case .refused(let error): error.message
    }
  }
}

extension Measurement where UnitType: Foundation.Dimension {
  /// Converts through ConvKit's exact factors (Foundation's own converters use rounded constants):
  /// the measurement's value is read as the decimal it prints as, converted exactly, and the
  /// result says whether it is exact.
  ///
  /// ```swift
  /// let marathon = Measurement(value: 26.2, unit: UnitLength.miles)
  /// let result = try marathon.exactConversion(to: .kilometers)
  /// result.isExact        // true: 26.2 mi is exactly 42.1648128 km
  /// ```
  public func exactConversion(to target: UnitType, in catalog: Catalog = .builtin) throws(MeasurementConversionError)
    -> ConversionResult
  {
    guard let from = FoundationUnitTable.spelling(of: unit) else { throw .unsupportedUnit(symbol: unit.symbol) }
    guard let to = FoundationUnitTable.spelling(of: target) else { throw .unsupportedUnit(symbol: target.symbol) }
    guard let number = Rational(shortestDecimal: value) else {
      throw .refused(.numberOutOfRange(String(value), span: SourceSpan(start: 0, length: 0)))
    }
    do throws(ConvError) {
      let source = try catalog.parseUnit(from)
      let quantity = try catalog.quantity(number, in: source)
      return try catalog.convert(quantity, to: catalog.parseUnit(to))
    } catch {
      throw .refused(error)
    }
  }

  /// Converts into any unit expression of the catalog (`"furlong"`, `"ft;in"` is not one), exactly.
  ///
  /// ```swift
  /// let mile = Measurement(value: 1, unit: UnitLength.miles)
  /// try mile.exactConversion(to: "furlong").rational   // 8
  /// ```
  public func exactConversion(to target: String, in catalog: Catalog = .builtin) throws(MeasurementConversionError)
    -> ConversionResult
  {
    guard let from = FoundationUnitTable.spelling(of: unit) else { throw .unsupportedUnit(symbol: unit.symbol) }
    guard let number = Rational(shortestDecimal: value) else {
      throw .refused(.numberOutOfRange(String(value), span: SourceSpan(start: 0, length: 0)))
    }
    do throws(ConvError) {
      let quantity = try catalog.quantity(number, in: catalog.parseUnit(from))
      return try catalog.convert(quantity, to: catalog.parseUnit(target))
    } catch {
      throw .refused(error)
    }
  }

  /// The measurement in `target`, converted through ConvKit's exact factors and rounded once to
  /// the nearest `Double`.
  ///
  /// ```swift
  /// let inch = Measurement(value: 1, unit: UnitLength.inches)
  /// try inch.convertedExactly(to: .millimeters).value   // 25.4 (Foundation: 25.4 too, by luck)
  /// ```
  public func convertedExactly(to target: UnitType, in catalog: Catalog = .builtin) throws(MeasurementConversionError)
    -> Measurement<UnitType>
  {
    Measurement(value: try exactConversion(to: target, in: catalog).doubleValue, unit: target)
  }
}

extension ConversionResult {
  /// The result as a Foundation `Measurement` in `unit`, converted there through ConvKit's exact
  /// factors (`UnitLength.meters` for a result in `km` gives metres); nil when `unit` has no ConvKit
  /// equivalent or is of another kind of quantity.
  public func measurement<UnitType: Foundation.Dimension>(in unit: UnitType) -> Measurement<UnitType>? {
    guard let spelling = FoundationUnitTable.spelling(of: unit),
      let other = try? Catalog.builtin.parseUnit(spelling),
      let quantity = try? Catalog.builtin.quantity(rational, in: target),
      let converted = try? Catalog.builtin.convert(quantity, to: other)
    else { return nil }
    return Measurement(value: converted.doubleValue, unit: unit)
  }
}

extension ConvError: LocalizedError {
  /// The one-line message (``ConvError/message``), so that `localizedDescription` says what to fix.
  public var errorDescription: String? { message }
}

extension MeasurementConversionError: LocalizedError {
  /// The same text as ``description``.
  public var errorDescription: String? { description }
}
