import Foundation
import OrdersCore
import TermRender

/// The top line: order id, its status, and where it sits in the list ("12 of 340").
struct DetailHeader: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(spacing: 2) {
            Text(model.orderID.description).style(theme.title).layoutPriority(2)
            if let order = model.order, let status = model.statusText {
                Text(status).style(theme.style(for: order.status)).layoutPriority(1)
            }
            Spacer()
            if let position = Self.positionText(position: model.list.position(of: model.orderID),
                                                count: model.list.rowCount, locale: model.list.formatter.locale) {
                Text(position).style(theme.secondaryText)
            }
        }
    }

    /// "12 of 340" for a zero-based position; nil when the order is not in the list
    /// (an action moved it out of the current tab), because a position would lie.
    static func positionText(position: Int?, count: Int, locale: Locale) -> String? {
        guard let position, position < count else { return nil }
        let style = IntegerFormatStyle<Int>.number.locale(locale)
        return "\((position + 1).formatted(style)) of \(count.formatted(style))"
    }
}
