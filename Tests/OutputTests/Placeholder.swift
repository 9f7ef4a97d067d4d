import Testing

@Test func placeholderOutputTests() { #expect(1 + 1 == 2) }
