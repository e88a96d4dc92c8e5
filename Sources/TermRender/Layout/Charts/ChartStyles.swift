/// The styles every chart draws with, taken from the theme once per frame.
struct ChartStyles {
    /// An ordinary bar.
    var bar: Style
    /// A highlighted bar and its value text (the theme's `danger`: bold and underlined without colour).
    var highlighted: Style
    /// Labels.
    var label: Style
    /// Value texts.
    var value: Style
    /// The selected bar's label (reverse video in every theme).
    var selection: Style

    init(environment: EnvironmentValues) {
        let theme = environment.theme
        let text = environment.textStyle
        bar = text.applied(to: theme.accent)
        highlighted = text.applied(to: theme.danger)
        label = text.applied(to: theme.text)
        value = text.applied(to: theme.secondaryText)
        selection = text.applied(to: theme.selection)
    }
}
