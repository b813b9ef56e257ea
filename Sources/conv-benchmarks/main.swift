// conv benchmarks: start-up, per-call costs and the buffer conversion ratio.
//
//   swift run -c release --static-swift-stdlib --package-path Benchmarks conv-benchmarks \
//     [--quick] [--only catalog|lookup|parse|batch|repl|buffer]
//
// Every figure is a median over repeated runs, measured with CLOCK_MONOTONIC in this process
// (catalog load: in fresh child processes, since it happens once per process).
import ConvApp
import ConvKit

#if canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// MARK: - Measuring

/// Nanoseconds on the monotonic clock.
@inline(__always) func now() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Keeps a value alive so that the optimizer cannot drop the work that made it.
@inline(never) func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted.count % 2 == 1
    ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// Median time per call of `body`, which runs `calls` calls: `rounds` rounds after one warm-up.
func perCall(calls: Int, rounds: Int = 15, _ body: () -> Void) -> Double {
  body()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let start = now()
    body()
    samples.append(Double(now() - start) / Double(calls))
  }
  return median(samples)
}

func format(_ nanoseconds: Double) -> String {
  if nanoseconds >= 1_000_000 { return String(Double(Int(nanoseconds / 10_000)) / 100) + " ms" }
  if nanoseconds >= 1_000 { return String(Double(Int(nanoseconds / 10)) / 100) + " µs" }
  return String(Double(Int(nanoseconds * 10)) / 10) + " ns"
}

func report(_ name: String, _ value: String, _ note: String = "") {
  let padded = name + String(repeating: " ", count: max(1, 46 - name.count))
  print(padded + value + (note.isEmpty ? "" : "   " + note))
}

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
func enabled(_ name: String) -> Bool { only == nil || only == name }

// MARK: - Catalog load (child processes)

/// In a child process: the time of the first use of the built-in catalog, up to the first lookup.
if arguments.count > 1 && arguments[1].hasPrefix("--catalog-load-child") {
  if arguments[1] == "--catalog-load-child-warm" {
    // What conv does before it first needs the catalog (environment, settings, arguments), so
    // that the figure is the catalog's own: the runtime's first use of strings, arrays and
    // dictionaries is paid by then.
    var variables: [String: String] = [:]
    for (index, argument) in arguments.enumerated() { variables[argument] = String(index) }
    blackHole(variables.keys.sorted().joined(separator: " ").lowercased().split(separator: " "))
  }
  let start = now()
  let unit = Catalog.builtin.unit(named: "mi")
  let firstLookup = now()
  _ = Catalog.builtin.unit(named: "km")
  let secondLookup = now()
  blackHole(unit)
  print(firstLookup - start, secondLookup - firstLookup)
  exit(0)
}

/// Runs this program as a child and reads the numbers it prints.
func runChild(_ flag: String) -> [Double]? {
  var pipe: [Int32] = [0, 0]
  guard Glibc.pipe(&pipe) == 0 else { return nil }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
  posix_spawn_file_actions_addclose(&actions, pipe[0])
  var pid: pid_t = 0
  let path = arguments[0]
  let argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup(flag), nil]
  defer { for pointer in argv { free(pointer) } }
  let status = posix_spawn(&pid, path, &actions, nil, argv, environ)
  posix_spawn_file_actions_destroy(&actions)
  close(pipe[1])
  guard status == 0 else {
    close(pipe[0])
    return nil
  }
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 256)
  while true {
    let count = read(pipe[0], &buffer, buffer.count)
    if count <= 0 { break }
    output.append(contentsOf: buffer[..<count])
  }
  close(pipe[0])
  var exitStatus: Int32 = 0
  waitpid(pid, &exitStatus, 0)
  return String(decoding: output, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    .compactMap { Double($0) }
}

print("conv benchmarks (medians; \(quick ? "quick" : "full") run)")
print("")

if enabled("catalog") {
  for (flag, label) in [("--catalog-load-child", "cold process"), ("--catalog-load-child-warm", "runtime warmed up")] {
    var loads: [Double] = []
    var seconds: [Double] = []
    for _ in 0..<(quick ? 10 : 40) {
      if let values = runChild(flag), values.count == 2 {
        loads.append(values[0])
        seconds.append(values[1])
      }
    }
    guard !loads.isEmpty else { continue }
    report("catalog load: first use + lookup of mi", format(median(loads)), "\(label), \(loads.count) processes")
    report("  then km (first prefixed lookup)", format(median(seconds)))
  }
  // What start-up used to pay: every unit built from the tables, and the dictionary indexes.
  let builtAll = perCall(calls: 1, rounds: quick ? 3 : 7) {
    let catalog = Catalog(categories: Catalog.builtin.categories, units: Catalog.builtin.units)
    blackHole(catalog)
  }
  report(
    "  for comparison: dictionary-indexed catalog", format(builtAll),
    "index build of \(Catalog.builtin.units.count) units")
}

