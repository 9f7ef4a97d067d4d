/// The pictures the PNG and PDF are checked on: lines a user types, then an export. The
/// references (`Fixtures/NAME.svg`, and `NAME.svg.png`, rsvg-convert's rendering of it) are
/// written by `scripts/picture-references`.
struct PictureCase: Sendable, CustomStringConvertible {
  var name: String
  var lines: [String]
  var width: Int
  var height: Int
  var description: String { name }

  static let all = [
    PictureCase(
      name: "functions", lines: ["plot sin(x)*x, cos(x)"], width: 800, height: 600),
    PictureCase(
      name: "poles", lines: ["plot [-3:3] [-4:4] 1/x, tan(x), x^2 - 2"], width: 640,
      height: 480),
    PictureCase(
      name: "bars",
      lines: [
        "bar 3 -5 2 7 labels \"q1\" \"q2\" \"q3\" \"q4\" title \"sales\"",
        "set bar style rounded",
      ], width: 800, height: 600),
  ]
}
