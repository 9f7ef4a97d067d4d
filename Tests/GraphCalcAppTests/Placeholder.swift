import Testing

@Test func placeholderGraphCalcAppTests() { #expect(1 + 1 == 2) }
