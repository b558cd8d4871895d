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
