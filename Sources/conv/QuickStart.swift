import ArgumentParser

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The program's entry point: plain conversions start without ArgumentParser.
///
/// ArgumentParser builds its model of every command by reflection (Mirror, dynamic casts, type
/// lookups by mangled name) before it looks at a single argument, which costs a few milliseconds
/// of a one-shot conversion's run time. Command lines that can only mean "convert these words",
/// the common case, go straight to `ConvertCommand.convert`; every other command line (options with
/// values, subcommands, help, completion, anything starting with `-` but the plain flags below, a
/// duplicate or conflicting flag) goes to ArgumentParser, which then behaves exactly as before.
@main
enum ConvMain {
  static func main() {
    Output.checkAtExit()
    let arguments = NegativeQuantities.protect(GlobalOptionsPlacement.arrange(Array(CommandLine.arguments.dropFirst())))
    if let plan = QuickStart.plan(arguments, stdinIsTerminal: isatty(0) == 1) {
      do {
        try ConvertCommand.convert(plan.words, flags: plan.flags, environment: Environment.current)
      } catch let code as ExitCode {
        exit(code.rawValue)
      } catch {
        Conv.exit(withError: error)
      }
      exit(0)
    }
    if arguments.first == "--generate-completion-script" || arguments.first?.hasPrefix("--generate-completion-script=") == true,
       let shell = arguments.count == 2 ? arguments[1] : arguments.first?.split(separator: "=").last.map(String.init),
       let script = shell == "bash" ? CompletionScripts.bash() : shell == "zsh" ? CompletionScripts.zsh()
         : shell == "fish" ? CompletionScripts.fish() : nil {
      Output.verbatim(script + "\n")
      Output.flush()
      exit(0)
    }
    Conv.main(arguments)
  }
}

/// Recognizes the command lines `ConvMain` runs without ArgumentParser.
enum QuickStart {
  /// Flags, then words none of which starts with `-` unless it is a negative number (or the single
  /// word `-`), the first not a subcommand; `--` ends the flags and is dropped. Nil for anything
  /// else, and for no words on a terminal (the REPL). The flags are the boolean ones of
  /// `GlobalOptions`, each at most once.
  static func plan(_ arguments: [String], stdinIsTerminal: Bool) -> (flags: OutputFlags, words: [String])? {
    var flags = OutputFlags()
    var index = 0
    var ended = false
    while index < arguments.count, arguments[index].hasPrefix("-"), arguments[index] != "-",
          !NegativeQuantities.isNegativeQuantity(arguments[index]) {
      if arguments[index] == "--" {
        index += 1
        ended = true
        break
      }
      // A plain switch: no dictionary or set to build on the way to the first conversion.
      switch arguments[index] {
      case "-t", "--terse":
        guard !flags.terse else { return nil }
        flags.terse = true
      case "--json":
        guard !flags.json else { return nil }
        flags.json = true
      case "--exact":
        guard !flags.exact else { return nil }
        flags.exact = true
      case "--ascii":
        guard !flags.ascii else { return nil }
        flags.ascii = true
      case "-l", "--long":
        guard !flags.long else { return nil }
        flags.long = true
      case "-v", "--verbose":
        guard !flags.verbose else { return nil }
        flags.verbose = true
      case "--reciprocal":
        guard !flags.reciprocal else { return nil }
        flags.reciprocal = true
      case "-a", "--all":
        guard !flags.all else { return nil }
        flags.all = true
      default:
        return nil
      }
      index += 1
    }
    if flags.terse && flags.json { return nil }  // ArgumentParser reports the conflict
    let words = Array(arguments[index...])
    if words.isEmpty { return stdinIsTerminal ? nil : (flags, words) }
    if words == ["-"] { return (flags, words) }
    guard words.allSatisfy({ !$0.isEmpty && (ended || !$0.hasPrefix("-") || NegativeQuantities.isNegativeQuantity($0)) })
    else { return nil }
    if isSubcommand(words[0]) { return nil }
    return (flags, words)
  }

  /// The first words ArgumentParser reads as a subcommand: the names and aliases of `Conv`'s
  /// subcommands, and `help`.
  ///
  /// Written out rather than read from `Conv.configuration`, which builds the configuration of
  /// every command on the way to a one-shot conversion. An end-to-end test (`ManPageTests`) checks
  /// that every subcommand and alias the binary reports is here.
  static let subcommandWords: [String] = [
    "help", "convert", "list", "categories", "info", "search", "fav", "favorites", "favourites", "repl", "rates",
  ]

  /// Whether ArgumentParser reads a first word as a subcommand (or its `help`).
  static func isSubcommand(_ word: String) -> Bool {
    subcommandWords.contains(word)
  }
}
