import TerminalText
import Testing
@testable import TermRender

@MainActor
@Suite struct LayoutTests {
    @Test func spacerPushesToTheEdges() {
        let view = HStack(spacing: 0) {
            Text("left")
            Spacer()
            Text("right")
        }
        expectScreen(renderLines(view, width: 14, height: 1), ["left     right"])
    }

    @Test func flexibleChildrenShareSpaceEvenly() {
        let view = HStack(spacing: 0) {
            Text("#")
            Spacer().frame(height: 1).background(.red)
            Text("#")
            Spacer()
            Text("#")
        }
        let buffer = FrameRenderer.render(view, size: Size(width: 10, height: 1))
        #expect(buffer.lines == ["#   #    #"])
        // The first spacer got 3 columns (7 split 3/4, earlier ones smaller).
        #expect((1...3).allSatisfy { buffer[x: $0, y: 0].style.background == .red })
        #expect(buffer[x: 4, y: 0].style.background == .default)
    }

    @Test func layoutPriorityGetsSpaceFirst() {
        let view = HStack(spacing: 1) {
            Text("aaaaaaaa")
            Text("bbbbbbbb").layoutPriority(1)
        }
        expectScreen(renderLines(view, width: 12, height: 1), ["aa… bbbbbbbb"])
    }

    @Test func tooSmallProposalTruncatesInsteadOfOverflowing() {
        let view = HStack {
            Text("alpha")
            Text("beta")
        }
        expectScreen(renderLines(view, width: 6, height: 1), ["al… b…"])
    }

    @Test func contentThatFitsIsNeverCutEvenBesideASpacer() {
        let view = HStack(spacing: 0) {
            Text("[Save]")
            Spacer()
            Text("[Quit]")
        }
        expectScreen(renderLines(view, width: 12, height: 1), ["[Save][Quit]"])
        expectScreen(renderLines(view, width: 15, height: 1), ["[Save]   [Quit]"])
    }

    @Test func greedyViewsShareWhatTheIdealSizesLeave() {
        let view = HStack(spacing: 0) {
            Text("ab")
            Text("").frame(maxWidth: .infinity).background(.red)
            Text("cd")
            Text("").frame(maxWidth: .infinity).background(.blue)
        }
        let buffer = FrameRenderer.render(view, size: Size(width: 9, height: 1))
        // 5 columns left over: the first greedy view gets 2, the second 3.
        #expect(buffer.lines == ["ab  cd   "])
        #expect(buffer.cells.map(\.style.background) == [.default, .default, .red, .red, .default, .default, .blue, .blue, .blue])
    }

    @Test func exactFitShowsEverything() {
        let view = HStack {
            Text("alpha")
            Text("beta")
        }
        expectScreen(renderLines(view, width: 10, height: 1), ["alpha beta"])
    }

    @Test func textWrapsAtSpacesAndTruncatesTheLastLine() {
        let text = Text("the quick brown fox jumps over the lazy dog")
        expectScreen(renderLines(text, width: 10, height: 3), [
            "the quick ",
            "brown fox ",
            "jumps ove…",
        ])
        expectScreen(renderLines(text.lineLimit(1), width: 10, height: 3), [
            "the quick…",
            "          ",
            "          ",
        ])
    }

    @Test func longWordsBreakAndWideGlyphsNeverSplit() {
        expectScreen(renderLines(Text("abcdefghij"), width: 4, height: 3), ["abcd", "efgh", "ij  "])
        expectScreen(renderLines(Text("中文字符"), width: 3, height: 4), ["中 ", "文 ", "字 ", "符 "])
    }

    @Test func truncationModes() {
        let text = Text("ORD-0001234567")
        expectScreen(renderLines(text.lineLimit(1).truncationMode(.middle), width: 9, height: 1), ["ORD-…4567"])
        expectScreen(renderLines(text.lineLimit(1).truncationMode(.head), width: 9, height: 1), ["…01234567"])
        expectScreen(renderLines(text.lineLimit(1), width: 9, height: 1), ["ORD-0001…"])
    }

