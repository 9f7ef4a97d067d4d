import Testing

@Test func placeholderBars() { #expect(1 + 1 == 2) }
