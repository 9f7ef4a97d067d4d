import DataFiles

// `stream` and `set datafile separator` (`stats`: Commands+Stats.swift).

extension CommandEntry {
  /// `stream [OPTIONS] FILE | < FILE | cmd "COMMAND"`.
  static let stream = CommandEntry(
    name: "stream",
    usage: [
      "stream [OPTIONS] FILE", "stream [OPTIONS] < FILE", "stream [OPTIONS] cmd \"COMMAND\"",
    ], summary: "plot numbers live from a file or a command",
    details: """
      Plots numbers as they arrive and redraws a rolling window in place: one or more
      numbers a line, one series a column, with each series' last, min, max and mean
      below the plot. Lines that are not numbers are counted and skipped; nan leaves a
      gap. q or Ctrl-C stops; the last frame stays on screen.
        --window N          the last N samples of each series (default 100)
        --ymin A  --ymax B  fix the y range's bottom or top (default: follow the data)
        --smooth            smooth curves that never overshoot the samples
        --fps F             at most F redraws a second (default 30)
        --columns COLS      only these columns: numbers from 1 or names (4,13 or free,us)
        --exclude COLS      every column but these
        --match REGEX       each line's number from the match of REGEX (its group 1)
        --normalize         each series scaled to its own min..max (0..1)
        --export svg FILE   write the last frame as SVG when the stream stops
      Logs: a leading timestamp (2026-12-01 12:00:01, 12:00:01, Dec  1 12:00:01, epoch
      seconds) is the sample's time; key=value and key: value name their series (ping's
      time=0.045 ms is series time, unit ms).
      Examples: stream cmd "vmstat 1"   stream --columns us,sy,id cmd "vmstat 1"
      From the shell: vmstat 1 | graphcalc stream
      """, keywords: ["cmd"]
  ) { arguments throws(CommandError) in
    let words = arguments.words
    do throws(StreamArgumentError) {
      var request = try StreamRequest.parse(words.map(\.text))
      for (flag, index) in request.selectorArguments where index < words.count {
        request.selectorSpans[flag] = words[index].span
      }
      return StreamCommand(request: request)
    } catch {
      let location = error.argument.flatMap { $0 < words.count ? words[$0].span : nil }
      throw CommandError(error, at: location)
    }
  }
}

/// `stream ...`: a reply whose `stream` request the executable runs (the live loop needs
/// the terminal, which a session does not own). Nothing is read here.
struct StreamCommand: SessionCommand, Hashable {
  /// The checked request.
  var request: StreamRequest

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var reply = Reply()
    reply.stream = request
    return reply
  }
}

extension SettingEntry {
  /// `set datafile separator ","|";"|tab|whitespace|auto` and `set datafile missing "TEXT"`
  /// (gnuplot's commands); `unset datafile` puts both back. `set datafile columnheaders` is
  /// accepted with a note (the header row is detected).
  static let datafile = SettingEntry(
    name: "datafile",
    usage: [
      "set datafile separator \",\"|\";\"|tab|whitespace|auto", "set datafile missing \"TEXT\"",
      "set datafile columnheaders",
    ],
    keywords: ["separator", "missing", "tab", "whitespace", "columnheaders"],
    parse: { arguments throws(CommandError) in
      let forms =
        "set datafile separator \",\"|\";\"|tab|whitespace|auto or set datafile missing \"TEXT\""
      let usage = CommandProblem.usage(forms)
      let words = arguments.values.words
      guard let what = words.first else { throw CommandError(usage, at: arguments.name.span) }
      let isMissing = what.text == "missing" || what.text == "miss"
      // gnuplot's `columnheaders` (its first row names the columns): graphcalc detects a
      // header row itself, so it is accepted as it is.
      if ["columnheaders", "columnhead"].contains(what.text), words.count == 1 {
        return Note(
          text: "note: set datafile columnheaders is not needed: a header row is detected "
            + "(column(\"name\") reads it)")
      }
      guard what.text == "separator" || what.text == "sep" || isMissing else {
        throw CommandError(.datafileKnowsOnlySeparator(usage: forms), at: what.span)
      }
      if isMissing && words.count == 1 { return SetMissingText(text: nil) }
      guard words.count == 2 else {
        let at =
          words.count > 2
          ? words[2].span.lowerBound..<arguments.values.text.span.upperBound : what.span
        throw CommandError(usage, at: at)
      }
      if isMissing {
        let given = words[1]
        let text = given.text
        guard given.isString, !text.isEmpty, !text.contains(where: \.isWhitespace) else {
          throw CommandError(
            .usage("set datafile missing \"TEXT\" (a word in quotes, as in: \"?\")"),
            at: given.span)
        }
        return SetMissingText(text: text)
      }
      return SetSeparator(separator: try Session.separator(words[1]))
    },
    listing: { session in
      session.data.options.missingText.map {
        "datafile missing \"\(String(decoding: $0, as: UTF8.self))\""
      }
    },
    unset: ResetDatafile())
}

/// `set datafile missing "TEXT"`: the text of a missing cell in the data files read from
/// now on (a record with one is left out, and lines go on across it), nil for none.
struct SetMissingText: SessionCommand, Hashable {
  /// The text, nil for none.
  var text: String?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.data.options.missingText = text.map { Array($0.utf8) }
    return Reply()
  }
}

/// `unset datafile`: the separator is detected again and no text is missing.
struct ResetDatafile: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.data.options.separator = nil
    session.data.options.missingText = nil
    return Reply()
  }
}

/// `set datafile separator ...`: the field separator of the data files read from now on.
struct SetSeparator: SessionCommand, Hashable {
  /// The separator byte, nil to detect it.
  var separator: UInt8?

  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.data.options.separator = separator
    return Reply()
  }
}
