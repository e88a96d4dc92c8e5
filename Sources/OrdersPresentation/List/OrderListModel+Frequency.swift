import Foundation
import OrdersCore

/// The frequency table of the list as shown (search, tab and toggles): counted by the source, from
/// the in-memory index (`localFrequencyTable`), or, on a list the server serves, by one GROUP BY
/// through the store, whose window holds only some of the rows.
extension OrderListModel {
    public func frequencyTable(of field: FrequencyField) async throws -> FrequencyTable {
        try await source.frequencyTable(of: field)
    }

    /// Counts the shown rows of the in-memory index.
    func localFrequencyTable(of field: FrequencyField) -> FrequencyTable {
        var rows: [String?: FrequencyRow] = [:]
        for slot in visible {
            let currency = index.currency(slot).code, total = index.total(slot)
            for value in values(of: field, at: slot) {
                rows[value, default: FrequencyRow(value: value, count: 0, totals: [:])].count += 1
                rows[value]?.totals[currency, default: 0] += total
            }
        }
        return FrequencyTable(field: field, rows: Array(rows.values), orderCount: visible.count)
    }

    /// The row's values of `field`: one, or for tags each tag (none: one nil).
    private func values(of field: FrequencyField, at slot: OrderIndex.Slot) -> [String?] {
        switch field {
        case .status: [index.status(slot).rawValue]
        case .payment: [index.payment(slot).rawValue]
        case .fulfilment: [index.fulfillment(slot).rawValue]
        case .customer: [index.customerName(slot)]
        case .country: [index.country(slot)]
        case .source: [index.source(slot)]
        case .assignee: [index.assignee(slot)]
        case .tag: index.tags(slot).isEmpty ? [nil] : index.tags(slot)
        }
    }
}
