import OrdersCore
import TermRender

/// Where the order stands and who handles it: status, the steps the workflow
/// allows next, flag, tags and assignee.
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
            DetailField("Next steps") { nextSteps }
            DetailField("Flag") {
                if model.order?.flagged == true {
                    Text("⚑ flagged").style(theme.warning)
                } else {
                    Text("not flagged").style(theme.placeholder)
                }
            }
            DetailField("Tags") {
                if model.tagsText.isEmpty {
                    Text("none").style(theme.placeholder)
                } else {
                    Text(model.tagsText.joined(separator: ", ")).style(theme.accent)
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
        let steps = model.allowedNextStatuses
        guard !steps.isEmpty else { return Text("none (final)").style(theme.placeholder) }
        let formatter = model.list.formatter
        return steps.enumerated().reduce(Text("")) { text, step in
            let separator = step.offset == 0 ? Text("") : Text(", ").style(theme.secondaryText)
            return text + separator + Text(formatter.label(step.element)).style(theme.style(for: step.element))
        }
    }
}
