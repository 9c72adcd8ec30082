// `engine-count`: the engine's order flow, replayed for an instruction count under callgrind.
//
// `scripts/engine-instructions` runs this under `valgrind --tool=callgrind` with collection switched on
// only inside `measuredReplay`, and divides the instructions by the commands: a figure that is the same
// on any machine (for one toolchain), so CI can fail a change that slows the core wherever it runs.
// Time-based figures cannot do that: this machine's speed moves by 2× from one day to the next.
//
// Its own executable with a synchronous `main`, because valgrind 3.19 stops with an internal error as
// soon as `bourse` (an async main, so `dispatch_main`) starts. It prints one line:
// `engine-count: commands=<n> trades=<n>`, so the run can be checked to have done the whole flow.
import BourseCore
import BourseWorkloads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Applies `commands` as the server's writer loop would, clearing the reused event buffer before each.
/// Never inlined: callgrind counts instructions only between this function's entry and exit.
@inline(never)
func measuredReplay(
    _ commands: ArraySlice<Command>, on exchange: inout Exchange, events: inout [Event], at time: Timestamp
) {
    for command in commands {
        events.removeAll(keepingCapacity: true)
        exchange.handle(command, at: time, into: &events)
    }
}

/// Says what went wrong on standard error (standard output carries only the result line) and exits.
func fail(_ message: String, status: Int32 = 1) -> Never {
    let line = Array((message + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(status)
}

/// `--commands N` (measured) and `--warmup N` (applied first, not measured); small defaults, since
/// callgrind runs the flow ~50 times slower than the machine.
func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name) else { return value }
    guard index + 1 < arguments.count, let parsed = Int(arguments[index + 1]), parsed >= 0 else {
        fail("engine-count: \(name) needs a whole number", status: 2)
    }
    return parsed
}

let measured = option("--commands", default: 100_000)
let warmup = option("--warmup", default: 100_000)
let flow = EngineFlow(seed: 1, commands: warmup + measured)
var exchange = flow.preparedExchange()
var events: [Event] = []
events.reserveCapacity(256)
for command in flow.commands[..<warmup] {
    events.removeAll(keepingCapacity: true)
    exchange.handle(command, at: flow.time, into: &events)
}
measuredReplay(flow.commands[warmup...], on: &exchange, events: &events, at: flow.time)
let trades = exchange.engine(flow.market.code)?.tradeCount ?? 0
guard trades == UInt64(flow.statistics.trades) else {
    fail("engine-count: the replay traded \(trades) times where generating the flow traded \(flow.statistics.trades)")
}
print("engine-count: commands=\(measured) trades=\(trades)")
