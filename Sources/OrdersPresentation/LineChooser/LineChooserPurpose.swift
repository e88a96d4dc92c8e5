/// What the line chooser's lines are chosen for.
public enum LineChooserPurpose: Hashable, Sendable {
    /// Units to send (`Shipment`), each line preset to all that is left to send.
    case fulfil
    /// Units coming back (`Refund`), each line preset to none.
    case refund
}
