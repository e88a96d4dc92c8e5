import OrdersCore
import OrdersPresentation
import TermRender

/// Where the order came from (its source and the shop's id), who ordered, where it ships, and
/// when the order was placed and last changed.
struct CustomerSection: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            DetailField("Source") { Text(model.sourceText ?? "") }
            DetailField("Customer") { Text(model.customerText ?? "") }
            DetailField("Email") { Text(model.emailText ?? "") }
            DetailField("Ships to") { Text(model.countryText ?? "") }
            DetailField("Created") { Text(model.createdText ?? "").style(theme.secondaryText) }
            DetailField("Updated") { Text(model.updatedText ?? "").style(theme.secondaryText) }
        }
    }
}
