import Testing
@testable import TermRender

/// Renders `view` into a fresh buffer of `width`×`height` and returns its lines.
@MainActor
func renderLines(_ view: some View, width: Int, height: Int, environment: EnvironmentValues = EnvironmentValues()) -> [String] {
    FrameRenderer.render(view, size: Size(width: width, height: height), environment: environment).lines
}

/// Records an issue showing both screens when `actual` differs from `expected`.
func expectScreen(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    if let report = ScreenComparison.mismatch(actual: actual, expected: expected) {
        Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
    }
}
