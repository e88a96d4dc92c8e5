// swift-tools-version: 6.0
import PackageDescription

// Dependency directions (see README, "Architecture"); a module imports only what it depends on,
// so the compiler holds these arrows:
//
//   OrdersTUI ─► OrdersCommandLine ─► OrdersApp ─► OrdersScreens ─► OrdersPresentation
//   OrdersPresentation ─► OrdersShops ─► OrdersInterchange ─► OrdersStorage ─► OrdersCore ─► TerminalText
//   OrdersStorage ─► CSQLite, CPostgres;  OrdersShops ─► CCurl
//   OrdersScreens, OrdersApp ─► TermRender ─► CNcurses, TerminalText
//   Tests only: OrdersFaulty (`orders` + FaultInjection), TerminalTestSupport, OrdersTestSupport, TermRenderTesting
//
// OrdersCore (the order) has no I/O and no UI; nothing below OrdersScreens imports TermRender;
// TermRender knows nothing of orders.
let core: [Target.Dependency] = ["OrdersCore", "OrdersStorage", "OrdersInterchange"]
let everyOrdersLibrary: [Target.Dependency] = core + ["OrdersShops", "OrdersPresentation"]

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
        // The order: its types and rules, money, statuses, the dashboard's figures, the query language.
        // No I/O, no UI.
        .target(name: "OrdersCore", dependencies: ["TerminalText"]),
        // The stores (`OrderStore`): SQLite, PostgreSQL and in memory, the change feed, the index
        // rows, the shops' registry and the outbox of facts to send them.
        .target(name: "OrdersStorage", dependencies: ["OrdersCore", "CSQLite", "CPostgres"]),
        // Files in and out: CSV and JSON, the shops' exports and their re-import, the demo data and
        // opening the embedded database (seeded with it on first run).
        .target(name: "OrdersInterchange", dependencies: ["OrdersCore", "OrdersStorage", "TerminalText"]),
        // The shop connections: HTTPS to Shopify and WooCommerce, pulling orders and sending facts.
        .target(name: "OrdersShops", dependencies: core + ["CCurl"]),
        // The @Observable models the screens draw (the list over a `ListSource`, detail, dashboard,
        // palette, import, rules, shop sync) and the columnar index engine with its file.
        .target(name: "OrdersPresentation", dependencies: core + ["OrdersShops", "TerminalText"]),
        // The screens as thin views over the presentation models: a library so that
        // render tests can draw them into TermRender's in-memory backend.
        .target(name: "OrdersScreens", dependencies: ["OrdersPresentation", "OrdersCore", "TermRender", "TerminalText"]),
        // The app shell: keys become typed commands, the coordinator turns them into state changes
        // and effects, the shell runs the effects. A library so that tests drive the whole app
        // on TermRender's in-memory backend.
        .target(name: "OrdersApp", dependencies: everyOrdersLibrary + ["OrdersScreens", "TermRender", "TerminalText"]),
        // The command line (every command, and starting the app on the terminal): a library so that
        // the fatal-signal tests' `OrdersFaulty` runs exactly the program `orders` is.
        .target(name: "OrdersCommandLine",
                dependencies: everyOrdersLibrary + ["OrdersApp", "OrdersScreens", "TermRender", "TerminalText"]),
        // `orders` itself: only its `main.swift`.
        .executableTarget(name: "OrdersTUI", dependencies: ["OrdersCommandLine", "TermRender"]),
        .executableTarget(name: "OrdersBench",
                          dependencies: core + ["OrdersPresentation", "OrdersScreens", "TermRender", "TerminalText"]),
        // A small program that exercises TermRender on its own: an example for
        // toolkit users and the subject of TermRender's end-to-end tests.
        .executableTarget(name: "TermRenderDemo", dependencies: ["TermRender", "TerminalText"]),
        // Seeded fuzz targets (import formats, query parser, input decoder): run for a fixed
        // number of cases by the tests, and for as long as asked by `orders-fuzz` (`./dev fuzz`).
        .target(name: "OrdersFuzzing", dependencies: core + ["TermRender"]),
        .executableTarget(name: "OrdersFuzz", dependencies: ["OrdersFuzzing"]),
        // The test-support library of every test target: real programs in tmux, a private PostgreSQL
        // server, `eventually` and `waitUntil` (waiting for a condition, with a deadline).
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport"),
        // Its part that knows orders, apart so that TermRender's tests do not link OrdersCore:
        // `ForwardingOrderStore`, a real store a test overrides only where it injects.
        // (The system libraries are named here too: SwiftPM does not hand their module maps on to a target under Tests/.)
        .target(name: "OrdersTestSupport",
                dependencies: ["OrdersCore", "OrdersStorage", "OrdersInterchange", "OrdersShops", "CSQLite", "CPostgres", "CCurl", "TerminalTestSupport"],
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
        // One test target per library of the order; a test lives in the target of the highest library it
        // needs (a rule checked through a real store is a storage test), with fixtures shared through OrdersTestSupport.
        .testTarget(name: "OrdersCoreTests", dependencies: ["OrdersCore", "OrdersTestSupport"]),
        .testTarget(name: "OrdersStorageTests",
                    dependencies: ["OrdersCore", "OrdersStorage", "OrdersTestSupport", "TerminalTestSupport"]),
        .testTarget(name: "OrdersInterchangeTests",
                    dependencies: core + ["OrdersTestSupport", "TerminalTestSupport"]),
        .testTarget(name: "OrdersShopsTests",
                    dependencies: core + ["OrdersShops", "OrdersTestSupport", "TerminalTestSupport"]),
        .testTarget(name: "OrdersPresentationTests",
                    dependencies: everyOrdersLibrary + ["OrdersTestSupport", "TerminalTestSupport"]),
        .testTarget(name: "TermRenderTests", dependencies: ["TermRender", "FaultInjection", "TermRenderTesting", "TerminalText"]),
        .testTarget(name: "OrdersScreensTests",
                    dependencies: core + ["OrdersPresentation", "OrdersScreens", "TermRender", "TermRenderTesting", "TerminalText"]),
        .testTarget(name: "OrdersAppTests",
                    dependencies: everyOrdersLibrary + ["OrdersApp", "OrdersScreens", "OrdersTestSupport", "TermRender",
                                                        "TerminalTestSupport", "TerminalText"]),
        .testTarget(name: "OrdersTUITests",
                    dependencies: core + ["OrdersPresentation", "OrdersTestSupport", "TerminalTestSupport", "TerminalText"]),
        .testTarget(name: "OrdersFuzzTests", dependencies: ["OrdersFuzzing", "OrdersCore", "OrdersInterchange", "TermRender"]),
    ],
    swiftLanguageModes: [.v6]
)
