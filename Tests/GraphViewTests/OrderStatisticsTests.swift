import Glibc
import TestSupport
import Testing

@testable import GraphView

/// The rule `Autoscale.robustBounds` had before it selected: sort the finite values, read
/// four places. The oracle for the selection.
private func sortedBounds(_ values: [Double]) -> (Double, Double)? {
  var v = values.filter(\.isFinite)
  guard !v.isEmpty else { return nil }
  v.sort()
  let n = v.count
  let last = Double(n - 1)
  let p2 = v[Int((0.02 * last).rounded(.down))]
  let p98 = v[Int((0.98 * last).rounded(.up))]
  let spread = p98 - p2
  let lo = v[0] >= p2 - 0.5 * spread ? v[0] : p2
  let hi = v[n - 1] <= p98 + 0.5 * spread ? v[n - 1] : p98
  return (lo, hi)
}

/// Bit for bit (the sign of zero counts).
private func same(_ a: (Double, Double)?, _ b: (Double, Double)?) -> Bool {
  switch (a, b) {
  case (nil, nil): return true
  case (let x?, let y?): return x.0.bitPattern == y.0.bitPattern && x.1.bitPattern == y.1.bitPattern
  default: return false
  }
}

/// A short description of an input for failure messages.
private func describe(_ v: [Double]) -> String {
  v.count <= 24 ? "\(v)" : "\(v.count) values starting \(Array(v.prefix(8)))"
}

@Suite struct OrderStatisticsTests {
  /// Random inputs of every size from 1 to 300 and some large ones, drawn from a few values
  /// (many ties, both zeros), from wide ranges, and with NaN and infinities mixed in: the
  /// selection gives the sort's bounds bit for bit.
  @Test(arguments: [0x05E1_0001, 0x05E1_0002, 0x05E1_0003, 0x05E1_0004] as [UInt64])
  func selectionEqualsSort(seed: UInt64) {
    var rng = SplitMix64(seed: seed)
    let few: [Double] = [0, -0.0, 1, -1, 2.5, -0.0, 0, 1e-300, -1e300, .nan, .infinity, -.infinity]
    var sizes = Array(1...300)
    sizes += [1001, 1001, 4096, 20_000]
    for n in sizes {
      let v: [Double]
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: v = (0..<n).map { _ in few.randomElement(using: &rng)! }
      case 1: v = (0..<n).map { _ in Double.random(in: -1e6...1e6, using: &rng) }
      case 2: v = (0..<n).map { _ in Double(Int.random(in: -3...3, using: &rng)) * 0.0 }
      default:
        v = (0..<n).map { _ in
          Int.random(in: 0..<5, using: &rng) == 0
            ? few.randomElement(using: &rng)! : Double.random(in: -5...5, using: &rng)
        }
      }
      let got = Autoscale.robustBounds(v)
      #expect(
        same(got, sortedBounds(v)),
        "seed \(seed): \(describe(v)): \(String(describing: got)) vs \(String(describing: sortedBounds(v)))"
      )
    }
  }

  /// Inputs made to hurt a quickselect (sorted, reversed, all equal, organ pipe, sawtooth,
  /// median-of-three killers, a curve's samples next to a pole) and the signed zeros at the
  /// places read: the sort's bounds bit for bit.
  @Test func adversarialInputsEqualSort() {
    var cases: [[Double]] = []
    for n in [2, 3, 50, 1001, 10_000] {
      let up = (0..<n).map(Double.init)
      cases.append(up)
      cases.append(up.reversed())
      cases.append([Double](repeating: 7, count: n))
      cases.append((0..<n).map { Double(min($0, n - 1 - $0)) })  // organ pipe
      cases.append((0..<n).map { Double($0 % 7) })  // sawtooth
      // Musser's median-of-3 killer shape: pairs placed so each pivot is the second least.
      cases.append((0..<n).map { i in i % 2 == 0 ? Double(i) : Double(n + i) })
      cases.append((0..<n).map { tan(-1.5 + 3.1 * Double($0) / Double(max(1, n - 1))) })
      // Zeros of both signs around the places read (the 2nd and 98th percentile, the ends).
      cases.append((0..<n).map { $0 % 3 == 0 ? -0.0 : 0.0 })
      cases.append((0..<n).map { $0 < n / 2 ? -1 : ($0 % 2 == 0 ? 0.0 : -0.0) })
      cases.append((0..<n).map { $0 % 2 == 0 ? 0.0 : -0.0 } + [.nan, -.infinity])
      cases.append([-0.0] + (0..<n).map { Double($0) } + [0.0])
      cases.append([0.0] + (0..<n).map { -Double($0) } + [-0.0])
    }
    cases.append([])
    cases.append([.nan, .infinity])
    cases.append([-0.0])
    cases.append([0.0, -0.0])
    cases.append([-0.0, 0.0])
    cases.append([.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0])
    for v in cases {
      #expect(same(Autoscale.robustBounds(v), sortedBounds(v)), "\(describe(v))")
    }
  }

  /// `select` puts the sorted value at the place asked, with no greater one before it and no
  /// smaller one after, for every place of small inputs with ties.
  @Test func selectPlacesEveryRank() {
    var rng = SplitMix64(seed: 0x05E1_00FF)
    for n in 1...40 {
      let v = (0..<n).map { _ in Double(Int.random(in: -4...4, using: &rng)) }
      let sorted = v.sorted()
      for k in 0..<n {
        var a = v
        a.withUnsafeMutableBufferPointer { OrderStatistics.select($0, k, in: 0...(n - 1)) }
        #expect(a[k] == sorted[k], "\(v) at \(k)")
        #expect(a[..<k].allSatisfy { $0 <= a[k] } && a[(k + 1)...].allSatisfy { $0 >= a[k] })
        #expect(a.sorted() == sorted)
      }
    }
  }
}
