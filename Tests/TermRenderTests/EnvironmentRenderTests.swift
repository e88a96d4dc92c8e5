import Testing
@testable import TermRender

private struct GreetingKey: EnvironmentKey {
    static let defaultValue = "hello"
}

extension EnvironmentValues {
    fileprivate var greeting: String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

@MainActor
@Suite struct EnvironmentRenderTests {
    struct Greeter: View {
        @Environment(\.greeting) var greeting
        var body: some View { Text(greeting) }
    }

    struct ThemedLabel: View {
        @Environment(\.theme) var theme
        var body: some View { Text("!").textStyle(theme.danger) }
    }

    @Test func valuesAreInjectedAtTheRootAndOverriddenInASubtree() {
        var root = EnvironmentValues()
        root.greeting = "root"
        let view = VStack {
            Greeter()
            Greeter().environment(\.greeting, "inner")
            VStack { Greeter() }
        }
        expectScreen(renderLines(view, width: 5, height: 3, environment: root), ["root ", "inner", "root "])
        expectScreen(renderLines(Greeter(), width: 5, height: 1), ["hello"])
    }

    struct GreetingList: View {
        @Environment(\.greeting) var greeting
        var body: some View {
            VStack {
                ForEach(0..<2) { index in Text("\(greeting) \(index)") }
            }
        }
    }

    @Test func forEachContentSeesTheEnvironmentOfTheViewThatBuiltIt() {
        var root = EnvironmentValues()
        root.greeting = "root"
        expectScreen(renderLines(GreetingList(), width: 6, height: 2, environment: root), ["root 0", "root 1"])
    }

    @Test func themeComesFromTheEnvironment() {
        var environment = EnvironmentValues()
        environment.theme = .monochrome
        let mono = FrameRenderer.render(ThemedLabel(), size: Size(width: 1, height: 1), environment: environment)
        #expect(mono[x: 0, y: 0].style == Theme.monochrome.danger)
        let dark = FrameRenderer.render(ThemedLabel(), size: Size(width: 1, height: 1))
        #expect(dark[x: 0, y: 0].style == Theme.dark.danger)
    }

    @Test func noColourKeepsAttributesButDropsColours() {
        var environment = EnvironmentValues()
        environment.colorCapability = .none
        let view = Text("x").foregroundColor(.red).bold().background(.blue).highlight()
        let buffer = FrameRenderer.render(view, size: Size(width: 1, height: 1), environment: environment)
        #expect(buffer[x: 0, y: 0].style == Style(attributes: [.bold, .reverse]))
    }

    @Test func coloursDegradeToTheTerminal() {
        var environment = EnvironmentValues()
        environment.colorCapability = .indexed256
        let buffer = FrameRenderer.render(Text("x").foregroundColor(.rgb(255, 0, 0)), size: Size(width: 1, height: 1), environment: environment)
        #expect(buffer[x: 0, y: 0].style.foreground == .indexed(196))
    }

    @Test func bindingReadsAndWritesThroughToTheOwner() {
        final class Model {
            var state = TableState(selection: 1)
        }
        let model = Model()
        let binding = Binding(get: { model.state }, set: { model.state = $0 })
        let selection = binding.selection
        #expect(selection.wrappedValue == 1)
        selection.wrappedValue = 4
        #expect(model.state.selection == 4)
        let constant = Binding.constant(3)
        constant.wrappedValue = 9
        #expect(constant.wrappedValue == 3)
    }
}
