import Foundation

// orders-bench: speed and memory figures, printed as medians (and p99 where it
// matters). Build in release: `./dev bench [render|runtime|latency|store|presentation|dashboard]`.
// Machines here are shared and noisy: quote medians, and compare runs made together.

let benchmarks = ["render", "wire", "runtime", "latency", "store", "presentation", "dashboard"]
let chosen = Array(CommandLine.arguments.dropFirst())
if let unknown = chosen.first(where: { !benchmarks.contains($0) }) {
    FileHandle.standardError.write(Data("orders-bench: unknown benchmark \"\(unknown)\"; choose from \(benchmarks.joined(separator: ", "))\n".utf8))
    exit(2)
}
#if DEBUG
print("warning: a debug build; figures are only meaningful from `swift build -c release`")
#endif
print("cores: \(ProcessInfo.processInfo.activeProcessorCount)")
for name in chosen.isEmpty ? benchmarks : chosen {
    switch name {
    case "render": RenderBenchmark.run()
    case "wire": WireBenchmark.run()
    case "runtime": RuntimeBenchmark.run()
    case "latency": await KeystrokeLatencyBenchmark.run()
    case "store": StoreBenchmark.run()
    case "dashboard": DashboardBenchmark.run()
    default: await PresentationBenchmark.run()
    }
}
