import OrdersCore
import OrdersInterchange

/// Runs a target on seeded, reproducible inputs: case N of seed S is always the same
/// bytes (`input(for:seed:case:)`), so any finding replays from three numbers.
public enum FuzzRunner {
    /// The input of one case: a corpus entry with one to four mutations, or the entry itself now and then.
    public static func input(for target: some FuzzTarget, seed: UInt64, case index: Int) -> [UInt8] {
        var random = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        _ = random.next()
        let corpus = target.corpus
        let base = random.pick(corpus)
        if random.below(50) == 0 { return base }
        return Mutator.mutate(base, corpus: corpus, structural: target.structuralBytes, random: &random)
    }

    /// Runs cases `first…` until `count` have run or `shouldStop` says so, calling
    /// `willRun` before each (the supervising process records progress there).
    public static func run(_ target: some FuzzTarget, seed: UInt64, from first: Int = 0, count: Int = .max,
                           watchdog: CaseWatchdog? = nil, willRun: (Int) -> Void = { _ in },
                           shouldStop: () -> Bool = { false }) async -> FuzzReport {
        // Before the watchdog times any case: a shared store made inside a case once took its whole 10 s under load.
        await target.prepare()
        var findings: [FuzzFinding] = []
        var index = first
        while index - first < count, !shouldStop() {
            let input = input(for: target, seed: seed, case: index)
            willRun(index)
            watchdog?.begin("\(target.name) seed \(seed) case \(index)")
            let problem = await target.check(input)
            watchdog?.end()
            if let problem {
                findings.append(FuzzFinding(target: target.name, seed: seed, caseIndex: index, input: input, problem: problem))
            }
            index += 1
            // A target whose check never suspends (the query parser, the input decoder) would keep
            // its thread for the whole run. In the test suite that thread is one of Swift's
            // cooperative threads, one a core: two such targets at once held both, and every other
            // test stalled until they ended (stop 44's shell-test stall). Between cases the thread
            // goes back, so the rest of the process goes on beside a long run.
            await Task.yield()
        }
        return FuzzReport(target: target.name, casesRun: index - first, findings: findings)
    }
}
