import ConvFormat
import Testing

@Suite("LocaleResolver")
struct LocaleResolverTests {
  struct Case: Sendable {
    var environment: [String: String]
    var locale: String?
    var isUTF8: Bool
  }

  static let cases: [Case] = [
    Case(environment: [:], locale: nil, isUTF8: false),
    Case(environment: ["LANG": "C"], locale: nil, isUTF8: false),
    Case(environment: ["LANG": "POSIX"], locale: nil, isUTF8: false),
    Case(environment: ["LANG": "C.UTF-8"], locale: nil, isUTF8: true),
    Case(environment: ["LANG": "C.utf8"], locale: nil, isUTF8: true),
    Case(environment: ["LANG": "en_US.UTF-8"], locale: "en_US", isUTF8: true),
    Case(environment: ["LANG": "de_DE.utf8"], locale: "de_DE", isUTF8: true),
    Case(environment: ["LANG": "de_DE@euro"], locale: "de_DE", isUTF8: false),
    Case(environment: ["LANG": "de_DE.UTF-8@euro"], locale: "de_DE", isUTF8: true),
    Case(environment: ["LANG": "fr_FR.ISO-8859-1"], locale: "fr_FR", isUTF8: false),
    Case(environment: ["LANG": "fr_FR"], locale: "fr_FR", isUTF8: false),
    Case(environment: ["LANG": ""], locale: nil, isUTF8: false),
    // LC_ALL beats LC_NUMERIC beats LANG for numbers.
    Case(
      environment: ["LC_ALL": "fr_FR.UTF-8", "LC_NUMERIC": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], locale: "fr_FR",
      isUTF8: true),
    Case(environment: ["LC_NUMERIC": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], locale: "de_DE", isUTF8: true),
    Case(environment: ["LC_ALL": "", "LC_NUMERIC": "de_DE.UTF-8", "LANG": "C"], locale: "de_DE", isUTF8: false),
    Case(environment: ["LC_ALL": "C", "LC_NUMERIC": "de_DE.UTF-8", "LANG": "de_DE.UTF-8"], locale: nil, isUTF8: false),
    // The character set follows LC_ALL, LC_CTYPE, LANG.
    Case(environment: ["LC_CTYPE": "C.UTF-8", "LANG": "fr_FR"], locale: "fr_FR", isUTF8: true),
    Case(environment: ["LC_CTYPE": "C", "LANG": "fr_FR.UTF-8"], locale: "fr_FR", isUTF8: false),
    Case(environment: ["LC_NUMERIC": "de_DE.UTF-8"], locale: "de_DE", isUTF8: false),
  ]

  @Test("resolution", arguments: cases)
  func resolve(_ c: Case) {
    let resolved = LocaleResolver.resolve(environment: c.environment)
    #expect(resolved.locale == c.locale)
    #expect(resolved.isUTF8 == c.isUTF8)
  }

  /// Environment, and the locale the measurement system comes from (LC_ALL > LC_MEASUREMENT > LANG).
  static let measurement: [([String: String], String?)] = [
    ([:], nil),
    (["LANG": "de_DE.UTF-8"], "de_DE"),
    (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], "de_DE"),
    (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "en_GB.UTF-8"], "en_GB"),
    (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], "en_US"),
    (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "C"], nil),
    (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": ""], "de_DE"),
    (["LC_ALL": "fr_FR.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8", "LANG": "en_GB.UTF-8"], "fr_FR"),
    (["LC_ALL": "", "LC_MEASUREMENT": "en_GB@euro", "LANG": "de_DE.UTF-8"], "en_GB"),
    // The numbers' and the names' variables do not choose the system.
    (["LC_NUMERIC": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_US.UTF-8"], "en_US"),
    (["LC_NUMERIC": "de_DE.UTF-8"], nil),
  ]

  @Test("The measurement locale follows LC_ALL, LC_MEASUREMENT, LANG", arguments: measurement)
  func measurementLocale(_ environment: [String: String], _ locale: String?) {
    #expect(LocaleResolver.measurementLocale(environment: environment) == locale)
    // The number locale is not affected by LC_MEASUREMENT.
    var without = environment
    without["LC_MEASUREMENT"] = nil
    #expect(
      LocaleResolver.resolve(environment: environment).locale == LocaleResolver.resolve(environment: without).locale)
  }
}
