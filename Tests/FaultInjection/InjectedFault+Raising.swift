import Glibc

/// How each fault is made real: the CPU or the kernel raises the signal, as in a real crash.
extension InjectedFault {
    static func storeToUnmappedAddress() {
        // The first page of the address space is never mapped.
        UnsafeMutablePointer<Int>(bitPattern: 8)?.pointee = 1
    }

    static func readBeyondEndOfFile() {
        var template = Array("/tmp/injected-fault-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard file >= 0 else { return }
        template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
        // Mapping an empty file works; touching the page is a bus error.
        guard let page = mmap(nil, 4096, PROT_READ, MAP_SHARED, file, 0), page != MAP_FAILED else { return }
        // The value is used, so the load cannot be left out; it is never reached.
        if page.load(as: UInt8.self) == 0x5A { close(file) }
    }

    static func divideByZero() {
        // Swift checks its own divisions (a trap, SIGILL); C's `div` really divides.
        // glibc declares `div` const: its result is used so that the call cannot be left out.
        let divisor = Int32(truncatingIfNeeded: getpid()) & 0
        if div(1, divisor).quot == 0x5A { close(-1) }
    }

    #if arch(x86_64)
    static let undefinedInstruction: [UInt8] = [0x0F, 0x0B]  // ud2
    static let breakpointInstruction: [UInt8] = [0xCC]  // int3
    static let getppidSystemCall: UInt32 = 110
    #elseif arch(arm64)
    static let undefinedInstruction: [UInt8] = [0x00, 0x00, 0x00, 0x00]  // udf #0
    static let breakpointInstruction: [UInt8] = [0x00, 0x00, 0x20, 0xD4]  // brk #0
    static let getppidSystemCall: UInt32 = 173
    #else
    static let undefinedInstruction: [UInt8] = []
    static let breakpointInstruction: [UInt8] = []
    static let getppidSystemCall: UInt32 = .max
    #endif

    /// Copies `instruction` into a fresh executable page and jumps to it.
    static func execute(_ instruction: [UInt8]) {
        guard !instruction.isEmpty,
              let page = mmap(nil, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              page != MAP_FAILED
        else { return }
        page.copyMemory(from: instruction, byteCount: instruction.count)
        let function = unsafeBitCast(page, to: (@convention(c) () -> Void).self)
        function()
    }

    /// Installs a seccomp filter on this thread that traps `getppid`, then calls it.
    static func makeForbiddenSystemCall() {
        // prctl is variadic in C, so Swift cannot call it directly; its address can be.
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard getppidSystemCall != .max, let symbol = dlsym(nil, "prctl") else { return }
        let prctl = unsafeBitCast(symbol, to: Prctl.self)
        // struct sock_filter { u16 code; u8 jt; u8 jf; u32 k }: load the syscall
        // number, trap getppid, allow everything else.
        let loadNumber: UInt64 = 0x20  // BPF_LD | BPF_W | BPF_ABS, k = 0
        let isGetppid: UInt64 = 0x15 | (1 << 24) | (UInt64(getppidSystemCall) << 32)  // BPF_JMP | BPF_JEQ | BPF_K, jf = 1
        let trap: UInt64 = 0x06 | (UInt64(0x0003_0000) << 32)  // BPF_RET | BPF_K, SECCOMP_RET_TRAP
        let allow: UInt64 = 0x06 | (UInt64(0x7FFF_0000) << 32)  // BPF_RET | BPF_K, SECCOMP_RET_ALLOW
        let filter = UnsafeMutablePointer<UInt64>.allocate(capacity: 4)
        filter.initialize(from: [loadNumber, isGetppid, trap, allow], count: 4)
        // struct sock_fprog { u16 len; struct sock_filter *filter } (the pointer at offset 8).
        let program = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
        program.initializeMemory(as: UInt8.self, repeating: 0, count: 16)
        program.storeBytes(of: 4, as: UInt16.self)
        program.storeBytes(of: UInt(bitPattern: filter), toByteOffset: 8, as: UInt.self)
        let setNoNewPrivileges: Int32 = 38, setSeccomp: Int32 = 22, filterMode: UInt = 2
        guard prctl(setNoNewPrivileges, 1, 0, 0, 0) == 0,
              prctl(setSeccomp, filterMode, UInt(bitPattern: program), 0, 0) == 0
        else { return }
        _ = getppid()
    }
}
