import ConvKit
import ConvKitFoundation
import Foundation
import Testing

/// `Measurement` converted through ConvKit: exact where Foundation rounds, and every unit of the
/// table the same unit as Foundation's (to Foundation's own rounding).
@Suite("Foundation Measurement interop")
struct MeasurementInteropTests {
  @Test("A marathon is exactly 42.1648128 km; Foundation's answer is the same within rounding")
  func marathon() throws {
    let marathon = Measurement(value: 26.2, unit: UnitLength.miles)
    let result = try marathon.exactConversion(to: .kilometers)
    #expect(result.isExact)
    #expect(result.rational == Rational(decimalLiteral: "42.1648128")!)
    let foundation = marathon.converted(to: .kilometers).value
    // Foundation's mile is 1609.34 m, rounded: its answer is off in the sixth digit.
    #expect(abs(try marathon.convertedExactly(to: .kilometers).value - foundation) < 1e-5 * foundation)
    #expect(try marathon.convertedExactly(to: .kilometers).value == 42.1648128)
    #expect(result.measurement(in: UnitLength.kilometers)?.value == 42.1648128)
  }

  @Test("Temperatures convert with their offsets, and absolute zero holds")
  func temperatures() throws {
    let body = Measurement(value: 98.6, unit: UnitTemperature.fahrenheit)
    #expect(abs(try body.convertedExactly(to: .celsius).value - 37) < 1e-12)
    #expect(throws: MeasurementConversionError.self) {
      _ = try Measurement(value: -500, unit: UnitTemperature.celsius).convertedExactly(to: .kelvin)
    }
  }

  @Test("Foundation's gallon is the US gallon and its cup the US legal cup of 240 mL")
  func ambiguousSymbols() throws {
    let gallon = try Measurement(value: 1, unit: UnitVolume.gallons).exactConversion(to: .liters)
    #expect(gallon.rational == Rational(decimalLiteral: "3.785411784")!)
    let imperial = try Measurement(value: 1, unit: UnitVolume.imperialGallons).exactConversion(to: .liters)
    #expect(imperial.rational == Rational(decimalLiteral: "4.54609")!)
    let cup = try Measurement(value: 1, unit: UnitVolume.cups).exactConversion(to: .milliliters)
    #expect(
      abs(cup.doubleValue - Measurement(value: 1, unit: UnitVolume.cups).converted(to: .milliliters).value) < 1e-6)
  }

  static let dimensions: [(String, [Foundation.Dimension])] = [
    (
      "length",
      [
        UnitLength.kilometers, UnitLength.meters, UnitLength.centimeters, UnitLength.inches, UnitLength.feet,
        UnitLength.yards, UnitLength.miles, UnitLength.nauticalMiles,
        UnitLength.fathoms, UnitLength.furlongs, UnitLength.astronomicalUnits, UnitLength.parsecs,
        UnitLength.lightyears, UnitLength.scandinavianMiles,
      ]
    ),
    // UnitMass.stones is left out: swift-corelibs-foundation gives it 0.157473 kg (the reciprocal
    // of the stone's 6.35029318 kg); `stoneIsRight` checks ConvKit's.
    (
      "mass",
      [
        UnitMass.kilograms, UnitMass.grams, UnitMass.milligrams, UnitMass.ounces, UnitMass.pounds, UnitMass.metricTons,
        UnitMass.shortTons, UnitMass.carats,
        UnitMass.ouncesTroy, UnitMass.slugs,
      ]
    ),
    (
      "volume",
      [
        UnitVolume.liters, UnitVolume.milliliters, UnitVolume.cubicMeters, UnitVolume.cubicInches, UnitVolume.cubicFeet,
        UnitVolume.acreFeet, UnitVolume.bushels,
        UnitVolume.teaspoons, UnitVolume.tablespoons, UnitVolume.fluidOunces, UnitVolume.cups, UnitVolume.pints,
        UnitVolume.quarts, UnitVolume.gallons, UnitVolume.imperialFluidOunces,
        UnitVolume.imperialPints, UnitVolume.imperialQuarts, UnitVolume.imperialGallons, UnitVolume.metricCups,
      ]
    ),
    ("speed", [UnitSpeed.metersPerSecond, UnitSpeed.kilometersPerHour, UnitSpeed.milesPerHour, UnitSpeed.knots]),
    (
      "area",
      [
        UnitArea.squareMeters, UnitArea.squareFeet, UnitArea.squareMiles, UnitArea.acres, UnitArea.ares,
        UnitArea.hectares,
      ]
    ),
    (
      "energy",
      [
        UnitEnergy.joules, UnitEnergy.kilojoules, UnitEnergy.calories, UnitEnergy.kilocalories,
        UnitEnergy.kilowattHours,
      ]
    ),
    ("power", [UnitPower.watts, UnitPower.kilowatts, UnitPower.horsepower]),
    (
      "pressure",
      [
        UnitPressure.newtonsPerMetersSquared, UnitPressure.kilopascals, UnitPressure.bars, UnitPressure.millibars,
        UnitPressure.inchesOfMercury,
        UnitPressure.millimetersOfMercury, UnitPressure.poundsForcePerSquareInch,
      ]
    ),
    (
      "angle",
      [
        UnitAngle.degrees, UnitAngle.radians, UnitAngle.arcMinutes, UnitAngle.arcSeconds, UnitAngle.gradians,
        UnitAngle.revolutions,
      ]
    ),
    ("duration", [UnitDuration.seconds, UnitDuration.minutes, UnitDuration.hours, UnitDuration.milliseconds]),
    (
      "information",
      [
        UnitInformationStorage.bytes, UnitInformationStorage.bits, UnitInformationStorage.kilobytes,
        UnitInformationStorage.megabytes, UnitInformationStorage.kibibytes, UnitInformationStorage.mebibytes,
      ]
    ),
  ]

  @Test(
    "Every table unit converts to its base as Foundation does, within Foundation's rounding",
    arguments: dimensions.map(\.0))
  func table(_ name: String) throws {
    let units = try #require(Self.dimensions.first { $0.0 == name }?.1)
    let base = units[0]
    for unit in units {
      let foundation = unit.converter.baseUnitValue(fromValue: 1) / base.converter.baseUnitValue(fromValue: 1)
      let exact = try Measurement(value: 1, unit: unit).convertedExactly(to: base).value
      #expect(abs(exact - foundation) <= 5e-4 * abs(foundation), "\(unit.symbol): \(exact) vs \(foundation)")
    }
  }

  @Test("A stone is 14 lb = 6.35029318 kg exactly (Foundation on Linux says 0.157473 kg)")
  func stoneIsRight() throws {
    let stone = try Measurement(value: 1, unit: UnitMass.stones).exactConversion(to: .kilograms)
    #expect(stone.isExact && stone.rational == Rational(decimalLiteral: "6.35029318")!)
  }

  @Test("Into any catalog unit, and back into a Foundation unit however the target was spelled")
  func anyTarget() throws {
    let mile = Measurement(value: 1, unit: UnitLength.miles)
    #expect(try mile.exactConversion(to: "furlong").rational == Rational(8))
    let yard = try Catalog.builtin.convert("1 yd", to: "metre")
    #expect(yard.measurement(in: UnitLength.meters)?.value == 0.9144)
    #expect(yard.measurement(in: UnitLength.feet)?.value == 3)
    #expect(yard.measurement(in: UnitLength.inches)?.value == 36)
    #expect(yard.measurement(in: UnitMass.kilograms) == nil)
    let boiling = try Catalog.builtin.convert("100 °C", to: "°F")
    #expect(boiling.measurement(in: UnitTemperature.kelvin)?.value == 373.15)
  }

  /// Results and errors as a Swift developer first prints them.
  static let printed: [(String, String, String)] = [
    ("5 mi", "km", "8.04672 km"), ("1 ft", "m", "0.3048 m"), ("100 °C", "°F", "212.0 °F"),
    ("1 lb", "g", "453.59237 g"), ("3 ft", "yd", "1.0 yd"),
  ]

  @Test("A result prints as its value and unit", arguments: printed)
  func printedResult(_ quantity: String, _ target: String, _ text: String) throws {
    #expect(String(describing: try Catalog.builtin.convert(quantity, to: target)) == text)
  }

  @Test("An error's localizedDescription is its message, not Foundation's generic line")
  func localizedErrors() {
    do {
      _ = try Catalog.builtin.convert("5 mi", to: "kg")
      Issue.record("5 mi converted to kg")
    } catch {
      let described = (error as any Error).localizedDescription
      #expect(described == error.message)
      #expect(!described.contains("could not be completed"))
    }
  }

  @Test("A personal units file loads from a URL")
  func unitsFile() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("conv-units-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: url) }
    try "category: length\nbeard-second | beard-seconds | | | 5 nm | | informal\n".write(
      to: url, atomically: true, encoding: .utf8)
    let (catalog, problems) = try CatalogLoader.load(contentsOf: url)
    #expect(problems.isEmpty)
    #expect(try catalog.convert("1 cm", to: "beard-second").rational == Rational(2_000_000))
  }

  @Test("The library reads as the tool does: the other side picks the reading")
  func readings() throws {
    #expect(try Catalog.builtin.convert("5 pH", to: "nH").rational == Rational(5) / Rational(1000))
    #expect(abs(try Catalog.builtin.convert("1 B", to: "dB").doubleValue - 10) < 1e-12)
    #expect(try Catalog.builtin.lookup("mi").unit.description == "mile (mi)")
  }

  @Test("A unit Foundation has and the table does not is refused by name")
  func unsupported() {
    let custom = UnitLength(symbol: "smoot", converter: UnitConverterLinear(coefficient: 1.7018))
    #expect(throws: MeasurementConversionError.unsupportedUnit(symbol: "smoot")) {
      _ = try Measurement(value: 1, unit: custom).convertedExactly(to: .meters)
    }
  }
}
