import GraphCalcApp
import Testing

@Suite struct TheTerminalsAnswersPickTheCanvas {
  func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

  @Test func kittyAnswersOK() {
    let p = TerminalProbe.interpret(bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c"))
    #expect(p.kitty && p.isComplete && p.typeAhead.isEmpty)
    #expect(p.canvas(termProgram: nil, fallback: .braille) == .kitty)
  }

  @Test func sixelIsAttributeFour() {
    let p = TerminalProbe.interpret(bytes("\u{1B}[?63;1;2;4;6;9;15;22c"))
    #expect(p.attributes == [63, 1, 2, 4, 6, 9, 15, 22])
    #expect(p.canvas(termProgram: nil, fallback: .braille) == .sixel)
  }

  @Test func aTerminalWithoutPicturesFallsBack() {
    let p = TerminalProbe.interpret(bytes("\u{1B}[?1;2c"))
    #expect(p.canvas(termProgram: nil, fallback: .braille) == .braille)
    #expect(p.canvas(termProgram: nil, fallback: .ascii) == .ascii)
    #expect(p.canvas(termProgram: "iTerm.app", fallback: .braille) == .iterm)
  }

  /// What the user typed around the answers is kept in order; an error answer of kitty's
  /// is no kitty.
  @Test func typeAheadIsKeptAndErrorsAreNoKitty() {
    let p = TerminalProbe.interpret(
      bytes("2+\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\3\r\u{1B}[?62;4c x"))
    #expect(!p.kitty)
    #expect(p.typeAhead == bytes("2+3\r x"))
    #expect(p.canvas(termProgram: nil, fallback: .braille) == .sixel)
  }

  /// OSC 11's answer, ended by BEL or by ST, 4 or 2 hex digits a channel.
  @Test func theBackgroundColourIsRead() throws {
    let dark = TerminalProbe.interpret(bytes("\u{1B}]11;rgb:1e1e/1e1e/2020\u{07}\u{1B}[?62c"))
    let bg = try #require(dark.background)
    #expect(abs(bg.red - 0x1e1e / 65535.0) < 1e-12 && abs(bg.blue - 0x2020 / 65535.0) < 1e-12)
    #expect(dark.hasDarkBackground == true && dark.typeAhead.isEmpty)
    let light = TerminalProbe.interpret(bytes("\u{1B}]11;rgb:ff/ff/f0\u{1B}\\\u{1B}[?62c"))
    #expect(light.hasDarkBackground == false && light.typeAhead.isEmpty)
    #expect(TerminalProbe.interpret(bytes("\u{1B}[?62c")).hasDarkBackground == nil)
  }

  /// An answer not all read yet is not complete (the reader waits for the rest).
  @Test func aPartialAnswerIsNotComplete() {
    #expect(!TerminalProbe.interpret(bytes("\u{1B}[?62;4")).isComplete)
    #expect(!TerminalProbe.interpret(bytes("\u{1B}_Gi=31;OK")).isComplete)
  }

  /// Without a probe (tests, pipes) `set canvas auto` keeps the canvas; with one, the
  /// first plot asks it once.
  @Test func theSessionAsksAtTheFirstPlotOnly() {
    var s = Session()
    s.display = TerminalDisplay(canvas: .braille)
    s.display.autoCanvas = true
    let asked = Counter()
    s.canvasProbe = { fallback in
      asked.add()
      return (.block, false, false, nil)
    }
    _ = s.run("1+1")
    #expect(asked.value == 0)
    _ = s.run("plot sin(x)")
    #expect(asked.value == 1)
    #expect(s.display.canvas == .block)
    _ = s.run("zoom 2")
    #expect(asked.value == 1)
    #expect(s.run("set canvas auto").error == nil)
    #expect(asked.value == 2)
  }
}

/// A counter a `@Sendable` closure can bump.
final class Counter: @unchecked Sendable {
  private(set) var value = 0
  func add() { value += 1 }
}
