import Testing
@testable import TermRender

@MainActor
@Suite struct RenderSessionTests {
    struct Greeting: View {
        var name: String
        var body: some View {
            VStack {
                Text("Hello, \(name)").bold()
                HStack {
                    Text("中文")
                    Text("ok")
                }
            }
        }
    }

    @Test func smallViewMatchesExpectedScreen() {
        let backend = TestBackend(size: Size(width: 12, height: 3))
        let session = RenderSession(backend: backend)
        let stats = session.render(Greeting(name: "Ann"))
        expectScreen(backend.screenLines, [
            "Hello, Ann  ",
            "中文 ok     ",
            "            ",
        ])
        #expect(backend.style(x: 0, y: 0) == Style(attributes: .bold))
        #expect(backend.style(x: 0, y: 1) == .plain)
        #expect(stats.cellsChanged == 36)
        #expect(stats.wasFullRedraw)
        #expect(backend.flushCount == 1)
        #expect(backend.contractViolations.isEmpty)
    }

    @Test func cjkCharacterOccupiesTwoCells() {
        let backend = TestBackend(size: Size(width: 4, height: 1))
        RenderSession(backend: backend).render(Text("中a"))
        #expect(backend.cell(x: 0, y: 0) == Cell(grapheme: "中", width: 2))
        #expect(backend.cell(x: 1, y: 0).isContinuation)
        #expect(backend.cell(x: 2, y: 0) == Cell(grapheme: "a", width: 1))
        expectScreen(backend.screenLines, ["中a "])
    }

    @Test func unchangedFrameSendsNothing() {
        let backend = TestBackend(size: Size(width: 12, height: 3))
        let session = RenderSession(backend: backend)
        session.render(Greeting(name: "Ann"))
        backend.resetCounters()
        let stats = session.render(Greeting(name: "Ann"))
        #expect(stats.cellsChanged == 0)
        #expect(stats.bytesWritten == 0)
        #expect(backend.drawCalls == 0)
        #expect(backend.flushCount == 0)
    }

    @Test func changedFrameSendsOnlyTheChangedCells() {
        let backend = TestBackend(size: Size(width: 12, height: 3))
        let session = RenderSession(backend: backend)
        session.render(Greeting(name: "Ann"))
        backend.resetCounters()
        let stats = session.render(Greeting(name: "Bob"))
        #expect(backend.lastChanges.map(\.position) == [Point(x: 7, y: 0), Point(x: 8, y: 0), Point(x: 9, y: 0)])
        #expect(backend.lastChanges.map(\.cell.grapheme) == ["B", "o", "b"])
        #expect(stats.cellsChanged == 3)
        #expect(stats.bytesWritten == 3)
        #expect(backend.flushCount == 1)
        expectScreen(backend.screenLines, [
            "Hello, Bob  ",
            "中文 ok     ",
            "            ",
        ])
        // The backend's grid is exactly the renderer's frame: nothing was lost in the diff.
        #expect(backend.grid == session.currentFrame)
    }

    @Test func resizeRedrawsEverything() {
        let backend = TestBackend(size: Size(width: 12, height: 3))
        let session = RenderSession(backend: backend)
        session.render(Greeting(name: "Ann"))
        backend.resize(to: Size(width: 5, height: 2))
        backend.resetCounters()
        let stats = session.render(Greeting(name: "Ann"))
        #expect(stats.wasFullRedraw)
        #expect(stats.cellsChanged == 10)
        #expect(backend.clearCount == 1)
        // Two texts share 4 columns evenly: "ok" fits, "中文" is cut to "…" in its 2 columns.
        expectScreen(backend.screenLines, ["Hell…", "…  ok"])
    }

    @Test func zeroSizedScreenDrawsNothingAndDoesNotTrap() {
        let backend = TestBackend(size: .zero)
        let stats = RenderSession(backend: backend).render(Greeting(name: "Ann"))
        #expect(stats.cellsChanged == 0)
        #expect(backend.screenLines == [])
    }

    @Test func invalidatedSessionSendsTheWholeScreenAgain() {
        let backend = TestBackend(size: Size(width: 4, height: 2))
        let session = RenderSession(backend: backend)
        session.render(Text("ab"))
        session.invalidate()
        backend.resetCounters()
        let stats = session.render(Text("ab"))
        #expect(stats.cellsChanged == 8)
        #expect(stats.wasFullRedraw)
        #expect(backend.screenLines == ["ab  ", "    "])
    }
}
