import Testing

@Test func placeholderCalculatorBrainTests() { #expect(1 + 1 == 2) }
