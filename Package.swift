// swift-tools-version: 6.0
import PackageDescription

// Dependency directions (see README, "Architecture"):
//   OrdersTUI ─► OrdersCommandLine ─► OrdersApp ─► OrdersScreens ─► OrdersCore ─► CSQLite, CPostgres, CCurl
//                                         │              └──────────► TermRender ─► CNcurses
//                                         └─► OrdersCore, TermRender
//   Tests only: OrdersFaulty (`orders` + FaultInjection), TerminalTestSupport, OrdersTestSupport, TermRenderTesting
//   TermRender, OrdersCore ─► TerminalText (no dependencies: neutralising and display width)
// OrdersCore never imports TermRender or CNcurses; TermRender knows nothing of orders.
let package = Package(
    name: "orders",
    products: [
        .executable(name: "orders", targets: ["OrdersTUI"]),
        .executable(name: "orders-bench", targets: ["OrdersBench"]),
        .executable(name: "termrender-demo", targets: ["TermRenderDemo"]),
        .executable(name: "orders-fuzz", targets: ["OrdersFuzz"]),
    ],
    targets: [
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // libpq, PostgreSQL's client library (Debian's libpq-dev), for teams on a shared server.
        .systemLibrary(name: "CPostgres", path: "Sources/CPostgres"),
        // libcurl (Debian's libcurl4-openssl-dev): HTTPS to the shops, with timeouts, a private CA and proxies.
        .systemLibrary(name: "CCurl", path: "Sources/CCurl"),
        // The one home of the rules every text path shares: which characters are neutralised
        // before text reaches a terminal, clipboard or file, and how many cells text takes.
        .target(name: "TerminalText"),
        .target(name: "TermRender", dependencies: ["CNcurses", "TerminalText"]),
        .target(name: "OrdersCore", dependencies: ["CSQLite", "CPostgres", "CCurl", "TerminalText"]),
        // The screens as thin views over the presentation models: a library so that
        // render tests can draw them into TermRender's in-memory backend.
        .target(name: "OrdersScreens", dependencies: ["OrdersCore", "TermRender", "TerminalText"]),
        // The app shell: keys become typed commands, the coordinator turns them into state changes
        // and effects, the shell runs the effects. A library so that tests drive the whole app
        // on TermRender's in-memory backend.
        .target(name: "OrdersApp", dependencies: ["OrdersCore", "OrdersScreens", "TermRender", "TerminalText"]),
        // The command line (every command, and starting the app on the terminal): a library so that
        // the fatal-signal tests' `OrdersFaulty` runs exactly the program `orders` is.
        .target(name: "OrdersCommandLine", dependencies: ["OrdersApp", "OrdersCore", "OrdersScreens", "TermRender", "TerminalText"]),
        // `orders` itself: only its `main.swift`.
        .executableTarget(name: "OrdersTUI", dependencies: ["OrdersCommandLine", "TermRender"]),
        .executableTarget(name: "OrdersBench", dependencies: ["OrdersCore", "OrdersScreens", "TermRender", "TerminalText"]),
        // A small program that exercises TermRender on its own: an example for
        // toolkit users and the subject of TermRender's end-to-end tests.
        .executableTarget(name: "TermRenderDemo", dependencies: ["TermRender", "TerminalText"]),
        // Seeded fuzz targets (import formats, query parser, input decoder): run for a fixed
        // number of cases by the tests, and for as long as asked by `orders-fuzz` (`./dev fuzz`).
        .target(name: "OrdersFuzzing", dependencies: ["OrdersCore", "TermRender"]),
        .executableTarget(name: "OrdersFuzz", dependencies: ["OrdersFuzzing"]),
        // The test-support library of every test target: real programs in tmux, a private PostgreSQL
        // server, `eventually` and `waitUntil` (waiting for a condition, with a deadline).
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport"),
        // Its part that knows orders, apart so that TermRender's tests do not link OrdersCore:
        // `ForwardingOrderStore`, a real store a test overrides only where it injects.
        // (The system libraries are named here too: SwiftPM does not hand their module maps on to a target under Tests/.)
        .target(name: "OrdersTestSupport", dependencies: ["OrdersCore", "CSQLite", "CPostgres", "CCurl", "TerminalTestSupport"],
                path: "Tests/OrdersTestSupport"),
        // Real faults (a segmentation fault, a bus error, a forbidden system call…) raised on F12, for
        // the fatal-signal tests; linked only into test programs, never into `orders`.
        .target(name: "FaultInjection", dependencies: ["TermRender"], path: "Tests/FaultInjection"),
        // `orders` plus the fault hook (`ORDERS_TEST_FAULT`): what the fatal-signal tests run. Built by
        // `swift build --build-tests` beside `orders`; not a product, never installed.
        .executableTarget(name: "OrdersFaulty", dependencies: ["OrdersCommandLine", "FaultInjection", "TermRender"],
                          path: "Tests/OrdersFaulty"),
        // Whole-screen snapshot files for render tests of TermRender and of the orders screens.
        .target(name: "TermRenderTesting", dependencies: ["TermRender"], path: "Tests/TermRenderTesting"),
        // CNcurses only for the live `wcwidth` the width table is checked against.
        .testTarget(name: "TerminalTextTests", dependencies: ["TerminalText", "CNcurses"]),
        .testTarget(name: "OrdersCoreTests", dependencies: ["OrdersCore", "OrdersTestSupport", "TerminalTestSupport", "TerminalText"]),
        .testTarget(name: "TermRenderTests", dependencies: ["TermRender", "FaultInjection", "TermRenderTesting", "TerminalText"]),
        .testTarget(name: "OrdersScreensTests", dependencies: ["OrdersScreens", "OrdersCore", "TermRender", "TermRenderTesting", "TerminalText"]),
        .testTarget(name: "OrdersAppTests", dependencies: ["OrdersApp", "OrdersCore", "OrdersScreens", "OrdersTestSupport", "TermRender",
                                                           "TerminalTestSupport", "TerminalText"]),
        .testTarget(name: "OrdersTUITests", dependencies: ["OrdersCore", "OrdersTestSupport", "TerminalTestSupport", "TerminalText"]),
        .testTarget(name: "OrdersFuzzTests", dependencies: ["OrdersFuzzing", "OrdersCore", "TermRender"]),
    ],
    swiftLanguageModes: [.v6]
)
