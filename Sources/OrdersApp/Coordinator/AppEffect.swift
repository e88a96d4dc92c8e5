import OrdersCore

/// Work a command asks for that is slow, or that only the running program can do.
/// The coordinator returns effects instead of doing them; `AppShell` runs each one
/// and tracks it until it is finished, so `waitForPendingWork` sees all of it, and
/// the shell tests assert every effect a command returns.
public enum AppEffect: Hashable, Sendable {
    /// Look the order up in the store, then show its detail (or say it does not exist).
    case openOrder(OrderID)
    /// Find the order a person named (`NUMBER` or `SOURCE:NUMBER`), then open it the same way;
    /// an unknown or ambiguous number is shown as an error.
    case openNamedOrder(OrderReference)
    /// After undo or redo: once the list's writes are done, reload the detail on screen.
    case reloadDetail
    /// Once the note's writes on these orders are done, tell the coordinator (`noteSaveFinished`).
    case finishNote([OrderID])
    /// Edit a note's text in the operator's editor on the terminal, then take it back into the
    /// note editor on these orders (`noteEdited`).
    case editNote(targets: [OrderID], text: String)
    /// Run the operator's own command on these orders on the terminal (`CustomCommandRun`), then
    /// tell the coordinator how it ended (`customCommandFinished`).
    case runCommand(CustomCommand, targets: [OrderID])
    /// Count the list as shown by a column's values (on a served list, by the server), then show
    /// them in the frequency sheet (`frequencyCounted`).
    case countFrequency(FrequencyField)
    /// Copy text to the terminal's clipboard (OSC 52); `what` names it in the notice.
    case copy(text: String, what: String)
    /// Fetch the marked orders and copy them as CSV.
    case copyAsCSV([OrderID])
    /// Write the marked orders (or all the query shows) to a file.
    case export(path: String, query: OrderQuery, marked: [OrderID])
    /// Run the import `ImportModel.begin` showed (once the list's own writes are done), then show its summary.
    case runImport
    /// Run the pass over the connected shops `ShopSyncModel.begin` showed, then tell the
    /// coordinator how it ended (`shopSyncFinished`).
    case syncShops
    /// Start the next background pass after this long (replacing one already waiting).
    case scheduleShopSync(after: Duration)
    /// Tell the coordinator of each change to the orders the store's feed brings
    /// (`ordersChangedForShops`): it may have queued a fact to send to a shop.
    case followChangesForShops
    /// Send the detail's order's refused facts again, or drop them (`OrderDetailModel.decideRefusedFacts`),
    /// then tell the coordinator (`refusedFactsDecided`).
    case decideRefusedFacts(retry: Bool)
    /// Start a pass that only sends after this long, unless one is set up already (so a burst
    /// of changes, such as a bulk action, gives one pass).
    case scheduleShopSend(after: Duration)
    /// Switch to the named theme, or the next one in turn.
    case switchTheme(String?)
    /// Turn the terminal's mouse reporting on or off.
    case setMouseCapture(Bool)
    /// Forget what the terminal shows and draw it all again.
    case redrawAll
    /// Draw again: state Observation cannot see has changed (scroll positions).
    case render
    /// Stop like Ctrl-Z in a shell; `fg` resumes with a full redraw.
    case suspend
    /// End the program with this exit status.
    case quit(Int32)
    /// Take the notice down after a while (if it is still the one showing).
    case expireNotice(after: Duration)
}
