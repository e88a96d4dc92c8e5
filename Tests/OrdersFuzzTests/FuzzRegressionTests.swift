import OrdersCore
@testable import OrdersFuzzing
import OrdersInterchange
import TermRender
import Testing

/// Inputs the fuzzers found, each kept as a named test.
@Suite("Fuzz findings, kept")
struct FuzzRegressionTests {
    /// input-decoder, seed 20261123 case 14234: a paste cut off after an ESC (the possible start
    /// of its end marker) left the ESC pending after the escape timer, to be glued to the next key.
    @Test func aPasteCutAfterAnEscapeLeavesNothingPending() {
        var decoder = InputDecoder()
        let events = decoder.decode(Array("\u{1B}[200~pasted\ntext\u{1B}".utf8))
        #expect(events == [])
        #expect(decoder.flush() == [.paste("pasted\ntext\u{1B}")])
        #expect(!decoder.hasPendingInput)
        #expect(decoder.decode(Array("a".utf8)) == [.key(KeyPress(.character("a")))])
    }

    /// csv-import, seed 20261123 case 428: a column named after demo data ("…in Swift 6") was taken
    /// for a Swift internal by the fuzzer's own judge; quoted data is the file's, not ours.
    @Test func quotedDataIsNotMistakenForSwiftInternals() {
        let problem = ImportProblem(file: "f.csv", location: .line(1), field: nil, problem: "has an unknown column \"Concurrency in Swift 6\"")
        #expect(ImportTarget.judge(ImportError(problems: [problem]), fileName: "f.csv") == nil)
        let leak = ImportProblem(file: "f.csv", location: .line(1), field: nil, problem: "numberIsNotRepresentableInSwift")
        #expect(ImportTarget.judge(ImportError(problems: [leak]), fileName: "f.csv")
            == "a message shows Swift internals (InSwift): f.csv, line 1: numberIsNotRepresentableInSwift")
    }
}
