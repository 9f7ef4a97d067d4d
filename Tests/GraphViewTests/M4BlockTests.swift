import Glibc
import GraphView
import Intervals
import TestSupport
import Testing

// M4 decimation of whole blocks from their summaries (`M4Decimator.add(block:)`, and
// `RecordsSampler` asking a source for summaries) against the same records added one by one.

/// `TestRecords`, but a source that keeps its records in blocks of the given sizes and
/// summarizes a block whenever it is asked to (the summary computed here by a plain pass).
struct SummarizingRecords: GraphViewRecordsDataSource {
  var plain: TestRecords
  var blockSizes: [Int]
  /// How many blocks went to `summary` (to see the fast path was taken).
  let summarized = Counter()

  final class Counter: @unchecked Sendable { var count = 0 }

  var curveCount: Int { plain.curveCount }
  func title(ofCurve curve: Int) -> String { plain.title(ofCurve: curve) }
  func y(at x: Double, curve: Int) -> Double { plain.y(at: x, curve: curve) }
  func y(over x: Interval, curve: Int) -> Interval { plain.y(over: x, curve: curve) }
  func numberOfRecords(forCurve curve: Int) -> Int? { plain.numberOfRecords(forCurve: curve) }
  func value(of field: RecordField, record: Int, curve: Int) -> Double {
    plain.value(of: field, record: record, curve: curve)
  }
  func marks(ofCurve curve: Int) -> CurveMarks { plain.marks(ofCurve: curve) }
  func viewport(for size: PixelSize) -> Viewport { plain.viewport(for: size) }

  func forEachRecordBlock(
    ofCurve curve: Int,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    forEachRecordBlock(ofCurve: curve, wantsSummary: { _, _, _ in false }, summary: { _ in }, body)
  }

  func forEachRecordBlock(
    ofCurve curve: Int,
    wantsSummary: (_ xLowest: Double, _ xHighest: Double, _ count: Int) -> Bool,
    summary: (_ block: RecordBlockSummary) -> Void,
    _ body: (_ x: UnsafeBufferPointer<Double>, _ y: UnsafeBufferPointer<Double>) -> Void
  ) -> Bool {
    guard plain.series.indices.contains(curve) else { return false }
    let xs = plain.series[curve].x
    let ys = plain.series[curve].y
    var at = 0
    var k = 0
    while at < xs.count {
      let n = min(max(1, blockSizes[k % blockSizes.count]), xs.count - at)
      k += 1
      let bx = Array(xs[at..<(at + n)])
      let by = Array(ys[at..<(at + n)])
      at += n
      if bx.allSatisfy(\.isFinite) && by.allSatisfy(\.isFinite),
        wantsSummary(bx.min()!, bx.max()!, n)
      {
        var lo = 0
        var hi = 0
        for i in 1..<n {
          if by[i] < by[lo] { lo = i }
          if by[i] > by[hi] { hi = i }
        }
        summarized.count += 1
        summary(
          RecordBlockSummary(
            count: n, xLowest: bx.min()!, xHighest: bx.max()!,
            first: PlotPoint(x: bx[0], y: by[0]), last: PlotPoint(x: bx[n - 1], y: by[n - 1]),
            low: PlotPoint(x: bx[lo], y: by[lo]), lowIndex: lo,
            high: PlotPoint(x: bx[hi], y: by[hi]), highIndex: hi))
      } else {
        bx.withUnsafeBufferPointer { x in by.withUnsafeBufferPointer { y in body(x, y) } }
      }
    }
    return true
  }
}

