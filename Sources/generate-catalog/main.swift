// Regenerates Sources/ConvKit/Catalog/BuiltinCatalog+Data.swift from Data/*.units and the
// exchange rates in Data/*.xml (the ECB's format), and the search table of those units,
// Sources/ConvApp/Search/BuiltinSearchData.swift.
//
// It also embeds Data/substances/ (foods, fuels, materials and the standard atomic weights) as
// Sources/ConvKit/Substances/BuiltinSubstances+Data.swift, after checking it (SubstanceLoader).
//
// Usage: swift run generate-catalog [--check] [DATA_DIR]
//   --check  only validate the data files and print every problem as PATH:LINE: message.
//   --force  write the file even when some units have problems (those units are left out).
import ConvApp
import ConvKit
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let checkOnly = arguments.contains("--check")
let force = arguments.contains("--force")
let dataDirectory = arguments.first { !$0.hasPrefix("--") } ?? "Data"
let outputPath = "Sources/ConvKit/Catalog/BuiltinCatalog+Data.swift"
let searchOutputPath = "Sources/ConvApp/Search/BuiltinSearchData.swift"

let files = try FileManager.default.contentsOfDirectory(atPath: dataDirectory)
  .filter { $0.hasSuffix(".units") || $0.hasSuffix(".xml") }
  .sorted()
let sources = try files.map { name in
  let path = dataDirectory + "/" + name
  return CatalogSource(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
}
let (catalog, diagnostics) = CatalogLoader.load(sources)
for diagnostic in diagnostics {
  FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
}
print(
  "\(files.count) files, \(catalog.categories.count) categories, \(catalog.units.count) units, \(diagnostics.count) problems"
)
// Substances: checked against the catalog just loaded (densities are unit expressions; names
// must not be unit spellings).
let substanceDirectory = dataDirectory + "/substances"
let substanceFiles = ((try? FileManager.default.contentsOfDirectory(atPath: substanceDirectory)) ?? [])
  .filter { $0.hasSuffix(".substances") || $0.hasSuffix(".table") }
  .sorted()
let substanceSources = try substanceFiles.map { name in
  CatalogSource(
    path: "Data/substances/" + name,
    text: try String(contentsOfFile: substanceDirectory + "/" + name, encoding: .utf8))
}
let (substances, substanceDiagnostics) = SubstanceLoader.load(substanceSources, catalog: catalog)
for diagnostic in substanceDiagnostics {
  FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
}
print(
  "\(substanceFiles.count) substance files, \(substances.substances.count) substances, \(substances.elements.elements.count) elements, \(substanceDiagnostics.count) problems"
)
if (!diagnostics.isEmpty || !substanceDiagnostics.isEmpty) && !force { exit(1) }
if !checkOnly {
  // The file written last time keeps each unit's identifier (so one new unit changes a few lines).
  let previous = try? String(contentsOfFile: outputPath, encoding: .utf8)
  let source = CatalogSourceWriter.swiftSource(for: catalog, previous: previous)
  try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
  print("wrote \(outputPath)")
  // Search's folded spellings, folded here rather than at every start, with the identifiers the
  // units have in the tables just written.
  let identifiers = CatalogSourceWriter.identifiers(inSource: source)
  try SearchIndexTable.builtinDataSource(for: catalog, identifiers: catalog.units.map { identifiers[$0.name] ?? -1 })
    .write(toFile: searchOutputPath, atomically: true, encoding: .utf8)
  print("wrote \(searchOutputPath)")
  try SubstanceSourceWriter.swiftSource(for: substanceSources)
    .write(toFile: SubstanceSourceWriter.outputPath, atomically: true, encoding: .utf8)
  print("wrote \(SubstanceSourceWriter.outputPath)")
}
