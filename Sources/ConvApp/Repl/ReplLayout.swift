import ConvFormat
import ConvKit

/// How the screen is drawn: colour or not, ASCII or not, and the one accent colour.
package struct ReplStyle: Sendable, Hashable {
  /// SGR escapes allowed.
  package var color: Bool
  /// Only ASCII characters.
  package var ascii: Bool
  /// SGR parameters of the accent colour (`38;5;208`, an orange, by default).
  package var accent: String

  /// The accent for a terminal type: a 256-colour orange when the terminal has 256 colours, else yellow.
  package static func accent(forTerminal term: String?) -> String {
    (term ?? "").contains(text: "256") || (term ?? "").contains(text: "direct") ? "38;5;208" : "33"
  }

  /// Creates a style.
  package init(color: Bool, ascii: Bool, accent: String = "38;5;208") {
    self.color = color
    self.ascii = ascii
    self.accent = accent
  }

  /// Starts the highlight of the current pair: reverse video in the accent colour.
  var highlight: String { color ? "\u{1B}[7;\(accent)m" : "" }
  /// Starts the title: bold, accent colour.
  var title: String { color ? "\u{1B}[1;\(accent)m" : "" }
  /// Starts faint text.
  var faint: String { color ? "\u{1B}[2m" : "" }
  /// Ends any of the above.
  var reset: String { color ? "\u{1B}[0m" : "" }
  /// Marks the current pair, with or without colour.
  var marker: String { ascii ? ">" : "▸" }
  var ellipsis: String { ascii ? "..." : "…" }
  var rule: String { ascii ? "|" : "│" }
  var dot: String { ascii ? "-" : "·" }
  /// Marks a favorite pair.
  var favorite: String { ascii ? "*" : "★" }
}

