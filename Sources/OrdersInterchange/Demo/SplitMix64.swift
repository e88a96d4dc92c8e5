/// A small, fast, seedable pseudo-random generator (SplitMix64, public domain
/// algorithm by Sebastiano Vigna). Demo data must be reproducible for a seed, so
/// it never draws from `SystemRandomNumberGenerator`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An integer in `0..<bound` (bound > 0), by multiply-high. Our own rather than the
    /// standard library's `next(upperBound:)`, whose algorithm may change between
    /// releases and would silently change every seeded data set; the bias is < 2⁻⁵⁰.
    public mutating func below(_ bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// A uniformly distributed element (the array must not be empty).
    public mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// True with the given probability in percent.
    mutating func chance(_ percent: Double) -> Bool {
        unit() * 100 < percent
    }

    /// A uniformly distributed Double in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// Picks from `(value, weight)` pairs with probability proportional to weight.
    mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
        let total = choices.reduce(0) { $0 + $1.1 }
        var roll = below(total)
        for (value, weight) in choices {
            if roll < weight { return value }
            roll -= weight
        }
        return choices[choices.count - 1].0
    }
}
