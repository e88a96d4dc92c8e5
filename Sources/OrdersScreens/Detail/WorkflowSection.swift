import OrdersCore
import OrdersPresentation
import TermRender

/// Where the order stands and who handles it: status, payment and fulfilment (with the shop's
/// own word, cancellation and closing when there are), the steps the workflow allows next,
/// flag, tags and assignee.
struct WorkflowSection: View {
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        VStack(spacing: 0) {
            DetailField("Status") {
                if let order = model.order {
                    Text(model.statusText ?? "").style(theme.style(for: order.status))
                }
            }
            DetailField("Payment") { Text(model.paymentText ?? "") }
            DetailField("Fulfilment") { Text(model.fulfillmentText ?? "") }
            if let word = model.sourceStatusText {
                DetailField("Shop state") { Text(word).style(theme.secondaryText) }
            }
            if let cancelled = model.cancelledText {
                DetailField("Cancelled") { Text(cancelled).style(theme.danger) }
            }
            if let closed = model.closedText {
                DetailField("Closed") { Text(closed).style(theme.secondaryText) }
            }
            DetailField("Next steps") { nextSteps }
            DetailField("Flag") {
                if model.order?.flagged == true {
                    Text("⚑ flagged").style(theme.warning)
                } else {
                    Text("not flagged").style(theme.placeholder)
                }
            }
            if let risk = model.risk {
                DetailField("Risk") { Text(risk.text).style(risk.isAlarming ? theme.danger : theme.secondaryText) }
            }
            DetailField("Tags") {
                if let tags = model.tagsLine {
                    Text(tags).style(theme.accent)
                } else {
                    Text("none").style(theme.placeholder)
                }
            }
            DetailField("Assignee") {
                if let assignee = model.assigneeText {
                    Text(assignee)
                } else {
                    Text("unassigned").style(theme.placeholder)
                }
            }
        }
    }

    /// Each allowed status in its own colour; a final status says so.
    private var nextSteps: Text {
        let steps = model.nextSteps
        guard !steps.isEmpty else { return Text("none (final)").style(theme.placeholder) }
        return steps.enumerated().reduce(Text("")) { text, step in
            let separator = step.offset == 0 ? Text("") : Text(", ").style(theme.secondaryText)
            return text + separator + Text(step.element.label).style(theme.style(for: step.element.status))
        }
    }
}
