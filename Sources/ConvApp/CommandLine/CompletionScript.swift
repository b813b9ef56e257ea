/// The shell completion scripts `conv --generate-completion-script SHELL` prints (`make install`
/// installs them).
///
/// Each script only hands the words typed so far and the cursor's word index to conv
/// (`conv ---complete INDEX WORD…`) and offers the lines conv prints: conv reads them against the
/// command table (`CompletionContext`), so the scripts never fall out of step with the commands.
/// Candidates are taken as text, never evaluated: units files may hold any name, and a candidate
/// such as k`touch x`m or k$(touch x) must be offered, not run (`compgen -W` would expand it), and
/// inserted quoted (`a & b` inserted as it is runs `b` on Enter): bash inserts candidates verbatim,
/// so its script quotes each with `printf %q`; zsh's `compadd` and fish quote what they insert.
package enum CompletionScript {
  /// The script for `bash`, `zsh` or `fish`; nil for another shell.
  package static func script(for shell: String) -> String? {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    case "fish": fish
    default: nil
    }
  }

  static let bash = #"""
    # bash completion for conv (conv --generate-completion-script bash).
    # conv computes the candidates (conv ---complete INDEX WORD...); each line it prints that starts
    # with the typed word (as typed, or quoted) is offered quoted for the shell (printf %q), never
    # expanded: bash inserts a candidate as it is, so a name with a space, '&' or ';' must be quoted.
    _conv() {
        local cur="${COMP_WORDS[COMP_CWORD]}" candidate quoted
        COMPREPLY=()
        while IFS='' read -r candidate; do
            printf -v quoted '%q' "${candidate}"
            [[ "${candidate}" == "${cur}"* || "${quoted}" == "${cur}"* ]] && COMPREPLY+=("${quoted}")
        done < <("${COMP_WORDS[0]}" ---complete "${COMP_CWORD}" "${COMP_WORDS[@]}" 2>/dev/null)
        return 0
    }
    complete -F _conv conv

    """#

  static let zsh = #"""
    #compdef conv
    # zsh completion for conv (conv --generate-completion-script zsh).
    # conv computes the candidates (conv ---complete INDEX WORD...); they are added as text with
    # compadd, never evaluated, and compadd quotes them for the shell when it inserts one.
    _conv() {
        local -a candidates
        candidates=("${(@f)"$("${words[1]}" ---complete "$((CURRENT - 1))" "${words[@]}" 2>/dev/null)"}")
        candidates=("${(@)candidates:#}")
        (( ${#candidates} )) || return 1
        compadd -- "${candidates[@]}"
    }
    _conv "$@"

    """#

  static let fish = #"""
    # fish completion for conv (conv --generate-completion-script fish).
    # conv computes the candidates (conv ---complete-described INDEX WORD...); fish offers the lines
    # it prints as text, never evaluated, each with its description after a tab, and escapes one
    # for the shell when it inserts it.
    function __conv_complete
        # fish 4 deprecates -o (tokenize) for --tokens-raw.
        set -l tokens
        if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
            set tokens (commandline --tokens-raw -pc)
        else
            set tokens (commandline -opc)
        end
        set -l current (commandline -ct)
        $tokens[1] ---complete-described (count $tokens) $tokens $current 2>/dev/null
    end
    complete -c conv -f -k -a '(__conv_complete)'

    """#
}
