import ArgumentParser

/// The shell completion scripts, with what ArgumentParser's generator leaves out: units for the
/// default command (`conv 5 mi k<Tab>` completes as `conv convert 5 mi k<Tab>` does), in bash, zsh and fish.
enum CompletionScripts {
  /// The bash script with the default command's completion added; nil when the generated script
  /// does not have the expected shape (it is then printed as generated).
  static func bash() -> String? {
    var lines = Conv.completionScript(for: .bash).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let marker = lines.firstIndex(of: "        # Offer subcommand completions"),
          marker + 2 < lines.count, lines[marker + 2] == "        ;;" else { return nil }
    // The generated script hands conv's candidates to `compgen -W`, which expands the word list:
    // a candidate such as x`touch /tmp/x`y would run. They are read as lines and compared with
    // the typed word instead, never expanded.
    for index in lines.indices {
      let line = lines[index]
      let call = "__conv_add_completions -W \"$(__conv_custom_complete "
      guard let start = line.firstRange(of: call), line.hasSuffix(")\"") else { continue }
      lines[index] = String(line[..<start.lowerBound]) + "__conv_add_custom_completions "
        + String(line[start.upperBound...].dropLast(2))
    }
    guard !lines.contains(where: { $0.contains("-W \"$(__conv_custom_complete") }) else { return nil }
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
    guard let helper = lines.firstIndex(of: "__conv_custom_complete() {") else { return nil }
    lines.insert(contentsOf: [
      "# Adds the candidates conv prints, one a line, that start with the typed word: taken as they are,",
      "# never expanded (compgen -W would run a command substitution inside a candidate).",
      "__conv_add_custom_completions() {",
      "    local completion",
      "    while IFS='' read -r completion; do",
      "        [[ \"${completion}\" == \"${cur}\"* ]] && COMPREPLY+=(\"${completion}\")",
      "    done < <(__conv_custom_complete \"${@}\")",
      "}",
      "",
    ], at: helper)
    return lines.joined(separator: "\n")
  }

  /// The zsh script with the default command's completion added; nil when the generated script
  /// does not have the expected shape.
  static func zsh() -> String? {
    var lines = Conv.completionScript(for: .zsh).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let dispatch = lines.firstIndex(where: { $0.hasPrefix("            \"_conv_${words[1]}\" && ret=0") }),
          dispatch + 1 < lines.count, lines[dispatch + 1] == "            ;;" else { return nil }
    lines.insert(contentsOf: [
      "        *)",
      "            # The default command: the words are a conversion, completed as 'conv convert' does.",
      "            _conv_convert && ret=0",
      "            ;;",
    ], at: dispatch + 2)
    return lines.joined(separator: "\n")
  }

  /// The fish script with the default command's completion added: after a first word that is no
  /// subcommand, the words are a conversion.
  static func fish() -> String? {
    let script = Conv.completionScript(for: .fish)
    guard script.contains("function __conv_custom_completion") else { return nil }
    return script + """

      # The default command: after a first word that is no subcommand, complete as 'conv convert' does.
      function __conv_default_command
          set -l tokens (__conv_tokens -pc)
          test (count $tokens) -ge 2; or return 1
          not contains -- $tokens[2] convert list categories info search fav favorites favourites repl help
      end
      complete -c 'conv' -n '__conv_default_command' -fka '(__conv_custom_completion ---completion convert -- positional@0 (count (__conv_tokens -pc)) (__conv_tokens -tC))'

      """
  }
}
