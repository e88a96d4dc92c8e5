/// How an import's report is worded, in one place: `orders import` prints these lines and the
/// app's `:import` shows them, so both say the same thing about the same file.
extension ShopImportReport {
    /// What the import did, one fact a line: the counts, the zone dates were read in, the columns
    /// nothing reads, the conflicts kept and the stated totals that differ. `options` are the
    /// import's (the zone and the mapping name where dates came from).
    public func summaryLines(options: ShopImportOptions) -> [String] {
        let skipped = Set(outcome.skipped.map(\.location)).count
        var lines = ["\(fileName): \(format.title), \(Self.count(orderCount, "order")): "
            + "\(outcome.new.count) new, \(outcome.updated.count) updated, \(outcome.unchanged) unchanged"
            + (skipped > 0 ? ", \(skipped) skipped" : "") + (dryRun ? "; nothing was written (dry run)." : ".")]
        if format == .wooCommerceCSV {
            lines.append("Dates without a time zone were read in \(options.zone.identifier) (--tz to change).")
        }
        if format == .mappedCSV, let mapping = options.mapping {
            lines.append("Dates without a time zone were read in " + (mapping.timeZone.map { "\($0.identifier) (the mapping's timeZone)" }
                                                                      ?? "\(options.zone.identifier) (--tz to change)") + ".")
        }
        if !ignoredColumns.isEmpty {
            lines.append("Columns not imported: " + ignoredColumns.joined(separator: ", ") + ".")
        }
        if !outcome.conflicts.isEmpty {
            lines.append("\(Self.count(outcome.conflicts.count, "conflict")) between the shop and changes made here "
                         + "(the change made here is kept and the shop's word noted on the order):")
            lines += outcome.conflicts.map { "  \($0)" }
        }
        if !outcome.totalMismatches.isEmpty {
            lines.append("The shop's stated total differs from the sum of the lines on \(Self.count(outcome.totalMismatches.count, "order")) "
                         + "(kept as stated; orders show shows both): " + outcome.totalMismatches.map(\.description).joined(separator: ", "))
        }
        return lines
    }

    /// The sentence of a refused import.
    public static func refusalLine(_ problems: [ImportProblem]) -> String {
        let orders = Set(problems.map(\.location)).count
        return "nothing was imported: \(count(orders, "order")) \(orders == 1 ? "has" : "have") problems "
            + "(--skip-invalid imports the others)"
    }

    /// The heading over a list of problems: `orders.csv: 3 problems in 2 orders`. Problems of the
    /// file as a whole (a mapping's missing column) belong to no order.
    public static func problemsHeading(_ problems: [ImportProblem], fileName: String) -> String {
        let orders = Set(problems.map(\.location)).subtracting([.file]).count
        return "\(fileName): \(count(problems.count, "problem"))" + (orders > 0 ? " in \(count(orders, "order"))" : "")
    }

    /// `1 order`, `2 orders`.
    public static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
