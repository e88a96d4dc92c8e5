import Testing
@testable import TermRender

@MainActor
@Suite struct ModifierRenderTests {
    @Test func paddingAddsSpaceOnTheChosenEdges() {
        expectScreen(renderLines(Text("x").padding(1).background(.blue), width: 4, height: 4), ["    ", " x  ", "    ", "    "])
        let buffer = FrameRenderer.render(Text("x").padding(1).background(.blue), size: Size(width: 4, height: 4))
        #expect(buffer[x: 0, y: 0].style.background == .blue)
        #expect(buffer[x: 2, y: 2].style.background == .blue)
        #expect(buffer[x: 3, y: 0].style.background == .default)
        // Text drawn on a filled background keeps that background.
        #expect(buffer[x: 1, y: 1] == Cell(grapheme: "x", width: 1, style: Style(background: .blue)))
        expectScreen(renderLines(Text("x").padding([.leading, .top], 2), width: 4, height: 3), ["    ", "    ", "  x "])
    }

    @Test func fixedFrameSizesAndAligns() {
        let view = Text("ab").frame(width: 6, height: 3, alignment: .center).background(.red)
        let buffer = FrameRenderer.render(view, size: Size(width: 8, height: 4))
        #expect(buffer.lines == ["        ", "  ab    ", "        ", "        "])
        #expect(buffer[x: 5, y: 2].style.background == .red)
        #expect(buffer[x: 6, y: 2].style.background == .default)
        expectScreen(renderLines(Text("abcdef").frame(width: 3), width: 8, height: 1), ["ab…     "])
    }

    @Test func flexibleFrameFillsOrBounds() {
        let filling = Text("hi").frame(maxWidth: .infinity, alignment: .trailing)
        expectScreen(renderLines(filling, width: 8, height: 1), ["      hi"])
        let bounded = HStack(spacing: 0) {
            Text("abc").frame(minWidth: 6).background(.green)
            Text("|")
        }
        expectScreen(renderLines(bounded, width: 10, height: 1), ["abc   |   "])
        let capped = Text("abcdefgh").frame(maxWidth: 4)
        expectScreen(renderLines(capped, width: 10, height: 1), ["abc…      "])
        let tall = Text("x").frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottomTrailing)
        expectScreen(renderLines(tall, width: 3, height: 2), ["   ", "  x"])
    }

    @Test func colourAndAttributeModifiersReachTheText() {
        let view = VStack {
            Text("a").foregroundColor(.red)
            Text("b").bold().underline()
            HStack {
                Text("c")
                Text("d").foregroundColor(.green)
            }
            .foregroundColor(.yellow)
            .italic()
            Text("e").dim().reverse()
        }
        let buffer = FrameRenderer.render(view, size: Size(width: 3, height: 4))
        #expect(buffer[x: 0, y: 0].style == Style(foreground: .red))
        #expect(buffer[x: 0, y: 1].style == Style(attributes: [.bold, .underline]))
        #expect(buffer[x: 0, y: 2].style == Style(foreground: .yellow, attributes: .italic))
        // The inner colour wins over the outer one.
        #expect(buffer[x: 2, y: 2].style == Style(foreground: .green, attributes: .italic))
        // The gap between them is not text, so it is not styled.
        #expect(buffer[x: 1, y: 2].style == .plain)
        #expect(buffer[x: 0, y: 3].style == Style(attributes: [.dim, .reverse]))
    }

    @Test func styledTextRunsConcatenate() {
        let text = Text("Total: ") + Text("12.50").bold().foregroundColor(.green)
        let buffer = FrameRenderer.render(text, size: Size(width: 12, height: 1))
        #expect(buffer.lines == ["Total: 12.50"])
        #expect(buffer[x: 6, y: 0].style == .plain)
        #expect(buffer[x: 7, y: 0].style == Style(foreground: .green, attributes: .bold))
    }

    @Test func highlightStylesTheWholeArea() {
        let row = HStack { Text("a"); Spacer(); Text("b") }.highlight()
        let buffer = FrameRenderer.render(row, size: Size(width: 5, height: 1))
        #expect(buffer.lines == ["a   b"])
        #expect(buffer.cells.allSatisfy { $0.style.attributes == .reverse })
    }

    @Test func borderWithTitle() {
        let environment = EnvironmentValues()
        let view = Text("body").border(.single, title: "Title")
        expectScreen(renderLines(view, width: 12, height: 3, environment: environment), [
            "┌ Title ┐   ",
            "│body   │   ",
            "└───────┘   ",
        ])
        let buffer = FrameRenderer.render(view, size: Size(width: 12, height: 3))
        #expect(buffer[x: 0, y: 0].style == Theme.dark.border)
        #expect(buffer[x: 2, y: 0].style == Theme.dark.title)
        let filled = Text("x").frame(maxWidth: .infinity).border(.rounded, title: "A very long title")
        expectScreen(renderLines(filled, width: 10, height: 3), [
            "╭ A ver… ╮",
            "│x       │",
            "╰────────╯",
        ])
        expectScreen(renderLines(Text("x").border(.ascii), width: 4, height: 3), ["+-+ ", "|x| ", "+-+ "])
    }

    @Test func borderInTooSmallAreaDrawsNothing() {
        expectScreen(renderLines(Text("x").border(), width: 1, height: 3), [" ", " ", " "])
    }

    @Test func hiddenKeepsItsSpace() {
        let view = HStack(spacing: 0) {
            Text("abc").hidden()
            Text("d")
        }
        expectScreen(renderLines(view, width: 5, height: 1), ["   d "])
    }

    @Test func overlayAndBackgroundLayers() {
        let overlaid = Text("......").overlay(alignment: .trailing) { Text("X") }
        expectScreen(renderLines(overlaid, width: 7, height: 1), [".....X "])
        // The layer shows only where the content draws nothing (the stack's gap), not through its spaces.
        let behind = HStack { Text("a"); Text("b c") }.background(alignment: .leading) { Text("-------") }
        expectScreen(renderLines(behind, width: 7, height: 1), ["a-b c  "])
    }

    @Test func progressBarUsesEighthsAndFillsItsWidth() {
        expectScreen(renderLines(ProgressView(value: 0.5), width: 8, height: 1), ["████░░░░"])
        expectScreen(renderLines(ProgressView(value: 3, total: 16), width: 8, height: 1), ["█▌░░░░░░"])
        expectScreen(renderLines(ProgressView(value: 2, total: 0), width: 4, height: 1), ["░░░░"])
        expectScreen(renderLines(ProgressView(value: 9, total: 1), width: 4, height: 1), ["████"])
    }

    @Test func spinnerShowsTheGivenFrame() {
        expectScreen(renderLines(Spinner(frame: 0), width: 1, height: 1), ["⠋"])
        expectScreen(renderLines(Spinner(frame: 11), width: 1, height: 1), ["⠙"])
        expectScreen(renderLines(Spinner(frame: -1, frames: .line), width: 1, height: 1), ["\\"])
    }

    @Test func terminalCursorIsPlacedForTheSession() {
        let backend = TestBackend(size: Size(width: 6, height: 2))
        let session = RenderSession(backend: backend)
        session.render(VStack { Text("name"); Text("ab").terminalCursor(atColumn: 2) })
        #expect(backend.cursor == Point(x: 2, y: 1))
        backend.resetCounters()
        session.render(VStack { Text("name"); Text("ab").terminalCursor(atColumn: 2) })
        #expect(backend.flushCount == 0)
        session.render(VStack { Text("name"); Text("ab") })
        #expect(backend.cursor == nil)
        #expect(backend.flushCount == 1)
    }
}

