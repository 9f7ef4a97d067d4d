/// M4 decimation of records for a line plot: per pixel column, only the first, lowest,
/// highest and last record are kept, which draws the same pixels as all the records would.
///
/// Records are fed in their order (`add(x:y:)`), so it works while a file is being read and
/// keeps only its output. Consecutive records that fall into the same pixel column of the
/// viewport form a *run*; a run becomes at most four points, in record order: its first
/// record, its lowest and highest (by y), and its last. The line from one run's last record
/// to the next run's first is the original line between two consecutive records, and
/// within one pixel column a polyline through the first, the extremes and the last covers
/// the same pixels as the whole run (both are connected and span the same lowest to highest
/// y), so the picture is unchanged at the viewport's resolution while a million records
/// become at most `4 * (width + 2)` points when x is monotonic.
///
/// Non-monotonic x is drawn as given: a run ends whenever x moves to another column, so the
/// output follows the records back and forth (at most four points per run). Everything left
/// of the view is one column, and so is everything right of it (lines between points on one
/// side of the view stay on that side, so they need no detail). A record with a NaN (or
/// infinite) value lifts the pen: the polyline ends there and a new one starts.
///
/// Source: U. Jugel, Z. Jerzak, G. Hackenbroich and V. Markl, "M4: A Visualization-Oriented
/// Time Series Data Aggregation", PVLDB 7(10), 2014 (VLDB 2014): the min, max, first and
/// last tuple of each pixel column give an error-free line rasterization.
public struct M4Decimator: Sendable {
  /// The pixel x of plot x 0 and pixels per plot unit, from the viewport.
  let originX: Double
  let scaleX: Double
  /// Pixel columns of the view.
  let width: Int

  /// The finished polylines (plot units), in record order.
  public private(set) var segments: [[PlotPoint]] = []
  /// The polyline being built.
  var current: [PlotPoint] = []

  // The run: its column and its four candidate points with their positions in the run.
  var runColumn = Int.min
  var runLength = 0
  var first = PlotPoint(x: 0, y: 0)
  var last = PlotPoint(x: 0, y: 0)
  var low = PlotPoint(x: 0, y: 0)
  var high = PlotPoint(x: 0, y: 0)
  var lowIndex = 0
  var highIndex = 0

  /// How many records were added (gaps included).
  public private(set) var recordCount = 0

  /// Creates a decimator for the pixel columns of `viewport` (its x range and width).
  ///
  /// - Parameter viewport: The viewport the points will be drawn in; only its x mapping and
  ///   width are used. A viewport with no columns or a non-finite scale puts every record in
  ///   one column.
  public init(viewport: Viewport) {
    originX = viewport.originX
    scaleX = viewport.scaleX
    width = max(0, viewport.size.width)
  }

  /// The column of plot x `x`: 0..<width inside the view, -1 left of it, `width` right of it.
  @inline(__always)
  func column(_ x: Double) -> Int {
    let px = originX + x * scaleX
    guard px.isFinite else { return px > 0 ? width : -1 }
    if px < 0 { return -1 }
    if px >= Double(width) { return width }
    return Int(px)
  }

  /// Adds the next record (plot units); NaN or infinite values are a gap.
  ///
  /// - Parameters:
  ///   - x: The record's x.
  ///   - y: The record's y.
  public mutating func add(x: Double, y: Double) {
    recordCount += 1
    guard x.isFinite, y.isFinite else {
      liftPen()
      return
    }
    let p = PlotPoint(x: x, y: y)
    let c = column(x)
    if runLength > 0 && c == runColumn {
      if y < low.y {
        low = p
        lowIndex = runLength
      }
      if y > high.y {
        high = p
        highIndex = runLength
      }
      last = p
      runLength += 1
      return
    }
    flushRun()
    runColumn = c
    runLength = 1
    first = p
    last = p
    low = p
    high = p
    lowIndex = 0
    highIndex = 0
  }

  /// Whether plot x `a` and `b` fall in the same pixel column, so every x between them
  /// does too (a column is monotonic in x when the viewport's mapping is finite; false
  /// when it is not, so a caller then adds records one by one).
  public func sameColumn(_ a: Double, _ b: Double) -> Bool {
    originX.isFinite && scaleX.isFinite && column(a) == column(b)
  }