    @Test func newlinesStartNewLinesButCarriageReturnsAreInert() {
        expectScreen(renderLines(Text("one\ntwo\r\nthree\rx"), width: 8, height: 3), ["one     ", "two     ", "three␍x "])
    }

    @Test func zStackLayersAndAligns() {
        let view = ZStack(alignment: .center) {
            Text("..........\n..........\n..........")
            Text("XY")
        }
        expectScreen(renderLines(view, width: 10, height: 3), ["..........", "....XY....", ".........."])
    }

    @Test func vStackAlignment() {
        let view = VStack(alignment: .trailing) {
            Text("wide text")
            Text("r")
        }
        expectScreen(renderLines(view, width: 10, height: 2), ["wide text ", "        r "])
        let centered = VStack(alignment: .center) {
            Text("wide text")
            Text("c")
        }
        expectScreen(renderLines(centered, width: 10, height: 2), ["wide text ", "    c     "])
    }

    @Test func hStackVerticalAlignment() {
        let view = HStack(alignment: .bottom) {
            Text("a\nb\nc")
            Text("z")
        }
        expectScreen(renderLines(view, width: 4, height: 3), ["a   ", "b   ", "c z "])
    }

    @Test func dividersFollowTheStackAxis() {
        let view = VStack {
            Text("top")
            Divider()
            HStack(spacing: 0) {
                Text("l")
                Divider()
                Text("r")
            }
        }
        expectScreen(renderLines(view, width: 5, height: 3), ["top  ", "─────", "l│r  "])
    }

    @Test func everyViewSurvivesZeroAndTinyAreas() {
        let view = VStack {
            Text("hello world").border(title: "Title")
            HStack { Text("中"); Spacer(); ProgressView(value: 0.5) }
            Divider()
            Spinner(frame: 3)
            Text("x").padding(3).frame(width: 2, height: 1)
        }
        for width in 0...3 {
            for height in 0...3 {
                let buffer = FrameRenderer.render(view, size: Size(width: width, height: height))
                #expect(buffer.lines.count == height)
                #expect(buffer.lines.allSatisfy { TerminalText.width(of: $0) == width }, "\(width)x\(height): \(buffer.lines)")
            }
        }
    }

    @Test func proposalsAreAnsweredSensibly() {
        let node = Text("hello world").resolveSingle(ResolveContext(environment: EnvironmentValues(), stackAxis: nil))
        #expect(node.sizeThatFits(.unspecified) == Size(width: 11, height: 1))
        // Text keeps one line even when offered none, as in SwiftUI; its parent clips it.
        #expect(node.sizeThatFits(.zero) == Size(width: 0, height: 1))
        #expect(node.sizeThatFits(ProposedSize(width: 5, height: 5)) == Size(width: 5, height: 2))
        #expect(node.sizeThatFits(ProposedSize(width: 5, height: 1)) == Size(width: 5, height: 1))
        #expect(node.sizeThatFits(.infinity) == Size(width: 11, height: 1))
    }
}

@MainActor
@Suite struct OverflowLayoutTests {
    @Test func tallContentIsClippedToItsStack() {
        let view = VStack {
            HStack(spacing: 0) {
                VStack {
                    Text("1")
                    Text("2")
                    Text("3")
                    Text("4")
                }
                .frame(height: 2)
                Text("|")
            }
            Text("after")
        }
        expectScreen(renderLines(view, width: 6, height: 4), ["1|    ", "2     ", "after ", "      "])
    }

    @Test func wideFixedChildrenOverflowAndAreClipped() {
        let view = HStack(spacing: 0) {
            Text("abc").frame(width: 4)
            Text("def").frame(width: 4)
        }
        expectScreen(renderLines(view, width: 6, height: 1), ["abc de"])
    }

