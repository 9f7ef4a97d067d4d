import Foundation
import TestSupport
import Testing

@testable import DataFiles

// DataColumn: every value decodes bit for bit, whatever it is and wherever it falls in the
// blocks; the encoding picks the compact forms where they apply; the block-wise passes and
// the zone-map extremes equal plain passes over the values.

/// One kind of column content and how to make `count` values of it.
struct ColumnCase: Sendable, CustomStringConvertible {
  var name: String
  var make: @Sendable (_ count: Int, _ seed: UInt64) -> [Double]
  var description: String { name }
}

/// Values whose text a file would hold: `digits` decimals, as the reader parses them.
func decimals(_ count: Int, seed: UInt64, digits: Int, scale: Double) -> [Double] {
  var g = SplitMix64(seed: seed)
  return (0..<count).map { _ in
    let text = String(format: "%.\(digits)f", (g.unit() - 0.5) * scale)
    return Double(text) ?? .nan
  }
}

let columnCases: [ColumnCase] = [
  ColumnCase(name: "evenly spaced 0.001 steps") { n, _ in
    (0..<n).map { Double(String(format: "%.3f", Double($0) * 0.001)) ?? .nan }
  },
  ColumnCase(name: "4-decimal noise") { n, s in decimals(n, seed: s, digits: 4, scale: 20) },
  ColumnCase(name: "integers and Unix seconds") { n, s in
    var g = SplitMix64(seed: s)
    var values: [Double] = []
    for i in 0..<n {
      let seconds: Int = 1_325_376_000 + 86_400 * i
      values.append(Double(i % 3 == 0 ? seconds : g.below(100_000)))
    }
    return values
  },
  ColumnCase(name: "full-precision doubles") { n, s in
    var g = SplitMix64(seed: s)
    return (0..<n).map { _ in sin(g.unit() * 1000) * 1e5 }
  },
  ColumnCase(name: "random bit patterns") { n, s in
    var g = SplitMix64(seed: s)
    return (0..<n).map { _ in Double(bitPattern: g.next()) }
  },
  ColumnCase(name: "edge values and gaps among decimals") { n, s in
    let edges: [Double] = [
      0, -0.0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 0.30000000000000004, 1e300, 1e-300,
      4_503_599_627_370_496, 9_007_199_254_740_993, -12.75, 2.5e-7, 1e22, 1e23,
    ]
    var g = SplitMix64(seed: s)
    return (0..<n).map { i in
      g.below(5) == 0 ? edges[g.below(edges.count)] : Double(i % 977) / 100
    }
  },
  ColumnCase(name: "mixed precision per value") { n, s in
    var g = SplitMix64(seed: s)
    return (0..<n).map { _ in
      Double(String(format: "%.\(g.below(7))f", (g.unit() - 0.5) * 2000)) ?? .nan
    }
  },
]

/// Whether `column` holds exactly `values`, bit for bit, by every way of reading it.
func holdsExactly(_ column: DataColumn, _ values: [Double]) -> Bool {
  guard column.count == values.count else { return false }
  for i in values.indices where column[i].bitPattern != values[i].bitPattern { return false }
  let iterated = Array(column)
  guard iterated.count == values.count else { return false }
  for i in values.indices where iterated[i].bitPattern != values[i].bitPattern { return false }
  var blocks: [Double] = []
  column.forEachBlock { blocks.append(contentsOf: $0) }
  return blocks.map(\.bitPattern) == values.map(\.bitPattern)
}

/// The extremes by one plain pass, as `RecordBounds.of` counts them.
func plainExtremes(_ x: [Double], _ y: [Double], within: ClosedRange<Double>?)
  -> (x: ClosedRange<Double>, y: ClosedRange<Double>, count: Int)?
{
  var x0 = Double.infinity
  var x1 = -Double.infinity
  var y0 = Double.infinity
  var y1 = -Double.infinity
  var n = 0
  for i in 0..<min(x.count, y.count) {
    let u = x[i]
    let v = y[i]
    guard u.isFinite, v.isFinite else { continue }
    if let r = within, !r.contains(u) { continue }
    n += 1
    if u < x0 { x0 = u }
    if u > x1 { x1 = u }
    if v < y0 { y0 = v }
    if v > y1 { y1 = v }
  }
  return n > 0 ? (x0...x1, y0...y1, n) : nil
}

