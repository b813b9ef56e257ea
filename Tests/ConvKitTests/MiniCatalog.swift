import ConvKit

/// A small, self-contained catalog for engine tests that must not depend on `Data/`.
enum MiniCatalog {
  static let sources = [
    CatalogSource(
      path: "length.units",
      text: """
        category: length
        title: Length
        dimension: length
        featured: km, cm
        metre | metres | m | meter, meters | base | si, common | SI
        inch | inches | in, ″ | | 0.0254 m | common | NIST SP 811 B.8
        foot | feet | ft, ′ | | 12 in | common | NIST SP 811 B.8
        mile | miles | mi | | 5280 ft | common | NIST SP 811 B.8
        """),
    CatalogSource(
      path: "volume.units",
      text: """
        category: volume
        title: Volume
        dimension: length^3
        litre | litres | L, l | liter, liters | 0.001 m^3 | si, common | SI
        US gallon | US gallons | gal | gallon, gallons | 231 in^3 | common | NIST
        """),
    CatalogSource(
      path: "fuel.units",
      text: """
        category: fuel-economy
        title: Fuel economy
        dimension: length/length^3
        miles per gallon | miles per gallon | mpg | | mi/gal | common | definition
        category: fuel-consumption
        title: Fuel consumption
        dimension: length^3/length
        litre per 100 kilometres | litres per 100 kilometres | L/100km | | L/(100 km) | common | definition
        """),
    CatalogSource(
      path: "time.units",
      text: """
        category: time
        title: Time
        dimension: time
        second | seconds | s | sec | base | si, common | SI
        minute | minutes | min | | 60 s | common | SI
        hour | hours | h | hr | 60 min | common | SI
        """),
    CatalogSource(
      path: "speed.units",
      text: """
        category: speed
        title: Speed
        dimension: length/time
        kilometre per hour | kilometres per hour | km/h | kph | km/h | common | SI
        """),
    CatalogSource(
      path: "temperature.units",
      text: """
        category: temperature
        title: Temperature
        dimension: temperature
        kelvin | kelvins | K | | base | si, abs, common | SI
        degree Celsius | degrees Celsius | °C | C!, celsius | K | offset=273.15, common | SI
        degree Fahrenheit | degrees Fahrenheit | °F | F!, fahrenheit | 5/9 K | offset=459.67, common | NIST
        degree Rankine | degrees Rankine | °R | | 5/9 K | abs | NIST
        category: temperature-difference
        title: Temperature difference
        dimension: temperature
        kelvin difference | kelvin differences | ΔK | | K | | SI
        degree Celsius difference | degrees Celsius difference | Δ°C | | K | | SI
        degree Fahrenheit difference | degrees Fahrenheit difference | Δ°F | | 5/9 K | | NIST
        """),
    CatalogSource(
      path: "angle.units",
      text: """
        category: angle
        title: Angle
        dimension: angle
        radian | radians | rad | | base | si | SI
        degree | degrees | ° | deg | pi/180 rad | common | SI
        revolution | revolutions | rev | turn | 2 pi rad | | SI
        category: frequency
        title: Frequency
        dimension: 1/time
        hertz | hertz | Hz | | 1/s | si | SI
        category: rotational-speed
        title: Rotational speed
        dimension: angle/time
        revolution per minute | revolutions per minute | rpm | | rev/min | common | definition
        """),
    CatalogSource(
      path: "energy.units",
      text: """
        category: energy
        title: Energy
        dimension: mass*length^2/time^2
        joule | joules | J | | kg m^2/s^2 | si | SI
        category: mass
        title: Mass
        dimension: mass
        kilogram | kilograms | kg | | base | common | SI
        gram | grams | g | | 0.001 kg | si | SI
        pound | pounds | lb | | 0.45359237 kg | common | NIST
        short ton | short tons | ton | | 2000 lb | | NIST
        category: data
        title: Data
        dimension: information
        bit | bits | bit, b | | base | iec | IEC
        byte | bytes | B | octet | 8 bit | iec | IEC
        category: capacitance
        title: Capacitance
        dimension: current^2*time^4/mass/length^2
        farad | farads | F | | s^4 A^2/(kg m^2) | si | SI
        category: current
        title: Current
        dimension: current
        ampere | amperes | A | amp | base | si | SI
        """),
  ]

  static let catalog: Catalog = {
    let (catalog, diagnostics) = CatalogLoader.load(sources)
    precondition(diagnostics.isEmpty, "\(diagnostics)")
    return catalog
  }()
}
