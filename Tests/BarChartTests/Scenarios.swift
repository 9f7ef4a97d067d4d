import BarChart
import Testing

/// A named chart and the terminal size it is drawn at.
struct Scenario: Sendable, CustomTestStringConvertible {
  var name: String
  var data: BarChartData
  var columns: Int = 60
  var rows: Int = 16
  var firstBar: Int = 0

  var testDescription: String { name }
}

let nan = Double.nan

/// The scenarios every renderer draws (golden files `<name>-<style>.txt` and `<name>.svg`).
let scenarios: [Scenario] = [
  Scenario(
    name: "simple", data: BarChartData(values: [3, 5, 2, 7], labels: ["a", "b", "c", "d"])),
  Scenario(
    name: "negative", data: BarChartData(values: [3, -5, 2, 7], labels: ["a", "b", "c", "d"]),
    rows: 18),
  Scenario(
    name: "all-negative",
    data: BarChartData(values: [-3, -1, -4.5], labels: ["loss", "fees", "tax"], title: "Costs")),
  Scenario(name: "all-zero", data: BarChartData(values: [0, 0, 0], labels: ["x", "y", "z"])),
  Scenario(
    name: "one-bar", data: BarChartData(values: [42], labels: ["answer"]), columns: 30, rows: 10),
  Scenario(
    name: "missing",
    data: BarChartData(values: [3, nan, 5, .infinity], labels: ["a", "b", "c", "d"])),
  Scenario(
    name: "huge", data: BarChartData(values: [1e300, 2.5e300, 5e299], labels: ["p", "q", "r"])),
  Scenario(
    name: "fractions",
    data: BarChartData(
      values: [0.25, 1.5, 2.75, 3.125, 0.1 + 0.2], labels: ["A", "B", "C", "D", "E"])),
  Scenario(
    name: "long-labels",
    data: BarChartData(
      values: [120, 340, 95, 410, 230, 180],
      labels: [
        "Administration", "Research and Development", "Sales", "Customer Support",
        "Manufacturing", "Legal",
      ], title: "Head count by department")),
  Scenario(
    name: "hostile",
    data: BarChartData(
      labels: ["\u{1B}[31mred\u{1B}[0m", "new\nline", "\u{202E}evil", "東京都", "<b>&amp;"],
      series: [
        BarSeries(name: "a\u{7}bell", values: [1, 2, 3, 4, 5]),
        BarSeries(name: "\u{1B}]0;title\u{7}osc", values: [2, 1, 2, 1, 2]),
      ], title: "\u{1B}[2J<script>alert('x')</script> & more")),
  Scenario(
    name: "immigration-italy",
    data: immigration(columns: ["Italy"], title: "Immigration from Italy by decade"),
    columns: 80, rows: 20),
  Scenario(
    name: "immigration-grouped",
    data: immigration(columns: ["Italy", "Germany", "Ireland"], title: "Immigration by decade"),
    columns: 100, rows: 24),
  Scenario(name: "iowa", data: iowa(title: "Iowa net generation (GWh)"), columns: 80, rows: 24),
  Scenario(
    name: "iowa-scrolled", data: iowa(title: "Iowa net generation (GWh)"), columns: 80, rows: 24,
    firstBar: 6),
  Scenario(
    name: "iowa-scrolled-past-end", data: iowa(title: "Iowa net generation (GWh)"), columns: 80,
    rows: 24, firstBar: 1000),
  Scenario(
    name: "mixed-grouped",
    data: BarChartData(
      labels: ["Q1", "Q2", "Q3", "Q4"],
      series: [
        BarSeries(name: "North", values: [12, -4, 7, 15]),
        BarSeries(name: "South", values: [-6, 3, nan, 9]),
      ], title: "Profit by quarter"), rows: 18),
  Scenario(
    name: "many", data: BarChartData(values: (1...30).map { Double(($0 * 37) % 23 + 1) }),
    columns: 50, rows: 12, firstBar: 4),
  Scenario(name: "small", data: BarChartData(values: [3, 5, 2, 7]), columns: 20, rows: 6),
]