/// Same extremes, bit for bit (so -0.0 and 0.0 differ).
func sameExtremes(
  _ a: (x: ClosedRange<Double>, y: ClosedRange<Double>, count: Int)?,
  _ b: (x: ClosedRange<Double>, y: ClosedRange<Double>, count: Int)?
) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let a?, let b?):
    return a.count == b.count
      && [a.x.lowerBound, a.x.upperBound, a.y.lowerBound, a.y.upperBound].map(\.bitPattern)
        == [b.x.lowerBound, b.x.upperBound, b.y.lowerBound, b.y.upperBound].map(\.bitPattern)
  default: return false
  }
}

/// One shape of records for the extremes.
struct ExtremesCase: Sendable, CustomStringConvertible {
  var name: String
  var sorted: Bool
  var gapEvery: Int?
  var description: String { name }
}

@Suite struct DataColumnTests {
  @Test(arguments: columnCases, [0, 1, 1023, 1024, 1025, 5000])
  func everyValueDecodesBitForBit(_ c: ColumnCase, count: Int) {
    let values = c.make(count, 0x5eed)
    let column = DataColumn(values)
    #expect(holdsExactly(column, values), "\(c.name), \(count) values")
    #expect(column.blockCount == (count + 1023) / 1024)
  }

  @Test func builderAndArrayInitialiserAgree() {
    let values = decimals(3000, seed: 7, digits: 2, scale: 100)
    var builder = DataColumn.Builder()
    for v in values { builder.append(v) }
    #expect(builder.count == 3000)
    let built = builder.finish()
    #expect(holdsExactly(built, values))
    #expect(built == DataColumn(values))
  }

  @Test func evenlySpacedValuesTakeNoBitsAValue() throws {
    let x = DataColumn((0..<4096).map { Double(String(format: "%.3f", Double($0) * 0.001))! })
    #expect(x.blocks.allSatisfy { $0.width == 0 && $0.exponent == 3 && $0.slope == 1 })
    // Record numbers with a gap: the gap is an exception, the rest stays on the line.
    var withGap = (0..<1024).map(Double.init)
    withGap[500] = .nan
    let g = DataColumn(withGap)
    let block = try #require(g.blocks.first)
    #expect(block.width == 0 && block.exceptionIndex == [500])
    #expect(g[500].isNaN && g[499] == 499 && g[501] == 501)
  }

  @Test func decimalsArePackedAtTheWidthOfTheirRange() throws {
    // 4-decimal values in (-10, 10): integers below 2 * 10^5, 18 bits each.
    let y = DataColumn(decimals(1024, seed: 3, digits: 4, scale: 20))
    let block = try #require(y.blocks.first)
    #expect(block.exponent == 4 && block.width == 18 && block.exceptionIndex.isEmpty)
    #expect(block.words.count == 1024 * 18 / 64)
  }

  @Test func valuesThatDoNotRoundTripAreKeptAsTheyAre() throws {
    // Mostly full-precision values: the block keeps plain Doubles.
    var g = SplitMix64(seed: 11)
    let noisy = (0..<1024).map { _ in g.unit() }
    let plain = try #require(DataColumn(noisy).blocks.first)
    #expect(plain.exponent == -1 && plain.raw.count == 1024)
    // A few among decimals: exceptions, with -0.0 and NaN kept apart from 0.
    var few = (0..<1024).map { Double($0) / 4 }
    few[3] = -0.0
    few[10] = .pi
    few[11] = .nan
    let column = DataColumn(few)
    let block = try #require(column.blocks.first)
    #expect(block.exponent == 2 && block.width == 0 && block.exceptionIndex == [3, 10, 11])
    #expect(column[3].sign == .minus && column[3] == 0)
    #expect(column[10] == .pi && column[11].isNaN && column[12] == 3)
  }

