import OrdersCore
import OrdersPresentation
import TermRender

/// One fact for the order's shop: its mark (sent, to send, refused, dropped) and what it says; a
/// refusal's words below it.
struct ShopFactEntry: View {
    let fact: DetailShopFact
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            (Text(fact.mark).style(markStyle) + Text("  " + fact.summary))
                .lineLimit(1)
            if let detail = fact.detail {
                Text(detail).style(theme.secondaryText).padding(.leading, 2)
            }
        }
    }

    private var markStyle: Style {
        switch fact.state {
        case .sent: theme.success
        case .waiting: theme.warning
        case .refused: theme.danger
        case .dropped: theme.secondaryText
        }
    }
}
