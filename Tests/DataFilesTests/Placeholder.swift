import Testing

@Test func placeholderDataFilesTests() { #expect(1 + 1 == 2) }
