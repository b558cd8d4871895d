// The fuzzing entry point: `vcaudit-fuzz TARGET [libFuzzer flags...] [CORPUS...]`, built only by Fuzz/run.sh
// (with VCAUDIT_FUZZ=1 and -sanitize=fuzzer,address). It picks the target, then hands control to libFuzzer.

import VCAuditFuzzTargets

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libFuzzer's driver for programs that have their own `main` (LLVM 12 and later).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// The target chosen on the command line; set once, before libFuzzer starts calling back.
nonisolated(unsafe) var selected: FuzzTarget?

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "seed" {
    do {
        try Seeds.write(repository: arguments[2], to: arguments[3])
        exit(0)
    } catch {
        print("seed: \(error)")
        exit(1)
    }
}
guard arguments.count >= 2, let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    print("usage: vcaudit-fuzz TARGET [libFuzzer flags] [corpus folders]\n       vcaudit-fuzz seed REPOSITORY OUTPUT\ntargets: \(names)")
    exit(2)
}
selected = target

// libFuzzer sees the program name and everything after TARGET.
var driverArguments: [UnsafeMutablePointer<CChar>?] = [strdup(arguments[0])] + arguments.dropFirst(2).map { strdup($0) } + [nil]
var driverCount = Int32(driverArguments.count - 1)
let status = driverArguments.withUnsafeMutableBufferPointer { buffer in
    var base = buffer.baseAddress
    return withUnsafeMutablePointer(to: &base) { argv in
        LLVMFuzzerRunDriver(&driverCount, argv) { data, size in
            let bytes = Array(UnsafeBufferPointer(start: data, count: size))
            selected?.run(bytes)
            return 0
        }
    }
}
exit(status)