/// Lays out the screen as lines of exactly the requested width and count (plain data, no terminal).
package enum ReplLayout {
  /// One row of a scrolled list.
  package enum Slot: Equatable {
    case item(Int)
    case blank
    case moreAbove(Int)
    case moreBelow(Int)
  }

  /// The rows of a list of `count` items scrolled so that `selected` sits on row `center`, as in
  /// the seed app; hidden items are counted on the first or last row ("… N more").
  package static func window(count: Int, selected: Int?, rows: Int, center: Int) -> [Slot] {
    guard rows > 0 else { return [] }
    var first = selected.map { $0 - center } ?? 0
    if selected == nil { first = 0 }
    var slots: [Slot] = (0..<rows).map { row in
      let index = first + row
      return index >= 0 && index < count ? .item(index) : .blank
    }
    guard rows >= 3 else { return slots }
    if first > 0 { slots[0] = .moreAbove(first + 1) }
    let hiddenBelow = count - (first + rows)
    if hiddenBelow > 0 { slots[rows - 1] = .moreBelow(hiddenBelow + 1) }
    return slots
  }

  /// The rows of a plain list, from the top, scrolled only as far as needed to show `selected`.
  static func topWindow(count: Int, selected: Int?, rows: Int) -> [Slot] {
    guard rows > 0 else { return [] }
    var first = 0
    if let selected, count > rows, selected >= rows - 1 {
      first = min(selected - rows / 2, count - rows + 1)
    }
    if count <= rows { first = 0 }
    var slots: [Slot] = (0..<rows).map { row in
      let index = first + row
      return index < count ? .item(index) : .blank
    }
    guard rows >= 3 else { return slots }
    if first > 0 { slots[0] = .moreAbove(first + 1) }
    let hiddenBelow = count - (first + rows)
    if hiddenBelow > 0 { slots[rows - 1] = .moreBelow(hiddenBelow + 1) }
    return slots
  }

  static func moreText(_ count: Int, above: Bool, style: ReplStyle) -> String {
    style.ellipsis + " \(count) more" + (above ? " above" : "")
  }

  /// Header, body, footer and messages stacked into exactly `height` lines of `width` columns.
  static func frame(
    header: String, footer: String, messages: [String], width: Int, height: Int,
    style: ReplStyle, body: (Int) -> [String]
  ) -> [String] {
    guard height > 0, width > 0 else { return [] }
    let footerRows = height >= 4 ? 1 : 0
    var messageRows = min(messages.count, max(0, (height - 1 - footerRows) / 2))
    if height < 3 { messageRows = 0 }
    let bodyRows = max(0, height - 1 - footerRows - messageRows)
    var lines = [ReplText.fit(header, width: width, ascii: style.ascii)]
    let bodyLines = body(bodyRows)
    for index in 0..<bodyRows {
      lines.append(index < bodyLines.count ? bodyLines[index] : ReplText.spaces(width))
    }
    if footerRows > 0 { lines.append(ReplText.fit(footer, width: width, ascii: style.ascii)) }
    if messageRows > 0 {
      var shown = Array(messages.prefix(messageRows))
      if messages.count > messageRows {
        shown[messageRows - 1] = moreText(messages.count - messageRows + 1, above: false, style: style) + " lines"
      }
      for message in shown { lines.append(ReplText.fit(message, width: width, ascii: style.ascii)) }
    }
    return Array(lines.prefix(height))
  }

  /// The items of a window's rows, in order.
  package static func drawn(_ slots: [Slot]) -> [Int] {
    slots.compactMap { slot in
      if case .item(let index) = slot { return index } else { return nil }
    }
  }

  /// The destinations a screen of `rows` rows draws, in order: the window around the target.
  package static func drawnDestinations(_ columns: ReplColumns, rows: Int) -> [Int] {
    drawn(window(count: columns.destinations.count, selected: columns.targetIndex, rows: rows, center: (rows - 1) / 2))
  }

  /// How wide each column is: what must show in full (the marks, every drawn symbol and value)
  /// first, the right column's before the left's; then the names share what is left, the left
  /// column taking up to two fifths.
  static func columnWidths(
    width: Int, separator: Int, left: (essential: Int, natural: Int),
    right: (essential: Int, natural: Int)
  ) -> (left: Int, right: Int) {
    let room = width - separator
    var leftWidth = min(left.natural, max(left.essential, 12, width * 2 / 5))
    // The right column's symbols and values before anything of the left but its symbols…
    leftWidth = min(leftWidth, max(left.essential, room - right.essential))
    // …and before the left's symbols too when both cannot fit.
    leftWidth = min(leftWidth, max(0, room - right.essential))
    // What the right column does not use goes to the left's names.
    leftWidth = max(leftWidth, min(left.natural, room - right.natural))
    leftWidth = max(1, min(leftWidth, room - 1))
    return (leftWidth, max(0, width - leftWidth - separator))
  }

  /// The two columns in `rows` rows of `width` columns: the current pair on the middle row,
  /// highlighted; numbers aligned on the decimal separator; cut lists counted.
  ///
  /// Symbols and values always show in full when they fit side by side; names give way (see
  /// ``columnWidths(width:separator:left:right:)``). Values of drawn rows must be converted
  /// (``ReplSession/convertValues(of:rows:)``); one that is not shows as an ellipsis.
  package static func columns(_ columns: ReplColumns, rows: Int, width: Int, style: ReplStyle) -> [String] {
    guard rows > 0, width > 0 else { return [] }
    let center = (rows - 1) / 2
    let left = window(
      count: columns.sources.count, selected: columns.sources.isEmpty ? nil : columns.sourceIndex,
      rows: rows, center: center)
    let right = window(count: columns.destinations.count, selected: columns.targetIndex, rows: rows, center: center)

    // Widths from the visible rows.
    let visibleSources = left.compactMap { slot -> ReplColumns.Row? in
      if case .item(let index) = slot { return columns.sources[index] } else { return nil }
    }
    let placeholder = ReplColumns.Value(relation: " ", number: FormattedNumber(verbatim: style.ellipsis), name: "")
    let visibleDestinations = right.compactMap { slot -> (Int, ReplColumns.Destination)? in
      if case .item(let index) = slot { return (index, columns.destinations[index]) } else { return nil }
    }
    let separator = " " + style.rule + " "
    let counts = left.map { slot -> Int in
      switch slot {
      case .moreAbove(let count), .moreBelow(let count):
        return 2 + DisplayWidth.of(moreText(count, above: true, style: style))
      default: return 0
      }
    }
    // Left: marker, symbol (padded to at most 12 columns: a longer one pushes only its own name),
    // name. What shows in full is all but the name.
    let leftSymbols = visibleSources.map { DisplayWidth.of($0.symbol) }.max() ?? 0
    let leftSymbolWidth = min(12, leftSymbols)
    let leftNameWidth = visibleSources.map { DisplayWidth.of($0.name) }.max() ?? 0
    let leftEssential = 2 + leftSymbols
    let leftNatural = max(2 + leftSymbolWidth + 2 + leftNameWidth, leftEssential, counts.max() ?? 0)
    // Right: marker, relation, number, symbol, favorite mark, name.
    let values = visibleDestinations.map { $0.1.value ?? placeholder }
    let numbers = ColumnAligner.align(values.map(\.number), color: style.color)
    let numberWidth = numbers.map { DisplayWidth.of($0) }.max() ?? 0
    let rightSymbols = visibleDestinations.map { DisplayWidth.of($0.1.row.symbol) }.max() ?? 0
    let rightSymbolWidth = min(12, rightSymbols)
    let mark = "  " + style.favorite
    let markWidth = visibleDestinations.contains { $0.1.row.isFavorite } ? DisplayWidth.of(mark) : 0
    let rightEssential = 4 + numberWidth + 1 + rightSymbols + markWidth
    let rightNatural =
      4 + numberWidth + 1
      + max(
        rightSymbols,
        rightSymbolWidth + markWidth + 2
          + (values.map { DisplayWidth.of($0.name) }.max() ?? 0))
    let (leftWidth, rightWidth) = columnWidths(
      width: width, separator: DisplayWidth.of(separator),
      left: (leftEssential, leftNatural), right: (rightEssential, rightNatural))
    var drawn: [Int: (value: ReplColumns.Value, number: String)] = [:]
    for ((index, _), (value, number)) in zip(visibleDestinations, zip(values, numbers)) {
      drawn[index] = (value, number)
    }

    /// A cell: `fixed` (marker, symbol, value) cut only when the cell cannot hold it; the name in
    /// what is left, cut with an ellipsis, or left out when not even that fits beside a space.
    func cell(_ fixed: String, name: String, width: Int, highlighted: Bool) -> String {
      let room = width - DisplayWidth.of(fixed)
      let fitted =
        room < 0
        ? ReplText.fit(fixed, width: width, ascii: style.ascii)
        : fixed
          + (room >= DisplayWidth.of(name) || room >= 3
            ? ReplText.fit(name, width: room, ascii: style.ascii)
            : ReplText.spaces(room))
      return highlighted && style.color ? style.highlight + fitted + style.reset : fitted
    }
    func more(_ slot: ReplLayout.Slot, width: Int) -> String? {
      switch slot {
      case .moreAbove(let count):
        return style.faint + ReplText.fit("  " + moreText(count, above: true, style: style), width: width) + style.reset
      case .moreBelow(let count):
        return style.faint + ReplText.fit("  " + moreText(count, above: false, style: style), width: width)
          + style.reset
      case .blank: return ReplText.spaces(width)
      case .item: return nil
      }
    }

    var lines: [String] = []
    for row in 0..<rows {
      var line: String
      if let text = more(left[row], width: leftWidth) {
        line = text
      } else if case .item(let index) = left[row] {
        let unit = columns.sources[index]
        let isCurrent = index == columns.sourceIndex
        let fixed = (isCurrent ? style.marker + " " : "  ") + ReplText.pad(unit.symbol, to: leftSymbolWidth)
        line = cell(fixed, name: (leftSymbols > 0 ? "  " : "") + unit.name, width: leftWidth, highlighted: isCurrent)
      } else {
        line = ReplText.spaces(leftWidth)
      }
      line += style.faint + separator + style.reset
      if rightWidth > 0 {
        if let text = more(right[row], width: rightWidth) {
          line += text
        } else if case .item(let index) = right[row], let (value, number) = drawn[index] {
          let destination = columns.destinations[index]
          let isCurrent = index == columns.targetIndex
          let favorite = destination.row.isFavorite
          let fixed =
            (isCurrent ? style.marker + " " : "  ") + value.relation + " " + number + " "
            + ReplText.pad(destination.row.symbol, to: rightSymbolWidth) + (favorite ? mark : "")
          let name = (favorite ? " " : rightSymbols > 0 ? "  " : "") + value.name
          line += cell(fixed, name: name, width: rightWidth, highlighted: isCurrent)
        }
      }
      lines.append(line)
    }
    return lines
  }

  /// A plain list (help, favorites, categories) from the top, with an optional highlighted line.
  package static func list(_ items: [String], highlighted: Int?, rows: Int, width: Int, style: ReplStyle) -> [String] {
    topWindow(count: items.count, selected: highlighted, rows: rows).map { slot in
      switch slot {
      case .item(let index):
        let isCurrent = index == highlighted
        let text = ReplText.fit(
          (isCurrent ? style.marker + " " : "  ") + items[index], width: width, ascii: style.ascii)
        return isCurrent && style.color ? style.highlight + text + style.reset : text
      case .moreAbove(let count):
        return style.faint + ReplText.fit("  " + moreText(count, above: true, style: style), width: width) + style.reset
      case .moreBelow(let count):
        return style.faint + ReplText.fit("  " + moreText(count, above: false, style: style), width: width)
          + style.reset
      case .blank:
        return ReplText.spaces(width)
      }
    }
  }
}

