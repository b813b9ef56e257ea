import ConvKit

/// Renders every kind of result for one output mode: the one place a mode's format lives.
///
/// Producers (``Converter``, ``BatchConverter``, ``FavoritesPresenter``, the catalog presenters)
/// compute plain values and never ask which mode runs; the writer chosen from the options
/// (``OutputMode/writer``) turns each value into lines. A new output mode is one new type
/// conforming to this protocol plus its case in ``OutputMode/writer``.
package protocol OutputWriter: Sendable {
  /// Whether notes for people go to standard error: how ambiguous spellings were read
  /// (`note: C read as coulomb`) and the date of the exchange rates.
  var showsNotes: Bool { get }

  /// The batch shortcut whose bytes equal what this writer writes for a cached line shape (nil:
  /// every batch line takes the exact path).
  var batchShortcut: BatchShortcut? { get }

  /// One conversion (`5 mi = 8.04672 km`, `8.04672`, a JSON object).
  func conversion(_ result: ConversionResult, by converter: Converter) throws(ConvError) -> String

  /// One conversion with how its spellings were read (`note: pt read as point`): a writer that
  /// shows no notes on standard error carries them in its output (JSON's `notes`).
  func conversion(_ result: ConversionResult, readingNotes: [String], by converter: Converter) throws(ConvError)
    -> String

  /// A quantity in several units (`ft;in`).
  func mixed(_ result: MixedResult, by converter: Converter) -> String

  /// The whole column; throws the first row's error.
  func column(_ column: ColumnResult, by converter: Converter) throws(ConvError) -> [String]

  /// Standard error lines under a failure's message (the source with a caret under the bad token).
  func failureDetails(_ failure: Converter.Failure) -> [String]

  /// The standard output line for a blank or comment batch line (nil: none); `input` gives the
  /// line, trimmed, when the writer shows it.
  func batchSkipped(line: Int, input: () -> String) -> String?

  /// The standard output line for a batch line that failed (nil: none; the message goes to
  /// standard error in every mode).
  func batchFailed(line: Int, input: () -> String, message: String) -> String?

  /// The standard output line for a one-shot request that failed (nil: none; the message goes
  /// to standard error in every mode).
  func failed(input: String, message: String) -> String?

  /// Every favorite converted for one value, taken one at a time (see ``FavoritesPresenter``).
  func favorites(_ items: some Sequence<FavoriteItem>, by converter: Converter) -> FavoritesOutput

  /// What `conv fav` prints when there are no favorites: standard output lines, or a message.
  func noFavorites() -> (lines: [String], error: String?)

  /// `conv categories`: every category with its unit count.
  func categories(_ catalog: CatalogPresenter) -> [String]

  /// `conv list`: the units of `categories`, grouped in display order.
  func list(_ categories: [UnitCategory], _ catalog: CatalogPresenter) -> [String]

  /// `conv info`: everything about one unit.
  func info(_ info: UnitInfo, _ catalog: CatalogPresenter) -> [String]

  /// `conv info` for a substance: its figures with their sources, and the others its word names.
  func substanceInfo(_ info: SubstanceInfo, _ catalog: CatalogPresenter) -> [String]

  /// `conv list substances` (or one group: `conv list foods`).
  func substanceList(_ list: SubstanceList, _ catalog: CatalogPresenter) -> [String]

  /// `conv search`: the lines, or the message when nothing to show is a failure.
  func search(_ results: SearchResults, _ catalog: CatalogPresenter) -> (lines: [String], error: String?)

  /// `conv rates`: the lines for standard output and the notes for standard error.
  func rates(_ report: RatesReport) -> (lines: [String], notes: [String])

  /// The REPL's destination column when a script reads it; `human` gives the column as people
  /// read it (`conv 5 mi`).
  func replColumn(_ results: [ConversionResult], human: () -> [String], by converter: Converter) -> [String]

  /// The REPL's category list when a script reads it; `human` gives the list as people read it.
  func replCategories(human: () -> [String], _ catalog: CatalogPresenter) -> [String]

  /// Text the REPL prints for a script (help, messages): the lines as they are, or the mode's
  /// wrapping of them under `key`.
  func replText(_ lines: [String], key: String) -> [String]
}

extension OutputWriter {
  package func failed(input: String, message: String) -> String? { nil }

  package func conversion(_ result: ConversionResult, readingNotes: [String], by converter: Converter) throws(ConvError)
    -> String
  {
    try conversion(result, by: converter)
  }
}

/// A way to write batch lines of a cached shape without the exact path (``BatchConverter``).
package enum BatchShortcut: Sendable {
  /// The number alone, from the line's integer map (`TerseNumber`).
  case terseNumber
  /// `5 mi = 8.04672 km` from the integer map and the shape's labels (`HumanBatchLine`), for
  /// plain quantities only.
  case humanLine
}

extension OutputMode {
  /// The writer of this mode: the one registration point of output modes.
  package var writer: any OutputWriter {
    switch self {
    case .human: HumanWriter()
    case .terse: TerseWriter()
    case .json: JSONWriter()
    }
  }

  /// The mode of a command whose only choice is `--json` (the catalog commands and `conv rates`,
  /// whose `-t` prints the report as people read it).
  package static func catalog(json: Bool) -> OutputMode { json ? .json : .human }
}
