import Testing
@testable import TermRender

@MainActor
@Suite struct BuilderRenderTests {
    struct Item: Identifiable {
        var id: Int
        var name: String
    }

    struct Conditional: View {
        var flag: Bool
        var count: Int?
        var mode: Int

        var body: some View {
            VStack {
                if flag {
                    Text("on")
                } else {
                    Text("off")
                }
                if let count {
                    Text("count \(count)")
                }
                switch mode {
                case 0: Text("zero")
                case 1: Text("one")
                default: EmptyView()
                }
                Text("end")
            }
        }
    }

    @Test func ifElseOptionalAndSwitchChooseTheRightViews() {
        expectScreen(renderLines(Conditional(flag: true, count: 3, mode: 1), width: 8, height: 4), [
            "on      ",
            "count 3 ",
            "one     ",
            "end     ",
        ])
        expectScreen(renderLines(Conditional(flag: false, count: nil, mode: 2), width: 8, height: 4), [
            "off     ",
            "end     ",
            "        ",
            "        ",
        ])
    }

    @Test func forEachOverIdentifiableDataAndRanges() {
        let items = [Item(id: 7, name: "seven"), Item(id: 9, name: "nine")]
        let view = VStack {
            ForEach(items) { item in
                Text("\(item.id) \(item.name)")
            }
            ForEach(0..<2) { index in
                Text("row \(index)")
            }
        }
        expectScreen(renderLines(view, width: 8, height: 5), [
            "7 seven ",
            "9 nine  ",
            "row 0   ",
            "row 1   ",
            "        ",
        ])
    }

    @Test func groupChildrenJoinTheEnclosingStack() {
        let view = HStack(spacing: 1) {
            Text("a")
            Group {
                Text("b")
                Text("c")
            }
            EmptyView()
            Text("d")
        }
        expectScreen(renderLines(view, width: 8, height: 1), ["a b c d "])
    }

    @Test func anyViewErasesDifferentTypes() {
        let views: [AnyView] = [AnyView(Text("x")), AnyView(HStack { Text("y"); Text("z") })]
        let view = VStack { ForEach(0..<2) { views[$0] } }
        expectScreen(renderLines(view, width: 4, height: 2), ["x   ", "y z "])
    }

    @Test func debugDumpShowsTheResolvedTree() {
        let view = VStack {
            Text("title").bold()
            HStack {
                Text("a")
                Spacer()
            }
            .padding(.leading, 2)
        }
        #expect(FrameRenderer.debugDescription(of: view) == """
        VStack spacing=0
          Text "title"
          Padding 0,2,0,0
            HStack spacing=1
              Text "a"
              Spacer

        """)
    }
}
