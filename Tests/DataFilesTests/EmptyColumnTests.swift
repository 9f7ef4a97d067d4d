import Testing

@testable import DataFiles

// A separator at the end of every line (immigration.dat ends each line with a tab) makes a
// last column with no name and no cells: messages do not list it.

@Suite struct EmptyColumnTests {
  @Test func aTrailingTabColumnIsNotListed() throws {
    let path = fixture("trailing-tabs.tsv")
    // It is still a column (numbered 4, empty), so numbering stays the file's.
    let info = try DataFile.columns(path: path)
    #expect(info.map(\.name) == ["label", "a", "b", "4"])
    #expect(info.map(\.kind) == [.text, .number, .number, .empty])
    let error = try #require(throws: DataFileError.self) {
      try DataFile.read(path: path, x: nil, y: .name("c"))
    }
    #expect(error.message.hasSuffix("Columns: label, a, b"))
    // The columns that are there read as before, a missing cell and all.
    let table = try DataFile.readTable(path: path, columns: [.name("label"), .name("b")])
    #expect(table.labels == ["x", "y", "z"])
    #expect(table.columns.first?.prefix(2) == [2, 4])
    #expect(table.columns.first?.last?.isNaN == true)
  }

  @Test func aNamedEmptyColumnAndHeaderlessFiles() throws {
    // A column with a header name is listed even when all its cells are empty.
    try withTemporaryFile("t,v,notes,\n1,2,,\n3,4,,\n") { path in
      let error = try #require(throws: DataFileError.self) {
        try DataFile.read(path: path, x: nil, y: .name("w"))
      }
      #expect(error.message.hasSuffix("Columns: t, v, notes"))
    }
    // Without a header the columns are numbered; the trailing empty one is left out.
    try withTemporaryFile("1\t2\t\n3\t4\t\n", name: "data.tsv") { path in
      let error = try #require(throws: DataFileError.self) {
        try DataFile.read(path: path, x: nil, y: .name("v"))
      }
      #expect(error.message.hasSuffix("Columns: 1, 2"))
    }
  }
}