// MARK: - Lookup and parsing

let catalog = Catalog.builtin
if enabled("lookup") {
  print("")
  let cases: [(String, String)] = [
    ("exact symbol", "mi"), ("exact name", "foot"), ("claimed", "C"), ("SI prefix symbol", "km"),
    ("IEC prefix symbol", "GiB"), ("case-folded name", "Miles"), ("prefix word", "kilometres"),
    ("unknown", "zzzz"),
  ]
  let calls = quick ? 2_000 : 20_000
  for (name, spelling) in cases {
    let time = perCall(calls: calls) {
      for _ in 0..<calls { blackHole(catalog.unit(named: spelling)) }
    }
    report("unit lookup: \(name) (\(spelling))", format(time) + " per call")
  }
}

if enabled("parse") {
  print("")
  let calls = quick ? 500 : 5_000
  let quantities = ["5 mi", "-40 °C", "6 ft 2 in", "3/4 cup", "1.5e3 kg·m/s²"]
  for text in quantities {
    let time = perCall(calls: calls) {
      for _ in 0..<calls { blackHole(try? catalog.parseQuantity(text)) }
    }
    report("parse quantity \"\(text)\"", format(time) + " per call")
  }
  for text in ["km", "L/100km", "kg·m/s²", "short ton", "ft;in"] {
    let time = perCall(calls: calls) {
      for _ in 0..<calls { blackHole(try? catalog.parseUnit(text)) }
    }
    report("parse unit \"\(text)\"", format(time) + " per call")
  }
  let convert = perCall(calls: calls) {
    for _ in 0..<calls { blackHole(try? catalog.convert("5 mi", to: "km")) }
  }
  report("convert \"5 mi\" to \"km\" (exact)", format(convert) + " per call")
}

// MARK: - Batch, in process

