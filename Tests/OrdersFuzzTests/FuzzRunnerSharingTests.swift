import Foundation
@testable import OrdersFuzzing
import Synchronization
import Testing

/// A fuzz run gives its thread back between cases. In the test suite it runs on Swift's cooperative
/// threads, one a core; targets whose checks never suspend once held both of the CI machine's for
/// a minute, and every other test stalled (stop 44's shell-test stall). Here the run and a probe
/// share one thread: the probe must get it while the run is still going.
@Suite("Fuzz runner: a long run shares its thread")
struct FuzzRunnerSharingTests {
    @Test("a task waiting beside a run of the input decoder (whose check never suspends) runs before the run ends")
    func aWaitingTaskRunsBetweenCases() async throws {
        #expect(FuzzCatalog.target(named: "input-decoder") != nil)
        let thread = OneThreadExecutor()
        let casesStarted = CaseCount()
        let run = Task(executorPreference: thread) {
            let target = FuzzCatalog.target(named: "input-decoder")!
            return await FuzzRunner.run(target, seed: 1, count: 2_000, willRun: { _ in casesStarted.value.withLock { $0 += 1 } })
        }
        let probe = Task(executorPreference: thread) { casesStarted.value.withLock { $0 } }
        let startedWhenProbeRan = await probe.value
        let report = await run.value
        #expect(report.casesRun == 2_000)
        #expect(startedWhenProbeRan < 2_000, "the probe waited for the whole run (\(startedWhenProbeRan) cases)")
    }
}

private final class CaseCount: Sendable {
    let value = Mutex(0)
}

/// Runs every job on one thread of its own, in the order they came: a machine with one core's worth
/// of cooperative threads.
private final class OneThreadExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])
    private let waiting = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            while true {
                waiting.wait()
                jobs.withLock { $0.removeFirst() }.runSynchronously(on: asUnownedTaskExecutor())
            }
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        waiting.signal()
    }
}
