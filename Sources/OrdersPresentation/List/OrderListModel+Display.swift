extension OrderListModel {
    /// The status tabs with their live counts ("…" while the server counts them), for the tab bar.
    public var tabLabels: [StatusTabLabel] {
        StatusTab.allCases.map { tab in
            let count = formatter.tabCount(tabCounts[tab] ?? 0, counting: summary.isCounting)
            return StatusTabLabel(tab: tab, count: count, isSelected: tab == statusTab)
        }
    }

    /// The toggles that narrow the list, for the tab bar: "flagged only, high value only"; nil when none is on.
    public var togglesText: String? {
        let toggles = [flaggedOnly ? "flagged only" : nil, highValueOnly ? "high value only" : nil].compactMap { $0 }
        return toggles.isEmpty ? nil : toggles.joined(separator: ", ")
    }

    /// The header's count: "340/5000 orders", or the loading progress.
    public var countText: String { formatter.listCount(summary, loading: loadingState) }

    /// The status bar's figures: marked count and the sums of what is shown, per currency.
    public var summaryFigures: String { formatter.summaryFigures(summary) }

    /// The error or message the status bar shows, with whether it is an error.
    public var statusLine: (text: String, isError: Bool)? {
        if let error = errorMessage ?? loadingState.failureMessage { return (error, true) }
        return statusMessage.map { ($0, false) }
    }
}