if enabled("batch") {
  print("")
  let pairs = [
    ("mi", "km"), ("lb", "kg"), ("ft", "m"), ("gal", "L"), ("°F", "°C"), ("mpg", "L/100km"), ("eV", "J"),
    ("kWh", "MJ"), ("psi", "kPa"), ("acre", "m²"),
  ]
  var state: UInt64 = 42
  func random(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  let lines: [String] = (0..<(quick ? 20_000 : 100_000)).map { _ in
    let pair = pairs[random(pairs.count)]
    return "\(random(10_000)).\(random(100)) \(pair.0) to \(pair.1)"
  }
  for mode in [OutputMode.terse, .human] {
    var options = OutputOptions()
    options.mode = mode
    let converter = Converter(catalog: catalog, options: options)
    let count = mode == .terse ? lines.count : lines.count / 20
    var samples: [Double] = []
    for _ in 0..<(quick ? 3 : 7) {
      let batch = BatchConverter(converter: converter)
      var output: [UInt8] = []
      output.reserveCapacity(1 << 20)
      let start = now()
      for line in lines.prefix(count) {
        var line = line
        _ = line.withUTF8 { batch.convert($0, into: &output) }
        if output.count > 1 << 20 { output.removeAll(keepingCapacity: true) }
      }
      samples.append(Double(now() - start))
    }
    let perLine = median(samples) / Double(count)
    report(
      "batch line, \(mode) (\(count) lines)", format(perLine) + " per line",
      "\(Int(1e9 / perLine)) lines/s, one core")
  }
}

// MARK: - REPL

if enabled("repl") {
  print("")
  var options = OutputOptions()
  options.mode = .human
  let converter = Converter(catalog: catalog, options: options)
  if var session = ReplSession(converter: converter, mode: .screen) {
    let typed = "kilometre"
    var samples: [Double] = []
    for _ in 0..<(quick ? 5 : 25) {
      for end in 1...typed.count {
        let prefix = String(typed.prefix(end))
        let start = now()
        _ = session.handle("/" + prefix)
        blackHole(session.screen(width: 120, height: 40))
        samples.append(Double(now() - start))
      }
      _ = session.handle("/")
    }
    report("REPL keystroke: filter + screen (length)", format(median(samples)), "/k … /kilometre, 120×40")
    // Issue 31's budget: a key to the redrawn screen at 200×50, in the largest category, every
    // unit listed: the line typed so far (a live filter), and Up/Down moving the source.
    if let largest = catalog.categories.max(by: { catalog.units(in: $0).count < catalog.units(in: $1).count }) {
      _ = session.handle("cat " + largest.identifier)
      var keys: [Double] = []
      var moves: [Double] = []
      for round in 0..<(quick ? 5 : 25) {
        for end in 0...typed.count {
          let start = now()
          session.edit(line: "/" + String(typed.prefix(end)))
          blackHole(session.screen(width: 200, height: 49))
          keys.append(Double(now() - start))
        }
        session.edit(line: "")
        for _ in 0..<10 {
          let start = now()
          session.perform(.source(round % 2 == 0 ? .down : .up), page: 44)
          blackHole(session.screen(width: 200, height: 49))
          moves.append(Double(now() - start))
        }
      }
      let count = catalog.units(in: largest).count
      report("REPL key: live filter + screen", format(median(keys)), "\(largest.identifier), \(count) units, 200×50")
      report("REPL key: Up/Down + screen", format(median(moves)), "\(largest.identifier), \(count) units, 200×50")
    }
    let search = UnitSearch(catalog: catalog)
    var searchSamples: [Double] = []
    for _ in 0..<(quick ? 5 : 25) {
      for end in 1...typed.count {
        let prefix = String(typed.prefix(end))
        let start = now()
        blackHole(search.search(prefix))
        searchSamples.append(Double(now() - start))
      }
    }
    report(
      "REPL keystroke: search the full catalog", format(median(searchSamples)),
      "\(catalog.units.count) units, \(catalog.categories.count) categories")
  } else {
    report("REPL", "not available")
  }
}

// MARK: - Buffer conversion

@inline(never) func plainMultiply(_ values: UnsafeMutableBufferPointer<Double>, by factor: Double) {
  for index in values.indices { values[index] *= factor }
}

@inline(never) func plainMultiply(
  _ values: UnsafeBufferPointer<Double>, by factor: Double,
  into output: UnsafeMutableBufferPointer<Double>
) {
  for index in values.indices { output[index] = values[index] * factor }
}

if enabled("buffer") {
  print("")
  let count = 10_000_000
  let conversion = try! catalog.conversion(from: "mi", to: "km")
  let factor = conversion.linearScale
  let values = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
  let output = UnsafeMutableBufferPointer<Double>.allocate(capacity: count)
  for index in 0..<count { values[index] = Double(index % 1000) * 0.5 }
  for index in 0..<count { output[index] = 0 }
  let rounds = quick ? 5 : 21
  var plain: [Double] = []
  var plainInto: [Double] = []
  var inPlace: [Double] = []
  var outOfPlace: [Double] = []
  for _ in 0..<rounds {
    // Interleaved, so that any slowdown of the machine hits all alike.
    var start = now()
    plainMultiply(values, by: factor)
    plain.append(Double(now() - start))
    start = now()
    conversion.convert(values)
    inPlace.append(Double(now() - start))
    start = now()
    plainMultiply(UnsafeBufferPointer(values), by: factor, into: output)
    plainInto.append(Double(now() - start))
    start = now()
    conversion.convert(UnsafeBufferPointer(values), into: output)
    outOfPlace.append(Double(now() - start))
    // Keep the values bounded: undo the two in-place multiplications.
    plainMultiply(values, by: 1 / (factor * factor))
  }
  blackHole(output[count / 2])
  let plainTime = median(plain)
  report("10M doubles: plain x * k loop", format(plainTime))
  report(
    "10M doubles: Conversion.convert(buffer)", format(median(inPlace)),
    "ratio " + String(Double(Int(median(inPlace) / plainTime * 100)) / 100))
  let plainIntoTime = median(plainInto)
  report("10M doubles: plain y = x * k loop", format(plainIntoTime))
  report(
    "10M doubles: convert(source, into:)", format(median(outOfPlace)),
    "ratio " + String(Double(Int(median(outOfPlace) / plainIntoTime * 100)) / 100) + " to y = x * k")
  values.deallocate()
  output.deallocate()
}
