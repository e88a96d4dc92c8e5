extension Text {
    /// This text drawn in `style`: its colours (where set) and attributes, e.g. a theme slot.
    public func style(_ style: Style) -> Text {
        var result = self
        if style.foreground != .default { result = result.foregroundColor(style.foreground) }
        if style.background != .default { result = result.backgroundColor(style.background) }
        return result.attributes(style.attributes)
    }
}
