import Observation
import OrdersCore

/// One completion offered under the palette's input.
public struct PaletteSuggestion: Hashable, Sendable {
    /// The whole input text after accepting this suggestion.
    public var completion: String
    public var title: String
    public var detail: String
}

/// The command palette without its drawing: input, fuzzy completion of commands
/// and their arguments, the error of the last submit, and a history recalled with
/// up/down like a shell.
@MainActor @Observable
public final class CommandPaletteModel {
    public private(set) var text = ""
    public private(set) var suggestions: [PaletteSuggestion] = []
    public private(set) var selectedSuggestion: Int?
    public private(set) var error: String?
    /// Commands submitted, oldest first (duplicates collapse to the newest).
    public private(set) var history: [String] = []
    /// Theme names `:theme` completes.
    public var themes: [String]
    /// The team's operators, which `:assign` and `assignee:` complete (`OrderListModel.operators`).
    public var operators: [String] = []
    /// The tags orders carry, which `:tag` completes (`OrderListModel.knownTags`).
    public var tags: [String] = []
    /// The saved views' names, which `:view`, `:view-rename` and `:view-delete` complete.
    public var viewNames: [String] = []
    /// The operator's own commands (`"commands"` in the config), offered and run as `:NAME`.
    public var customCommands: [PaletteCommandSpec] = []
    /// The names in a folder, which `:import` completes (`FolderEntries.names`); nil offers none.
    @ObservationIgnored public var folderEntries: (@Sendable (String) -> [String])?
    /// How many file names `:import` offers at once.
    private let fileSuggestionLimit = 20

    @ObservationIgnored private var historyPosition: Int?
    @ObservationIgnored private var draft = ""
    private let historyLimit = 100

    public init(themes: [String] = [], history: [String] = []) {
        self.themes = themes
        self.history = history
    }

    /// Clears the input when the palette opens again (history stays).
    public func reset() {
        text = ""
        error = nil
        historyPosition = nil
        updateSuggestions()
    }

    public func textChanged(_ newText: String) {
        text = newText
        error = nil
        historyPosition = nil
        updateSuggestions()
    }

    /// Moves the highlighted suggestion, wrapping around.
    public func moveSuggestion(by offset: Int) {
        guard !suggestions.isEmpty else { return }
        let current = selectedSuggestion ?? (offset > 0 ? -1 : 0)
        selectedSuggestion = ((current + offset) % suggestions.count + suggestions.count) % suggestions.count
    }

    /// Accepts the highlighted suggestion (Tab).
    public func complete() {
        guard let selectedSuggestion, suggestions.indices.contains(selectedSuggestion) else { return }
        textChanged(suggestions[selectedSuggestion].completion)
    }

    /// Recalls the previous command (Up); the text being typed comes back after the newest.
    public func historyPrevious() {
        guard !history.isEmpty else { return }
        if historyPosition == nil { draft = text }
        let position = max((historyPosition ?? history.count) - 1, 0)
        historyPosition = position
        text = history[position]
        updateSuggestions()
    }

    /// Goes forward in history (Down).
    public func historyNext() {
        guard let position = historyPosition else { return }
        if position + 1 < history.count {
            historyPosition = position + 1
            text = history[position + 1]
        } else {
            historyPosition = nil
            text = draft
        }
        updateSuggestions()
    }

    /// Parses the input; on success records it in history, clears the input and
    /// returns the command, else keeps the text and sets `error`.
    public func submit() -> PaletteCommand? {
        let command: PaletteCommand
        do {
            command = try PaletteCommand.parse(text, custom: Set(customCommands.map(\.name)))
        } catch {
            self.error = error.message
            return nil
        }
        let entry = text.trimmingCharacters(in: .whitespaces)
        history.removeAll { $0 == entry }
        history.append(entry)
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        text = ""
        error = nil
        historyPosition = nil
        updateSuggestions()
        return command
    }

    private func updateSuggestions() {
        var body = Substring(text)
        if body.hasPrefix(":") { body = body.dropFirst() }
        let name = String(body.prefix { !$0.isWhitespace })
        let hasArgument = body.count > name.count
        if !hasArgument {
            suggestions = (PaletteCommandSpec.all + customCommands)
                .compactMap { spec in FuzzyMatch.score(name, spec.name).map { (spec, $0) } }
                .enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
                .map(\.element)
                .map { spec, _ in
                    PaletteSuggestion(completion: ":\(spec.name)" + (spec.arguments.isEmpty ? "" : " "),
                                      title: ":\(spec.name) \(spec.arguments)".trimmingCharacters(in: .whitespaces),
                                      detail: spec.summary)
                }
        } else {
            let argument = body.dropFirst(name.count).drop { $0.isWhitespace }
            suggestions = argumentSuggestions(command: name.lowercased(), argument: String(argument))
        }
        selectedSuggestion = suggestions.isEmpty ? nil : 0
    }

