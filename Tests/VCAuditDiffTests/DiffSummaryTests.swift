import Testing
@testable import VCAuditDiff
import VCAuditReplay

@Suite("Summary line")
struct DiffSummaryTests {
    @Test("counts, with singulars and plurals, leaving out what did not change")
    func lines() {
        var summary = DiffSummary()
        summary.scenariosUnchanged = 3
        #expect(summary.line == "no differences: 3 scenarios identical")
        summary.scenariosUnchanged = 1
        #expect(summary.line == "no differences: 1 scenario identical")
        summary.scenariosChanged = 2
        summary.scenariosAdded = 1
        summary.eventsInserted = 14
        summary.eventsDeleted = 3
        summary.eventsMoved = 1
        summary.findingsNew = 1
        summary.findingsFixed = 2
        #expect(summary.line == "2 scenarios changed, 1 added; 14 events inserted, 3 deleted, 1 moved; 1 new finding, 2 fixed")
        var removedOnly = DiffSummary()
        removedOnly.scenariosRemoved = 1
        #expect(removedOnly.line == "1 scenario removed")
        var findingsOnly = DiffSummary()
        findingsOnly.findingsFixed = 1
        #expect(findingsOnly.line == "0 new findings, 1 fixed")
        #expect(findingsOnly.hasDifferences)
    }
}
