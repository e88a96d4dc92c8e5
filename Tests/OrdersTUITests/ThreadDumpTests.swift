import Foundation
import TerminalTestSupport
import Testing

/// The look at every thread a stalled shell test prints (`ThreadDump`): gdb's backtraces cut to
/// the threads in the project's code, and a real look at this test process.
@Suite("Thread dump of the test process")
struct ThreadDumpTests {
    static let gdbOutput = """
        [New LWP 9214]
        0x00007f25eb892301 in __GI___sigsuspend () from /lib/x86_64-linux-gnu/libc.so.6

        Thread 3 (Thread 0x7f25e69126c0 (LWP 9216) "oot.default-qos"):
        #0  0x00007f25eb925545 in __GI___clock_nanosleep (clock_id=0) at ../sysdeps/unix/sysv/linux/clock_nanosleep.c:48
        #1  0x00007f25eb955295 in usleep (useconds=100000) at ../sysdeps/posix/usleep.c:31
        #2  0x0000561241cc1c09 in $s19TerminalTestSupport9waitUntil_6withinF () at Eventually.swift:41
        #3  0x000056124166c802 in $s14OrdersTUITests014AppImportEndToE5TestsV21importsAShopifyExportyyKF () at AppImportEndToEndTests.swift:20
        #4  0x00007f25ecfcbb15 in swift_job_run () from /opt/swift/usr/lib/swift/linux/libswift_Concurrency.so

        Thread 2 (Thread 0x7f25e79146c0 (LWP 9214) "oot.default-qos"):
        #0  0x00007f25eb8a1c0e in __futex_abstimed_wait_common () from /lib/x86_64-linux-gnu/libc.so.6
        #1  0x00007f25ecd5c195 in _dispatch_worker_thread () from /opt/swift/usr/lib/swift/linux/libdispatch.so

        Thread 1 (Thread 0x7f25e9f0f780 (LWP 9210) "ordersPackageTes"):
        #0  __GI___sigsuspend (set=0x7f25ecd66078) at ../sysdeps/unix/sysv/linux/sigsuspend.c:26
        #1  0x00007f25ecd5c788 in _dispatch_sigsuspend () from /opt/swift/usr/lib/swift/linux/libdispatch.so
        """

    @Test("gdb's backtraces become a line for each thread in the project's code, innermost first; the others are counted")
    func summarisesBacktraces() {
        #expect(ThreadDump.summary(ofGDB: Self.gdbOutput) == """
            oot.default-qos: __GI___clock_nanosleep ← $s19TerminalTestSupport9waitUntil_6withinF ← \
            $s14OrdersTUITests014AppImportEndToE5TestsV21importsAShopifyExportyyKF
            2 threads in none of the project's code
            """)
        #expect(ThreadDump.summary(ofGDB: Self.gdbOutput, framesPerThread: 1) == """
            oot.default-qos: __GI___clock_nanosleep ← $s19TerminalTestSupport9waitUntil_6withinF ← \
            $s14OrdersTUITests014AppImportEndToE5TestsV21importsAShopifyExportyyKF
            2 threads in none of the project's code
            """)
    }

    @Test("a real look at this process finds this test's own thread, waiting for gdb")
    func looksAtThisProcess() throws {
        let dump = try #require(ThreadDump.ofThisProcess(), "gdb could not look at the test process (./dev test installs gdb)")
        #expect(dump.split(separator: "\n").contains { $0.contains("ThreadDumpTests") && $0.contains("looksAtThisProcess") },
                "\(dump)")
    }
}
