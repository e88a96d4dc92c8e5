/// Where in an import file a problem is: a CSV line or a JSON array index.
public enum RecordLocation: Hashable, Sendable, CustomStringConvertible {
    case line(Int)
    case index(Int)
    /// A place in a text file, where JSON syntax goes wrong (both counted from 1).
    case position(line: Int, column: Int)
    /// Where bytes stop being text (invalid UTF-8): the offset from the start of the file, counted from 0.
    case byte(offset: Int, line: Int)
    /// The file as a whole (e.g. it is not valid JSON, or a header is missing).
    case file

    public var description: String {
        switch self {
        case .line(let line): "line \(line)"
        case .index(let index): "index \(index)"
        case .position(let line, let column): "line \(line), column \(column)"
        case .byte(let offset, let line): "byte \(offset) (line \(line))"
        case .file: ""
        }
    }
}

/// One thing wrong with an import file, naming the file, where, the field and the problem.
public struct ImportProblem: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var location: RecordLocation
    public var field: String?
    public var problem: String

    public init(file: String, location: RecordLocation, field: String?, problem: String) {
        self.file = file
        self.location = location
        self.field = field
        self.problem = problem
    }

    /// "orders.csv, line 7, field quantity: must be at least 1, got -2"
    public var description: String {
        var parts = [file]
        if location != .file { parts.append(location.description) }
        if let field { parts.append("field \(field)") }
        return parts.joined(separator: ", ") + ": " + problem
    }
}

/// An import file that cannot be imported; nothing was written.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every problem found, in file order (at least one).
    public var problems: [ImportProblem]

    public init(problems: [ImportProblem]) {
        self.problems = problems
    }

    /// The first problem, and how many more there are, in one line.
    public var description: String {
        guard let first = problems.first else { return "The file cannot be imported." }
        let more = problems.count - 1
        return first.description + (more > 0 ? " (and \(more) more problem\(more == 1 ? "" : "s"))" : "")
    }
}
