import CalculatorBrain
import Synchronization
import Testing

/// Hostile input ends in a `.limit` error, never a stack overflow.
@Suite struct LimitTests {
  @Test func recursionNamesTheFunction() throws {
    let error = try #require(failure(["f(x) = f(x)", "1 + f(1)"]))
    #expect(error.kind == .limit)
    #expect(error.message.contains("'f'"))
    #expect(error.location == 4..<5)
  }

  @Test func mutualRecursion() throws {
    let error = try #require(failure(["f(x) = g(x) + 1", "g(x) = f(x) * 2", "f(1)"]))
    #expect(error.kind == .limit)
  }

  /// Recursion that ends is fine up to the limit.
  @Test func boundedRecursion() throws {
    let setup = ["count(n) = n <= 0 ? 0 : 1 + count(n - 1)"]
    #expect(try output(setup + ["count(900)"]) == "900")
    #expect(failure(setup + ["count(100000)"])?.kind == .limit)
    #expect(try output(["fact(n) = n <= 1 ? 1 : n * fact(n - 1)", "fact(10)"]) == "3628800")
  }

  /// A deep body in a deep recursion: the total evaluation depth is bounded too.
  @Test func deepBodyRecursion() throws {
    let body = String(repeating: "(", count: 150) + "f(n - 1)" + String(repeating: ")", count: 150)
    let error = try #require(failure(["f(n) = \(body)", "f(1)"]))
    #expect(error.kind == .limit)
  }

  @Test(arguments: [
    String(repeating: "(", count: 100_000),
    String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500),
    String(repeating: "-", count: 100_000) + "1",
    String(repeating: "!", count: 100_000) + "1",
    "1" + String(repeating: "!", count: 100_000),
    String(repeating: "1+", count: 100_000) + "1",
    String(repeating: "2^", count: 100_000) + "1",
    String(repeating: "√", count: 100_000) + "1",
    String(repeating: "1?", count: 100_000) + "1",
    String(repeating: "x", count: 100_000),
    String(repeating: "sin(", count: 100_000),
  ])
  func nesting(_ input: String) throws {
    let error = try #require(failure(["x = 1", input]))
    #expect(error.kind == .limit || error.kind == .syntax || error.kind == .unknownName)
    if input.hasPrefix("(") || input.hasPrefix("-") || input.hasSuffix("!") || input.hasPrefix("1+")
    {
      #expect(error.kind == .limit)
    }
  }

  @Test func reasonableNestingWorks() throws {
    let input = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
    #expect(try output([input]) == "1")
    #expect(try output([String(repeating: "1+", count: 500) + "1"]) == "501")
  }

  @Test func deepRPN() throws {
    let program = "1 " + String(repeating: "1 + ", count: 5000)
    #expect(failure([program], mode: .rpn)?.kind == .limit)
    #expect(
      try output(["1 " + String(repeating: "1 + ", count: 300)], mode: .rpn).hasSuffix(" = 301"))
  }
}

/// Ctrl-C stops a long evaluation of user functions (tracker issue 20): `fib(45)` makes
/// 3.7e9 calls, and the brain's interrupt check is asked every 4096 of them.
@Suite struct EvaluationInterruptTests {
  @Test func anInterruptStopsARecursionAndSaysHowFarItGot() throws {
    var brain = CalculatorBrain()
    _ = try brain.execute("fib(n) = n < 2 ? n : fib(n-1) + fib(n-2)")
    let asked = Mutex(0)
    brain.interrupt = {
      asked.withLock {
        $0 += 1
        return $0 >= 5
      }
    }
    do {
      _ = try brain.execute("fib(45)")
      Issue.record("fib(45) was not interrupted")
    } catch {
      #expect(error.problem == .evaluationInterrupted(calls: 5 * 4096))
      #expect(error.message == "interrupted (after 20480 calls of your functions)")
      #expect(error.kind == .limit)
    }
    // Without an interrupt the same brain still computes.
    brain.interrupt = nil
    #expect(try brain.execute("fib(15)") == .value(.integer(610)))
  }
}