    private func argumentSuggestions(command: String, argument: String) -> [PaletteSuggestion] {
        let words = argument.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        /// The candidates matching `typed`, best first; `written` is how an accepted one is typed.
        func offer(_ candidates: [String], prefix: String, typed: String,
                   written: (String) -> String = { $0 }) -> [PaletteSuggestion] {
            candidates.compactMap { candidate in FuzzyMatch.score(typed, candidate).map { (candidate, $0) } }
                .enumerated().sorted { $0.element.1 != $1.element.1 ? $0.element.1 > $1.element.1 : $0.offset < $1.offset }
                .map(\.element)
                .map { PaletteSuggestion(completion: ":\(command) \(prefix)\(written($0.0))", title: $0.0, detail: "") }
        }
        switch command {
        case "sort":
            if words.count <= 1 { return offer(OrderSortKey.fieldNames, prefix: "", typed: words.first ?? "") }
            if words.count == 2 { return offer(OrderSort.directionNames, prefix: words[0] + " ", typed: words[1]) }
            return []
        case "status":
            return offer(OrderStatus.allCases.map(\.rawValue), prefix: "", typed: argument)
        case "filter":
            return QueryCompletion.candidates(for: argument, operators: operators)
                .map { PaletteSuggestion(completion: ":filter \($0.query)", title: $0.title, detail: "") }
        case "theme":
            return offer(themes, prefix: "", typed: argument)
        case "columns":
            // Complete the name being typed after the commas, offering the columns not yet chosen
            // (and `all` or `standard` as the only word).
            let typed = argument.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let chosen = Set(typed.dropLast().map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            let names = (typed.count == 1 ? ["all", "standard"] : []) + ListColumn.allCases.map(\.rawValue).filter { !chosen.contains($0) }
            return offer(names, prefix: typed.dropLast().map { $0 + "," }.joined(), typed: typed.last ?? "")
        case "view", "view-delete":
            return offer(viewNames, prefix: "", typed: argument)
        case "view-rename":
            // Only the first name completes: a bare word, or a quoted name not yet closed.
            let typed = argument.hasPrefix("\"") ? String(argument.dropFirst()) : argument
            guard !typed.contains(argument.hasPrefix("\"") ? "\"" : " ") else { return [] }
            return offer(viewNames, prefix: "", typed: typed, written: { SavedViewArguments.written($0) + " " })
        case "assign":
            return offer(["me", "none"] + operators, prefix: "", typed: argument)
        case "tag":
            return offer(tags, prefix: "", typed: argument)
        case "import":
            return fileSuggestions(argument)
        case "freq":
            return offer(FrequencyField.allCases.map(\.rawValue), prefix: "", typed: argument)
        case "open":
            let ids = history.reversed().compactMap { entry -> String? in
                guard case .open(let reference)? = try? PaletteCommand.parse(entry) else { return nil }
                return reference.description
            }
            var seen = Set<String>()
            return offer(ids.filter { seen.insert($0).inserted }, prefix: "", typed: argument)
        default:
            return []
        }
    }

    /// The entries of the folder typed so far that start with the name being typed (hidden ones only
    /// once a `.` is typed), folders first, each completing the whole path.
    private func fileSuggestions(_ typed: String) -> [PaletteSuggestion] {
        guard let folderEntries else { return [] }
        let slash = typed.lastIndex(of: "/")
        let folder = slash.map { String(typed[...$0]) } ?? ""
        let name = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        return folderEntries(folder)
            .filter { $0.hasPrefix(name) && (name.hasPrefix(".") || !$0.hasPrefix(".")) }
            .sorted { ($0.hasSuffix("/") ? 0 : 1, $0) < ($1.hasSuffix("/") ? 0 : 1, $1) }
            .prefix(fileSuggestionLimit)
            .map { PaletteSuggestion(completion: ":import \(folder)\($0)", title: $0, detail: "") }
    }
}
