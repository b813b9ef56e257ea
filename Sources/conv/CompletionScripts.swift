import ArgumentParser

/// The shell completion scripts, with what ArgumentParser's generator leaves out: in bash, units for
/// the default command (`conv 5 mi k<Tab>` completes as `conv convert 5 mi k<Tab>` does).
enum CompletionScripts {
  /// The bash script with the default command's completion added; nil when the generated script
  /// does not have the expected shape (it is then printed as generated).
  static func bash() -> String? {
    var lines = Conv.completionScript(for: .bash).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let marker = lines.firstIndex(of: "        # Offer subcommand completions"),
          marker + 2 < lines.count, lines[marker + 2] == "        ;;" else { return nil }
    let offerSubcommands = lines[marker + 1]
    lines.replaceSubrange((marker + 1)...(marker + 1), with: [
      "        if [[ ${COMP_CWORD} -gt 1 ]]; then",
      "            # The default command: the words are a conversion, completed as 'conv convert' does.",
      "            unparsed_words=(\"${subcommand}\" \"${unparsed_words[@]}\")",
      "            _conv_convert",
      "        else",
      "    " + offerSubcommands,
      "        fi",
    ])
    return lines.joined(separator: "\n")
  }
}
