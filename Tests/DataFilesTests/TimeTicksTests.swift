import Foundation
import GraphView
import TestSupport
import Testing

@testable import DataFiles

/// Unix seconds of a UTC date and time (via DateParser's Hinnant arithmetic, itself checked
/// against Python in ParsingTests).
func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Double = 0) -> Double {
  Double(DateParser.daysFromCivil(year: y, month: m, day: d)) * 86400
    + Double(h * 3600 + min * 60) + s
}

func ticks(_ lo: Double, _ hi: Double, _ n: Int) -> [Tick] {
  TimeTicks.ticks(for: lo...hi, approximateCount: n)
}

@Suite struct TimeTicksTests {
  @Test func minuteTicks() {
    let t = ticks(utc(2012, 1, 1, 13), utc(2012, 1, 1, 14), 6)
    #expect(t.map(\.label) == ["13:00", "13:10", "13:20", "13:30", "13:40", "13:50", "14:00"])
    #expect(t.map(\.value) == (0...6).map { utc(2012, 1, 1, 13, $0 * 10) })
  }

  @Test func secondTicks() {
    let t = ticks(utc(2012, 1, 1, 13, 45), utc(2012, 1, 1, 13, 45, 30), 6)
    #expect(
      t.map(\.label) == [
        "13:45:00", "13:45:05", "13:45:10", "13:45:15", "13:45:20", "13:45:25", "13:45:30",
      ])
  }

  @Test func fractionalSecondTicks() {
    let t = ticks(utc(2012, 1, 1, 13, 45), utc(2012, 1, 1, 13, 45, 0.5), 5)
    #expect(
      t.map(\.label) == [
        "13:45:00", "13:45:00.1", "13:45:00.2", "13:45:00.3", "13:45:00.4", "13:45:00.5",
      ])
  }

  @Test func hourTicksAcrossMidnightNameTheDay() {
    let t = ticks(utc(2012, 1, 1, 18), utc(2012, 1, 2, 6), 4)
    #expect(t.map(\.label) == ["18:00", "21:00", "Jan 02", "03:00", "06:00"])
  }

  @Test func dayTicks() {
    let t = ticks(utc(2012, 3, 1), utc(2012, 3, 8), 7)
    #expect(
      t.map(\.label) == [
        "Mar 01", "Mar 02", "Mar 03", "Mar 04", "Mar 05", "Mar 06", "Mar 07", "Mar 08",
      ])
  }

  @Test func dayTicksAcrossNewYearShowTheYear() {
    let t = ticks(utc(2011, 12, 30), utc(2012, 1, 2), 4)
    #expect(t.map(\.label) == ["2011-12-30", "2011-12-31", "2012-01-01", "2012-01-02"])
  }

  @Test func weekTicksFallOnMondays() {
    let t = ticks(utc(2012, 3, 1), utc(2012, 4, 1), 5)
    #expect(t.map(\.label) == ["Mar 05", "Mar 12", "Mar 19", "Mar 26"])
    // 2012-03-05 was a Monday: (days + 3) mod 7 == 0 for Mondays since 1970-01-01 (Thursday).
    #expect(t.allSatisfy { Int($0.value / 86400 + 3) % 7 == 0 })
  }

  @Test func monthTicks() {
    let t = ticks(utc(2012, 1, 15), utc(2012, 12, 31), 6)
    #expect(t.map(\.label) == ["2012-03", "2012-05", "2012-07", "2012-09", "2012-11"])
    #expect(t.first?.value == utc(2012, 3, 1))
  }

  @Test func yearTicks() {
    let t = ticks(utc(1990, 1, 1), utc(2020, 6, 1), 6)
    #expect(t.map(\.label) == ["1990", "2000", "2010", "2020"])
    let yearly = ticks(utc(2012, 1, 1), utc(2015, 12, 31), 4)
    #expect(yearly.map(\.label) == ["2012", "2013", "2014", "2015"])
  }

  @Test func degenerateRanges() {
    #expect(
      ticks(utc(2012, 1, 1, 13, 45), utc(2012, 1, 1, 13, 45), 5) == [
        Tick(value: utc(2012, 1, 1, 13, 45), label: "2012-01-01 13:45:00")
      ])
    #expect(ticks(utc(2012, 1, 1), utc(2012, 1, 1), 5).map(\.label) == ["2012-01-01"])
    // Narrower than a Double can step at this magnitude: one tick, no endless loop.
    let lo = utc(2012, 1, 1)
    #expect(ticks(lo, lo.nextUp, 10).count == 1)
    #expect(TimeTicks.ticks(for: 0...Double.infinity, approximateCount: 5).isEmpty)
    #expect(TimeTicks.ticks(for: -1e300...1e300, approximateCount: 5).isEmpty)
    #expect(ticks(0, 86400, 0).count <= 4)  // a count below 1 is taken as 1
    #expect(ticks(0, 86400, Int.max).count <= 402)
  }

  @Test func randomRangesGiveOrderedTicksWithinTheRange() {
    let seed: UInt64 = 42
    var rng = SplitMix64(seed: seed)
    for _ in 0..<2000 {
      let magnitude = Double.random(in: -3...15, using: &rng)
      let span = Double.random(in: 0.5...1, using: &rng) * pow(10, magnitude)
      let lo = Double.random(in: -4e9...4e9, using: &rng)
      let n = Int.random(in: 1...20, using: &rng)
      let t = ticks(lo, lo + span, n)
      let ok =
        t.count <= 2 * n + 2 && t.allSatisfy { $0.value >= lo && $0.value <= lo + span }
        && zip(t, t.dropFirst()).allSatisfy { $0.value < $1.value }
        && t.allSatisfy { !$0.label.isEmpty }
      if !ok {
        Issue.record("seed \(seed): range \(lo)...\(lo + span), count \(n): \(t)")
        return
      }
    }
  }
}
