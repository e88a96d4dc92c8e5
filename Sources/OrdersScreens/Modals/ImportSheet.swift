import OrdersCore
import OrdersPresentation
import TermRender

/// The import started by `:import FILE`: while it runs, what it is doing and a bar of how far it
/// is; once it is over, its summary (new, updated, unchanged, or the first problems and their
/// places); the dialog's keys underneath. Everything shown comes from `ImportModel`.
public struct ImportSheet: View {
    /// The sheet's width when the screen allows it: a summary line or a problem's place a line.
    public static let preferredWidth = 96

    let title: String
    let progressText: String?
    let progressFraction: Double
    let lines: [String]
    let hints: [KeyHintBar.Hint]

    /// The sheet for `model`'s import, nil while there is none.
    @MainActor public init?(model: ImportModel, hints: [KeyHintBar.Hint]) {
        switch model.state {
        case .idle:
            return nil
        case .running(let run):
            title = "Importing \(run.fileName)"
            progressText = model.progressText
            lines = []
        case .finished(let summary):
            title = summary.title
            progressText = nil
            lines = summary.lines
        }
        progressFraction = model.progressFraction
        self.hints = hints
    }

    public var body: some View {
        VStack(spacing: 1) {
            if let progressText {
                VStack {
                    Text(progressText)
                    ProgressView(value: progressFraction)
                }
            }
            if !lines.isEmpty {
                VStack {
                    ForEach(lines.indices) { Text(lines[$0]) }
                }
            }
            KeyHintBar(hints)
        }
        .frame(maxWidth: Self.preferredWidth)
        .padding(.horizontal, 1)
    }
}

extension View {
    /// Shows `sheet` titled with its import over this view while it is not nil.
    public func importSheet(_ sheet: ImportSheet?) -> some View {
        self.sheet(isPresented: sheet != nil, title: sheet?.title) {
            if let sheet { sheet }
        }
    }
}
