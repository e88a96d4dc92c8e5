import Dispatch

/// A serial executor that runs an actor's jobs on its own Dispatch queue.
///
/// SQLite calls block; running them on a dedicated queue keeps them off Swift's
/// small cooperative thread pool (two threads on a two-core machine), so a long
/// import never stalls the rest of the app.
final class QueueExecutor: SerialExecutor {
    let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
