import OrdersCore
import OrdersPresentation
import TermRender

/// When and how the order was paid and sent: times, methods and tracking numbers.
struct DeliverySection: View {
    let delivery: DetailDelivery
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            DetailSectionTitle("Payment and delivery")
            if let paid = delivery.paidText {
                DetailField("Paid") { Text(paid) }
            }
            if let method = delivery.paymentMethod {
                DetailField("Paid with") { Text(method) }
            }
            if let fulfilled = delivery.fulfilledText {
                DetailField("Fulfilled") { Text(fulfilled) }
            }
            if let method = delivery.shippingMethod {
                DetailField("Shipping") { Text(method) }
            }
            if !delivery.trackingNumbers.isEmpty {
                DetailField("Tracking") {
                    VStack(spacing: 0) {
                        ForEach(delivery.trackingNumbers.indices) { index in
                            Text(delivery.trackingNumbers[index]).style(theme.accent)
                        }
                    }
                }
            }
        }
    }
}
