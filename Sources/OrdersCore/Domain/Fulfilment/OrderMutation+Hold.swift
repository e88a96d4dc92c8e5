extension OrderMutation {
    /// The fulfilment held, with the operator's reason as a note in the same change (one version, one
    /// undo): operators see why beside the hold, and `ShopFacts.change` sends that note as the hold's
    /// reason to a connected shop rather than as a note of its own. `orders hold --reason` and the
    /// app's `:hold REASON` both hold through here.
    public static func hold(reason: String?) -> [OrderMutation] {
        [.setFulfillment(.onHold)] + (reason.map { [.addNote($0)] } ?? [])
    }
}
