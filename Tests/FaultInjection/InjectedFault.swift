import Glibc

/// A real fault of one kind, raised on purpose inside a running program, so that
/// end-to-end tests can check what the program does when it really crashes (or
/// is asked to quit) rather than only when a signal is sent from outside.
///
/// Not a user feature: only test programs link it (`OrdersFaulty`, which is `orders`
/// plus `FaultHook`; see README "Reliability"), never a program users install.
public enum InjectedFault: String, CaseIterable, Sendable {
    /// A store to an unmapped address.
    case segv
    /// A read of a file-backed page beyond the end of its (empty) file.
    case bus
    /// An undefined instruction (`ud2`; `udf` on arm64).
    case ill
    /// An integer division by zero, done by the C library's `div`.
    case fpe
    /// `abort()`.
    case abrt
    /// A breakpoint instruction (`int3`; `brk` on arm64).
    case trap
    /// A system call refused by a seccomp filter that traps.
    case sys
    /// SIGQUIT sent to the process, as Ctrl-\ does in a shell.
    case quit

    /// The signal the fault raises.
    public var signal: Int32 {
        switch self {
        case .segv: SIGSEGV
        case .bus: SIGBUS
        case .ill: SIGILL
        case .fpe: SIGFPE
        case .abrt: SIGABRT
        case .trap: SIGTRAP
        case .sys: SIGSYS
        case .quit: SIGQUIT
        }
    }

    /// Raises the fault on the calling thread. A fault does not return; should
    /// the machine refuse to fault the way asked (no executable memory, no
    /// seccomp), the signal is raised directly instead. `quit` returns: the
    /// program then quits through its usual path.
    public func trigger() {
        switch self {
        case .segv: Self.storeToUnmappedAddress()
        case .bus: Self.readBeyondEndOfFile()
        case .ill: Self.execute(Self.undefinedInstruction)
        case .fpe: Self.divideByZero()
        case .abrt: abort()
        case .trap: Self.execute(Self.breakpointInstruction)
        case .sys: Self.makeForbiddenSystemCall()
        case .quit:
            kill(getpid(), SIGQUIT)
            return
        }
        raise(signal)
    }
}
