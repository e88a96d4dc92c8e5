/// A partial style: only what a modifier set, to be laid over what is already there.
struct StylePatch: Hashable, Sendable {
    var foreground: Color?
    var background: Color?
    var adding: TextAttributes = []

    init(foreground: Color? = nil, background: Color? = nil, adding: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.adding = adding
    }

    /// A patch that sets every non-default part of `style`.
    init(_ style: Style) {
        self.init(
            foreground: style.foreground == .default ? nil : style.foreground,
            background: style.background == .default ? nil : style.background,
            adding: style.attributes
        )
    }

    /// `style` with this patch laid over it.
    func applied(to style: Style) -> Style {
        var result = style
        if let foreground { result.foreground = foreground }
        if let background { result.background = background }
        result.attributes.formUnion(adding)
        return result
    }

    /// This patch (the inner one) laid over `outer`: inner colours win, attributes add up.
    func over(_ outer: StylePatch) -> StylePatch {
        StylePatch(
            foreground: foreground ?? outer.foreground,
            background: background ?? outer.background,
            adding: adding.union(outer.adding)
        )
    }

    /// The full style this patch produces on a plain cell.
    var style: Style { applied(to: .plain) }
}
