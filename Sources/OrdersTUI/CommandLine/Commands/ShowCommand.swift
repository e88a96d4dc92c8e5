import OrdersCore

/// `orders show ID`: one order in full, as text or JSON.
enum ShowCommand {
    static func run(_ context: CommandContext) async throws -> Int32 {
        let format = context.arguments.value("--format") ?? "text"
        guard format == "text" || format == "json" else {
            throw CLIError.usage("--format must be text or json, got \"\(format)\"")
        }
        let id = try context.orderID(context.arguments.positionals[0])
        let store = try await context.openStore()
        guard let order = try await store.order(id) else { throw OrderStoreError.notFound(id) }
        let history = try await store.history(of: id)
        if format == "json" {
            context.print(OrderDetailText.json(for: order, history: history), fromData: true)
        } else {
            context.print(OrderDetailText.text(for: order, history: history))
        }
        return 0
    }
}
