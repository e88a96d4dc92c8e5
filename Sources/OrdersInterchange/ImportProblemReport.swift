/// Every problem of an import, grouped by kind (the field it is about, indexes left out, so all
/// `items[…].unit_price` problems are one kind), each kind with its count and then one line per
/// problem naming the file, the line (or JSON index, or line and column) and the field.
public enum ImportProblemReport {
    public static func lines(for problems: [ImportProblem]) -> [String] {
        var kinds: [String] = []
        var byKind: [String: [ImportProblem]] = [:]
        for problem in problems {
            let kind = Self.kind(of: problem)
            if byKind[kind] == nil { kinds.append(kind) }
            byKind[kind, default: []].append(problem)
        }
        return kinds.flatMap { kind -> [String] in
            let group = byKind[kind] ?? []
            return ["\(kind) (\(group.count)):"] + group.map { "  " + $0.description }
        }
    }

    /// The field without its indexes (`items[2].unit_price` → `items[].unit_price`), or `file`.
    public static func kind(of problem: ImportProblem) -> String {
        guard let field = problem.field else { return "file" }
        var kind = ""
        var inIndex = false
        for character in field {
            switch character {
            case "[":
                kind += "[]"
                inIndex = true
            case "]": inIndex = false
            default: if !inIndex { kind.append(character) }
            }
        }
        return kind
    }
}
