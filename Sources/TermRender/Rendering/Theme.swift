/// Named styles for what things mean (text, selection, danger…), so screens never hard-code colours.
///
/// Every built-in theme marks a selected button, tab or notice with reverse video, so it shows
/// without colour too. A table's selected row is a bar of background colour in the colour themes
/// (see `selectedRow`) and reverse video in the monochrome one.
public struct Theme: Hashable, Sendable {
    public var text: Style
    public var secondaryText: Style
    public var accent: Style
    public var selection: Style
    /// The bar across a table's selected row. A background colour, not reverse video, where the
    /// terminal has colour: the row's blanks then have no attribute but their colour, so the
    /// terminal can erase a run of them (ECH) instead of being sent every space, and each cell's
    /// own foreground colour (a status, a date) stays readable on the one bar colour.
    public var selectedRow: Style
    public var header: Style
    public var border: Style
    public var title: Style
    public var success: Style
    public var warning: Style
    public var danger: Style
    public var info: Style
    /// Text standing in for missing content ("No orders", an empty field's hint).
    public var placeholder: Style
    /// Laid over everything behind a modal sheet.
    public var backdrop: Style

    public init(
        text: Style, secondaryText: Style, accent: Style, selection: Style, header: Style, border: Style, title: Style,
        success: Style, warning: Style, danger: Style, info: Style, placeholder: Style, backdrop: Style,
        selectedRow: Style? = nil
    ) {
        self.text = text
        self.secondaryText = secondaryText
        self.accent = accent
        self.selection = selection
        self.selectedRow = selectedRow ?? selection
        self.header = header
        self.border = border
        self.title = title
        self.success = success
        self.warning = warning
        self.danger = danger
        self.info = info
        self.placeholder = placeholder
        self.backdrop = backdrop
    }

    /// For dark terminal backgrounds.
    public static let dark = Theme(
        text: .plain,
        secondaryText: Style(foreground: .brightBlack),
        accent: Style(foreground: .brightCyan, attributes: .bold),
        selection: Style(foreground: .blue, attributes: .reverse),
        header: Style(foreground: .brightCyan, attributes: .bold),
        border: Style(foreground: .brightBlack),
        title: Style(foreground: .brightWhite, attributes: .bold),
        success: Style(foreground: .brightGreen),
        warning: Style(foreground: .brightYellow),
        danger: Style(foreground: .brightRed, attributes: .bold),
        info: Style(foreground: .brightBlue),
        placeholder: Style(foreground: .brightBlack, attributes: .italic),
        backdrop: Style(attributes: .dim),
        selectedRow: Style(foreground: .brightWhite, background: .blue)
    )

    /// For light terminal backgrounds.
    public static let light = Theme(
        text: .plain,
        secondaryText: Style(foreground: .ansi(8)),
        accent: Style(foreground: .blue, attributes: .bold),
        selection: Style(foreground: .cyan, attributes: .reverse),
        header: Style(foreground: .blue, attributes: .bold),
        border: Style(foreground: .ansi(8)),
        title: Style(foreground: .black, attributes: .bold),
        success: Style(foreground: .green),
        warning: Style(foreground: .magenta),
        danger: Style(foreground: .red, attributes: .bold),
        info: Style(foreground: .blue),
        placeholder: Style(foreground: .ansi(8), attributes: .italic),
        backdrop: Style(attributes: .dim),
        selectedRow: Style(foreground: .black, background: .cyan)
    )

    /// No colour at all: meaning carried by bold, dim, underline and reverse.
    public static let monochrome = Theme(
        text: .plain,
        secondaryText: Style(attributes: .dim),
        accent: Style(attributes: .bold),
        selection: Style(attributes: .reverse),
        header: Style(attributes: [.bold, .underline]),
        border: .plain,
        title: Style(attributes: .bold),
        success: .plain,
        warning: Style(attributes: .bold),
        danger: Style(attributes: [.bold, .underline]),
        info: .plain,
        placeholder: Style(attributes: [.dim, .italic]),
        backdrop: Style(attributes: .dim)
    )

    /// The dark theme, or the monochrome one when the terminal has no colour.
    public static func standard(for capability: ColorCapability) -> Theme {
        capability == .none ? .monochrome : .dark
    }
}

private struct ThemeKey: EnvironmentKey {
    static let defaultValue = Theme.dark
}

private struct ColorCapabilityKey: EnvironmentKey {
    static let defaultValue = ColorCapability.trueColor
}

extension EnvironmentValues {
    /// The theme views draw with.
    public var theme: Theme {
        get { self[ThemeKey.self] }
        set { self[ThemeKey.self] = newValue }
    }

    /// What the terminal can show; the session degrades colours to it when sending cells.
    public var colorCapability: ColorCapability {
        get { self[ColorCapabilityKey.self] }
        set { self[ColorCapabilityKey.self] = newValue }
    }
}
