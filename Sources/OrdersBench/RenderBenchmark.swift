import TermRender

/// Measures TermRender's frame cost for a full-screen order table, independent of the row count.
///
/// Prints medians of frame time (body + layout + draw + diff) for a 200×60 screen showing a
/// 1,000,000-row and a 1,000-row table and for a text-heavy screen of nested stacks, and the
/// cells changed when the selection moves one row,
/// when the table scrolls by one line, and when nothing changes. Run in release mode:
/// `swift run -c release orders-bench`.
enum RenderBenchmark {
    static let screen = Size(width: 200, height: 60)
    static let columns = [
        TableColumn("Order", width: .fixed(12), priority: 10),
        TableColumn("Customer", width: .flexible(min: 12), priority: 9),
        TableColumn("Status", width: .fixed(10), priority: 8),
        TableColumn("Placed", width: .fixed(16), priority: 5),
        TableColumn.numeric("Items", width: .fixed(5), priority: 3),
        TableColumn.numeric("Total", width: .fixed(12), priority: 9),
        TableColumn("Cur", width: .fixed(3), priority: 2),
        TableColumn("Note", width: .fraction(0.25, min: 10), priority: 1),
    ]
    static let names = ["Ann Lee", "Bo Chen", "Zoë Åberg", "Dmitri Ivanov", "Fatima Zahra", "山田太郎", "Sam O'Neil"]
    static let statuses = ["new", "paid", "packed", "shipped", "delivered", "cancelled"]

    /// A row built the way a screen would: formatting fields of record `index`.
    static func row(_ index: Int) -> [Text] {
        let cents = (index &* 7919) % 500_000
        return [
            Text("ORD-\(String(index, radix: 10).leftPadded(to: 7))"),
            Text(names[index % names.count]),
            Text(statuses[index % statuses.count]),
            Text("2026-11-\(10 + index % 20) 09:\(10 + index % 50)"),
            Text("\(1 + index % 9)"),
            Text("\(cents / 100).\(String(cents % 100).leftPadded(to: 2))"),
            Text("EUR"),
            Text(index % 3 == 0 ? "call before delivery, leave at door" : ""),
        ]
    }

    struct Screen: View {
        var rowCount: Int
        var state: TableState

        var body: some View {
            VStack {
                Text("Orders").bold()
                Table(columns: RenderBenchmark.columns, rowCount: rowCount, state: state, sort: TableSort(column: 3, ascending: false), row: RenderBenchmark.row)
                Text("\(rowCount) orders · ↑↓ move · / search · q quit").dim()
            }
        }
    }

    /// A detail screen of nested stacks: the layout cost of a text-heavy screen, not a table.
    struct DetailScreen: View {
        var revision: Int

        var body: some View {
            VStack {
                HStack {
                    Text("Order ORD-\(revision)").bold()
                    Spacer()
                    Text("paid").foregroundColor(.green)
                }
                Divider()
                HStack(alignment: .top) {
                    VStack {
                        ForEach(0..<12) { field in
                            HStack {
                                Text("Field \(field)").frame(width: 14)
                                Text("value \(field * revision) with some words that may wrap").lineLimit(2)
                            }
                        }
                    }
                    .border(title: "Details")
                    VStack {
                        ForEach(0..<12) { line in
                            HStack {
                                Text("Item \(line)")
                                Spacer()
                                Text("\(line * 3).99")
                            }
                        }
                    }
                    .frame(width: 50)
                    .border(title: "Lines")
                }
                Spacer()
                KeyHintBar([.init(key: "e", label: "edit"), .init(key: "esc", label: "back")])
            }
        }
    }

    @MainActor
    static func run() {
        print("TermRender, \(screen.width)x\(screen.height) order table (medians):")
        for rowCount in [1_000_000, 1_000] {
            let median = medianFrameTime(rowCount: rowCount, frames: 400)
            print("  frame time, \(rowCount) rows: \(format(median)) (body+layout+draw+diff)")
        }
        print("  frame time, detail screen of nested stacks: \(format(medianDetailFrameTime(frames: 200)))")
        let counts = cellsChanged(rowCount: 1_000_000)
        print("  cells changed, selection moves one row: \(counts.selectionMove)")
        print("  cells changed, table scrolls one line:  \(counts.scroll)")
        print("  cells changed, nothing changes:         \(counts.nothing)")
    }

    /// The median time of one frame while the selection walks down the table (scrolling as it goes).
    @MainActor
    static func medianFrameTime(rowCount: Int, frames: Int) -> Duration {
        let session = RenderSession(backend: NullBackend(size: screen))
        var state = TableState(selection: rowCount / 2, visibleRows: screen.height - 3)
        session.render(Screen(rowCount: rowCount, state: state))
        let clock = ContinuousClock()
        var samples: [Duration] = []
        samples.reserveCapacity(frames)
        for _ in 0..<frames {
            state.moveSelection(by: 1, rowCount: rowCount)
            let view = Screen(rowCount: rowCount, state: state)
            samples.append(clock.measure { session.render(view) })
        }
        return samples.sorted()[samples.count / 2]
    }

    @MainActor
    static func medianDetailFrameTime(frames: Int) -> Duration {
        let session = RenderSession(backend: NullBackend(size: screen))
        let clock = ContinuousClock()
        var samples: [Duration] = []
        for revision in 0..<frames {
            let view = DetailScreen(revision: revision)
            samples.append(clock.measure { session.render(view) })
        }
        return samples.sorted()[samples.count / 2]
    }

    @MainActor
    static func cellsChanged(rowCount: Int) -> (selectionMove: Int, scroll: Int, nothing: Int) {
        let session = RenderSession(backend: NullBackend(size: screen))
        let visible = screen.height - 3
        var state = TableState(selection: 100, scrollOffset: 90, visibleRows: visible)
        session.render(Screen(rowCount: rowCount, state: state))
        state.moveSelection(by: 1, rowCount: rowCount)
        let move = session.render(Screen(rowCount: rowCount, state: state)).cellsChanged
        state.scrollOffset += 1
        let scroll = session.render(Screen(rowCount: rowCount, state: state)).cellsChanged
        let nothing = session.render(Screen(rowCount: rowCount, state: state)).cellsChanged
        return (move, scroll, nothing)
    }

    static func format(_ duration: Duration) -> String {
        let nanoseconds = duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
        let microseconds = Double(nanoseconds) / 1000
        return microseconds >= 1000 ? "\(Double(Int(microseconds / 10)) / 100) ms" : "\(Int(microseconds)) µs"
    }
}

/// A backend that discards everything, so only TermRender's own work is timed. It takes scrolls
/// like the real one, so frames include finding the rows that moved.
@MainActor
private final class NullBackend: ScrollingBackend {
    let size: Size
    init(size: Size) { self.size = size }
    func scroll(_ shift: RowShift) {}
    func draw(_ changes: [CellChange]) {}
    func clear() {}
    func setCursor(_ position: Point?) {}
    func flush() {}
}

private extension String {
    func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
