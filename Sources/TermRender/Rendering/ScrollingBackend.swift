/// A backend that can move a band of rows on the terminal itself (a scroll region), so that a
/// list which moved by a line costs one new row rather than a whole screen.
///
/// `RenderSession` scrolls first and then sends the cells that still differ from the scrolled
/// screen; a backend must therefore leave exactly what `Buffer.scrolled(by:)` describes.
@MainActor
public protocol ScrollingBackend: Backend {
    /// Moves the rows of `shift.region` by `shift.lines` (positive up); the rows uncovered are blank.
    func scroll(_ shift: RowShift)
}
