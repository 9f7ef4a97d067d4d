import GraphView
import Testing

@Suite struct TicksTests {
  struct Case: Sendable, CustomStringConvertible {
    var range: ClosedRange<Double>
    var count: Int
    var labels: [String]
    var description: String { "\(range) ~\(count)" }
  }

  static let cases: [Case] = [
    Case(range: 0...0.3, count: 4, labels: ["0", "0.1", "0.2", "0.3"]),
    Case(
      range: -10...10, count: 10,
      labels: ["-10", "-8", "-6", "-4", "-2", "0", "2", "4", "6", "8", "10"]),
    Case(range: -1...1, count: 5, labels: ["-1.0", "-0.5", "0", "0.5", "1.0"]),
    Case(range: 0...1e20, count: 5, labels: ["0", "2e19", "4e19", "6e19", "8e19", "1e20"]),
    Case(range: 0...1e-8, count: 5, labels: ["0", "2e-9", "4e-9", "6e-9", "8e-9", "1e-8"]),
    Case(
      range: 1e-9...3e-9, count: 5,
      labels: ["1.0e-9", "1.5e-9", "2.0e-9", "2.5e-9", "3.0e-9"].map {
        $0.replacingOccurrences(of: ".0e", with: "e")
      }),
    Case(range: 118.932...118.953, count: 5, labels: ["118.935", "118.940", "118.945", "118.950"]),
    Case(range: -0.3...0.3, count: 7, labels: ["-0.3", "-0.2", "-0.1", "0", "0.1", "0.2", "0.3"]),
    Case(
      range: 2...4, count: 8,
      labels: ["2.0", "2.2", "2.4", "2.6", "2.8", "3.0", "3.2", "3.4", "3.6", "3.8", "4.0"]),
    Case(
      range: 0...1_000_000, count: 5,
      labels: ["0", "200000", "400000", "600000", "800000", "1000000"]),
    Case(range: -5e7...5e7, count: 5, labels: ["-4e7", "-2e7", "0", "2e7", "4e7"]),
  ]

  @Test(arguments: cases)
  func labelsAreWhatAPersonWrites(_ c: Case) {
    let ticks = Ticks.ticks(for: c.range, approximateCount: c.count)
    #expect(ticks.map(\.label) == c.labels)
    #expect(ticks.allSatisfy { c.range.contains($0.value) })
    #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.value < $1.value })
  }

  /// The value of each tick is the double nearest its label.
  @Test func valuesMatchLabels() {
    for t in Ticks.ticks(for: -1...1, approximateCount: 20)
      + Ticks.ticks(for: 0...0.3, approximateCount: 4)
    {
      #expect(Double(t.label) == t.value, "\(t)")
    }
  }

