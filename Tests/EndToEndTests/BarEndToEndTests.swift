import Foundation
import TestSupport
import Testing

// `bar` through the built graphcalc binary: terminal text, SVG export, errors.

@Suite struct BarEndToEndTests {
  @Test func barInAnASCIILocaleDrawsTheNegativeBarBelowTheZeroLine() throws {
    let result = try Graphcalc.run(
      ["-e", "bar 3 -5 2 7 labels \"q1\" \"q2\" \"q3\" \"q4\""],
      environment: ["COLUMNS": "60", "LINES": "16", "LANG": "C", "LC_ALL": "", "LC_CTYPE": ""])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(
        String.init)
    #expect(lines.count == 15)
    let zero = try #require(lines.firstIndex { $0.hasPrefix(" 0 ===") })
    // the value, not the tick
    let minus5 = try #require(lines.firstIndex { $0.dropFirst(3).contains("-5") })
    let seven = try #require(lines.firstIndex { $0.hasSuffix(" 7") })
    #expect(minus5 > zero)
    #expect(seven < zero)
    #expect(lines.last?.contains("q1") == true && lines.last?.contains("q4") == true)
    let plain = result.stdout.unicodeScalars.allSatisfy { $0.isASCII }
    #expect(plain)
  }

  @Test func barInAUTF8LocaleUsesBlocks() throws {
    let result = try Graphcalc.run(
      ["-e", "bar 3 -5 2 7"],
      environment: [
        "COLUMNS": "60", "LINES": "16", "LANG": "C.UTF-8", "LC_ALL": "", "LC_CTYPE": "",
      ])
    #expect(result.status == 0)
    #expect(result.stdout.contains("███"))
    #expect(result.stdout.contains("━━━"))
    #expect(!result.stdout.contains("\u{1B}["))  // not a terminal: no colour
  }

  @Test func barOfAFileExportsSVGAndScrolls() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-bar")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let data = folder.appendingPathComponent("sales.csv").path
    var csv = "month,north,south\n"
    for m in 1...30 { csv += "m\(m),\(m * 10),\(m % 7 == 0 ? "NA" : String(-m))\n" }
    try csv.write(toFile: data, atomically: true, encoding: .utf8)
    let svg = folder.appendingPathComponent("sales.svg").path
    let result = try Graphcalc.run(
      [
        "-e", "bar \"\(data)\" using month:north:south", "-e", "view", "-e", "pan right", "-e",
        "view",
        "-e", "export svg \"\(svg)\" 640 480",
      ],
      environment: ["COLUMNS": "60", "LINES": "20", "LANG": "C"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains("\(data): 4 missing values (no bar)\n"))
    let views = result.stdout.split(separator: "\n").filter { $0.hasPrefix("bars ") }
    #expect(views.count == 2)
    #expect(views.first?.hasPrefix("bars 1-") == true)
    #expect(views.last?.hasPrefix("bars 1-") == false)
    #expect(views.allSatisfy { $0.hasSuffix(" of 30 (pan left|right scrolls)") })
    #expect(result.stdout.hasSuffix("wrote \(svg) (640x480)\n"))
    let document = try String(contentsOfFile: svg, encoding: .utf8)
    #expect(document.hasPrefix("<?xml"))
    #expect(document.contains(">north</text>"))
    // Every bar, not only those on screen: 30 rounded bars of the first series' colour.
    let north = document.split(separator: "\n").filter {
      $0.hasPrefix("<path") && $0.contains("fill=\"#1f77b4\"")
    }
    #expect(north.count == 30)
    #expect(document.contains(">m29</text>"))
  }

  @Test func barErrorsGoToStandardErrorWithACaret() throws {
    let temporary = try TemporaryFolder(prefix: "graphcalc-bar")
    defer { withExtendedLifetime(temporary) {} }
    let folder = temporary.url
    let data = folder.appendingPathComponent("d.csv").path
    try "name,value\na,1\nb,2\n".write(toFile: data, atomically: true, encoding: .utf8)
    let line = "bar \"\(data)\" using name:vlaue"
    let result = try Graphcalc.run(["-e", line, "-e", "bar 1 2"], environment: ["LANG": "C"])
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n").map(String.init)
    #expect(errors.first?.hasPrefix("-e 1: error: \(data): no column named \"vlaue\"") == true)
    #expect(errors.first?.contains("did you mean \"value\"?") == true)
    #expect(errors.count == 3)
    #expect(errors[1] == "  " + line)
    let caret = String(repeating: " ", count: 2 + line.count - 5) + "^^^^^"
    #expect(errors[2] == caret)
    #expect(result.stdout.contains("#"))  // the second line still ran
  }

  @Test func exploreScrollsABarChartInAPseudoTerminal() throws {
    let binary = try #require(Graphcalc.path, "graphcalc binary not found")
    let tty = try PseudoTerminal(
      binary, columns: 80, rows: 24, environment: terminalEnvironment(["NO_COLOR": "1"]))
    let before = tty.settings()
    #expect(tty.wait(for: "> "))
    var mark = tty.output.endIndex
    tty.send("bar " + (1...30).map(String.init).joined(separator: " ") + "\r")
    #expect(tty.wait(for: "5 more ▶", after: mark))  // 25 of 30 bars fit 80 columns
    #expect(tty.wait(for: "> ", after: tty.output.range(of: "5 more ▶")?.upperBound ?? mark))

    mark = tty.output.endIndex
    tty.send("explore\r")
    #expect(tty.wait(for: "\u{1B}[?1049h", after: mark))
    #expect(tty.wait(for: "bars 1-25 of 30  | <- -> scroll", after: mark))
    #expect(tty.settings().c_lflag & tcflag_t(ECHO | ICANON) == 0)  // raw while exploring
    for (keys, status) in [
      ("\u{1B}[C", "bars 2-26 of 30"),  // right arrow
      ("l", "bars 3-27 of 30"),
      ("\u{1B}[6~", "bars 6-30 of 30"),  // page down stops at the last full page
      ("0", "bars 1-25 of 30"),
      ("\u{1B}[C", "bars 2-26 of 30"),
    ] {
      mark = tty.output.endIndex
      tty.send(keys)
      #expect(tty.wait(for: status, after: mark), "\(status)")
    }
    // q leaves: the terminal comes back and the chart is printed where explore left it.
    mark = tty.output.endIndex
    tty.send("q")
    #expect(tty.wait(for: "\u{1B}[?1049l", after: mark))
    #expect(tty.wait(for: "◀ 1 more", after: mark))
    #expect(
      tty.wait(
        for: "> ",
        after: tty.output.range(of: "◀ 1 more", range: mark..<tty.output.endIndex)?.upperBound
          ?? mark
      ))
    #expect(tty.settings().c_oflag & tcflag_t(OPOST) == before.c_oflag & tcflag_t(OPOST))
    mark = tty.output.endIndex
    tty.send("view\r")
    #expect(tty.wait(for: "bars 2-26 of 30 (pan left|right scrolls)", after: mark))
    tty.send("quit\r")
    #expect(tty.exitStatus() == 0)
  }
}
