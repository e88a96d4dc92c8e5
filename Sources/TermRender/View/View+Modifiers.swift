extension Int {
    /// An unlimited length, for `frame(maxWidth: .infinity)`.
    public static var infinity: Int { ProposedSize.unlimited }
}

extension View {
    /// Adds `length` cells of space on `edges`.
    public func padding(_ edges: Edges = .all, _ length: Int = 1) -> ModifiedView<Self> {
        padding(EdgeInsets(
            top: edges.contains(.top) ? length : 0,
            leading: edges.contains(.leading) ? length : 0,
            bottom: edges.contains(.bottom) ? length : 0,
            trailing: edges.contains(.trailing) ? length : 0
        ))
    }

    /// Adds `length` cells of space on every side.
    public func padding(_ length: Int) -> ModifiedView<Self> {
        padding(.all, length)
    }

    /// Adds `insets` around the view.
    public func padding(_ insets: EdgeInsets) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in PaddingNode(child: child, insets: insets) }
    }

    /// Gives the view an exact width and/or height; the content is placed inside by `alignment`.
    public func frame(width: Int? = nil, height: Int? = nil, alignment: Alignment = .topLeading) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in
            FixedFrameNode(child: child, width: width.map { max(0, $0) }, height: height.map { max(0, $0) }, alignment: alignment)
        }
    }

    /// Bounds the view's size; `.infinity` as a maximum makes it take all the space on offer.
    public func frame(
        minWidth: Int? = nil, idealWidth: Int? = nil, maxWidth: Int? = nil,
        minHeight: Int? = nil, idealHeight: Int? = nil, maxHeight: Int? = nil,
        alignment: Alignment = .topLeading
    ) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in
            FlexibleFrameNode(
                child: child,
                width: FlexibleFrameNode.Limits(min: minWidth, ideal: idealWidth, max: maxWidth),
                height: FlexibleFrameNode.Limits(min: minHeight, ideal: idealHeight, max: maxHeight),
                alignment: alignment
            )
        }
    }

    /// Stacks give higher-priority children their space first.
    public func layoutPriority(_ priority: Double) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in
            child.layoutPriority = priority
            return child
        }
    }

    /// Keeps the view's space but draws nothing.
    public func hidden() -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in HiddenNode(child: child) }
    }

    /// Changes an environment value for this view and everything inside it.
    public func environment<Value: Sendable>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self) { $0[keyPath: keyPath] = value }
    }

    /// Changes the environment for this view and everything inside it.
    public func transformEnvironment(_ transform: @escaping @MainActor (inout EnvironmentValues) -> Void) -> EnvironmentModifiedView<Self> {
        EnvironmentModifiedView(content: self, transform: transform)
    }

    /// Draws text and lines inside in `color`.
    public func foregroundColor(_ color: Color) -> EnvironmentModifiedView<Self> {
        transformEnvironment { $0.textStyle.foreground = color }
    }

    /// Adds `attributes` to text and lines inside.
    public func textAttributes(_ attributes: TextAttributes) -> EnvironmentModifiedView<Self> {
        transformEnvironment { $0.textStyle.adding.formUnion(attributes) }
    }

    /// Draws text and lines inside in `style`'s colours and attributes.
    public func textStyle(_ style: Style) -> EnvironmentModifiedView<Self> {
        transformEnvironment { environment in
            environment.textStyle = StylePatch(
                foreground: style.foreground == .default ? environment.textStyle.foreground : style.foreground,
                background: style.background == .default ? environment.textStyle.background : style.background,
                adding: environment.textStyle.adding.union(style.attributes)
            )
        }
    }

    // Shorthands for `textAttributes(_:)`.
    public func bold() -> EnvironmentModifiedView<Self> { textAttributes(.bold) }
    public func dim() -> EnvironmentModifiedView<Self> { textAttributes(.dim) }
    public func italic() -> EnvironmentModifiedView<Self> { textAttributes(.italic) }
    public func underline() -> EnvironmentModifiedView<Self> { textAttributes(.underline) }
    /// Reverse video for text and lines inside (gaps between them keep their look; see `highlight`).
    public func reverse() -> EnvironmentModifiedView<Self> { textAttributes(.reverse) }

    /// Wraps text onto at most `limit` lines (nil: as many as fit).
    public func lineLimit(_ limit: Int?) -> EnvironmentModifiedView<Self> {
        environment(\.lineLimit, limit)
    }

    /// Where text inside is cut when it does not fit.
    public func truncationMode(_ mode: TruncationMode) -> EnvironmentModifiedView<Self> {
        environment(\.truncationMode, mode)
    }

    /// Fills the view's whole area with `color` behind its content; `.default` blanks what was there.
    public func background(_ color: Color) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in FillNode(child: child, style: Style(background: color)) }
    }

    /// Draws the content, then lays `style` over every cell of its area, gaps included: a row highlight.
    ///
    /// Colours in `style` other than `.default` replace the cells' colours; its attributes are added.
    public func highlight(_ style: Style = Style(attributes: .reverse)) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in HighlightNode(child: child, style: style) }
    }

    /// Places `layer` behind the view, sized to it.
    public func background<Layer: View>(alignment: Alignment = .center, @ViewBuilder _ layer: () -> Layer) -> LayeredView<Self, Layer> {
        LayeredView(content: self, layer: layer(), alignment: alignment, layerInFront: false)
    }

    /// Places `layer` in front of the view, sized to it.
    public func overlay<Layer: View>(alignment: Alignment = .center, @ViewBuilder _ layer: () -> Layer) -> LayeredView<Self, Layer> {
        LayeredView(content: self, layer: layer(), alignment: alignment, layerInFront: true)
    }

    /// Surrounds the view with a line border, optionally with a title in its top edge.
    public func border(_ style: BorderStyle = .rounded, title: String? = nil) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, context in
            BorderNode(child: child, border: style, title: title.map { Text(verbatim: $0) }, environment: context.environment)
        }
    }

    /// Surrounds the view with a line border whose title is styled text.
    public func border(_ style: BorderStyle = .rounded, title: Text) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, context in
            BorderNode(child: child, border: style, title: title, environment: context.environment)
        }
    }

    /// Names the view's area, so `RenderSession.hitTest(_:)` can tell a click landed on it.
    public func hitRegion<ID: Hashable & Sendable>(_ id: ID) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in RegionNode(child: child, id: AnyHashable(id)) }
    }

    /// Puts the terminal's cursor at `column` of the view's first row (for a focused text field); nil leaves it hidden.
    public func terminalCursor(atColumn column: Int?) -> ModifiedView<Self> {
        ModifiedView(content: self) { child, _ in CursorNode(child: child, column: column) }
    }
}