  @Test func zeroIsNeverNegative() {
    for range in [-0.3...0.3, -1e-9...1e-9, -3...0.1, -8.9e-17...1] {
      let ticks = Ticks.ticks(for: range, approximateCount: 7)
      #expect(!ticks.contains { $0.label.hasPrefix("-0") && Double($0.label) == 0 })
      #expect(!ticks.contains { $0.label.contains("e-17") })
      #expect(
        ticks.filter { $0.value == 0 }.allSatisfy { $0.label == "0" && $0.value.sign == .plus })
    }
  }

  /// Narrow ranges still get at least two distinct labels.
  @Test(arguments: [
    118.932...118.953, 1...1.000001, 1e6...1e6 + 1, -1e-12...1e-12, 1e15...1e15 + 1e4,
  ])
  func narrowRangesHaveDistinctLabels(_ range: ClosedRange<Double>) {
    let ticks = Ticks.ticks(for: range, approximateCount: 5)
    #expect(ticks.count >= 2)
    #expect(Set(ticks.map(\.label)).count == ticks.count, "\(ticks.map(\.label))")
  }

  /// Degenerate ranges end at once with no tick or a single one.
  @Test func degenerateRangesEnd() {
    #expect(Ticks.ticks(for: 1e13...1e13, approximateCount: 5).map(\.label) == ["1e13"])
    #expect(Ticks.ticks(for: 3...3, approximateCount: 5).map(\.label) == ["3"])
    #expect(Ticks.ticks(for: 0...0, approximateCount: 5).map(\.label) == ["0"])
    #expect(Ticks.ticks(for: 1...(1 + 1e-15), approximateCount: 5).count == 1)
    #expect(Ticks.ticks(for: 0...1e-300, approximateCount: 5).count <= 1)
    #expect(Ticks.ticks(for: -Double.infinity...0, approximateCount: 5).isEmpty)
    #expect(Ticks.ticks(for: 0...Double.infinity, approximateCount: 5).isEmpty)
    // The whole doubles (their span overflows; measured in halves): ticks within them.
    let whole = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
    let wholeTicks = Ticks.ticks(for: whole, approximateCount: 5)
    #expect(wholeTicks.count >= 3 && wholeTicks.allSatisfy { whole.contains($0.value) })
    #expect(Ticks.ticks(for: 0...1, approximateCount: Int.max).count <= Ticks.maximumCount)
    #expect(Ticks.ticks(for: 0...1, approximateCount: -3).count >= 1)
    #expect(
      Ticks.ticks(for: 1e300...1.5e300, approximateCount: 5).map(\.label)
        == ["1.0e300", "1.1e300", "1.2e300", "1.3e300", "1.4e300", "1.5e300"].map {
          $0.replacingOccurrences(of: "1.0e", with: "1e")
        })
  }

  @Test func niceStepsAreOneTwoFive() {
    #expect(Ticks.niceStep(for: 20, approximateCount: 10) == 2)
    #expect(Ticks.niceStep(for: 1, approximateCount: 11) == 0.1)
    #expect(Ticks.niceStep(for: 13.1, approximateCount: 8) == 2)
    #expect(Ticks.niceStep(for: 0.021, approximateCount: 5) == 0.005)
    #expect(Ticks.niceStep(for: 0, approximateCount: 5).isNaN)
    #expect(Ticks.niceStep(for: .nan, approximateCount: 5).isNaN)
    #expect(Ticks.niceNumber(3.2, round: true) == 5)
    #expect(Ticks.niceNumber(3.2, round: false) == 5)
    #expect(Ticks.niceNumber(1.4, round: true) == 1)
    #expect(Ticks.niceNumber(1.4, round: false) == 2)
    #expect(Ticks.niceNumber(8, round: true) == 10)
  }

  @Test func numberLabels() {
    #expect(NumberLabel.fixed(mantissa: 3, exponent: -1) == "0.3")
    #expect(NumberLabel.fixed(mantissa: -25, exponent: -3) == "-0.025")
    #expect(NumberLabel.fixed(mantissa: 10, exponent: -1) == "1.0")
    #expect(NumberLabel.fixed(mantissa: -25, exponent: 2) == "-2500")
    #expect(NumberLabel.fixed(mantissa: 0, exponent: -3) == "0")
    #expect(NumberLabel.scientific(mantissa: 1, exponent: 20) == "1e20")
    #expect(NumberLabel.scientific(mantissa: 25, exponent: -10) == "2.5e-9")
    #expect(NumberLabel.scientific(mantissa: -300, exponent: 0) == "-3e2")
    #expect(NumberLabel.general(0.1 + 0.2) == "0.3")
    #expect(NumberLabel.general(1e13) == "1e13")
    #expect(NumberLabel.general(2.5e-9) == "2.5e-9")
    #expect(NumberLabel.general(-0.0) == "0")
    #expect(NumberLabel.general(-1234.5) == "-1234.5")
    #expect(NumberLabel.general(.infinity) == "inf")
    #expect(NumberLabel.general(.nan) == "nan")
    #expect(NumberLabel.general(.greatestFiniteMagnitude) == "1.79769313486e308")
  }
}
