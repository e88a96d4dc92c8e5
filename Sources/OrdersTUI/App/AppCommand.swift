/// Everything a key can ask the app to do. Keys map to commands through the
/// keymap (data), and `AppController` carries each command out on the models
/// or the coordinator — views never act on keys themselves.
enum AppCommand: String, CaseIterable, Hashable, Sendable {
    case moveDown = "move-down"
    case moveUp = "move-up"
    case pageDown = "page-down"
    case pageUp = "page-up"
    case jumpToTop = "top"
    case jumpToBottom = "bottom"
    case quit
}
