/// What `stty -a` printed, reduced to the settings a broken app leaves wrong.
struct TerminalState {
    let settings: Set<String>

    /// Parses the flag words (`icanon`, `-echo`, …) out of the screen lines of `stty -a`.
    init(sttyLines: [String]) {
        settings = Set(sttyLines.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == ";" }).map(String.init) })
    }

    /// Cooked mode with echo and signals: what a shell needs.
    var isSane: Bool {
        ["icanon", "echo", "isig", "icrnl", "opost"].allSatisfy { settings.contains($0) }
    }
}
