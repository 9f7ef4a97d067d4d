import GraphView
import TestSupport
import Testing

@testable import DataFiles

// The block summaries of a pair of columns (`DataColumn.forEachBlock(_:_:wantsSummary:
// summary:_:)`) against plain passes over the decoded values, M4 decimation through them
// against M4 of every record, and the builder's strided bulk append against one value at a
// time.

/// The first place of the smallest (`<`) and largest (`>`) of `values`, as a pass keeps them.
func firstExtremes(_ values: ArraySlice<Double>) -> (low: Int, high: Int) {
  var lo = values.startIndex
  var hi = values.startIndex
  for i in values.indices {
    if values[i] < values[lo] { lo = i }
    if values[i] > values[hi] { hi = i }
  }
  return (lo - values.startIndex, hi - values.startIndex)
}

@Suite struct BlockSummaryTests {
  /// Pairs of columns: x evenly spaced or a random walk, y from the column cases (ties,
  /// zeros of both signs, gaps, full-precision and plain blocks among them).
  static func pairs(count: Int, seed: UInt64) -> [(name: String, x: [Double], y: [Double])] {
    var g = SplitMix64(seed: seed)
    var walk = 0.0
    let steps = (0..<count).map { _ -> Double in
      walk += g.unit() - 0.4
      return walk
    }
    let even = (0..<count).map { Double($0) * 0.001 }
    return columnCases.flatMap { c in
      [
        ("even x, \(c.name)", even, c.make(count, seed)),
        ("walk x, \(c.name)", steps, c.make(count, seed)),
      ]
    }
  }