@MainActor
@Suite struct CustomDrawingRenderTests {
    @Test func canvasDrawsInItsOwnCoordinatesClippedToItself() {
        let view = VStack {
            Text("top")
            HStack(spacing: 0) {
                Text(">")
                Canvas(idealSize: Size(width: 4, height: 2)) { context in
                    context.fill(Rect(x: 0, y: 0, width: context.size.width, height: 1), style: Style(background: .blue))
                    context.write("\u{1B}ok", at: Point(x: 1, y: 0))
                    context.write("overflowing", at: Point(x: 2, y: 1), style: Style(attributes: .bold))
                }
                Text("<")
            }
        }
        let buffer = FrameRenderer.render(view, size: Size(width: 8, height: 3))
        // The canvas is greedy: it takes the 6 columns between the arrows, and clips to them.
        #expect(buffer.lines == ["top     ", "> ␛ok  <", "   over "])
        #expect(buffer[x: 1, y: 1].style.background == .blue)
        // Text written on the filled row keeps the fill's background.
        #expect(buffer[x: 3, y: 1].style.background == .blue)
        #expect(buffer[x: 3, y: 2].style == Style(attributes: .bold))
    }

    @Test func geometryReaderChoosesALayoutFromItsSize() {
        struct Responsive: View {
            var body: some View {
                GeometryReader { size in
                    if size.width >= 10 {
                        Text("wide \(size.width)x\(size.height)")
                    } else {
                        Text("n\(size.width)")
                    }
                }
            }
        }
        expectScreen(renderLines(Responsive(), width: 14, height: 2), ["wide 14x2     ", "              "])
        expectScreen(renderLines(Responsive(), width: 5, height: 1), ["n5   "])
    }
}

@MainActor
@Suite struct KeyHintBarRenderTests {
    static let hints: [KeyHintBar.Hint] = [
        .init(key: "↑↓", label: "move"),
        .init(key: "/", label: "search"),
        .init(key: "q", label: "quit"),
    ]

    @Test func hintsThatDoNotFitAreLeftOutWhole() {
        expectScreen(renderLines(KeyHintBar(Self.hints), width: 26, height: 1), ["↑↓ move  / search  q quit "])
        expectScreen(renderLines(KeyHintBar(Self.hints), width: 20, height: 1), ["↑↓ move  / search   "])
        expectScreen(renderLines(KeyHintBar(Self.hints), width: 6, height: 1), ["      "])
    }

    @Test func keysUseTheAccentStyleAndLabelsTheSecondaryOne() {
        let buffer = FrameRenderer.render(KeyHintBar(Self.hints), size: Size(width: 26, height: 1))
        #expect(buffer[x: 0, y: 0].style == Theme.dark.accent)
        #expect(buffer[x: 3, y: 0].style == Theme.dark.secondaryText)
        #expect(buffer[x: 2, y: 0].style == .plain)
    }

    @Test func bindingToAnObjectProperty() {
        final class Model {
            var query = "a"
        }
        let model = Model()
        let binding = Binding(model, \.query)
        binding.wrappedValue += "b"
        #expect(model.query == "ab")
    }
}
