/// The headings commands are grouped under in help.
enum CommandGroup {
    static let move = "Move", view = "Search, filter & sort", act = "Act on orders", app = "App"
}
