/// A key for a value in the environment, with the value used when nobody set one.
public protocol EnvironmentKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// Values that flow from a view down to everything inside it: theme, colour capability, text style and your own keys.
///
/// Set them for a subtree with `.environment(\.key, value)`; read them with `@Environment(\.key)`.
public struct EnvironmentValues: Sendable {
    private var storage: [ObjectIdentifier: any Sendable] = [:]
    /// Style for text and lines drawn inside; inner settings win over outer ones.
    var textStyle = StylePatch()

    public init() {}

    /// The value for `key`, or its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { storage[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// The environment of the view whose body is being evaluated, read by `@Environment`.
    @TaskLocal static var current = EnvironmentValues()

    /// Text colour for text and lines inside; nil keeps the terminal's default.
    public var foregroundColor: Color? {
        get { textStyle.foreground }
        set { textStyle.foreground = newValue }
    }

    /// Attributes added to text and lines inside.
    public var textAttributes: TextAttributes {
        get { textStyle.adding }
        set { textStyle.adding = newValue }
    }
}

/// Reads an environment value inside a view's `body`.
@MainActor
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in effect where the view is being built.
    public var wrappedValue: Value {
        EnvironmentValues.current[keyPath: keyPath]
    }
}
