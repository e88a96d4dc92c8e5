import OrdersCore
import OrdersInterchange

extension ImportCommand {
    /// A CSV whose header is neither a shop's export nor this project's own is most likely another
    /// program's export: the refusal says how such a file comes in, rather than only which columns
    /// it lacks. Empty for any other problem.
    static func mappingHint(for error: ImportError) -> String {
        let isForeignHeader = error.problems.contains { problem in
            problem.field == nil
                && (problem.problem.hasPrefix("has an unknown column") || problem.problem.hasPrefix("is missing the column"))
        }
        return isForeignHeader
            ? " (another program's CSV comes in with --map FILE, a mapping file: orders import --help, \"Any other CSV\")" : ""
    }
}
