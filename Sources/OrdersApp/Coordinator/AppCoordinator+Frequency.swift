import OrdersCore
import OrdersScreens

extension AppCoordinator {
    /// Opens the frequency sheet over the list as shown (its search, tab and toggles) and asks for
    /// the counts; the list itself is left as it was.
    func showFrequency(of field: FrequencyField) -> [AppEffect] {
        popToList()
        modal = .frequency(FrequencySheetState(field: field))
        return [.countFrequency(field)]
    }

    /// The counts have arrived (the `countFrequency` effect): shown if the sheet still waits for them.
    public func frequencyCounted(_ table: FrequencyTable) {
        guard case .frequency(let state) = modal, state.field == table.field, state.table == nil else { return }
        modal = .frequency(FrequencySheetState(field: table.field, table: table))
    }

    /// Counting failed: the sheet says why.
    public func frequencyFailed(_ field: FrequencyField, _ message: String) {
        guard case .frequency(let state) = modal, state.field == field, state.table == nil else { return }
        modal = .frequency(FrequencySheetState(field: field, failure: message))
    }

    /// The sheet's keys: move among the values, Enter filters the list to the selected one by adding
    /// its search term to the search (where it can be read and edited), Esc goes back.
    func perform(_ command: FrequencySheetCommand) -> [AppEffect] {
        guard case .frequency(var state) = modal else { return [] }
        let page = max(1, frequencyPageRows)
        switch command {
        case .down: state.move(by: 1)
        case .up: state.move(by: -1)
        case .top: state.move(by: -Int.max / 2)
        case .bottom: state.move(by: Int.max / 2)
        case .pageDown: state.move(by: page)
        case .pageUp: state.move(by: -page)
        case .close:
            modal = nil
            return []
        case .filter:
            guard let table = state.table, table.rows.indices.contains(state.selected) else { return [] }
            let row = table.rows[state.selected]
            guard let term = table.field.searchTerm(for: row.value) else {
                let value = row.value.map { "\"\($0)\"" } ?? table.field.noValueText
                return [showNotice("The search cannot name \(value) (\(table.field.title.lowercased())); nothing filtered",
                                   kind: .failure)]
            }
            modal = nil
            let search = list.searchText.trimmingCharacters(in: .whitespaces)
            list.searchTextChanged(search.isEmpty ? term : search + " " + term)
            return []
        }
        modal = .frequency(state)
        return []
    }
}
