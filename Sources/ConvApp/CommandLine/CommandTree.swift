/// The command table as JSON, in the shape of swift-argument-parser's `--experimental-dump-help`
/// (`command`, `commandName`, `aliases`, `arguments` with `kind` and `names`, `subcommands`),
/// so that tools reading it (the man page's test) need not know where it comes from. Every
/// command takes `-V`/`--version` and `-h`/`--help` besides its own options.
package enum CommandTree {
  /// The JSON text of the whole tree.
  package static func json(_ root: CommandSpec = ConvCommands.root) -> String {
    JSONValue.object([("serializationVersion", .int(0)), ("command", command(root))]).serialized()
  }

  /// One command as JSON: its names, its words, options and built-in flags, its subcommands.
  static func command(_ command: CommandSpec) -> JSONValue {
    let options = command.options.map { option in
      let names: [JSONValue] =
        [.object([("kind", .string("long")), ("name", .string(option.long))])]
        + (option.short.map { [.object([("kind", .string("short")), ("name", .string(String($0)))])] } ?? [])
      return JSONValue.object([
        ("kind", .string(option.takesValue ? "option" : "flag")), ("names", .array(names)),
        ("abstract", .string(option.help)), ("shouldDisplay", .bool(true)),
      ])
    }
    let version = JSONValue.object([
      ("kind", .string("flag")),
      (
        "names",
        .array([
          .object([("kind", .string("short")), ("name", .string("V"))]),
          .object([("kind", .string("long")), ("name", .string("version"))]),
        ])
      ),
      ("abstract", .string("Show the version.")), ("shouldDisplay", .bool(true)),
    ])
    let help = JSONValue.object([
      ("kind", .string("flag")),
      (
        "names",
        .array([
          .object([("kind", .string("short")), ("name", .string("h"))]),
          .object([("kind", .string("long")), ("name", .string("help"))]),
        ])
      ),
      ("abstract", .string("Show help information.")), ("shouldDisplay", .bool(true)),
    ])
    let positionals = command.arguments.map { argument in
      JSONValue.object([
        ("kind", .string("positional")), ("valueName", .string(argument.valueName)),
        ("abstract", .string(argument.help)), ("shouldDisplay", .bool(true)),
      ])
    }
    var fields: [(String, JSONValue)] = [
      ("commandName", .string(command.name)), ("abstract", .string(command.abstract)),
      ("arguments", .array(positionals + options + [version, help])),
    ]
    if !command.aliases.isEmpty { fields.append(("aliases", .array(command.aliases.map { .string($0) }))) }
    if !command.subcommands.isEmpty { fields.append(("subcommands", .array(command.subcommands.map(Self.command)))) }
    return .object(fields)
  }
}
