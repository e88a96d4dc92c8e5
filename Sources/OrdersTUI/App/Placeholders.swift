import OrdersCore
import OrdersScreens
import TermRender

// Minimal stand-ins until the `screens` branch's views are merged.

struct DetailPlaceholder: View {
    let model: OrderDetailModel
    let hints: [KeyHintBar.Hint]

    var body: some View {
        VStack(spacing: 0) {
            Text("\(model.orderID)  \(model.customerText ?? "")  \(model.statusText ?? "")").bold()
            ForEach(Array(model.lines.indices), id: \.self) { index in
                Text("\(model.lines[index])")
            }
            if let error = model.errorMessage { Text(error) }
            Spacer()
            KeyHintBar(hints)
        }
    }
}

struct HelpPlaceholder: View {
    let sections: [(group: String, lines: [(keys: String, help: String)])]
    let scroll: Int

    var body: some View {
        let lines = sections.flatMap { section in
            [Text(section.group).bold()] + section.lines.map { Text("  \($0.keys.padding(toLength: 16, withPad: " ", startingAt: 0)) \($0.help)") }
        }
        return VStack(spacing: 0) {
            ForEach(Array(lines.indices.dropFirst(min(scroll, max(0, lines.count - 1)))), id: \.self) { lines[$0] }
        }
        .frame(width: 76)
    }
}

struct PalettePlaceholder: View {
    let model: CommandPaletteModel
    let field: TextFieldState

    var body: some View {
        VStack(spacing: 0) {
            HStack(spacing: 0) {
                Text(":")
                TextFieldView(text: field.text, cursor: field.cursor)
            }
            if let error = model.error { Text(error).bold() }
            ForEach(Array(model.suggestions.prefix(8).indices), id: \.self) { index in
                let suggestion = model.suggestions[index]
                let line = Text("\(suggestion.title)  \(suggestion.detail)")
                if index == model.selectedSuggestion { line.reverse() } else { line }
            }
        }
        .frame(width: 60)
    }
}
