/// How likely the shop's fraud analysis thinks an order is to be fraudulent.
public enum RiskLevel: String, CaseIterable, Hashable, Sendable {
    case low, medium, high
}
