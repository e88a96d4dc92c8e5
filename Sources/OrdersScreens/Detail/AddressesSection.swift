import OrdersCore
import OrdersPresentation
import TermRender

/// Where the order ships and who is billed, side by side, every line of each address.
struct AddressesSection: View {
    let addresses: DetailAddresses
    @Environment(\.theme) private var theme

    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            AddressBlock(title: "Shipping address", lines: addresses.shipping)
            AddressBlock(title: "Billing address", lines: addresses.billing)
        }
    }
}

/// One address under its title, or a placeholder when the order has none.
struct AddressBlock: View {
    let title: String
    let lines: [String]?
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle(title)
            if let lines {
                ForEach(lines.indices) { index in
                    Text(lines[index])
                }
            } else {
                Text("none").style(theme.placeholder)
            }
        }
        .frame(maxWidth: .infinity)
    }
}
