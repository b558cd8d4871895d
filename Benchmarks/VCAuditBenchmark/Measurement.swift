#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timing and memory figures for benchmark reports.
enum Measurement {
    /// Runs `body` and returns the wall-clock seconds it took.
    static func seconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Runs `body` and returns the wall-clock seconds it took and the CPU seconds the whole process spent meanwhile
    /// (every thread's, user and system).
    ///
    /// CPU time says what wall time cannot on a shared machine: work spread over several threads that costs more
    /// in all than the same work on one (contended cache lines, locks, page faults) shows as more CPU seconds.
    static func secondsAndCPU(_ body: () -> Void) -> (wall: Double, cpu: Double) {
        func processCPU() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
        let start = processCPU()
        let wall = seconds(body)
        return (wall, processCPU() - start)
    }

    /// The process's peak resident set size so far, in bytes.
    static var peakResidentBytes: Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)  // bytes on Darwin
        #else
        return Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #endif
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func megabytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

    /// The report's table: a row per stage with its min and median seconds, throughput, and ratios to libyaml.
    ///
    /// When `--only` left libyaml out, the ratio columns read "-" rather than dividing by nothing.
    static func table(stages: [String], times: [String: [Double]], iterations: Int, megabytes: Double) -> String {
        let baseline = times["libyaml"].flatMap { $0.allSatisfy { $0 > 0 } ? $0 : nil }
        var lines = ["\(iterations) iterations     min (s)  median (s)   MB/s (median)   vs libyaml (min, median)"]
        for name in stages {
            let values = times[name]!
            guard values.contains(where: { $0 > 0 }) else { continue } // not timed (--only)
            let low = values.min()!
            let middle = median(values)
            var line = name.padding(toLength: 12, withPad: " ", startingAt: 0)
                + format(low, decimals: 3, width: 11)
                + format(middle, decimals: 3, width: 12)
                + format(megabytes / middle, decimals: 1, width: 16)
            if let baseline {
                line += format(low / baseline.min()!, decimals: 2, width: 13) + "x" + format(middle / median(baseline), decimals: 2, width: 8) + "x"
            } else {
                line += String(repeating: " ", count: 13) + "-" + String(repeating: " ", count: 8) + "-"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// `value` with `decimals` digits after the point, right-aligned in `width`.
    static func format(_ value: Double, decimals: Int, width: Int = 0) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(Int(rounded))
        if decimals > 0 {
            let fraction = Int(((abs(rounded) - Double(Int(abs(rounded)))) * scale).rounded())
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
            if rounded < 0, Int(rounded) == 0 { text = "-" + text }
        }
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