extension ReplSession {
  /// The whole screen for the current view in `height` lines of `width` columns (the terminal
  /// keeps one more line below for the prompt). `messages` are the last command's results and
  /// errors, shown under the footer.
  package func screen(width: Int, height: Int, messages: [String] = [], accent: String = "38;5;208") -> [String] {
    let style = ReplStyle(color: display.options.color, ascii: display.options.ascii, accent: accent)
    let dot = " " + style.dot + " "
    var header = " " + style.title + state.category.title + style.reset + dot + pairText
    if pairIsFavorite { header += " " + style.title + style.favorite + style.reset + " favorite" }
    var footer =
      "help" + dot + "/text filters" + dot + "from/to UNIT" + dot + "a number sets the value"
      + dot + "fav" + dot + "favs" + dot + "quit"
    switch state.view {
    case .columns:
      let columns = columns(converted: false)
      if !state.filter.isEmpty {
        header += dot + "/" + display.presenter.display(state.filter) + ": \(columns.matching) of \(columns.total)"
        if columns.matching == 0 { footer = noMatchHint(style: style) }
      }
      return ReplLayout.frame(
        header: header, footer: style.faint + footer + style.reset, messages: messages,
        width: width, height: height, style: style
      ) { rows in
        var columns = columns
        convertValues(of: &columns, rows: rows)
        return ReplLayout.columns(columns, rows: rows, width: width, style: style)
      }
    case .favorites:
      header = " " + style.title + "Favorites" + style.reset + dot + display.sourceText(sourceQuantity)
      let shown = shownFavorites
      if !state.filter.isEmpty {
        header +=
          dot + "/" + display.presenter.display(state.filter) + ": \(shown.count) of \(favoriteMarks.list.count)"
      }
      var items: [String]
      var current: Int? = nil
      do {
        items = try favoriteLines(converter: display).lines
        current = shown.isEmpty ? nil : min(state.highlight, items.count - 1)
      } catch {
        items = [ReplSession.describe(error)]
      }
      let footer = "Up, Down choose" + dot + "Enter opens" + dot + "/text filters" + dot + "show" + dot + "back"
      return ReplLayout.frame(
        header: header, footer: style.faint + footer + style.reset,
        messages: messages, width: width, height: height, style: style
      ) { rows in
        ReplLayout.list(items, highlighted: current, rows: rows, width: width, style: style)
      }
    case .help:
      header = " " + style.title + "conv" + style.reset + dot + "commands"
      return ReplLayout.frame(
        header: header, footer: style.faint + "show" + dot + "back to the columns" + style.reset,
        messages: messages, width: width, height: height, style: style
      ) { rows in
        ReplLayout.list(ReplCommands.helpLines(), highlighted: nil, rows: rows, width: width, style: style)
      }
    case .categories:
      header = " " + style.title + "Categories" + style.reset + dot + "type a name to choose one"
      let shown = shownCategories
      if !state.filter.isEmpty {
        header +=
          dot + "/" + display.presenter.display(state.filter) + ": \(shown.count) of \(catalog.categories.count)"
      }
      let lines = categoryLines(shown).map { String($0.dropFirst(2)) }
      let footer = "Up, Down choose" + dot + "Enter opens" + dot + "/text filters" + dot + "show" + dot + "back"
      return ReplLayout.frame(
        header: header, footer: style.faint + footer + style.reset,
        messages: messages, width: width, height: height, style: style
      ) { rows in
        ReplLayout.list(
          lines, highlighted: shown.isEmpty ? nil : min(state.highlight, shown.count - 1), rows: rows,
          width: width, style: style)
      }
    }
  }

  /// Where the filter text matches when it matches nothing in the current category.
  func noMatchHint(style: ReplStyle) -> String {
    let counts = search.matchCounts(UnitSearch.Query(state.filter), limit: 4)
    let text = "no \(state.category.title.lowercased()) unit matches '\(display.presenter.display(state.filter))'"
    guard !counts.isEmpty else { return text + "; / clears the filter" }
    let places = counts.prefix(4).map { "\($0.category.identifier) (\($0.count))" }.joined(separator: ", ")
    return text + "; found in " + places
  }
}