    @Test func zeroProposalYieldsMinimumSizes() {
        let context = ResolveContext(environment: EnvironmentValues(), stackAxis: nil)
        let stack = VStack { Text("a"); Spacer(); Divider() }.resolveSingle(context)
        #expect(stack.sizeThatFits(.zero) == Size(width: 0, height: 1))
        let bordered = Text("a").border().resolveSingle(context)
        #expect(bordered.sizeThatFits(.zero) == Size(width: 2, height: 3))
        let padded = Text("a").padding(2).resolveSingle(context)
        #expect(padded.sizeThatFits(.zero) == Size(width: 4, height: 5))
    }

    @Test func emptyStacksTakeNoSpace() {
        let context = ResolveContext(environment: EnvironmentValues(), stackAxis: nil)
        #expect(HStack { EmptyView() }.resolveSingle(context).sizeThatFits(ProposedSize(width: 5, height: 5)) == .zero)
        expectScreen(renderLines(VStack {}, width: 2, height: 1), ["  "])
    }
}

@MainActor
@Suite struct TinyAreaTests {
    static func views() -> [(String, AnyView)] {
        [
            ("text", AnyView(Text("hello 中文 world").lineLimit(2))),
            ("stacks", AnyView(VStack { HStack { Text("a"); Spacer(); Text("中") }; Divider(); ZStack { Text("z") } })),
            ("border", AnyView(Text("x").border(.double, title: "Title"))),
            ("frames", AnyView(Text("x").padding(2).frame(width: 3, height: 2).frame(maxWidth: .infinity))),
            ("progress", AnyView(HStack { ProgressView(value: 0.3); Spinner(frame: 1) })),
            ("table", AnyView(Table(columns: [TableColumn("A", width: .fixed(3)), .numeric("B")], rowCount: 1_000, state: TableState(selection: 999)) { ["\($0)", "中\($0)"] })),
            ("list", AnyView(List(rowCount: 5, state: .constant(TableState(selection: 2))) { Text("row \($0)") })),
            ("scroll", AnyView(ScrollView(offset: 3) { Text("one two three four five six") })),
            ("field", AnyView(TextFieldView(text: "中文 text", cursor: 3, placeholder: "p"))),
            ("editor", AnyView(TextEditorView(text: "some 中文\nnote", cursor: 4))),
            ("sheet", AnyView(Text("base").sheet(isPresented: true, title: "T") { Text("sheet body") })),
            ("alert", AnyView(Text("base").alert(isPresented: true, AlertDialog(title: "T", message: "m", buttons: [.init("A"), .init("B")], selectedButton: 9)))),
            ("toast", AnyView(Text("base").toast(Text("saved")))),
            ("canvas", AnyView(Canvas { context in context.write("中中中", at: Point(x: -1, y: 0)) })),
            ("geometry", AnyView(GeometryReader { size in Text("\(size.width)") })),
        ]
    }

    @Test func everyViewDrawsWithinTinyAndZeroAreasWithoutSplittingGlyphs() {
        for (name, view) in Self.views() {
            for width in 0...4 {
                for height in 0...3 {
                    let buffer = FrameRenderer.render(view, size: Size(width: width, height: height))
                    #expect(buffer.lines.count == height, "\(name) \(width)x\(height)")
                    for (row, line) in buffer.lines.enumerated() {
                        #expect(TerminalText.width(of: line) == width, "\(name) \(width)x\(height) row \(row): \(line)")
                    }
                    // Every continuation cell follows a wide cell: no half glyphs anywhere.
                    for y in 0..<height {
                        for x in 0..<width where buffer[x: x, y: y].isContinuation {
                            #expect(x > 0 && buffer[x: x - 1, y: y].width == 2, "\(name) \(width)x\(height) at \(x),\(y)")
                        }
                        for x in 0..<width where buffer[x: x, y: y].width == 2 {
                            #expect(x + 1 < width && buffer[x: x + 1, y: y].isContinuation, "\(name) \(width)x\(height) at \(x),\(y)")
                        }
                    }
                }
            }
        }
    }
}
