import OrdersCore
import OrdersPresentation
import TermRender

/// What the search line shows: the field's text and cursor, and whether it has focus.
public struct SearchFieldDisplay: Hashable, Sendable {
    public var text: String
    public var cursor: Int
    public var isFocused: Bool

    public init(text: String, cursor: Int, isFocused: Bool) {
        self.text = text
        self.cursor = cursor
        self.isFocused = isFocused
    }
}

/// The root screen: header, status tabs, search line, the order table, status bar and key hints.
public struct OrderListScreen: View {
    let model: OrderListModel
    let databaseName: String
    let hints: [KeyHintBar.Hint]
    let search: SearchFieldDisplay
    let glyphs: ListGlyphs
    /// The saved views' tabs, after the status tabs.
    let views: [SavedViewTab]
    /// The connected shops' standing for the status bar; nil for a store that keeps no shops.
    let shopSync: ShopSyncModel?

    public init(model: OrderListModel, databaseName: String, hints: [KeyHintBar.Hint],
                search: SearchFieldDisplay = SearchFieldDisplay(text: "", cursor: 0, isFocused: false),
                glyphs: ListGlyphs = .unicode, views: [SavedViewTab] = [], shopSync: ShopSyncModel? = nil) {
        self.views = views
        self.shopSync = shopSync
        self.model = model
        self.databaseName = databaseName
        self.hints = hints
        self.search = search
        self.glyphs = glyphs
    }

    /// How many order rows fit on a screen `screenHeight` lines high: all but the header,
    /// tabs, search line (when shown), table header, status bar and key hints.
    public static func tableRows(screenHeight: Int, showsSearchLine: Bool) -> Int {
        max(0, screenHeight - (showsSearchLine ? 6 : 5))
    }

    /// The list's columns the table draws on a screen `width` wide (the table spans the screen).
    @MainActor
    public static func columnsOnScreen(of model: OrderListModel, width: Int) -> [ListColumn] {
        OrderListTable.columnsOnScreen(model.shownColumns, dateWidth: model.dateColumnWidth, width: width)
    }

    public var body: some View {
        VStack(spacing: 0) {
            ListHeader(databaseName: databaseName, isDemoData: model.showsDemoData, countText: model.countText)
            StatusTabsBar(tabs: model.tabLabels, views: views, toggles: model.togglesText)
            if search.isFocused || !search.text.isEmpty {
                SearchLine(search: search, error: model.queryError?.description)
            }
            OrderListTable(model: model, glyphs: glyphs)
            StatusBar(model: model, shopSync: shopSync)
            KeyHintBar(hints)
        }
    }
}
