import Foundation
import OrdersCore
import OrdersInterchange
import OrdersStorage

/// Fuzzes one import format end to end: read the file, then write it into a store
/// that already holds orders. Every input must end in success (each order stored as
/// read) or in a refusal whose every message names the file and where, in words,
/// with the store unchanged. New formats plug in with their own corpus.
public struct ImportTarget: FuzzTarget {
    public let name: String
    public let format: OrderFileFormat
    public let corpus: [[UInt8]]
    public let structuralBytes: [UInt8]

    public init(name: String, format: OrderFileFormat, corpus: [[UInt8]], structuralBytes: [UInt8]) {
        self.name = name
        self.format = format
        self.corpus = corpus
        self.structuralBytes = structuralBytes
    }

    static let fileName = "fuzz-input"

    /// Whole-file problems that need no line: there is no line to point at.
    static let fileLevelProblems = [
        "is empty", "has a header but no orders", "is not a JSON array of orders", "holds no orders (an empty array)",
    ]

    /// Words that show a message comes from Swift or Foundation rather than from orders.
    public static let internalWords = ["DecodingError", "JSONError", "SourceLocation", "InSwift", "NSCocoaErrorDomain",
                                       "codingPath", "CodingKeys", "Optional(", "debugDescription", "Representable",
                                       "Error Domain"]

    public func check(_ input: [UInt8]) async -> String? {
        let store = InMemoryOrderStore(now: { FuzzFixtures.now })
        do {
            try await store.insert(FuzzFixtures.storedOrders)
        } catch {
            return "the fixture orders cannot be stored: \(error)"
        }
        let before = await Self.everything(in: store)
        let name = Self.fileName + "." + format.rawValue
        let file: ImportFile
        do {
            file = try OrderImporter.read(input, format: format, fileName: name)
        } catch {
            return Self.judge(error, fileName: name)
        }
        if file.entries.isEmpty { return "accepted a file with no orders" }
        do {
            try await OrderImporter.write(file, into: store, replacingExisting: false, actor: "fuzz")
        } catch let error as ImportError {
            if let problem = Self.judge(error, fileName: name) { return problem }
            return await Self.everything(in: store) == before ? nil : "refused, but the store changed"
        } catch {
            return "the write failed without a message naming where: \(error)"
        }
        for entry in file.entries {
            // An order read with a provisional key (a number that is not a local ORD- number) gets its
            // key from the store on import; it is found by its source and number, and compared key aside.
            var stored = try? await store.order(named: entry.order.reference)
            if entry.order.id.isProvisional { stored?.id = entry.order.id }
            if stored != entry.order { return "\(entry.order.reference) was not stored as read" }
        }
        return nil
    }

    /// Nil if every problem names the file, a place (or is a whole-file problem), and no Swift internals.
    static func judge(_ error: ImportError, fileName: String, fileLevelProblems: [String] = fileLevelProblems) -> String? {
        if error.problems.isEmpty { return "refused without any problem" }
        for problem in error.problems {
            if problem.file != fileName { return "a message names \"\(problem.file)\", not the file: \(problem)" }
            if problem.location == .file, !fileLevelProblems.contains(where: problem.problem.hasPrefix) {
                return "a message names no line, index or byte: \(problem)"
            }
            // Quoted text is the file's own data, which may say anything.
            let ownWords = problem.description.split(separator: "\"", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            if let word = internalWords.first(where: ownWords.contains) {
                return "a message shows Swift internals (\(word)): \(problem)"
            }
            if problem.problem.isEmpty { return "an empty message: \(problem)" }
        }
        return nil
    }

    static func everything(in store: InMemoryOrderStore) async -> [Order] {
        var orders: [Order] = []
        do {
            for try await batch in store.scanAll(batchSize: 100) { orders += batch }
        } catch {
            return []
        }
        return orders
    }
}
