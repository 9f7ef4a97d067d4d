import Foundation
import TestSupport
import Testing

@testable import GraphCalcApp

// gnuplot's `set polar`, `set parametric` and `set trange` (tracker issue 16): in those
// modes `plot`'s function items draw the same curves as `r = EXPR` and `(X, Y)` items.

@Suite struct CurveModeTests {
  func table(_ lines: [String], size: String = "200 150") throws -> String {
    let folder = try TemporaryFolder()
    var session = Session()
    for line in lines {
      let reply = session.run(line)
      #expect(reply.error == nil, "\(line): \(reply.error?.message ?? "")")
    }
    let path = folder.path + "/t.dat"
    _ = session.run("export table \(path) \(size)")
    return try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func setPolarDrawsAFunctionItemAsRofT() throws {
    // The same table as the polar item in θ.
    let mode = try table(["set polar", "plot [-3:3] [-3:3] 1 + cos(t)"])
    let item = try table(["plot [-3:3] [-3:3] r = 1 + cos(θ)"])
    #expect(tablePolylines(mode).count == 1)
    #expect(
      tablePolylines(mode).flatMap { $0 }.map { "\($0)" }
        == tablePolylines(item).flatMap { $0 }.map { "\($0)" })
    #expect(mode.contains("# Curve title: \"1 + cos(t)\""))
    // r = 2 is the circle of radius 2, starting at t = 0.
    let points = tablePolylines(try table(["set polar", "plot [-3:3] [-3:3] 2"])).flatMap { $0 }
    for p in points { #expect(abs((p.0 * p.0 + p.1 * p.1).squareRoot() - 2) < 1e-9) }
    #expect(points.first.map { abs($0.0 - 2) < 1e-12 && abs($0.1) < 1e-12 } == true)
  }

  @Test func unsetPolarGoesBackToFunctionsOfX() throws {
    let text = try table(["set polar", "unset polar", "plot [0:1] [-3:3] 2"])
    let points = tablePolylines(text).flatMap { $0 }
    #expect(points.first?.0 == 0)
    #expect(points.allSatisfy { $0.1 == 2 })
  }

  @Test func setTrangeIsTheRangeOfT() throws {
    // Half a circle: from (1, 0) to (-1, 0) through y > 0.
    let half = tablePolylines(
      try table(["set polar", "set trange [0:pi]", "plot [-2:2] [-2:2] 1"])
    ).flatMap { $0 }
    #expect(half.allSatisfy { $0.1 >= -1e-12 })
    #expect(half.last.map { abs($0.0 + 1) < 1e-12 } == true)
    // parametric: x = t over [1:3]; [t=...] in front of the items still wins.
    let given = tablePolylines(
      try table(["set parametric", "set trange [1:3]", "plot [-1:10] [-1:10] t, 0"]))
    #expect(given.first?.first?.0 == 1)
    #expect(given.first?.last?.0 == 3)
    let front = tablePolylines(
      try table(["set parametric", "set trange [1:3]", "plot [t=2:4] [-1:10] [-1:10] t, 0"]))
    #expect(front.first?.first?.0 == 2)
    #expect(front.first?.last?.0 == 4)
    // unset trange: [0:2π] again.
    let back = tablePolylines(
      try table(["set parametric", "set trange [1:3]", "unset trange", "plot [-1:10] [-1:1] t, 0"]))
    #expect(back.first?.first?.0 == 0)
    #expect(abs((back.first?.last?.0 ?? 0) - 2 * Double.pi) < 1e-12)
  }

  @Test func setParametricPairsTwoFunctionItems() throws {
    let mode = try table(["set parametric", "plot [-4:4] [-3:3] 3*cos(t), 2*sin(t) title \"e\""])
    let pair = try table(["plot [-4:4] [-3:3] (3*cos(t), 2*sin(t))"])
    #expect(
      tablePolylines(mode).flatMap { $0 }.map { "\($0)" }
        == tablePolylines(pair).flatMap { $0 }.map { "\($0)" })
    #expect(mode.contains("# Curve title: \"e\""))
    // Two pairs are two curves; untitled, the legend is both items.
    let two = try table(["set parametric", "plot [-4:4] [-3:3] cos(t), sin(t), t, t"])
    #expect(two.contains("# Curve 1 of 2"))
    #expect(two.contains("# Curve title: \"cos(t), sin(t)\""))
  }

  @Test func aLoneParametricItemIsAnErrorAtIt() {
    var session = Session()
    _ = session.run("set parametric")
    let reply = session.run("plot cos(t), sin(t), t")
    #expect(reply.error?.message.contains("a lone function item in parametric mode") == true)
    #expect(reply.error?.location == 21..<22)
    let titled = session.run("plot cos(t) title \"a\", sin(t)")
    #expect(titled.error?.message.contains("the x item of a parametric pair") == true)
  }

  @Test func polarDataIsReadAsAngleAndRadius() throws {
    let folder = try TemporaryFolder()
    let path = folder.path + "/d.dat"
    try "0 1\n1 1\n".write(toFile: path, atomically: true, encoding: .utf8)
    var session = Session()
    _ = session.run("set polar")
    #expect(session.run("plot \"\(path)\"").error == nil)
    guard case .data(let curve) = session.curves?.items.first else {
      Issue.record("no data curve")
      return
    }
    // (0, 1) and (1 rad, 1): gnuplot's 1 0 and 0.540302 0.841471.
    #expect(Array(curve.x) == [1, cos(1.0)] && Array(curve.y) == [0, sin(1.0)])
    _ = session.run("unset polar")
    #expect(session.run("plot \"\(path)\"").error == nil)
  }

  @Test func showAndSetListTheModes() {
    var session = Session()
    #expect(session.run("show polar").output.trimmingCharacters(in: .whitespacesAndNewlines) == "")
    _ = session.run("set polar")
    _ = session.run("set parametric")
    _ = session.run("set trange [0:4]")
    #expect(
      session.run("show polar").output.trimmingCharacters(in: .whitespacesAndNewlines) == "polar")
    #expect(
      session.run("show parametric").output.trimmingCharacters(in: .whitespacesAndNewlines)
        == "parametric")
    #expect(
      session.run("show trange").output.trimmingCharacters(in: .whitespacesAndNewlines)
        == "trange [0:4]")
    let all = session.run("set").output
    #expect(all.contains("polar\nparametric\ntrange [0:4]"))
    #expect(session.run("set polar 1").error?.message.contains("set polar") == true)
    #expect(session.run("set trange").error != nil)
  }
}
