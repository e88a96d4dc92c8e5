import Foundation
import OrdersCore
import TermRender

/// What the full-screen app needs to start: an open store and who is using it.
struct InteractiveLaunch {
    var store: any OrderStore
    var databasePath: String
    var actor: String
    var openOrder: OrderID?
}

/// Runs the full-screen app until the user quits; returns the exit status.
/// The terminal is given back on every path out (see `Application`).
@MainActor
func runInteractiveApp(_ launch: InteractiveLaunch) async throws -> Int32 {
    let environment = PresentationEnvironment(actor: launch.actor)
    let listModel = OrderListModel(store: launch.store, environment: environment)
    let application = try Application()
    let controller = AppController(
        application: application, listModel: listModel,
        databaseName: (launch.databasePath as NSString).lastPathComponent)
    listModel.start()
    return await application.run(render: controller.render, handle: controller.handle)
}
