import ConvFormat
import ConvKit

/// The REPL without a terminal: it reads command lines, keeps the state and computes the screen.
///
/// The terminal layer only reads lines (readline), asks for ``screen(width:height:messages:accent:)``
/// and writes it. In a script (standard input not a terminal), ``handle(_:)`` returns the result
/// lines to print.
package struct ReplSession {
  /// How results are shown.
  package enum Mode: Sendable, Hashable {
    /// A full-screen terminal: most results are in the columns, the outcome holds messages.
    case screen
    /// Plain lines for scripts: every result is in the outcome.
    case script
  }

  /// The converter for expressions, with the user's output options.
  package let converter: Converter
  /// The same catalog with human output, for the columns and pair lines.
  package let display: Converter
  /// The matcher that filters both columns (the one `conv search` uses).
  package let search: UnitSearch
  /// Screen or script.
  package let mode: Mode
  /// The favorites file, when there is one.
  package var favoritesStore: (any ReplFavoritesStore)?
  /// The current state.
  package internal(set) var state: ReplState
  /// Asked between two conversions of the columns and the favorites view: once a stop is asked
  /// for, the values not yet computed are shown as `…` and the favorites list is cut short, so
  /// the screen comes back at once (see ``revert(to:)``).
  package var cancellation = Cancellation.never
  /// The favorites as unit pairs, as of the last command (``refreshFavorites()``).
  package internal(set) var favoriteMarks = ReplFavoriteMarks()
  /// Whether the line being typed is a live filter (`/nau`): the filter follows it.
  var editingFilter = false
  /// The notes given so far this session (each is given once).
  private var seenNotes: Set<String> = []
  private let cache = ValueCache()

  /// The catalog in use.
  package var catalog: Catalog { converter.catalog }

  /// Starts a session on `length` (or the first category with units); nil when no category has units.
  package init?(
    converter: Converter, mode: Mode, favorites: (any ReplFavoritesStore)? = nil,
    search: UnitSearch? = nil
  ) {
    self.converter = converter
    var human = converter.options
    human.mode = .human
    human.verbose = false
    display = Converter(catalog: converter.catalog, options: human)
    self.search = search ?? UnitSearch(catalog: converter.catalog)
    self.mode = mode
    favoritesStore = favorites
    let catalog = converter.catalog
    // Counted, not built: the first screen builds only what it shows.
    let hasUnits = { (category: UnitCategory) in catalog.unitCount(in: category) > 0 }
    guard
      let category = catalog.category(named: "length").flatMap({ hasUnits($0) ? $0 : nil })
        ?? catalog.categories.first(where: hasUnits),
      let pair = ReplSession.defaultPair(catalog, category, system: converter.userSystem, source: nil, target: nil)
    else { return nil }
    state = ReplState(category: category, source: pair.source, target: pair.target)
  }

  // MARK: Commands

  /// Replaces the whole state (restoring a saved session, opening on favorites).
  mutating func replaceState(_ next: ReplState) {
    state = next
  }

  /// Goes back to a state the session had before a command whose screen was interrupted: the
  /// command is abandoned. The values of that state are still cached (the cache keeps the
  /// previous category, source and value besides the current ones), so its screen is drawn
  /// without converting again.
  package mutating func revert(to previous: ReplState) {
    state = previous
  }

  /// Runs one line: a command, a category, a number or a conversion. Errors never end the session.
  ///
  /// The value and source unit are checked after every command as any quantity is: a command that
  /// would leave `-500 °C` (a typed value, `from`, `swap`) is refused and changes nothing.
  package mutating func handle(_ line: String) -> ReplOutcome {
    let before = state
    editingFilter = false
    var outcome = handleUnchecked(line)
    if let problem = valueProblem {
      state = before
      outcome = failure(problem)
    }
    if mode == .screen { refreshFavorites() }
    return outcome
  }

  /// Reads the favorites file again for the marks and the favorites view (edits made by another
  /// process are seen after the next command); no marks when it cannot be read.
  package mutating func refreshFavorites() {
    guard let store = favoritesStore, let file = try? store.load() else {
      favoriteMarks = ReplFavoriteMarks()
      return
    }
    favoriteMarks = ReplFavoriteMarks(file, catalog: catalog)
  }

  /// Whether the current pair is one of the favorites.
  package var pairIsFavorite: Bool {
    guard let target = state.target else { return false }
    return favoriteMarks.pairs.contains(ReplFavoriteMarks.key(ReplState.key(state.source), ReplState.key(target)))
  }

  private mutating func handleUnchecked(_ line: String) -> ReplOutcome {
    let input = ReplInput.parse(line, catalog: catalog, conventions: converter.conventions, source: state.source)
    switch input {
    case .nothing:
      return mode == .screen ? openHighlighted() : ReplOutcome()
    case .quit:
      return ReplOutcome(quit: true)
    case .help:
      return show(.help, lines: scriptText(ReplCommands.helpLines(), key: "help"))
    case .categories:
      state.filter = ""
      state.highlight = catalog.categories.firstIndex { $0.identifier == state.category.identifier } ?? 0
      return show(
        .categories,
        lines: converter.writer.replCategories(
          human: { categoryLines() },
          CatalogPresenter(catalog: catalog)))
    case .category(let name):
      guard let category = catalog.category(named: name) else {
        return failure(ConvError.unknownCategory(name, suggestions: catalog.suggestedCategories(for: name)).message)
      }
      guard select(category, source: nil, target: nil) else { return failure("\(category.title) has no units") }
      state.view = .columns
      return ReplOutcome()
    case .filter(let text):
      // Enter on a filter already applied as it was typed opens the highlighted category or favorite.
      if mode == .screen && state.view != .columns && state.view != .help && text == state.filter {
        return openHighlighted()
      }
      state.filter = text
      // The categories and favorites filter the same way; help goes back to the columns.
      if state.view == .help { state.view = .columns }
      if state.view != .columns {
        state.highlight = 0
        return ReplOutcome()
      }
      // From a pipe, the filtered destination column is the result.
      return ReplOutcome(output: mode == .script ? scriptColumnLines() : [])
    case .from(let text):
      return choose(text, asSource: true)
    case .to(let text):
      return choose(text, asSource: false)
    case .swap:
      guard let target = state.target else { return failure("\(state.category.title) has only one unit") }
      if target.unit.categoryIdentifier != state.category.identifier,
        let category = catalog.category(named: target.unit.categoryIdentifier)
      {
        // The target came from a related category (mm beside AWG): the value goes there, in it.
        let value = state.value
        let source = state.source
        guard select(category, source: target, target: nil) else { return failure("\(category.title) has no units") }
        state.value = value
        if convertsFromSource(into: source) { state.target = source }
        state.view = .columns
        return ReplOutcome(output: mode == .script ? pairLines() : [])
      }
      state.target = state.source
      state.source = target
      state.view = .columns
      return ReplOutcome(output: mode == .script ? pairLines() : [])
    case .value(let value):
      state.value = value
      state.view = .columns
      // From a pipe, the pair (the whole column is `show`).
      return ReplOutcome(output: mode == .script ? (state.target == nil ? scriptColumnLines() : pairLines()) : [])
    case .show:
      if state.view != .columns { state.filter = "" }
      state.view = .columns
      return ReplOutcome(output: mode == .script ? scriptColumnLines() : [])
    case .expression(let text):
      let outcome = expression(text)
      // `swpa`, `form mi`: a misspelt command, not a unit.
      if !outcome.errors.isEmpty, let suggestion = ReplCommands.suggestion(for: text) { return failure(suggestion) }
      return outcome
    case .toggleFavorite:
      return toggleFavorite()
    case .favorites:
      state.filter = ""
      if let target = state.target {
        let key = ReplFavoriteMarks.key(ReplState.key(state.source), ReplState.key(target))
        state.highlight =
          favoriteMarks.list.firstIndex {
            $0.map { ReplFavoriteMarks.key(ReplState.key($0.source), ReplState.key($0.target)) } == key
          } ?? 0
      }
      do {
        return show(.favorites, lines: mode == .script ? try favoriteLines(converter: converter).lines : [])
      } catch {
        return failure(ReplSession.describe(error))
      }
    case .invalid(let message):
      return failure(message)
    }
  }

  private mutating func show(_ view: ReplView, lines: [String]) -> ReplOutcome {
    state.view = view
    return ReplOutcome(output: mode == .script ? lines : [])
  }

  private func failure(_ message: String, details: [String] = []) -> ReplOutcome {
    ReplOutcome(errors: [message] + details)
  }

  static func describe(_ error: any Error) -> String {
    if let error = error as? ConvError { return error.message }
    if let error = error as? CustomStringConvertible { return error.description }
    return "\(error)"
  }

  /// `from UNIT` / `to UNIT`: a unit of another category switches category; picking the other
  /// unit of the pair swaps the pair, so the source never appears on the right.
  private mutating func choose(_ text: String, asSource: Bool) -> ReplOutcome {
    let unit: PrefixedUnit
    var substance: SubstanceUse? = nil
    do {
      unit = try catalog.lookup(text)
    } catch {
      // `from cup flour`: a unit and the substance it measures.
      guard asSource, let found = catalog.unitOfSubstance(text, conventions: converter.conventions) else {
        return failure(error.message)
      }
      (unit, substance) = found
    }
    if asSource { state.substance = substance }
    guard let category = catalog.category(named: unit.unit.categoryIdentifier) else {
      return failure("\(unit.symbol) belongs to no category")
    }
    let key = ReplState.key(unit)
    if !asSource && category.identifier != state.category.identifier {
      // `to` a unit of another category (nautical miles beside miles, L/100km beside mpg) keeps
      // what the user chose: the source unit and value stay, and the next number is read in it.
      guard convertsFromSource(into: unit) else {
        return failure(
          "cannot convert \(display.sourceText(sourceQuantity)) into \(unit.symbol)"
            + " (type 'cat \(category.identifier)' to switch category)")
      }
      state.target = unit
      state.view = .columns
      return ReplOutcome(output: mode == .script ? pairLines() : [])
    }
    if category.identifier != state.category.identifier {
      guard select(category, source: unit, target: nil) else {
        return failure("\(category.title) has only one unit")
      }
    } else if asSource {
      if let target = state.target, ReplState.key(target) == key { state.target = state.source }
      state.source = unit
    } else {
      if ReplState.key(state.source) == key {
        guard let target = state.target else { return failure("\(category.title) has only one unit") }
        state.source = target
      }
      state.target = unit
    }
    state.view = .columns
    return ReplOutcome(output: mode == .script && !asSource ? pairLines() : [])
  }

  /// Whether the current quantity converts into `unit` as the pair line shows it (the same
  /// conversion, refused for an undeclared reciprocal as the command line refuses it).
  func convertsFromSource(into unit: PrefixedUnit) -> Bool {
    guard let result = try? catalog.convert(sourceQuantity, to: UnitExpression(unit: unit)) else { return false }
    return !converter.isUndeclaredReciprocal(result)
  }

  /// Makes `category` current with the given units or its defaults; the filter is cleared when the
  /// category changes. False when the category has no units (or none besides a given target).
  @discardableResult
  private mutating func select(_ category: UnitCategory, source: PrefixedUnit?, target: PrefixedUnit?) -> Bool {
    guard
      let pair = ReplSession.defaultPair(
        catalog, category, system: converter.userSystem, source: source,
        target: target)
    else { return false }
    if category.identifier != state.category.identifier { state.filter = "" }
    state.category = category
    state.source = pair.source
    state.target = pair.target
    return true
  }

  /// The pair shown when a category is entered (or the given units): the headline of the user's
  /// `system` in the category's `everyday:` units (the first unit of its group: `°F` in the US,
  /// `°C` elsewhere) into the first unit of the next system's group (`°C`, `mL`, `L/100km`),
  /// else the next everyday unit (`h` into `min`); without `everyday:`, the first common units.
  static func defaultPair(
    _ catalog: Catalog, _ category: UnitCategory, system: MeasurementSystem = .us,
    source: PrefixedUnit?, target: PrefixedUnit?
  ) -> (source: PrefixedUnit, target: PrefixedUnit?)? {
    let systems = MeasurementSystem.order(first: system)
    let units = catalog.units(in: category)
    let common = (units.filter(\.isCommon) + units).map { PrefixedUnit(unit: $0) }
    let everyday = catalog.everydayUnits(in: category, systems: systems)
    let headlines = catalog.headlineUnits(in: category, systems: systems)
    let own = everyday.filter { $0.unit.categoryIdentifier == category.identifier }
    let sources = headlines + own + common
    func key(_ unit: PrefixedUnit) -> String { ReplState.key(unit) }
    /// The first unit of each group but the one holding `source`, then the everyday units as declared.
    func partner(of source: PrefixedUnit) -> PrefixedUnit? {
      let groups = catalog.everydayGroups(in: category, systems: systems)
      let home = groups.firstIndex { $0.contains { key($0) == key(source) } } ?? -1
      let leads = groups.enumerated().filter { $0.offset != home }.compactMap {
        $0.element.first { key($0) != key(source) }
      }
      return (leads + groups.joined() + common).first { key($0) != key(source) }
    }
    if let source { return (source, target ?? partner(of: source)) }
    if let target {
      guard let other = sources.first(where: { key($0) != key(target) }) else { return nil }
      return (other, target)
    }
    guard let first = sources.first else { return nil }
    return (first, partner(of: first))
  }

  /// A conversion typed in full, run exactly as on the command line. A simple quantity (`5 mi`,
  /// `5 mi to km`) also becomes the current value and pair.
  private mutating func expression(_ text: String) -> ReplOutcome {
    let request = converter.request(line: text)
    switch converter.convert(request) {
    case .failure(let failure):
      return self.failure(failure.message, details: converter.writer.failureDetails(failure))
    case .success(let result):
      let adopted = adopt(request)
      state.view = .columns
      // A note (the rates' date, `pt read as point`) is given once a session, as batch gives it.
      let notes = result.notes.filter { seenNotes.insert($0).inserted }
      if mode == .screen && adopted && request.targets.isEmpty { return ReplOutcome(notes: notes) }
      return ReplOutcome(output: result.lines, notes: notes)
    }
  }

  private mutating func adopt(_ request: ConversionRequest) -> Bool {
    // The same reading as the conversion just printed (`12 pt to mm` adopts the point).
    guard let reading = converter.reading(of: request),
      let number = reading.quantity.number, let source = reading.quantity.unit?.singleUnit,
      let category = catalog.category(named: source.unit.categoryIdentifier)
    else { return false }
    let target = reading.targets.count == 1 ? reading.targets[0].singleUnit : nil
    let sameCategory = target.map { $0.unit.categoryIdentifier == category.identifier } ?? false
    if category.identifier != state.category.identifier {
      guard select(category, source: source, target: sameCategory ? target : nil) else { return false }
    } else {
      if let current = state.target, ReplState.key(current) == ReplState.key(source) {
        state.target = state.source
      }
      state.source = source
    }
    state.value = number
    // `5 mi to NM`: a target of a related or reciprocal category is the pair's, as `to` makes it.
    if let target, ReplState.key(target) != ReplState.key(source), sameCategory || convertsFromSource(into: target) {
      state.target = target
    }
    return true
  }

  // MARK: Favorites

  /// How a unit is written in the favorites file: its symbol, or its name when it has none.
  package static func spelling(_ unit: PrefixedUnit) -> String {
    unit.unit.symbols.isEmpty ? unit.name : unit.symbol
  }

  /// The current pair as a favorite; nil in a one-unit category.
  package var currentFavorite: FavoritePair? {
    state.target.map { FavoritePair(from: ReplSession.spelling(state.source), to: ReplSession.spelling($0)) }
  }

  private func toggleFavorite() -> ReplOutcome {
    guard let store = favoritesStore else { return failure("favorites are not available") }
    guard let favorite = currentFavorite else { return failure("\(state.category.title) has only one unit") }
    do {
      let added = try store.toggle(favorite)
      let pair = display.presenter.display(favorite.description)
      if converter.options.mode == .json && mode == .script {
        let object = JSONValue.object([("favorite", .string(favorite.description)), ("added", .bool(added))])
        return ReplOutcome(output: [object.serialized()])
      }
      return ReplOutcome(output: [added ? "added \(pair) to favorites" : "removed \(pair) from favorites"])
    } catch {
      return failure(ReplSession.describe(error))
    }
  }

  /// The favorites (read afresh), each converted with the current value as `conv fav VALUE`
  /// prints them, and the position of the current pair among them. Once a stop is asked for
  /// (``cancellation``), the list ends with a line counting the favorites left out.
  func favoriteLines(converter: Converter) throws -> (lines: [String], current: Int?) {
    guard let store = favoritesStore else { throw ReplMessage("favorites are not available") }
    let file = try store.load()
    let total = file.entries.count
    var entries: [(entry: FavoritesFile.Entry, favorite: ResolvedFavorite)] = []
    for entry in file.resolved(in: catalog) where listFilterKeeps(ReplFavoriteMarks.words(entry.favorite)) {
      if cancellation.isRequested { break }
      entries.append(entry)
    }
    // A script reading JSON gets JSON only: an empty list is an empty array.
    let writesJSON = converter.options.mode == .json && mode == .script
    // A bad line is named under the good favorites, as `conv fav` names it (issue 38); not in JSON.
    let problems = writesJSON ? [] : store.problems(in: file)
    guard total > 0 else {
      return (
        [writesJSON ? "[]" : problems.isEmpty ? "no favorites yet: choose a pair and type fav" : problems[0]]
          + problems.dropFirst(), nil
      )
    }
    if entries.isEmpty && !state.filter.isEmpty && !cancellation.isRequested {
      if writesJSON { return (["[]"], nil) }
      return (["no favorite matches '\(display.presenter.display(state.filter))'; / clears the filter"], nil)
    }
    var current: Int? = nil
    if let pair = currentFavorite, let resolved = try? ResolvedFavorite(pair, catalog: catalog) {
      current = entries.firstIndex { $0.favorite.identity == resolved.identity }
    }
    let valueText = state.value.terminatingDecimal?.plainString ?? state.value.description
    var converted = 0
    let shown = entries.lazy.prefix { [cancellation] _ in
      guard !cancellation.isRequested else { return false }
      converted += 1
      return true
    }
    var lines = FavoritesPresenter(converter: converter).lines(shown, value: state.value, valueText: valueText).lines
    if cancellation.isRequested && converted < total && !writesJSON {
      let left = total - converted
      // With a filter, how many of the rest it keeps is unknown: they were not read.
      let count = state.filter.isEmpty ? "\(left) more favorite" + (left == 1 ? "" : "s") : "the other favorites"
      lines.append((converter.options.ascii ? "..." : "…") + " interrupted: " + count + " not converted")
    }
    return (lines + problems, current)
  }

  // MARK: Values

  /// The current value in the source unit: `5 mi`. Every command that changes the value or the
  /// source keeps this a valid quantity (see `handle`), so the fallback to one of the unit is
  /// never shown.
  package var sourceQuantity: Quantity {
    let unit = UnitExpression(unit: state.source)
    let quantity =
      (try? catalog.quantity(state.value, in: unit)) ?? (try? catalog.quantity(.one, in: unit))
      ?? (try! catalog.parseQuantity(state.source.symbol))
    // `from cup flour`: the quantity is of the substance, which carries it to grams.
    guard let substance = state.substance else { return quantity }
    return quantity.carrying(substance, text: quantity.text + " " + substance.typed)
  }

  /// Why the current value cannot stand in the source unit (`-500 °C is below absolute zero`), if so.
  var valueProblem: String? {
    do {
      _ = try catalog.quantity(state.value, in: UnitExpression(unit: state.source))
      return nil
    } catch {
      return error.message
    }
  }

  /// `5 mi = 8.04672 km` for the current pair, in human form.
  package var pairText: String {
    prepareCache()
    let key = state.target.map { ReplState.key($0) } ?? ""
    if let text = cache.current.pairs[key] { return text }
    let text = uncachedPairText
    cache.current.pairs[key] = text
    return text
  }

  private var uncachedPairText: String {
    guard let target = state.target else { return display.sourceText(sourceQuantity) }
    guard let result = try? catalog.convert(sourceQuantity, to: UnitExpression(unit: target)),
      let text = try? display.render(result)
    else { return display.sourceText(sourceQuantity) }
    return text
  }

  /// The pair line a script sees after `to` or `swap`, in the user's output mode.
  func pairLines() -> [String] {
    guard let target = state.target,
      let result = try? catalog.convert(sourceQuantity, to: UnitExpression(unit: target)),
      let text = try? converter.render(result)
    else { return [] }
    return [text]
  }

  /// The value of the current quantity in `unit`, formatted for a column (cached per category,
  /// source and value).
  /// (Call ``prepareCache()`` first.)
  /// Once a stop is asked for (``cancellation``), a value not yet computed is shown as `…` and
  /// left out of the cache, which only ever holds finished values.
  /// `quantity` is ``sourceQuantity``, made once for all the values of a screen.
  func destinationValue(_ unit: PrefixedUnit, from quantity: @autoclosure () -> Quantity) -> ReplColumns.Value {
    let key = ReplState.key(unit)
    if let value = cache.current.values[key] { return value }
    if cancellation.isRequested {
      return ReplColumns.Value(
        relation: " ", number: FormattedNumber(verbatim: display.options.ascii ? "..." : "…"),
        name: display.presenter.display(unit.plural))
    }
    let value: ReplColumns.Value
    if let result = try? catalog.convert(quantity(), to: UnitExpression(unit: unit)) {
      let presenter = display.presenter
      let shown = presenter.digits(of: result.value, isExact: result.isExact)
      let exact = shown.isExact || (display.options.exact && result.isSymbolicallyExact)
      let singular = !shown.isZero && shown.digits == "1" && shown.exponent == 0 && !shown.isNegative
      value = ReplColumns.Value(
        relation: presenter.relation(exact: exact),
        number: presenter.humanNumber(result.value, isExact: result.isExact, in: unit),
        name: presenter.display(singular ? unit.name : unit.plural))
    } else {
      value = ReplColumns.Value(
        relation: " ", number: FormattedNumber(verbatim: "-"), name: display.presenter.display(unit.plural))
    }
    cache.current.values[key] = value
    return value
  }

  /// Switches the cache to the current category, source and value: back to the previous
  /// generation when they are the previous ones (a command abandoned, a value typed again), else
  /// to an empty one, the current generation becoming the previous.
  func prepareCache() {
    let key = ValueCache.Key(
      category: state.category.identifier, source: ReplState.key(state.source),
      value: state.value)
    if cache.current.key == key { return }
    if cache.previous.key == key {
      swap(&cache.current, &cache.previous)
      return
    }
    cache.previous = cache.current
    cache.current = ValueCache.Generation(key: key)
  }

  /// Converted values for the current category, source and value, and for the ones before:
  /// going back to the previous state (``revert(to:)``) finds its values still there.
  final class ValueCache {
    /// What the values were computed for.
    struct Key: Equatable {
      var category = ""
      var source = ""
      var value = Rational.zero
    }

    /// The values for one key: only finished values, never the placeholders of an interrupted
    /// screen, so a generation is always right, if perhaps incomplete.
    struct Generation {
      var key = Key()
      var values: [String: ReplColumns.Value] = [:]
      var pairs: [String: String] = [:]
    }

    var current = Generation()
    var previous = Generation()
  }
}

/// An error whose whole text is a message for the user.
struct ReplMessage: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
