import Foundation
import OrdersCore
import TermRender

/// The line above the key hints: marked count, sums per currency, and the last error or message.
struct StatusBar: View {
    let model: OrderListModel
    @Environment(\.theme) private var theme

    public var body: some View {
        HStack(spacing: 2) {
            if let error = model.errorMessage ?? model.loadingState.failureMessage {
                Text(error).style(theme.danger).lineLimit(1).layoutPriority(2)
            } else if let message = model.statusMessage {
                Text(message).style(theme.info).lineLimit(1).layoutPriority(2)
            }
            Spacer()
            Text(figures).style(theme.secondaryText).lineLimit(1)
        }
    }

    private var figures: String {
        var parts: [String] = []
        if model.summary.marked > 0 { parts.append("\(model.summary.marked) marked") }
        let sums = model.summary.totalsByCurrency.sorted { $0.key < $1.key }.compactMap { code, amount -> String? in
            guard let currency = Currency.named(code) else { return nil }
            return model.formatter.money(amount, currency)
        }
        parts += sums
        return parts.joined(separator: "  ")
    }
}

extension LoadingState {
    var failureMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }
}
