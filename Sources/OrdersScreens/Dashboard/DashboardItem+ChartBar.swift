import OrdersCore
import OrdersPresentation
import TermRender

extension DashboardItem {
    /// The item as a chart draws it (the charts know nothing of orders).
    var chartBar: ChartBar {
        ChartBar(label: label, value: value, valueText: valueText, isHighlighted: isHighlighted)
    }
}

extension [DashboardItem] {
    /// The positions of the items drawn in the danger style (a sparkline takes them as a set).
    var highlightedPositions: Set<Int> { Set(indices.filter { self[$0].isHighlighted }) }
}
