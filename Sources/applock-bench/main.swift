import Foundation

do {
    let options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
    let bench = try Bench(options: options)
    try bench.run()
    print(options.json ? try bench.report.json() : bench.report.table())
} catch {
    FileHandle.standardError.write("applock-bench: \(error)\n".data(using: .utf8)!)
    exit(1)
}