/// The points of polylines as bit patterns (so -0.0 and 0.0 differ).
func bits(_ segments: [[PlotPoint]]) -> [[UInt64]] {
  segments.map { $0.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
}

/// Records of one shape for the block decimation.
struct BlockRecordsCase: Sendable, CustomStringConvertible {
  var name: String
  var make: @Sendable (_ count: Int, _ g: inout SplitMix64) -> (x: [Double], y: [Double])
  var description: String { name }
}

let blockRecordsCases: [BlockRecordsCase] = [
  BlockRecordsCase(name: "evenly spaced x, noisy y") { n, g in
    ((0..<n).map { Double($0) * 0.001 }, (0..<n).map { _ in g.unit() * 10 - 5 })
  },
  BlockRecordsCase(name: "y of a few values, zeros of both signs (ties)") { n, g in
    let few: [Double] = [0, -0.0, 1, -1, 2]
    return ((0..<n).map { Double($0) * 0.01 }, (0..<n).map { _ in few[g.below(few.count)] })
  },
  BlockRecordsCase(name: "x running back and forth") { n, g in
    var x = 0.0
    var xs: [Double] = []
    for _ in 0..<n {
      x += g.unit() * 0.02 - 0.008
      xs.append(x)
    }
    return (xs, (0..<n).map { _ in g.unit() })
  },
  BlockRecordsCase(name: "x decreasing, gaps and infinities") { n, g in
    let xs = (0..<n).map { Double(n - $0) * 0.003 }
    let ys = (0..<n).map { i -> Double in
      switch g.below(400) {
      case 0: return .nan
      case 1: return .infinity
      default: return sin(Double(i) * 0.01)
      }
    }
    return (xs, ys)
  },
  BlockRecordsCase(name: "constant y, x beyond both ends of the view") { n, _ in
    ((0..<n).map { Double($0) * 0.01 - 3 }, [Double](repeating: 2.5, count: n))
  },
]

@Suite struct M4BlockTests {
  @Test(arguments: blockRecordsCases, [1, 7, 100, 640, 5000])
  func summariesDecimateAsTheRecordsDo(shape: BlockRecordsCase, width: Int) {
    var g = SplitMix64(seed: UInt64(width) &* 7919)
    for count in [0, 1, 2, 1023, 1025, 20_000] {
      let (xs, ys) = shape.make(count, &g)
      let finite = xs.filter(\.isFinite)
      let lo = finite.min() ?? 0
      let hi = finite.max() ?? 1
      // The view: the records' x range, and one that cuts them off at both ends.
      for (a, b) in [(lo, hi == lo ? lo + 1 : hi), (lo + (hi - lo) / 4, hi - (hi - lo) / 3)]
      where a < b {
        let plain = TestRecords(
          series: [(xs, ys, .lines)], xRange: a...b, yRange: -10...10)
        for sizes in [[1024], [1], [3, 50, 1, 700], [4096]] {
          let source = SummarizingRecords(plain: plain, blockSizes: sizes)
          let viewport = Viewport(
            xRange: a...b, yRange: -10...10, size: PixelSize(width: width, height: 50))
          let expected = RecordsSampler.sample(plain, curve: 0, viewport: viewport)
          let got = RecordsSampler.sample(source, curve: 0, viewport: viewport)
          #expect(
            bits(got.segments) == bits(expected.segments),
            "\(shape) width \(width) count \(count) blocks \(sizes) view \(a)...\(b)")
          #expect(bits(expected.segments) == bits(m4(xs, ys, viewport)))
        }
      }
    }
  }

  @Test func blocksInOneColumnAreSummarized() {
    let n = 100_000
    let xs = (0..<n).map { Double($0) * 0.001 }
    let ys = xs.map { sin($0) }
    let plain = TestRecords(series: [(xs, ys, .lines)], xRange: 0...100, yRange: -1...1)
    let source = SummarizingRecords(plain: plain, blockSizes: [1024])
    let viewport = Viewport(xRange: 0...100, yRange: -1...1, size: PixelSize(width: 10, height: 10))
    let got = RecordsSampler.sample(source, curve: 0, viewport: viewport)
    #expect(bits(got.segments) == bits(m4(xs, ys, viewport)))
    // 98 blocks; a column is 10,000 records, so at most one block a column edge is decoded.
    #expect(source.summarized.count >= 98 - 10)
  }

  @Test func aViewportWithoutAFiniteMappingSummarizesNothing() {
    let infinite = M4Decimator(
      viewport: Viewport(
        size: PixelSize(width: 10, height: 10), scaleX: .infinity, scaleY: 1, originX: 0,
        originY: 0))
    #expect(!infinite.sameColumn(1, 2))
    let nan = M4Decimator(
      viewport: Viewport(
        size: PixelSize(width: 10, height: 10), scaleX: 1, scaleY: 1, originX: .nan, originY: 0))
    #expect(!nan.sameColumn(1, 1))
    let finite = M4Decimator(
      viewport: Viewport(xRange: 0...10, yRange: 0...1, size: PixelSize(width: 10, height: 10)))
    #expect(finite.sameColumn(2.1, 2.9))
    #expect(!finite.sameColumn(2.9, 3.1))
    #expect(finite.sameColumn(-5, -1))  // both left of the view: one column
    #expect(finite.sameColumn(11, 1e300))  // both right of it
  }
}
