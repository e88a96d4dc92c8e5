import OrdersApp
import OrdersCore
import OrdersScreens
import Testing

/// Esc in the note editor never throws a written note away unasked: it asks, "keep" (n, Esc,
/// the focused button) keeps the text as the order's draft, which the note key brings back;
/// only y discards it. Saving forgets the draft.
@Suite("Shell: a note's draft is kept until saved or discarded on purpose")
@MainActor
struct NoteDraftTests {
    static let order1 = [OrderID(1)]

    static func discardQuestion(_ draft: NoteDraft, on subject: String = "ORD-0000001") -> Modal {
        .confirm(.discarding(draft, request: ConfirmationRequest(
            title: "Discard the note on \(subject)?",
            message: "Discarding loses what you wrote. Keeping it makes it a draft: the note key on \(subject) brings it back.",
            confirmLabel: "Discard note", keepLabel: "Keep draft")))
    }

    /// Order 1 selected, its note editor open with "Called" typed.
    static func writeCalled(_ store: ShellStore) async {
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: order1)) }
        await store.type("Called") { $0.modal = .noteEditor(NoteDraft(targets: order1, text: "Called")) }
    }

    @Test("Esc asks; n keeps the draft and the note key brings it back; Esc then y discards it and the editor opens empty")
    func keepThenDiscard() async {
        let store = await ShellStore.start()
        await Self.writeCalled(store)
        let draft = NoteDraft(targets: Self.order1, text: "Called")
        await store.send(.note(.discard)) {
            $0.modal = Self.discardQuestion(draft)
            $0.noteDrafts = [OrderID(1): "Called"]
        }
        await store.send(.confirm(.no)) { $0.modal = nil }
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(draft) }
        await store.type(" back") { $0.modal = .noteEditor(NoteDraft(targets: Self.order1, text: "Called back")) }
        await store.send(.note(.discard)) {
            $0.modal = Self.discardQuestion(NoteDraft(targets: Self.order1, text: "Called back"))
            $0.noteDrafts = [OrderID(1): "Called back"]
        }
        await store.send(.confirm(.yes)) {
            $0.modal = nil
            $0.noteDrafts = [:]
        }
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: Self.order1)) }
    }

    @Test("Esc typed twice (the reflex) keeps the note: the question's Esc is keep")
    func reflexEscape() async {
        let store = await ShellStore.start()
        await Self.writeCalled(store)
        let draft = NoteDraft(targets: Self.order1, text: "Called")
        await store.send(.note(.discard)) {
            $0.modal = Self.discardQuestion(draft)
            $0.noteDrafts = [OrderID(1): "Called"]
        }
        // Enter presses the focused button, which starts on the safe one.
        await store.send(.confirm(.press)) { $0.modal = nil }
        #expect(store.coordinator.noteDrafts.text(for: Self.order1) == "Called")
    }

    @Test("a draft is per order: another order's editor opens empty, order 1's still brings it back; saving forgets it")
    func perOrder() async {
        let store = await ShellStore.start()
        await Self.writeCalled(store)
        await store.send(.note(.discard)) {
            $0.modal = Self.discardQuestion(NoteDraft(targets: Self.order1, text: "Called"))
            $0.noteDrafts = [OrderID(1): "Called"]
        }
        await store.send(.confirm(.no)) { $0.modal = nil }
        await store.send(.list(.down)) { $0.list.selected = 4 }
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: [OrderID(4)])) }
        await store.send(.note(.discard)) { $0.modal = nil }
        await store.send(.list(.up)) { $0.list.selected = 1 }
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: Self.order1, text: "Called")) }
        await store.send(.note(.save), effects: [.finishNote(Self.order1)]) {
            $0.modal = nil
            $0.noteDrafts = [:]
            $0.orders[0] = "1 pending vip notes:Called"
        }
    }

    @Test("a blank note closes on Esc without a question")
    func blankCloses() async {
        let store = await ShellStore.start()
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: Self.order1)) }
        await store.type("  ") { $0.modal = .noteEditor(NoteDraft(targets: Self.order1, text: "  ")) }
        await store.send(.note(.discard)) { $0.modal = nil }
    }

    @Test("marked orders share the draft: it comes back on the same marks and on one of them alone")
    func markedOrders() async {
        let store = await ShellStore.start()
        await ShellCommandTests.selectOrder1(store)
        await store.send(.list(.mark)) {
            $0.list.marked = [1]
            $0.list.selected = 4
        }
        await store.send(.list(.mark)) {
            $0.list.marked = [1, 4]
            $0.list.selected = 7
        }
        let both = [OrderID(1), OrderID(4)]
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: both)) }
        await store.type("Batch") { $0.modal = .noteEditor(NoteDraft(targets: both, text: "Batch")) }
        await store.send(.note(.discard)) {
            $0.modal = Self.discardQuestion(NoteDraft(targets: both, text: "Batch"), on: "2 orders")
            $0.noteDrafts = [OrderID(1): "Batch", OrderID(4): "Batch"]
        }
        await store.send(.confirm(.no)) { $0.modal = nil }
        await store.send(.list(.order(.note))) { $0.modal = .noteEditor(NoteDraft(targets: both, text: "Batch")) }
    }
}
