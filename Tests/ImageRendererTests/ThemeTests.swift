import Foundation
import GraphCalcApp
import GraphView
import TestSupport
import Testing

@Suite struct ThemesColourEveryPicture {
  /// The colour `paint` has at `fraction` of its height (0 top, 1 bottom), interpolated
  /// between its stops.
  func expected(_ paint: Paint, at fraction: Double) -> RGBColor {
    switch paint {
    case .solid(let c): return c
    case .vertical(let stops):
      var below = stops[0]
      for stop in stops {
        if stop.position <= fraction { below = stop }
      }
      let above = stops.first { $0.position > fraction } ?? below
      let span = above.position - below.position
      let t = span > 0 ? (fraction - below.position) / span : 0
      func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
        UInt8((Double(a) + (Double(b) - Double(a)) * t).rounded())
      }
      return RGBColor(
        UInt32(mix(below.color.red, above.color.red)) << 16
          | UInt32(mix(below.color.green, above.color.green)) << 8
          | UInt32(mix(below.color.blue, above.color.blue)))
    }
  }

  func close(_ v: UInt32, _ c: RGBColor, within tolerance: Int = 6) -> Bool {
    abs(Int((v >> 16) & 0xFF) - Int(c.red)) <= tolerance
      && abs(Int((v >> 8) & 0xFF) - Int(c.green)) <= tolerance
      && abs(Int(v & 0xFF) - Int(c.blue)) <= tolerance
  }

  /// The PNG of a plot in each theme: the picture's corner is the background's colour, a
  /// point of the plot area away from the curves its fill's (a gradient's colour at that
  /// height), and the curves take the theme's palette.
  @Test(arguments: Theme.all.map(\.name))
  func thePNGTakesTheThemesColours(_ name: String) throws {
    let theme = try #require(Theme.named(name))
    let folder = try TemporaryFolder()
    var session = Session()
    #expect(session.run("set theme \(name)").error == nil)
    // y = 5 is far from both curves over [-10, -8.5], left of the legend.
    #expect(session.run("plot [-10:10] [-10:10] 0*x - 8, 0*x + 8").error == nil)
    let path = folder.path("t.png")
    #expect(session.run("export png \(path) 400 300").error == nil)
    let png = try Picture(png: path)
    func at(_ x: Int, _ y: Int) -> UInt32 { png.pixels[y * png.width + x] }
    #expect(close(at(1, 1), expected(theme.background, at: 1.0 / 300)), "corner")
    #expect(close(at(1, 298), expected(theme.background, at: 298.0 / 300)), "bottom corner")
    // The plot area of a 400x300 picture starts a little right of x = 40 and below y = 10.
    let probe = (x: 70, y: 110)
    let area = theme.plotArea ?? theme.background
    let areaTop = 8.0
    let areaHeight = 300.0 - 8 - 30
    if theme.plotArea != nil {
      let fraction = (Double(probe.y) - areaTop) / areaHeight
      #expect(close(at(probe.x, probe.y), expected(area, at: fraction), within: 12), "plot area")
    } else {
      #expect(close(at(probe.x, probe.y), expected(area, at: Double(probe.y) / 300)), "plot area")
    }
    // Both curves are drawn in the palette's first two colours.
    for k in 0..<2 {
      let color = theme.series(k)
      #expect(png.pixels.contains { close($0, color, within: 10) }, "curve \(k)")
    }
  }

  /// The SVG in each theme: its background and the curves' strokes, and gradients as
  /// `<linearGradient>`s.
  @Test(arguments: Theme.all.map(\.name))
  func theSVGTakesTheThemesColours(_ name: String) throws {
    let theme = try #require(Theme.named(name))
    let folder = try TemporaryFolder()
    var session = Session()
    _ = session.run("set theme \(name)")
    _ = session.run("plot sin(x), cos(x)")
    let path = folder.path("t.svg")
    #expect(session.run("export svg \(path)").error == nil)
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    try #require(xmlParseError(svg) == nil)
    switch theme.background {
    case .solid(let c): #expect(svg.contains("height=\"600\" fill=\"\(c.hex)\"/>"))
    case .vertical(let stops):
      #expect(svg.contains("<linearGradient id=\"background\""))
      for stop in stops { #expect(svg.contains("stop-color=\"\(stop.color.hex)\"")) }
    }
    if case .vertical = theme.plotArea { #expect(svg.contains("fill=\"url(#plotArea)\"")) }
    #expect(svg.contains("stroke=\"\(theme.series(0).hex)\" stroke-width=\"1.5\""))
    #expect(svg.contains("stroke=\"\(theme.series(1).hex)\" stroke-width=\"1.5\""))
  }

  @Test func setThemeTellsListsAndRefuses() {
    var session = Session()
    #expect(
      session.run("set theme").output
        == "theme default (themes: default, dark, plain-white, plain-black, dark-gradient, "
        + "slate, stocks, light)\n")
    #expect(session.run("set theme slate").error == nil)
    #expect(session.run("show theme").output == "theme slate\n")
    #expect(session.run("set theme light").error == nil)
    #expect(session.theme == .default)
    let error = session.run("set theme stock").error
    #expect(
      error?.problem
        == .unknownName(
          .theme(known: Theme.all.map(\.name) + ["light"]), "stock", suggestion: "stocks"))
    #expect(error?.location == 10..<15)
    _ = session.run("set theme dark")
    #expect(session.run("unset theme").error == nil)
    #expect(session.theme == .default)
  }
}
