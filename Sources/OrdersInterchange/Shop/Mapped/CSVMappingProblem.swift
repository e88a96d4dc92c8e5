/// What is wrong with a mapping file: the setting (`columns.email`, `dateFormat`) and a sentence.
/// Reported as an `ImportProblem` of the mapping file, before any row of the export is read.
struct CSVMappingProblem: Error, Hashable, Sendable {
    var field: String?
    var problem: String
}