  @Test func equalityAndHashingFollowArrays() {
    let a: DataColumn = [1, 2.5, -0.0]
    let b = DataColumn([1, 2.5, 0])
    #expect(a == b)  // -0.0 == 0.0, as in arrays
    #expect(a.hashValue == b.hashValue)
    #expect(a != [1, 2.5])
    #expect(DataColumn([.nan]) != DataColumn([.nan]))  // NaN is not equal to itself
    #expect(DataColumn() == [])
    #expect(a.description == "[1.0, 2.5, -0.0]")
  }

  @Test func pairedBlocksCoverTheShorterColumn() {
    let x = DataColumn((0..<2500).map(Double.init))
    let y = DataColumn((0..<2100).map { Double($0) * 2 })
    var seen = 0
    var ok = true
    DataColumn.forEachBlock(x, y) { xs, ys in
      ok = ok && xs.count == ys.count
      for i in 0..<xs.count {
        ok = ok && xs[i] == Double(seen + i) && ys[i] == Double(2 * (seen + i))
      }
      seen += xs.count
    }
    #expect(ok && seen == 2100)
  }

  @Test(arguments: [
    ExtremesCase(name: "sorted x, no gaps", sorted: true, gapEvery: nil),
    ExtremesCase(name: "sorted x, gaps", sorted: true, gapEvery: 1500),
    ExtremesCase(name: "unsorted x, no gaps", sorted: false, gapEvery: nil),
    ExtremesCase(name: "unsorted x, gaps", sorted: false, gapEvery: 333),
  ])
  func extremesEqualAPlainPass(_ c: ExtremesCase) {
    var g = SplitMix64(seed: 99)
    let n = 5500
    var x =
      c.sorted
      ? (0..<n).map { Double($0) / 10 } : (0..<n).map { _ in Double(g.below(100_000)) / 100 - 500 }
    var y = (0..<n).map { i in Double(g.below(20_001) - 10_000) / 1000 + (i == 4000 ? 50 : 0) }
    if let every = c.gapEvery {
      for i in stride(from: every / 2, to: n, by: every) {
        if i % 2 == 0 { x[i] = .nan } else { y[i] = .nan }
      }
    }
    y[17] = -0.0
    y[18] = 0
    let xc = DataColumn(x)
    let yc = DataColumn(y)
    let ranges: [ClosedRange<Double>?] = [
      nil, 0...550, 102.4...204.8, 100...100.05, 399.95...400.05, -1000 ... -600, 10...10,
      -.infinity ... .infinity,
    ]
    for r in ranges {
      #expect(
        sameExtremes(DataColumn.extremes(x: xc, y: yc, xWithin: r), plainExtremes(x, y, within: r)),
        "\(c.name), x within \(String(describing: r))")
    }
  }

  @Test func readColumnsHoldTheParsedNumbers() throws {
    // Cells as a spreadsheet writes them; each column must equal what strtod makes of its
    // cells (the reader rounds correctly), gaps as NaN.
    var g = SplitMix64(seed: 2024)
    var lines = ["x,y"]
    var expectedX: [Double] = []
    var expectedY: [Double] = []
    for i in 0..<3000 {
      let xText = String(format: "%.2f", Double(i) * 0.25)
      let yText: String
      switch g.below(10) {
      case 0: yText = "NA"
      case 1: yText = String(g.unit() * 1e-9)
      case 2: yText = "-0"
      case 3: yText = "\(g.below(1_000_000))e-3"
      default: yText = String(format: "%.\(g.below(6))f", (g.unit() - 0.5) * 1e4)
      }
      lines.append("\(xText),\(yText)")
      expectedX.append(Double(xText)!)
      expectedY.append(yText == "NA" ? .nan : Double(yText)!)
    }
    try withTemporaryFile(lines.joined(separator: "\n") + "\n") { path in
      let s = try DataFile.read(path: path, x: .name("x"), y: .name("y"))
      #expect(holdsExactly(s.x, expectedX))
      #expect(s.y.count == expectedY.count)
      let mismatches = expectedY.indices.filter {
        !(s.y[$0].bitPattern == expectedY[$0].bitPattern || (s.y[$0].isNaN && expectedY[$0].isNaN))
      }
      #expect(mismatches.isEmpty, "first at records \(mismatches.prefix(5))")
    }
  }
}
