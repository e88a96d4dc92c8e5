import Foundation

/// How many random sequences a model-based test runs (`OrderRulesModelTests`, `TwoOperatorsModelTests`,
/// `ListActionSequenceModelTests`, `ShopOrderSequenceModelTests`): `ORDERS_MODEL_SEQUENCES` when it is
/// set (`./dev fuzz model N` sets it, for a long run by hand), else the suite's usual count for
/// `./dev test`. A suite on a database store runs a fraction of it, each sequence opening a database
/// of its own.
enum ModelSequences {
    static func count(_ usual: Int) -> Int {
        ProcessInfo.processInfo.environment["ORDERS_MODEL_SEQUENCES"].flatMap(Int.init) ?? usual
    }
}