  /// Adds a run of records at once, as `add(x:y:)` of each in turn would: every record of
  /// `block` has finite values and x in one pixel column (`sameColumn` of its smallest and
  /// largest x), so only its first, last, lowest and highest record can be kept.
  ///
  /// - Parameter block: The run's summary (`RecordBlockSummary`).
  public mutating func add(block: RecordBlockSummary) {
    recordCount += block.count
    let c = column(block.first.x)
    if runLength > 0 && c == runColumn {
      // The first record below (above) the run's lowest (highest) y is the block's first
      // record of its lowest (highest) y, when that is below (above) the run's.
      if block.low.y < low.y {
        low = block.low
        lowIndex = runLength + block.lowIndex
      }
      if block.high.y > high.y {
        high = block.high
        highIndex = runLength + block.highIndex
      }
      last = block.last
      runLength += block.count
      return
    }
    flushRun()
    runColumn = c
    runLength = block.count
    first = block.first
    last = block.last
    low = block.low
    high = block.high
    lowIndex = block.lowIndex
    highIndex = block.highIndex
  }

  /// Ends the current polyline (a gap): the next record starts a new one.
  mutating func liftPen() {
    flushRun()
    if !current.isEmpty {
      segments.append(current)
      current = []
    }
  }

  /// Ends the records and answers the polylines (plot units), each with at least one point.
  public mutating func finish() -> [[PlotPoint]] {
    liftPen()
    return segments
  }

  /// Appends the run's points to the current polyline, in record order, each once.
  mutating func flushRun() {
    guard runLength > 0 else { return }
    current.append(first)
    let lastIndex = runLength - 1
    let (a, ai, b, bi) =
      lowIndex <= highIndex ? (low, lowIndex, high, highIndex) : (high, highIndex, low, lowIndex)
    if ai != 0 && ai != lastIndex { current.append(a) }
    if bi != 0 && bi != lastIndex && bi != ai { current.append(b) }
    if lastIndex != 0 { current.append(last) }
    runLength = 0
  }
}

/// Decimation of records for a point plot: one point per pixel of the view, the first
/// record that lands there; records outside the view are left out.
///
/// A marker drawn at each kept point covers the same pixels, within a pixel, as markers at
/// every record, so a scatter plot of a million records costs at most one point a pixel.
/// The pixels seen are kept in a bitmap of `width * height` bits (60 KB at 800 x 600); a
/// view of more than 10^8 pixels keeps every point inside it instead.
public struct PixelDecimator: Sendable {
  let viewport: Viewport
  let width: Int
  let height: Int
  var seen: [UInt64]
  let usesBitmap: Bool

  /// The points kept (plot units), in record order.
  public private(set) var points: [PlotPoint] = []

  /// Creates a decimator for the pixels of `viewport`.
  ///
  /// - Parameter viewport: The viewport the points will be drawn in.
  public init(viewport: Viewport) {
    self.viewport = viewport
    width = max(0, viewport.size.width)
    height = max(0, viewport.size.height)
    let (cells, overflow) = width.multipliedReportingOverflow(by: height)
    usesBitmap = !overflow && cells <= 100_000_000
    seen = usesBitmap ? Array(repeating: 0, count: (cells + 63) / 64) : []
  }

  /// Adds the next record (plot units): kept when it is finite, inside the view (edges
  /// included) and the first in its pixel.
  ///
  /// - Parameters:
  ///   - x: The record's x.
  ///   - y: The record's y.
  public mutating func add(x: Double, y: Double) {
    guard x.isFinite, y.isFinite, width > 0, height > 0 else { return }
    let px = viewport.pixelX(x)
    let py = viewport.pixelY(y)
    let w = Double(width)
    let h = Double(height)
    guard px >= 0, px <= w, py >= 0, py <= h else { return }
    if usesBitmap {
      let c = min(width - 1, Int(px))
      let r = min(height - 1, Int(py))
      let bit = r * width + c
      let mask: UInt64 = 1 << UInt64(bit & 63)
      if seen[bit >> 6] & mask != 0 { return }
      seen[bit >> 6] |= mask
    }
    points.append(PlotPoint(x: x, y: y))
  }
}
