import Testing

@testable import GraphCalcApp

@Suite struct CompletionTests {
  @Test func completionWordsHoldCommandsFunctionsConstantsAndTheUsersNames() {
    var session = Session()
    _ = session.run("speed = 3")
    _ = session.run("square(t) = t^2")
    let words = session.completionWords
    for word in [
      "plot", "explore", "undo", "set", "sin", "atan2", "pi", "tau", "speed", "square", "braille",
      "canvas",
    ] {
      #expect(words.contains(word), "missing \(word)")
    }
    #expect(words == words.sorted())
    #expect(Set(words).count == words.count)
    #expect(
      Session.completions(of: "ex", among: words) == [
        "exit", "exp", "explore", "export", "expressions", "extrema",
      ])
    #expect(Session.completions(of: "sq", among: words) == ["sqrt", "square"])
    #expect(Session.completions(of: "zzz", among: words).isEmpty)
  }

  @Test func completionKnowsTheWordsOfBarAndSetBarStyle() {
    let words = Session().completionWords
    for word in ["bar", "style", "rounded", "flat", "labels", "using", "by", "title", "notitle"] {
      #expect(words.contains(word), "missing \(word)")
    }
    #expect(Session.completions(of: "roun", among: words) == ["round", "rounded"])
    #expect(Session.completions(of: "fl", among: words) == ["flat", "floor"])
    #expect(Session.completions(of: "lab", among: words) == ["label", "labels"])  // set label
  }

  @Test func setAloneListsTheBarStyle() {
    var session = Session()
    _ = session.run("set bar style flat")
    #expect(session.run("set").output.hasSuffix("\nbar style flat\ntheme default\n"))
    // The same while a bar chart is shown.
    _ = session.run("bar 1 2 3")
    #expect(session.run("set").output.hasSuffix("\nbar style flat\ntheme default\n"))
  }

  @Test func setCanvasAndColor() {
    var session = Session()
    #expect(
      session.run("set").output == "canvas ascii\ncolor off\nbar style rounded\ntheme default\n")
    _ = session.run("plot sin(x)")
    let braille = session.run("set canvas braille")
    #expect(braille.error == nil)
    #expect(braille.output.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    #expect(session.display.canvas == .braille)
    let block = session.run("set canvas block").output
    #expect(block.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) })
    #expect(!block.contains("\u{1B}"))
    let coloured = session.run("set color on").output
    #expect(coloured.contains("\u{1B}[38;5;33m"))
    #expect(session.run("zoom 2").output.contains("\u{1B}["))
    #expect(!session.run("set color off").output.contains("\u{1B}"))
    #expect(
      session.run("set canvas fancy").error?.message
        == "unknown canvas 'fancy'; choose braille, block, ascii, kitty, iterm, sixel or auto")
    #expect(session.run("set color maybe").error?.message == "usage: set color on|off")
    #expect(session.run("set canvas").output == "block\n")
  }

  @Test func helpCoversTheNewCommands() {
    for name in ["explore", "undo", "set"] {
      let text = Help.text(for: name)
      #expect(text?.contains("Example") == true || text?.contains("example") == true, "\(name)")
    }
  }
}
