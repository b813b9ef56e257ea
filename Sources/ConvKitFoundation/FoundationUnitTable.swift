import ConvKit
import Foundation

/// Foundation's predefined units and the catalog spellings of the same units.
///
/// Matched by the unit itself, never by its symbol alone: Foundation writes `gal` for both the US
/// and the imperial gallon, and its `cup` is the metric cup of 240 mL.
enum FoundationUnitTable {
  /// Each Foundation unit with the spelling ConvKit reads it by.
  static let entries: [(unit: Foundation.Dimension, spelling: String)] = [
    // Length
    (UnitLength.megameters, "Mm"), (UnitLength.kilometers, "km"), (UnitLength.hectometers, "hm"),
    (UnitLength.decameters, "dam"), (UnitLength.meters, "m"), (UnitLength.decimeters, "dm"),
    (UnitLength.centimeters, "cm"), (UnitLength.millimeters, "mm"), (UnitLength.micrometers, "µm"),
    (UnitLength.nanometers, "nm"), (UnitLength.picometers, "pm"), (UnitLength.inches, "in"), (UnitLength.feet, "ft"),
    (UnitLength.yards, "yd"), (UnitLength.miles, "mi"), (UnitLength.scandinavianMiles, "Scandinavian mile"),
    (UnitLength.nauticalMiles, "nmi"), (UnitLength.fathoms, "fathom"), (UnitLength.furlongs, "furlong"),
    (UnitLength.astronomicalUnits, "au"), (UnitLength.parsecs, "pc"), (UnitLength.lightyears, "ly"),
    // Mass
    (UnitMass.kilograms, "kg"), (UnitMass.grams, "g"), (UnitMass.decigrams, "dg"), (UnitMass.centigrams, "cg"),
    (UnitMass.milligrams, "mg"), (UnitMass.micrograms, "µg"), (UnitMass.nanograms, "ng"), (UnitMass.picograms, "pg"),
    (UnitMass.ounces, "oz"), (UnitMass.pounds, "lb"), (UnitMass.stones, "stone"), (UnitMass.metricTons, "t"),
    (UnitMass.shortTons, "short ton"), (UnitMass.carats, "metric carat"), (UnitMass.ouncesTroy, "troy ounce"),
    (UnitMass.slugs, "slug"),
    // Volume
    (UnitVolume.megaliters, "ML"), (UnitVolume.kiloliters, "kL"), (UnitVolume.liters, "L"),
    (UnitVolume.deciliters, "dL"), (UnitVolume.centiliters, "cL"), (UnitVolume.milliliters, "mL"),
    (UnitVolume.cubicKilometers, "km^3"), (UnitVolume.cubicMeters, "m^3"), (UnitVolume.cubicDecimeters, "dm^3"),
    (UnitVolume.cubicCentimeters, "cm^3"), (UnitVolume.cubicMillimeters, "mm^3"), (UnitVolume.cubicInches, "in^3"),
    (UnitVolume.cubicFeet, "ft^3"), (UnitVolume.cubicYards, "yd^3"), (UnitVolume.cubicMiles, "mi^3"),
    (UnitVolume.acreFeet, "acre-foot"), (UnitVolume.bushels, "bushel"), (UnitVolume.teaspoons, "tsp"),
    (UnitVolume.tablespoons, "tbsp"), (UnitVolume.fluidOunces, "US fluid ounce"), (UnitVolume.cups, "US legal cup"),
    (UnitVolume.pints, "US pint"), (UnitVolume.quarts, "US quart"), (UnitVolume.gallons, "US gallon"),
    (UnitVolume.imperialTeaspoons, "imperial teaspoon"), (UnitVolume.imperialTablespoons, "imperial tablespoon"),
    (UnitVolume.imperialFluidOunces, "imperial fluid ounce"), (UnitVolume.imperialPints, "imperial pint"),
    (UnitVolume.imperialQuarts, "imperial quart"), (UnitVolume.imperialGallons, "imperial gallon"),
    (UnitVolume.metricCups, "metric cup"),
    // Temperature
    (UnitTemperature.kelvin, "K"), (UnitTemperature.celsius, "°C"), (UnitTemperature.fahrenheit, "°F"),
    // Speed
    (UnitSpeed.metersPerSecond, "m/s"), (UnitSpeed.kilometersPerHour, "km/h"), (UnitSpeed.milesPerHour, "mph"),
    (UnitSpeed.knots, "kn"),
    // Area
    (UnitArea.squareMegameters, "Mm^2"), (UnitArea.squareKilometers, "km^2"), (UnitArea.squareMeters, "m^2"),
    (UnitArea.squareCentimeters, "cm^2"), (UnitArea.squareMillimeters, "mm^2"), (UnitArea.squareMicrometers, "µm^2"),
    (UnitArea.squareNanometers, "nm^2"), (UnitArea.squareInches, "in^2"), (UnitArea.squareFeet, "ft^2"),
    (UnitArea.squareYards, "yd^2"), (UnitArea.squareMiles, "mi^2"), (UnitArea.acres, "acre"), (UnitArea.ares, "are"),
    (UnitArea.hectares, "hectare"),
    // Duration
    (UnitDuration.hours, "h"), (UnitDuration.minutes, "min"), (UnitDuration.seconds, "s"),
    (UnitDuration.milliseconds, "ms"), (UnitDuration.microseconds, "µs"), (UnitDuration.nanoseconds, "ns"),
    (UnitDuration.picoseconds, "ps"),
    // Energy and power
    (UnitEnergy.kilojoules, "kJ"), (UnitEnergy.joules, "J"), (UnitEnergy.kilocalories, "kcal"),
    (UnitEnergy.calories, "cal"), (UnitEnergy.kilowattHours, "kWh"),
    (UnitPower.terawatts, "TW"), (UnitPower.gigawatts, "GW"), (UnitPower.megawatts, "MW"), (UnitPower.kilowatts, "kW"),
    (UnitPower.watts, "W"), (UnitPower.milliwatts, "mW"), (UnitPower.microwatts, "µW"), (UnitPower.nanowatts, "nW"),
    (UnitPower.picowatts, "pW"), (UnitPower.femtowatts, "fW"), (UnitPower.horsepower, "hp"),
    // Pressure
    (UnitPressure.newtonsPerMetersSquared, "Pa"), (UnitPressure.gigapascals, "GPa"), (UnitPressure.megapascals, "MPa"),
    (UnitPressure.kilopascals, "kPa"), (UnitPressure.hectopascals, "hPa"), (UnitPressure.inchesOfMercury, "inHg"),
    (UnitPressure.bars, "bar"), (UnitPressure.millibars, "mbar"), (UnitPressure.millimetersOfMercury, "mmHg"),
    (UnitPressure.poundsForcePerSquareInch, "psi"),
    // Angle, frequency, fuel efficiency, information
    (UnitAngle.degrees, "°"), (UnitAngle.arcMinutes, "arcmin"), (UnitAngle.arcSeconds, "arcsec"),
    (UnitAngle.radians, "rad"), (UnitAngle.gradians, "grad"), (UnitAngle.revolutions, "rev"),
    (UnitFrequency.terahertz, "THz"), (UnitFrequency.gigahertz, "GHz"), (UnitFrequency.megahertz, "MHz"),
    (UnitFrequency.kilohertz, "kHz"), (UnitFrequency.hertz, "Hz"), (UnitFrequency.millihertz, "mHz"),
    (UnitFuelEfficiency.litersPer100Kilometers, "L/100km"), (UnitFuelEfficiency.milesPerGallon, "mpg"),
    (UnitFuelEfficiency.milesPerImperialGallon, "mpg imp"),
    (UnitInformationStorage.bits, "bit"), (UnitInformationStorage.bytes, "B"), (UnitInformationStorage.kilobytes, "kB"),
    (UnitInformationStorage.megabytes, "MB"), (UnitInformationStorage.gigabytes, "GB"),
    (UnitInformationStorage.terabytes, "TB"), (UnitInformationStorage.kibibytes, "KiB"),
    (UnitInformationStorage.mebibytes, "MiB"), (UnitInformationStorage.gibibytes, "GiB"),
  ]

  /// The ConvKit spelling of a Foundation unit, when the table knows it.
  static func spelling(of unit: Foundation.Dimension) -> String? {
    entries.first { $0.unit == unit }?.spelling
  }

  /// The Foundation unit of a type with a spelling, for converting back.
  static func unit<UnitType: Foundation.Dimension>(spelled spelling: String, as type: UnitType.Type) -> UnitType? {
    entries.lazy.compactMap { $0.spelling == spelling ? $0.unit as? UnitType : nil }.first
  }
}