  @Test(arguments: [0, 1, 1023, 1025, 10_000])
  func summariesAreWhatAPassOverTheValuesSees(count: Int) {
    for (name, xs, ys) in Self.pairs(count: count, seed: 99) {
      let cx = DataColumn(xs)
      let cy = DataColumn(ys)
      var at = 0
      var summaries = 0
      DataColumn.forEachBlock(
        cx, cy, wantsSummary: { _, _, n in n % 2 == 1 || n == 1024 },
        summary: { s in
          let bx = xs[at..<(at + s.count)]
          let by = ys[at..<(at + s.count)]
          #expect(bx.allSatisfy(\.isFinite) && by.allSatisfy(\.isFinite), "\(name)")
          let (lo, hi) = firstExtremes(by)
          let expected = DataColumn.PairSummary(
            count: s.count, xLowest: bx.min()!, xHighest: bx.max()!,
            first: (bx.first!, by.first!), last: (bx.last!, by.last!),
            low: (bx[at + lo], by[at + lo]), lowIndex: lo, high: (bx[at + hi], by[at + hi]),
            highIndex: hi)
          #expect(s == expected, "\(name) block at \(at)")
          #expect(s.low.y.bitPattern == by[at + lo].bitPattern, "\(name): the zero's sign")
          #expect(s.high.y.bitPattern == by[at + hi].bitPattern, "\(name): the zero's sign")
          at += s.count
          summaries += 1
        },
        { bx, by in
          #expect(Array(bx).map(\.bitPattern) == xs[at..<(at + bx.count)].map(\.bitPattern))
          #expect(Array(by).map(\.bitPattern) == ys[at..<(at + by.count)].map(\.bitPattern))
          at += bx.count
        })
      #expect(at == count, "\(name)")
      if count >= 1024 && name.hasPrefix("even x, evenly") { #expect(summaries > 0) }
    }
  }

  @Test(arguments: [1, 13, 640, 4000])
  func m4ThroughSummariesEqualsM4OfEveryRecord(width: Int) {
    for (name, xs, ys) in Self.pairs(count: 30_000, seed: UInt64(width)) {
      let finite = xs.filter(\.isFinite)
      let (a, b) = (finite.min()!, finite.max()!)
      for view in [a...b, (a + (b - a) / 3)...(b - (b - a) / 5)] {
        let viewport = Viewport(
          xRange: view, yRange: -1...1, size: PixelSize(width: width, height: 10))
        var plain = M4Decimator(viewport: viewport)
        for i in xs.indices { plain.add(x: xs[i], y: ys[i]) }
        var summed = M4Decimator(viewport: viewport)
        let columns = M4Decimator(viewport: viewport)
        DataColumn.forEachBlock(
          DataColumn(xs), DataColumn(ys), wantsSummary: { lo, hi, _ in columns.sameColumn(lo, hi) },
          summary: { s in
            summed.add(
              block: RecordBlockSummary(
                count: s.count, xLowest: s.xLowest, xHighest: s.xHighest,
                first: PlotPoint(x: s.first.x, y: s.first.y),
                last: PlotPoint(x: s.last.x, y: s.last.y), low: PlotPoint(x: s.low.x, y: s.low.y),
                lowIndex: s.lowIndex, high: PlotPoint(x: s.high.x, y: s.high.y),
                highIndex: s.highIndex))
          },
          { bx, by in
            for i in bx.indices { summed.add(x: bx[i], y: by[i]) }
          })
        #expect(summed.recordCount == plain.recordCount)
        let got = summed.finish().map { $0.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
        let expected = plain.finish().map { $0.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
        #expect(got == expected, "\(name), width \(width), view \(view)")
      }
    }
  }

  @Test(arguments: [0, 1, 1024, 5000])
  func hasRecordIsAPassOverTheRecords(count: Int) {
    var g = SplitMix64(seed: UInt64(count) + 5)
    for (name, xs, ys) in Self.pairs(count: count, seed: 7) {
      let cx = DataColumn(xs)
      let cy = DataColumn(ys)
      let fx = xs.filter(\.isFinite)
      let fy = ys.filter(\.isFinite)
      let (x0, x1) = (fx.min() ?? 0, fx.max() ?? 1)
      let (y0, y1) = (fy.min() ?? 0, fy.max() ?? 1)
      var ranges: [(ClosedRange<Double>, ClosedRange<Double>)] = [
        (x0...x1, y0...y1), ((x1 + 1)...(x1 + 2), y0...y1), (x0...x1, (y1 + 1)...(y1 + 2)),
      ]
      for _ in 0..<20 {
        let a = x0 + (x1 - x0) * g.unit()
        let b = y0 + (y1 - y0) * g.unit()
        let c = a + (x1 - x0) * g.unit() / 50
        let d = b + (y1 - y0) * g.unit() / 50
        if a.isFinite && b.isFinite && c.isFinite && d.isFinite && a <= c && b <= d {
          ranges.append((a...c, b...d))
        }
      }
      for (xr, yr) in ranges {
        var plain = false
        for i in 0..<count where xs[i].isFinite && ys[i].isFinite {
          if xr.contains(xs[i]) && yr.contains(ys[i]) {
            plain = true
            break
          }
        }
        #expect(
          DataColumn.hasRecord(x: cx, y: cy, xWithin: xr, yWithin: yr) == plain,
          "\(name) x \(xr) y \(yr)")
      }
    }
  }

  @Test func theZoneMapKeepsTheFirstPlaceOfEachExtreme() {
    let values: [Double] = [3, 0, -0.0, 5, -2, 5, -2, 0, .nan, 7, 7, -2]
    let block = values.withUnsafeBufferPointer { Block.encode($0) }
    #expect(block.lowest == -2 && block.lowestIndex == 4)
    #expect(block.highest == 7 && block.highestIndex == 9)
    #expect(!block.allFinite)
  }

  @Test(arguments: [1, 2, 3])
  func stridedAppendsEqualOneByOne(stride: Int) {
    var g = SplitMix64(seed: UInt64(stride))
    let values = (0..<9000).map { i in i % 97 == 0 ? Double.nan : Double(g.below(100_000)) / 1000 }
    var one = DataColumn.Builder()
    var bulk = DataColumn.Builder()
    var at = 0
    for n in [0, 1, 1, 5, 1000, 1024, 17, 2047, 30] {
      let offset = at % stride
      let count = min(n, (values.count - offset) / stride)
      for j in 0..<count { one.append(values[offset + j * stride]) }
      values.withUnsafeBufferPointer { bulk.append($0, from: offset, stride: stride, count: count) }
      one.append(Double(at))
      bulk.append(Double(at))
      at += 1
    }
    #expect(bulk.count == one.count)
    let a = one.finish()
    let b = bulk.finish()
    #expect(Array(a).map(\.bitPattern) == Array(b).map(\.bitPattern))
  }
}
