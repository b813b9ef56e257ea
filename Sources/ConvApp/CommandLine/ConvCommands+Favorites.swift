extension ConvCommands {
  /// `conv fav` and its subcommands.
  static let favorites = CommandSpec(
    "fav",
    aliases: ["favorites", "favourites"],
    abstract: "List and edit favorite unit pairs (kept in a dotfile).",
    discussion: """
      'conv fav' converts 1 (or 'conv fav 5': 5) of every favorite's source unit, in file order.

      THE FILE: $CONV_FAVORITES, else $XDG_CONFIG_HOME/conv/favorites, else \
      ~/.config/conv/favorites ('conv fav path' prints it). UTF-8 text, one pair per line:

        # travel
        mi -> km
        °F -> °C        # a comment may follow a pair
        short ton → kg

        # height
        cm -> ft;in

      '->' or '→' separates the units; '#' starts a comment; blank lines are kept. The line order \
      is the display order; 'conv fav mv' moves a pair with the comment lines right above it. \
      '# conv favorites v1' is the format's version header (written when conv creates the file, \
      optional by hand). A bad line is named as PATH:LINE: reason and the other favorites are \
      shown; an edit keeps it as it was. Edits keep every other line, comment and blank line, write \
      atomically, follow a symbolic link to its target, and take a lock so that concurrent runs all \
      land. The folder of a file $CONV_FAVORITES names must exist.

      EXIT STATUS: 0 success (a bad line is named, the rest shown); 1 an edit was refused \
      (unknown or non-conformable units, a unit to itself, a duplicate, no such favorite), a \
      conversion failed, or with -t or --json a favorite is missing from the list; 2 the favorites \
      file names a format version this conv does not read, the units file is invalid, or a file \
      cannot be written; 64 usage error.
      """,
    subcommands: [
      CommandSpec(
        "list", abstract: "Convert a value (default 1) with every favorite.", options: outputOptions,
        arguments: [ArgumentSpec("value", help: "The value to convert (default 1).", keepsUnknownOptions: true)]),
      CommandSpec(
        "add", abstract: "Add a favorite pair at the end: conv fav add mi km.",
        arguments: [
          ArgumentSpec(
            "from to", help: "The source and target units: mi km, \"short ton\" kg, L/100km mpg.",
            completion: .units, keepsUnknownOptions: true)
        ]),
      CommandSpec(
        "rm", aliases: ["remove"], abstract: "Remove a favorite: conv fav rm mi km, or by position: conv fav rm 2.",
        arguments: [
          ArgumentSpec(
            "from to | n", help: "The pair's units, or its position in 'conv fav'.",
            completion: .favorites, keepsUnknownOptions: true)
        ]),
      CommandSpec(
        "mv", aliases: ["move"], abstract: "Move favorite N to position M: conv fav mv 3 1.",
        arguments: [
          ArgumentSpec("from", help: "The favorite's position in 'conv fav'.", count: .one),
          ArgumentSpec("to", help: "Its new position.", count: .one),
        ]),
      CommandSpec("path", abstract: "Print the favorites file's path (it may not exist yet)."),
    ],
    defaultSubcommand: "list"
  )
}
