import ConvFormat
import ConvKit

extension HumanWriter {
  package func substanceInfo(_ info: SubstanceInfo, _ catalog: CatalogPresenter) -> [String] {
    let substance = info.substance
    var lines = ["name:        " + catalog.text(substance.name)]
    if !substance.aliases.isEmpty {
      let aliases = substance.aliases.map { alias in
        substance.defaultWords.contains(alias) ? alias + " (default)" : alias
      }
      lines.append("aliases:     " + catalog.text(aliases.joined(separator: ", ")))
    }
    lines.append("group:       " + substance.group)
    if let density = substance.densityText, let value = substance.density, let relative = substance.densityUncertainty {
      let coherent = SubstanceBridge.rounded(value, uncertainty: value * relative).plainString
      lines.append("density:     " + catalog.text(density) + " (" + coherent + " " + catalog.text("kg/m³") + ")")
    }
    if !substance.measured.isEmpty { lines.append("measured:    " + catalog.text(substance.measured)) }
    if !substance.conditions.isEmpty { lines.append("conditions:  " + catalog.text(substance.conditions)) }
    if let formula = substance.formula, let mass = substance.molarMassText,
      let uncertainty = substance.molarMassUncertainty
    {
      lines.append("formula:     " + catalog.text(formula))
      lines.append(
        "molar mass:  " + mass + " g/mol (" + (catalog.ascii ? "+/- " : "± ")
          + (uncertainty.terminatingDecimal?.plainString ?? uncertainty.description) + ")")
    }
    lines.append("source:      " + catalog.text(substance.source))
    if substance.density != nil { lines.append("exact:       no (a measured figure: results are approximate)") }
    if !info.others.isEmpty {
      lines.append(
        "'" + catalog.text(ConvError.printable(info.spelling)) + "' also names (write the name to choose one):")
      let width = info.others.map { DisplayWidth.of(catalog.text($0.name)) }.max() ?? 0
      for other in info.others {
        let name = catalog.text(other.name)
        lines.append(
          "  " + name + String(repeating: " ", count: width - DisplayWidth.of(name)) + "  "
            + catalog.text(other.densityText ?? other.formula ?? "")
            + (other.measured.isEmpty ? "" : ", " + catalog.text(other.measured)))
      }
    }
    return lines
  }

  package func substanceList(_ list: SubstanceList, _ catalog: CatalogPresenter) -> [String] {
    var lines: [String] = []
    for (_, title, substances) in list.groups {
      if !lines.isEmpty { lines.append("") }
      lines.append(catalog.text(title) + ":")
      let names = substances.map { catalog.text($0.name) }
      let width = names.map { DisplayWidth.of($0) }.max() ?? 0
      for (substance, name) in zip(substances, names) {
        let figure = [substance.densityText, substance.formula].compactMap { $0 }.joined(separator: ", ")
        lines.append(
          "  " + name + String(repeating: " ", count: width - DisplayWidth.of(name)) + "  " + catalog.text(figure))
      }
    }
    return lines
  }
}

extension OutputWriter {
  // A mode without a substance format of its own writes what people read (terse output: the
  // catalog commands have no terse form).

  package func substanceInfo(_ info: SubstanceInfo, _ catalog: CatalogPresenter) -> [String] {
    HumanWriter().substanceInfo(info, catalog)
  }

  package func substanceList(_ list: SubstanceList, _ catalog: CatalogPresenter) -> [String] {
    HumanWriter().substanceList(list, catalog)
  }
}

extension JSONWriter {
  package func substanceInfo(_ info: SubstanceInfo, _ catalog: CatalogPresenter) -> [String] {
    [JSONWriter.substanceObject(info.substance, others: info.others).serialized()]
  }

  package func substanceList(_ list: SubstanceList, _ catalog: CatalogPresenter) -> [String] {
    [
      JSONValue.array(
        list.groups.flatMap { group in
          group.substances.map { JSONWriter.substanceObject($0, others: nil) }
        }
      ).serialized()
    ]
  }

  /// Everything about one substance (`others`: the alternatives of the word asked about).
  static func substanceObject(_ substance: Substance, others: [Substance]?) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(substance.name)),
      ("aliases", .array(substance.aliases.map(JSONValue.string))),
      ("default_for", .array(substance.defaultWords.map(JSONValue.string))),
      ("group", .string(substance.group)),
      ("density", substance.densityText.map(JSONValue.string) ?? .null),
      ("measured", substance.measured.isEmpty ? .null : .string(substance.measured)),
      ("conditions", substance.conditions.isEmpty ? .null : .string(substance.conditions)),
      ("formula", substance.formula.map(JSONValue.string) ?? .null),
      ("molar_mass", substance.molarMassText.map { .string($0 + " g/mol") } ?? .null),
      ("source", .string(substance.source)),
    ]
    if let others { members.append(("others", .array(others.map { .string($0.name) }))) }
    return .object(members)
  }
}
