import OrdersCore
import OrdersPresentation
import TermRender

/// One piece of the detail screen as the virtualised columns see it: a whole section, a
/// section's title, or one entry of a section that can grow without bound (history, notes).
/// Only the pieces on screen are built, so an order with 100,000 notes draws like one with three.
enum DetailItem: Hashable {
    case customerAndWorkflow
    case customer
    case money
    case addresses
    case delivery
    case refundsTitle
    case refund(Int)
    case customerNote
    case noteAttributes
    case customerOrdersTitle
    case customerOrder(Int)
    case shopFactsTitle
    case shopFact(Int)
    case historyTitle, historyEmpty
    case historyEntry(Int)
    case notesTitle, notesEmpty
    case note(Int)

    /// The sections of what the shop told about the order, each only when the order has it:
    /// addresses, payment and delivery, refunds (title, then each), the customer's note, note attributes.
    @MainActor
    static func shop(_ model: OrderDetailModel) -> [DetailItemRun] {
        var runs: [DetailItemRun] = []
        if model.addresses != nil { runs.append(.one(.addresses)) }
        if model.delivery != nil { runs.append(.one(.delivery)) }
        let refunds = model.order?.refunds.count ?? 0
        if refunds > 0 { runs += [.one(.refundsTitle), .many(refunds, DetailItem.refund)] }
        if model.customerNoteText != nil { runs.append(.one(.customerNote)) }
        if !(model.order?.noteAttributes.isEmpty ?? true) { runs.append(.one(.noteAttributes)) }
        return runs
    }

    /// The customer's other orders: the title with their count and lifetime value, then each of
    /// the latest; nothing until they are loaded, or when the customer has no other order.
    @MainActor
    static func customerOrders(_ model: OrderDetailModel) -> [DetailItemRun] {
        if model.customerOrdersError != nil { return [.one(.customerOrdersTitle)] }
        let count = model.customerOrders?.recent.count ?? 0
        return count == 0 ? [] : [.one(.customerOrdersTitle), .many(count, DetailItem.customerOrder)]
    }

    /// What was queued for the order's shop, each marked sent, to send or refused: the title,
    /// then each; nothing for an order whose shop was told nothing from here.
    @MainActor
    static func shopFacts(_ model: OrderDetailModel) -> [DetailItemRun] {
        let count = model.shopFacts.count
        return count == 0 ? [] : [.one(.shopFactsTitle), .many(count, DetailItem.shopFact)]
    }

    /// The pieces of the history section: its title, then each entry (or a placeholder).
    @MainActor
    static func history(_ model: OrderDetailModel) -> [DetailItemRun] {
        let count = model.history.count
        return [.one(.historyTitle), count == 0 ? .one(.historyEmpty) : .many(count, DetailItem.historyEntry)]
    }

    /// The pieces of the notes section: its title, then each note (or a placeholder).
    @MainActor
    static func notes(_ model: OrderDetailModel) -> [DetailItemRun] {
        let count = model.notes.count
        return [.one(.notesTitle), count == 0 ? .one(.notesEmpty) : .many(count, DetailItem.note)]
    }

    /// Whether a blank row follows this piece: between sections and between notes, not inside a section.
    func hasGap(before next: DetailItem?) -> Bool {
        switch (self, next) {
        case (_, nil), (.historyEntry, .historyEntry?), (.refund, .refund?), (.customerOrder, .customerOrder?),
             (.customerOrdersTitle, .customerOrder?), (.shopFact, .shopFact?), (.shopFactsTitle, _), (.historyTitle, _), (.notesTitle, _),
             (.refundsTitle, _): false
        default: true
        }
    }
}

/// A stretch of detail pieces: one, or many of a kind numbered from 0, so a column of 100,000
/// notes is described without making 100,000 values.
enum DetailItemRun {
    case one(DetailItem)
    case many(Int, @Sendable (Int) -> DetailItem)

    var count: Int {
        switch self {
        case .one: 1
        case .many(let count, _): count
        }
    }
}

/// The pieces of one detail column, looked up by position.
struct DetailItemList {
    let runs: [DetailItemRun]
    let count: Int

    init(_ runs: [DetailItemRun]) {
        self.runs = runs
        count = runs.reduce(0) { $0 + $1.count }
    }

    /// The piece at `index`, nil past the end.
    func item(at index: Int) -> DetailItem? {
        var start = 0
        for run in runs {
            if index < start + run.count {
                switch run {
                case .one(let item): return item
                case .many(_, let make): return make(index - start)
                }
            }
            start += run.count
        }
        return nil
    }
}

/// Draws one `DetailItem`.
struct DetailItemView: View {
    let item: DetailItem
    let model: OrderDetailModel
    @Environment(\.theme) private var theme

    var body: some View {
        switch item {
        case .customerAndWorkflow:
            // Side by side even at 80 columns; a long name or email is cut, not
            // allowed to push the workflow off screen.
            HStack(alignment: .top, spacing: 2) {
                CustomerSection(model: model).frame(maxWidth: DetailSingleColumn.customerMaxWidth)
                WorkflowSection(model: model)
            }
            .lineLimit(1)
        case .customer:
            CustomerSection(model: model)
        case .money:
            OrderMoneySection(model: model)
        case .addresses:
            if let addresses = model.addresses { AddressesSection(addresses: addresses) }
        case .delivery:
            if let delivery = model.delivery { DeliverySection(delivery: delivery) }
        case .refundsTitle:
            DetailSectionTitle("Refunds")
        case .refund(let index):
            RefundEntry(refund: model.refunds[index])
        case .customerNote:
            if let note = model.customerNoteText { CustomerNoteSection(text: note) }
        case .noteAttributes:
            NoteAttributesSection(lines: model.noteAttributeLines)
        case .customerOrdersTitle:
            VStack(spacing: 0) {
                DetailSectionTitle("Other orders by this customer")
                Text(model.customerSummaryText ?? "").style(theme.secondaryText)
            }
        case .customerOrder(let index):
            CustomerOrderRow(row: model.customerOrderRows[index])
        case .shopFactsTitle:
            DetailSectionTitle("Told to the shop")
        case .shopFact(let index):
            ShopFactEntry(fact: model.shopFactRow(index))
        case .historyTitle:
            DetailSectionTitle("History")
        case .historyEmpty:
            Text("No changes yet").style(theme.placeholder)
        case .historyEntry(let index):
            HistoryEntryRow(entry: model.history[index])
        case .notesTitle:
            DetailSectionTitle("Notes")
        case .notesEmpty:
            Text("No notes").style(theme.placeholder)
        case .note(let index):
            NoteEntry(note: model.notes[index])
        }
    }
}
