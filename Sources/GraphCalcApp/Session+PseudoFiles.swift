import DataFiles

// gnuplot's pseudo-files `'+'` and `'++'` (tracker issue 16; `help special-filenames`):
// `plot '+' using 1:(sin($1))` reads a file of one column, the x of `set samples` points
// evenly over the sampling range (`[t=A:B]` in front of the items, else `set trange` when
// set, else the x range: gnuplot 5.4's `plot2d.c`, checked against its tables); `'++'`
// reads two columns u v over `set urange` x `set vrange` (gnuplot's default [-5:5] each),
// `set samples` values of u in each row and 10 rows (gnuplot's default isosamples), v from
// its top down, a blank line after each row. The lines are handed to the reader as a data
// block is (`DataFileOptions.dataBlocks`), so `using`, `every`, styles and `export table`
// read them as any file.

extension Session {
  /// Whether `path` is one of the pseudo-files `+` and `++`.
  static func isPseudoFile(_ path: String) -> Bool { path == "+" || path == "++" }

  /// The lines of the pseudo-file `path` (`+` or `++`) as bytes, each ending in a newline.
  ///
  /// - Parameters:
  ///   - path: `+` or `++`.
  ///   - range: The sampling range of `+`.
  /// - Returns: The file's bytes.
  func pseudoFileBytes(_ path: String, range: ClosedRange<Double>) -> [UInt8] {
    var text = ""
    if path == "+" {
      for x in Self.parameterSamples(range, count: labels.samples) { text += "\(x)\n" }
    } else {
      let us = Self.parameterSamples(labels.curveMode.uRange ?? -5...5, count: labels.samples)
      let vs = Self.parameterSamples(labels.curveMode.vRange ?? -5...5, count: 10)
      for v in vs.reversed() {
        for u in us { text += "\(u) \(v)\n" }
        text += "\n"
      }
    }
    return Array(text.utf8)
  }
}
