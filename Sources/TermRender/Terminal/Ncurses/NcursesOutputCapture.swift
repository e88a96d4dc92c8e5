import Glibc

/// Where ncurses writes its output instead of the terminal: an unlinked
/// temporary file, read back after each ncurses call that produces output.
///
/// ncurses 6 writes with one `write(2)` per buffer-full (roughly per changed
/// line) straight to the descriptor of its output `FILE*`, so a cookie stream
/// never sees the bytes. Capturing them in a file instead lets the backend
/// count every byte and send a whole frame — synchronized-output brackets
/// included — in a single `write(2)`. A file (unlike a pipe) never fills up,
/// so a large frame cannot block ncurses while nobody reads.
final class NcursesOutputCapture {
    /// The stream handed to `newterm`.
    let stream: UnsafeMutablePointer<FILE>
    private let descriptor: Int32

    init?() {
        var descriptor: Int32 = -1
        for directory in ["/dev/shm", "/tmp"] {
            var template = Array("\(directory)/termrender-output-XXXXXX".utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            if descriptor >= 0 {
                // Not inherited by programs the app starts (an editor, a pager).
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } }
                break
            }
        }
        guard descriptor >= 0 else { return nil }
        guard let stream = fdopen(descriptor, "w") else {
            close(descriptor)
            return nil
        }
        // Anything ncurses sends through stdio must land in the file at once,
        // in order with its direct writes to the descriptor.
        setvbuf(stream, nil, _IONBF, 0)
        self.stream = stream
        self.descriptor = descriptor
    }

    deinit {
        fclose(stream)
    }

    /// The bytes ncurses wrote since the last call, removed from the file.
    func take() -> [UInt8] {
        fflush(stream)
        let count = Int(lseek(descriptor, 0, SEEK_CUR))
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            while filled < count {
                let read = pread(descriptor, base + filled, count - filled, off_t(filled))
                if read > 0 {
                    filled += read
                } else if read < 0, errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        // ncurses writes at the descriptor's offset: rewinding makes the next
        // output start at the beginning of the (emptied) file again.
        ftruncate(descriptor, 0)
        lseek(descriptor, 0, SEEK_SET)
        return filled == count ? bytes : Array(bytes[..<filled])
    }
}
