import Testing

@Test func placeholderStreamingTests() { #expect(1 + 1 == 2) }
