import Testing

@Test func placeholderGraphViewTests() { #expect(1 + 1 == 2) }
