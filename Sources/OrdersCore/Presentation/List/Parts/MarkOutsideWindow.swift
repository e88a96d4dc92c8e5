/// What a server-served list last held of a marked order its window no longer holds: the version
/// the operator saw when it was marked (an action refuses the order if someone else changed it
/// since), and its number, to name it when the store no longer has it.
struct MarkOutsideWindow: Equatable, Sendable {
    var version: Int
    var number: String
}
