#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal settings to put back from a signal handler (which can capture nothing).
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var terminalIsRaw = false

/// Puts the terminal back and lets `signal` do what it does by default (end the process, with a core dump
/// for a crash). Only async-signal-safe calls: `write`, `tcsetattr`, `signal`, `raise`.
private func restoreTerminalOnSignal(_ signal: Int32) {
    if terminalIsRaw {
        let reset: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
        terminalIsRaw = false
    }
    #if canImport(Glibc)
    Glibc.signal(signal, SIG_DFL)
    #else
    Darwin.signal(signal, SIG_DFL)
    #endif
    raise(signal)
}

/// The terminal in full-screen mode: raw input (no echo, no line editing, Ctrl-C as a byte), the alternate
/// screen, the cursor hidden; ``restore()`` puts everything back, and so does any signal that ends the
/// program (`kill`, `kill -INT`, a closed terminal, a crash; Ctrl-C itself arrives as a key in raw mode).
///
/// `@unchecked Sendable`: one screen loop uses it at a time; the board hands it to the market screen it
/// opens and waits until that returns, so its state is never touched from two tasks at once.
final class RawTerminal: @unchecked Sendable {
    /// Signals after which the terminal is restored before the program ends.
    private static let endingSignals = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV,
    ]
    private var original = termios()
    private var isRaw = false

    /// `true` if standard input and output are a terminal.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Switches to raw mode and the alternate screen.
    func enter() {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        savedTerminal = original
        terminalIsRaw = true
        for signal in Self.endingSignals {
            #if canImport(Glibc)
            Glibc.signal(signal, restoreTerminalOnSignal)
            #else
            Darwin.signal(signal, restoreTerminalOnSignal)
            #endif
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        emit("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Leaves raw mode and the alternate screen.
    func restore() {
        guard isRaw else { return }
        emit("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        terminalIsRaw = false
        isRaw = false
    }

    /// Columns and rows (80×24 if the terminal does not say).
    var size: (width: Int, height: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// The bytes waiting on standard input (none if nothing was typed).
    func readAvailable() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 0) > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// Draws `lines` from the top-left corner, each line cleared to its end.
    func draw(_ lines: [String]) {
        var frame = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            frame += line + "\u{1B}[K" + (index + 1 < lines.count ? "\r\n" : "")
        }
        emit(frame)
    }

    func emit(_ text: String) {
        _ = StandardOutput.write(text)
    }
}
