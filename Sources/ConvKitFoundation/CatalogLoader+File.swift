import ConvKit
import Foundation

extension CatalogLoader {
  /// Loads a personal units file (the `Data/` syntax) on top of `base`, the built-in catalog by
  /// default: the catalog with every unit that resolved, and a diagnostic for each problem
  /// (`path:line: message`). Throws only when the file cannot be read.
  ///
  /// ```swift
  /// let (catalog, problems) = try CatalogLoader.load(contentsOf: URL(fileURLWithPath: "units"))
  /// ```
  public static func load(contentsOf url: URL, base: Catalog = .builtin) throws -> (Catalog, [CatalogDiagnostic]) {
    let text = try String(contentsOf: url, encoding: .utf8)
    return load([CatalogSource(path: url.path, text: text)], base: base)
  }
}
