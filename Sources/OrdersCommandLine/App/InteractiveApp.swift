import Foundation
import OrdersApp
import OrdersCore
import OrdersStorage
import TermRender

/// What the full-screen app needs to start: an open store and who is using it.
struct InteractiveLaunch {
    var store: any OrderStore
    /// How the header names the database: a file's name, or a server URL without its password.
    var databaseName: String
    /// The database in full, without a password: `ORDERS_DB` for the operator's own commands.
    var databaseAddress: String
    /// Where the database is: the shops' sync lock is taken there.
    var storeLocation: StoreLocation
    var actor: String
    var openOrder: OrderReference?
    /// What sees each input event before the app (by default nothing: events go straight in).
    var interceptingInput: InputInterception
}

/// Puts a handler in front of the app's input handler (`CLI.run`).
public typealias InputInterception =
    @MainActor @Sendable (_ handle: @escaping @MainActor (InputEvent) -> Void) -> @MainActor (InputEvent) -> Void

/// Runs the full-screen app (the `OrdersApp` library) on this terminal until the user
/// quits; returns the exit status. The terminal is given back on every path out.
@MainActor
func runInteractiveApp(_ launch: InteractiveLaunch) async throws -> Int32 {
    let environment = ProcessInfo.processInfo.environment
    let (config, configProblem) = AppConfig.load(environment: environment)
    // Ctrl-Z is a command (app.suspend) so the app can redraw in full after `fg`.
    let application = try Application(options: .init(session: .init(mouseCapture: config.mouse), suspendsOnControlZ: false))
    let services = AppServices.standardOutput(writeFile: { try await ExportFile.write(to: $0, $1) },
                                              environment: environment)
    let shell = AppShell.make(
        AppLaunch(store: launch.store, databaseName: launch.databaseName,
                  actor: launch.actor, config: config, configProblem: configProblem,
                  personalViews: PersonalViewsFile(environment: environment), databaseAddress: launch.databaseAddress,
                  storeLocation: launch.storeLocation),
        application: application, services: services)
    return await shell.run(opening: launch.openOrder, intercepting: launch.interceptingInput)
}
