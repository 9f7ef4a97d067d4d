import Testing

@Test func placeholderIntervalsTests() { #expect(1 + 1 == 2) }
