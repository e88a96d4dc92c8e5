// swift-tools-version: 6.0
import PackageDescription

// Dependency directions (see README, "Architecture"):
//   OrdersTUI ─► OrdersScreens ─► OrdersCore ─► CSQLite
//       │              └──────────► TermRender ─► CNcurses
//       └─► OrdersCore, TermRender
//   TermRender, OrdersCore ─► TerminalText (no dependencies: neutralising and display width)
// OrdersCore never imports TermRender or CNcurses; TermRender knows nothing of orders.
let package = Package(
    name: "orders",
    products: [
        .executable(name: "orders", targets: ["OrdersTUI"]),
        .executable(name: "orders-bench", targets: ["OrdersBench"]),
        .executable(name: "termrender-demo", targets: ["TermRenderDemo"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // The one home of the rules every text path shares: which characters are neutralised
        // before text reaches a terminal, clipboard or file, and how many cells text takes.
        .target(name: "TerminalText"),
        .target(name: "TermRender", dependencies: ["CNcurses", "TerminalText"]),
        .target(name: "OrdersCore", dependencies: ["CSQLite", "TerminalText"]),
        // The screens as thin views over the presentation models: a library so that
        // render tests can draw them into TermRender's in-memory backend.
        .target(name: "OrdersScreens", dependencies: ["OrdersCore", "TermRender", "TerminalText"]),
        .executableTarget(name: "OrdersTUI", dependencies: ["OrdersCore", "OrdersScreens", "TermRender", "TerminalText"]),
        .executableTarget(name: "OrdersBench", dependencies: ["OrdersCore", "OrdersScreens", "TermRender"]),
        // A small program that exercises TermRender on its own: an example for
        // toolkit users and the subject of TermRender's end-to-end tests.
        .executableTarget(name: "TermRenderDemo", dependencies: ["TermRender", "TerminalText"]),
        // Drives real programs in tmux for the end-to-end tests of both TermRender and orders.
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport"),
        // Whole-screen snapshot files for render tests of TermRender and of the orders screens.
        .target(name: "TermRenderTesting", dependencies: ["TermRender"], path: "Tests/TermRenderTesting"),
        // CNcurses only for the live `wcwidth` the width table is checked against.
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "CNcurses"]),
        .testTarget(name: "OrdersCoreTests", dependencies: ["OrdersCore", "TerminalText"]),
        .testTarget(name: "TermRenderTests", dependencies: ["TermRender", "TermRenderTesting", "TerminalTestSupport", "TerminalText"]),
        .testTarget(name: "OrdersScreensTests", dependencies: ["OrdersScreens", "OrdersCore", "TermRender", "TermRenderTesting", "TerminalText"]),
        .testTarget(name: "OrdersTUITests", dependencies: ["OrdersCore", "TerminalTestSupport", "TerminalText"]),
    ],
    swiftLanguageModes: [.v6]
)
