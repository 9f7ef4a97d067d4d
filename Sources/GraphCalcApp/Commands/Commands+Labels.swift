import GraphView

// gnuplot's settings of a plot's look and ranges, in gnuplot's syntax: `set title`,
// `set xlabel`, `set ylabel`, `set key`, `set grid`, `set xrange [A:B]`, `set yrange [A:B]`,
// `set autoscale`, `set samples`; `replot`; and the clear refusal of gnuplot's other
// settings. As in gnuplot, these settings draw nothing: the next `plot` or `replot` shows
// them (a script of gnuplot lines prints one plot, not one per line).

/// The title, axis labels, legend and grid plots are drawn with.
public struct PlotLabels: Sendable, Hashable {
  /// The title above the plot (`set title`); empty for none.
  public var title = ""
  /// The x axis's label (`set xlabel`); empty for none.
  public var xLabel = ""
  /// The y axis's label (`set ylabel`); empty for none.
  public var yLabel = ""
  /// Whether the legend is drawn (`set key`, `unset key`).
  public var showKey = true
  /// Where the legend goes (`set key top left`, ...).
  public var keyPlacement = LegendPlacement.best
  /// Whether the grid is drawn at the ticks, where the output has one (`set grid`).
  public var grid = true
  /// The axes whose ticks the grid is drawn at (`set grid y2tics`); nil: x and y, the
  /// default, as no `set grid` has named any.
  public var gridAxes: GridAxes?
  /// gnuplot's `set grid polar [ANGLE]`: the rays' spacing in radians (the angle is read in
  /// `set angles`'s unit when set; 30 degrees by default), the grid then circles and rays
  /// (`PlotLayout.Options.polarGrid`); nil for the grid at the ticks.
  public var polarGrid: Double?
  /// Whether `set angles degrees` chose degrees (so `reset` goes back to radians).
  public var anglesInDegrees = false
  /// The axes whose minor ticks get grid lines too (`set grid mxtics mytics`).
  public var minorGridAxes: GridAxes = []
  /// The major grid lines' look (`set grid lt N lc rgb "..." lw W dt N`), unresolved (`lt N`
  /// and `ls N` are resolved at drawing, as the border's are).
  public var gridLook = CurveLook()
  /// The minor grid lines' look (after the comma of `set grid ..., lt 0`).
  public var minorGridLook = CurveLook()
  /// Whether one unit is as long on the y axis as on the x axis (`set aspect equal`,
  /// gnuplot's `set size square`): the shown ranges grow to make it so.
  public var equalAspect = false
  /// The axes' scales: linear, or log axes (`set logscale`).
  public var scales = AxisScales.linear
  /// The points of interest marked on the plot (`mark roots`, ...).
  public var marks = PointMarks()
  /// How the x axis's ticks are placed and labelled (`set xtics`, `set format x`).
  public var xTics = TickRule()
  /// How the y axis's ticks are placed and labelled (`set ytics`, `set format y`).
  public var yTics = TickRule()
  /// The sides of the frame drawn (`set border`, `unset border`).
  public var border = BorderSides.all
  /// What tick labels write for the decimal point (`set decimalsign ','`), nil for `.`.
  public var decimalSign: String?
  /// How many points a function drawn in a style other than `lines` takes, evenly across
  /// the x range shown (`set samples N`; gnuplot's default, `FunctionCurves.styleSamples`).
  /// Functions drawn with lines are sampled per pixel column and do not read it.
  public var samples = FunctionCurves.styleSamples
  /// The title's, axis labels' and legend's text sizes in pictures (`font ",SIZE"` of
  /// `set title`, `set xlabel`, `set ylabel`, `set key`), as multiples of the pictures' own.
  public var textScales = PlotLayout.TextScales()
  /// The title's and axis labels' offsets, colours and boxes (`offset DX,DY`, `tc`, `boxed`
  /// of `set title`, `set xlabel`, `set ylabel`; Commands+Titles.swift).
  public var textPlacements = PlotLayout.TextPlacements()
  /// gnuplot's key options beyond the corner (`set key box title ...`; Commands+Key.swift).
  public var key = KeyOptions()
  /// What gnuplot's `set label`, `set arrow`, zero axes, tick styles, `set bars`,
  /// `set pointsize` and `set style data|function` set (Commands+Annotations.swift).
  public var annotations = PlotAnnotations()
  /// The second axes' ranges, scales, ticks and labels (`set y2tics`, ...;
  /// Session+SecondAxes.swift).
  public var second = SecondAxesSettings()
  /// How the x axis's automatic range is finished (`set autoscale xfix`, `set xrange [0:*]`).
  public var xAutoscale = AxisAutoscale()
  /// How the y axis's automatic range is finished (`set autoscale yfix`, `set yrange [0:*]`).
  public var yAutoscale = AxisAutoscale()
  /// Space beyond the data of autoscaled ranges (`set offsets`).
  public var offsets = PlotOffsets()
  /// Whether x is a time axis (`set xdata time`): quoted range bounds are times read by
  /// `timeFormat`, tick formats are time formats.
  public var xTime = false
  /// Whether y is a time axis (`set ydata time`): the y column is read by `timeFormat`.
  public var yTime = false
  /// The format of times read from range bounds and data (`set timefmt`; gnuplot's default).
  public var timeFormat = "%d/%m/%y,%H:%M"
  /// The x tick labels' time format (`set format x "%d/%m"` with time conversions), used on
  /// a time axis; nil for the automatic calendar labels.
  public var xTimeFormat: String?
  /// gnuplot's curve modes (`set polar`, `set parametric`, `set trange`;
  /// Commands+Polar.swift).
  public var curveMode = CurveMode()
  /// The plot area's edges where the user placed them (`set lmargin`, ...;
  /// Commands+Margins.swift).
  public var margins = PlotLayout.Margins()
  /// The plot's part of the page (`set size W,H`, `set origin X,Y`) and the plot area's
  /// shape (`set size ratio R`; Commands+Margins.swift).
  public var placement = PlotPlacement()

  /// The defaults: no title or labels, the legend in the emptiest corner, the grid.
  public init() {}

  /// The layout options of a plot with these labels.
  ///
  /// - Parameters:
  ///   - marks: How each curve is drawn.
  ///   - titles: The curves' legend titles (for an outside legend's margin).
  /// - Returns: The options.
  func options(marks: [CurveMarks], titles: [String]) -> PlotLayout.Options {
    var options = PlotLayout.Options(
      title: title, showLegend: showKey, showGrid: grid, curveMarks: marks, xLabel: xLabel,
      yLabel: yLabel, legendPlacement: keyPlacement, legendTitles: titles)
    options.border = border
    options.gridAxes = gridAxes ?? .first
    options.polarGrid = polarGrid
    options.minorGridAxes = minorGridAxes
    options.gridLook = annotations.lines.resolved(gridLook, curve: nil)
    options.minorGridLook = annotations.lines.resolved(minorGridLook, curve: nil)
    options.mirrorsXTicks = xTics.mirror
    options.mirrorsYTicks = yTics.mirror
    options.textScales = textScales
    options.textPlacements = textPlacements
    options.key = key
    options.margins = margins
    options.areaRatio = placement.ratio
    annotations.apply(to: &options)
    return options
  }
}

extension SettingTable {
  /// The settings of gnuplot's syntax that graphcalc has.
  static let gnuplotLabels: [SettingEntry] =
    [
      .text("title", alias: "tit", \.title, font: \.title, place: \.title),
      .text("xlabel", alias: "xlab", \.xLabel, font: \.xLabel, place: \.xLabel),
      .text("ylabel", alias: "ylab", \.yLabel, font: \.yLabel, place: \.yLabel), .key, .grid,
      .range(x: true),
      .range(x: false),
      .autoscale, .samples, .aspect, .size, .logscale, .xdata, .ydata, .timefmt, .margin(.left),
      .margin(.right), .margin(.bottom), .margin(.top), .margins, .origin, .multiplot,
      .terminal, .output, .printDestination,
    ] + SettingEntry.keptSettings

  /// What to say to gnuplot's settings that graphcalc does not have, by name (the empty hint
  /// says only that it is not supported).
  static let gnuplotOnlyHints: [String: String] = {
    var hints: [String: String] = [:]
    hints["style"] = "give each plot item its style: with impulses|boxes|yerrorbars|..."
    let options = "give each plot item its own: lw N, lc rgb \"red\", pt N, ps N, dt N"
    for name in ["pointsize", "dashtype"] { hints[name] = options }
    hints["linestyle"] = "gnuplot's set linestyle is set style line N ..."
    // gnuplot's `set link x2|y2 [via F inverse G]`: graphcalc's second axes map their own
    // range affinely onto the first's (`AxisLink`), with no function between them.
    hints["link"] =
      "the second axes take their own range: set x2range [A:B], set y2range [A:B] "
      + "(or set logscale y2); a mapping via f(x) inverse g(x) is not supported"
    let plain = [
      "mxtics", "mytics", "ztics", "mx2tics", "my2tics", "x2data", "y2data", "xdtics",
      "ydtics", "x2dtics", "y2dtics", "xmtics", "ymtics", "x2mtics", "y2mtics",
      "label", "arrow", "pointsize", "boxwidth",
      "fit", "table", "palette", "pm3d", "view",
      "contour", "hidden3d", "zeroaxis",
      "xzeroaxis", "yzeroaxis", "locale", "bars", "colorbox", "cbrange",
      "zrange",
      "zlabel", "cblabel", "mouse", "macros",
      "dashtype", "monochrome", "jitter", "errorbars", "raxis", "rtics", "link", "nonlinear",
      "history",
      "xyplane", "ticslevel", "surface", "cntrparam", "mapping", "linestyle", "fill",
    ]
    for name in plain where hints[name] == nil { hints[name] = "" }
    return hints
  }()

  /// The error for `set NAME` (or `unset`, `show`) of a gnuplot setting graphcalc does not
  /// have, or nil for any other name.
  static func gnuplotOnly(_ name: String) -> CommandProblem? {
    gnuplotOnlyHints[name].map { .notSupported(what: "gnuplot's setting '\(name)'", hint: $0) }
  }
}

/// A command that changes the session's plot labels and draws nothing (gnuplot's `set`).
struct SetLabels: SessionCommand {
  /// The change.
  var change: @Sendable (inout PlotLabels) -> Void

  func run(in session: inout Session) throws(CommandError) -> Reply {
    change(&session.labels)
    return Reply()
  }
}

/// `set grid polar [ANGLE]` (and `nopolar`): the grid's axes as `set grid` sets them, then
/// the polar grid's rays every ANGLE in `set angles`'s unit (30 degrees when none is given).
struct SetPolarGrid: SessionCommand {
  /// The axes' change of the same line.
  var axes: SetLabels
  /// The angle as typed, in the angle unit; nil for 30 degrees.
  var angle: Double?
  /// `polar` (true) or `nopolar`.
  var on: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    _ = try axes.run(in: &session)
    guard on else {
      session.labels.polarGrid = nil
      return Reply()
    }
    let degrees = session.brain.angleUnit == .degrees
    session.labels.polarGrid = angle.map { degrees ? $0 * .pi / 180 : $0 } ?? .pi / 6
    return Reply()
  }
}

/// A command that prints a note and changes nothing (`set samples`).
struct Note: SessionCommand, Hashable {
  /// The note's line.
  var text: String

  func run(in session: inout Session) throws(CommandError) -> Reply { .text(text) }
}

extension SettingEntry {
  /// `set title|xlabel|ylabel [TEXT] [offset DX,DY] [font "NAME,SIZE"] [tc COLOUR] [boxed]`:
  /// gnuplot's title and axis labels (nothing: no text; each option changes only itself:
  /// `SetPlotText`, Commands+Titles.swift).
  static func text(
    _ name: String, alias: String, _ field: WritableKeyPath<PlotLabels, String> & Sendable,
    font: WritableKeyPath<PlotLayout.TextScales, Double> & Sendable,
    place: WritableKeyPath<PlotLayout.TextPlacements, PlotLayout.TextPlacement> & Sendable
  ) -> SettingEntry {
    SettingEntry(
      name: name, aliases: [alias],
      usage: [
        "set \(name) \"TEXT\" [offset DX,DY] [font \"NAME,SIZE\"] [tc rgb \"COLOUR\"] [boxed]"
      ],
      keywords: ["offset", "font", "textcolor", "tc", "boxed"],
      parse: { arguments throws(CommandError) in
        try SetPlotText(arguments.values, name: name, field: field, font: font, place: place)
      },
      listing: { session in
        let text = session.labels[keyPath: field]
        let scale = session.labels.textScales[keyPath: font]
        let placement = session.labels.textPlacements[keyPath: place]
        if text.isEmpty && scale == 1 && placement == PlotLayout.TextPlacement() { return nil }
        return "\(name) \"\(text)\"" + SetPlotText.listing(placement) + FontOption.listing(scale)
      },
      unset: SetLabels {
        $0[keyPath: field] = ""
        $0.textScales[keyPath: font] = 1
        $0.textPlacements[keyPath: place] = PlotLayout.TextPlacement()
      })
  }

  /// `set grid`: the grid at the ticks (graphcalc's default; `unset grid` leaves it out).
  /// gnuplot's axes words (`set grid x2tics y2tics`, `noxtics`, abbreviated as `x`, `y2t`,
  /// ...) choose the axes whose ticks the grid is drawn at, added to those chosen by an
  /// earlier `set grid`; without one, x and y (src/set.c's `set_grid`: the default grid only
  /// when no axis is named and none is chosen). `mxtics` and `mytics` add grid lines at the
  /// minor ticks (where `set mxtics` draws them; `mx2tics`, `my2tics` are accepted and not
  /// drawn). Line properties (`lt`, `lc`, `lw`, `dt`, `ls`) set the major lines' look, and
  /// after a comma the minor lines' (gnuplot's `{major} {, minor}`); a look given replaces
  /// the one before, and one without `lt`, `dt` or `ls` is dotted, as gnuplot's grid line
  /// (its `lt 0`) stays. Layers (`front`, `back`, `layerdefault`) and `{no}vertical` are
  /// accepted; `polar [ANGLE]` draws circles and rays (`SetPolarGrid`).
  static let grid = SettingEntry(
    name: "grid",
    usage: [
      "set grid [xtics|ytics|x2tics|y2tics|mxtics|mytics|noxtics|...] [polar [ANGLE]] [lt N]"
        + " [lc COLOUR] [lw W] [dt N] [, MINOR-LINE]"
    ],
    keywords: ["xtics", "ytics", "mxtics", "mytics", "polar", "lt", "lc", "lw", "dt"],
    parse: { arguments throws(CommandError) in
      let ignored: Set<String> = ["front", "back", "layerdefault", "vertical", "novertical"]
      var changes: [(GridAxes, Bool)] = []
      var minorChanges: [(GridAxes, Bool)] = []
      var looks: [CurveLook?] = [nil, nil]
      var which = 0
      var polar: (angle: Double?, set: Bool)? = nil
      // Whether each look names its dashes (an `lt`, `dt` or `ls`): gnuplot's grid line is
      // its `lt 0`, dotted, so `lc` or `lw` alone keep the dots.
      var dashed = [false, false]
      var tokens = SetTokens(arguments.values)
      while let t = tokens.current {
        if t.kind == .name, let change = gridChange(t.text) {
          if let axes = change.0 { changes.append((axes, change.1)) }
          if let minor = minorGridChange(t.text) { minorChanges.append(minor) }
          tokens.i += 1
          continue
        }
        if t.kind == .name, ignored.contains(t.text) {
          tokens.i += 1
          continue
        }
        if t.kind == .comma, which == 0 {
          which = 1
          tokens.i += 1
          continue
        }
        var look = looks[which] ?? CurveLook()
        if try SettingEntry.readLookWord(&tokens, into: &look) {
          looks[which] = look
          if ["lt", "linetype", "dt", "dashtype", "ls", "linestyle"].contains(t.text) {
            dashed[which] = true
          }
          continue
        }
        if t.kind == .name, t.text == "polar" || t.text == "nopolar" {
          tokens.i += 1
          polar = (nil, t.text == "polar")
          if t.text == "polar", let a = tokens.current, a.kind == .number,
            let angle = Double(a.text)
          {
            guard angle > 0, angle.isFinite else {
              throw CommandError(
                .needs(word: "polar", what: "an angle above 0, as in: set grid polar 30"),
                at: a.span)
            }
            polar = (angle, true)
            tokens.i += 1
          }
          continue
        }
        throw CommandError(
          .notSupported(
            what: "'\(t.text)' after set grid",
            hint:
              "set grid takes the axes: xtics, ytics, x2tics, y2tics, mxtics, mytics (noxtics,"
              + " ...) and lt, lc, lw, dt for the major lines, then after a comma the minor"),
          at: t.span)
      }
      for k in 0..<2 where !dashed[k] { looks[k]?.dashType = 3 }
      let named = changes
      let minorNamed = minorChanges
      let given = looks
      let axesChange = SetLabels {
        var axes = $0.grid ? ($0.gridAxes ?? []) : []
        for (a, on) in named {
          if on { axes.formUnion(a) } else { axes.subtract(a) }
        }
        if named.isEmpty && axes.isEmpty && minorNamed.isEmpty { axes = .first }
        var minor = $0.grid ? $0.minorGridAxes : []
        for (a, on) in minorNamed {
          if on { minor.formUnion(a) } else { minor.subtract(a) }
        }
        $0.grid = true
        $0.gridAxes = axes
        $0.minorGridAxes = minor
        if let major = given[0] { $0.gridLook = major }
        if let minorLook = given[1] { $0.minorGridLook = minorLook }
      }
      guard let polar else { return axesChange }
      return SetPolarGrid(axes: axesChange, angle: polar.angle, on: polar.set)
    },
    listing: { session in
      let labels = session.labels
      guard labels.grid else { return "grid off" }
      if let angle = labels.polarGrid {
        let shown = session.brain.angleUnit == .degrees ? angle * 180 / .pi : angle
        return "grid polar \(Session.shortNumber((shown * 1e9).rounded() / 1e9))"
      }
      let looks =
        lookListing(labels.gridLook)
        + (labels.minorGridLook.isDefault ? "" : "," + lookListing(labels.minorGridLook))
      let minorNames: [(GridAxes, String)] = [(.x, "mxtics"), (.y, "mytics")]
      let minor = minorNames.filter { labels.minorGridAxes.contains($0.0) }.map(\.1)
      guard let axes = labels.gridAxes, axes != .first || !minor.isEmpty else {
        return looks.isEmpty ? nil : "grid" + looks
      }
      let names: [(GridAxes, String)] = [
        (.x, "xtics"), (.y, "ytics"), (.x2, "x2tics"), (.y2, "y2tics"),
      ]
      let words = names.filter { axes.contains($0.0) }.map(\.1) + minor
      return (words.isEmpty ? "grid noxtics noytics" : "grid " + words.joined(separator: " "))
        + looks
    },
    unset: SetLabels {
      $0.grid = false
      $0.gridAxes = nil
      $0.polarGrid = nil
      $0.minorGridAxes = []
      $0.gridLook = CurveLook()
      $0.minorGridLook = CurveLook()
    })

  /// A grid look as `set grid` lists it: ` lt N lc rgb "#rrggbb" lw W dt N`, only the parts
  /// set; "" for the default.
  static func lookListing(_ look: CurveLook) -> String {
    var s = ""
    if let n = look.lineStyle { s += " ls \(n)" }
    if let n = look.lineType { s += " lt \(n)" }
    if let c = look.color { s += " lc rgb \"\(c.hex)\"" }
    if let w = look.lineWidth { s += " lw \(NumberLabel.general(w))" }
    if let d = look.dashType { s += " dt \(d)" }
    return s
  }

  /// The minor-tick grid gnuplot's word `word` after `set grid` turns on or off: x for
  /// `mxtics` (`mx`, `mxt`, ...), y for `mytics`, nil for any other word (`mx2tics` and
  /// `my2tics` too: the second axes' minor grid is not drawn).
  static func minorGridChange(_ word: String) -> (GridAxes, Bool)? {
    let off = word.hasPrefix("no")
    let rest = off ? String(word.dropFirst(2)) : word
    for (name, a) in [("mx2", GridAxes?.none), ("my2", nil), ("mx", .x), ("my", .y)] {
      guard SettingTable.abbreviates(rest, name + "$tics") else { continue }
      return a.map { ($0, !off) }
    }
    return nil
  }

  /// What gnuplot's word `word` after `set grid` does: the axes it names (nil for a
  /// minor-tick grid, which is accepted and not drawn) and whether it adds them (`x2tics`)
  /// or takes them away (`nox2tics`); nil when it is no axis word. gnuplot's forms from
  /// src/set.c's `GRID_MATCH` table: `x$tics`, `nox$tics`, `mx$tics`, ... (`x`, `xt`, ...).
  static func gridChange(_ word: String) -> (GridAxes?, Bool)? {
    let axes: [(String, GridAxes)] = [("x2", .x2), ("y2", .y2), ("x", .x), ("y", .y)]
    for (off, rest) in [
      (false, word), (true, word.hasPrefix("no") ? String(word.dropFirst(2)) : ""),
    ] {
      guard !rest.isEmpty else { continue }
      for (name, a) in axes {
        if SettingTable.abbreviates(rest, name + "$tics") { return (a, !off) }
        if SettingTable.abbreviates(rest, "m" + name + "$tics") { return (nil, !off) }
      }
      // gnuplot's z and cb grids (3-d, colour box) are no axes here.
      for name in ["z", "cb"] where SettingTable.abbreviates(rest, name + "$tics") {
        return nil
      }
    }
    return nil
  }

  /// `set xrange [A:B]`, `set yrange [A:B]`: gnuplot's form of `xrange` and `yrange`.
  static func range(x: Bool) -> SettingEntry {
    let axis = x ? "x" : "y"
    let name = "\(axis)range"
    return SettingEntry(
      name: name, aliases: ["\(axis)r"], usage: ["set \(name) [MIN:MAX]"],
      parse: { arguments throws(CommandError) in
        let usage = CommandError(
          .usage("set \(name) [MIN:MAX]"),
          at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
        guard let (bounds, rest) = try arguments.values.leadingRange() else { throw usage }
        var words = rest.words
        var extend: Bool? = nil
        if let first = words.first, !first.isString, ["noextend", "extend"].contains(first.text) {
          extend = first.text == "extend"
          words.removeFirst()
        }
        if let extra = words.first {
          throw CommandError(
            .notSupported(what: "'\(extra.text)' after set \(name)", hint: ""), at: extra.span)
        }
        let command = SetAxisRange(x: x, bounds: bounds)
        guard let extend else { return command }
        return SetRangeExtension(range: command, x: x, extend: extend)
      },
      listing: { _ in nil },
      unset: AutoscaleAxes(x: x, y: !x))
  }

  /// `set samples N[,M]`: accepted, with a note that it is not needed.
  static let samples = SettingEntry(
    name: "samples", aliases: ["samp"], usage: ["set samples N"],
    parse: { arguments throws(CommandError) in
      guard let first = arguments.values.items.first?.text, !first.text.isEmpty else {
        throw CommandError(.usage("set samples N"), at: arguments.name.span)
      }
      return SetSamples(count: first)
    },
    listing: { session in
      session.labels.samples == FunctionCurves.styleSamples
        ? nil : "samples \(session.labels.samples)"
    },
    unset: SetLabels { $0.samples = FunctionCurves.styleSamples })
}

extension SettingEntry {
  /// What `set xdata time` and `set timefmt` are told: dates read themselves.
  static let datesReadThemselves =
    "dates and times make a time axis by themselves (2012-01-31, 2012/01/31, 31/01/12, "
    + "Jan 31 2000, with times of day)"

  /// `set xdata time` / `set xdata` (gnuplot's time axis): accepted; the axis is a time axis
  /// when the column holds dates.
  static let xdata = timeData(axis: "x", \.xTime)

  /// `set ydata time` / `set ydata`: the y column is read with the timefmt (as `set xdata
  /// time` reads x) and the y axis is a time axis, its ticks labelled with dates.
  static let ydata = timeData(axis: "y", \.yTime)

  /// `set Adata time` / `set Adata` for axis `axis`, whose flag is `field`.
  static func timeData(
    axis: String, _ field: WritableKeyPath<PlotLabels, Bool> & Sendable
  ) -> SettingEntry {
    let name = "\(axis)data"
    return SettingEntry(
      name: name, usage: ["set \(name) time"], keywords: ["time"],
      parse: { arguments throws(CommandError) in
        let words = arguments.values.words
        guard let first = words.first else { return SetLabels { $0[keyPath: field] = false } }
        guard first.text == "time", words.count == 1 else {
          let extra = first.text == "time" ? words[1] : first
          throw CommandError(
            .notSupported(
              what: "'\(extra.text)' after set \(name)", hint: "set \(name) takes time"),
            at: extra.span)
        }
        return SetLabels { $0[keyPath: field] = true }
      },
      listing: { $0.labels[keyPath: field] ? "\(name) time" : nil },
      unset: SetLabels { $0[keyPath: field] = false })
  }

  /// `set timefmt "FORMAT"`: accepted with a note (the dates' forms are recognised).
  static let timefmt = SettingEntry(
    name: "timefmt", aliases: ["timef"], usage: ["set timefmt \"FORMAT\""],
    parse: { arguments throws(CommandError) in
      guard let first = arguments.values.words.first, first.isString,
        arguments.values.words.count == 1
      else {
        throw CommandError(
          .usage("set timefmt \"FORMAT\", as in: set timefmt \"%Y-%m-%d\""),
          at: arguments.values.isEmpty ? arguments.name.span : arguments.values.text.span)
      }
      let format = StringExpression.unescaped(first.source.text)
      return SetLabels { $0.timeFormat = format }
    },
    listing: { session in
      let format = session.labels.timeFormat
      return format == PlotLabels().timeFormat ? nil : "timefmt \"\(format)\""
    },
    unset: SetLabels { $0.timeFormat = PlotLabels().timeFormat })
}

/// `set samples N`: the number of points of a function drawn in a style other than `lines`
/// (`with points`, `impulses`, ...), as gnuplot samples one (N from 2 to
/// `SetSamples.limit`, rounded down as gnuplot does); functions drawn with lines are
/// sampled per pixel column, which the note says.
struct SetSamples: SessionCommand, Hashable {
  /// The count, an expression.
  var count: Word
  /// The most samples a styled function takes (each is a record of the plot).
  static let limit = 1_000_000

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let n = try session.number(count)
    guard n.isFinite, n >= 2 else {
      throw CommandError(.notFinite(command: "set samples", value: n), at: count.span)
    }
    guard n <= Double(Self.limit) else {
      throw CommandError(
        .notSupported(
          what: "set samples \(NumberLabel.general(n))",
          hint: "at most \(Self.limit) samples"), at: count.span)
    }
    session.labels.samples = Int(n)
    return .text(
      "note: set samples applies to functions drawn with points, impulses and the other "
        + "styles; with lines they are sampled once per pixel column (and more finely where "
        + "they turn), data files plot every record")
  }
}

/// `set xrange [A:B]` or `set yrange [A:B]`: fixes the axis's range (a bound left out or
/// `*` keeps the current one; `[*:*]` fits the axis again, as `set autoscale` does).
struct SetAxisRange: SessionCommand, Hashable {
  /// The x axis (or the y axis).
  var x: Bool
  /// The bounds as written.
  var bounds: RangeBounds

  func run(in session: inout Session) throws(CommandError) -> Reply {
    var given = bounds
    if given.lower?.text == "*" { given.lower = nil }
    if given.upper?.text == "*" { given.upper = nil }
    let starred = [bounds.lower?.text, bounds.upper?.text].contains("*")
    if starred, given.lower == nil, given.upper == nil {
      return try AutoscaleAxes(x: x, y: !x).run(in: &session)
    }
    // One end `*` (or left out while the axis is automatic): that end follows the data,
    // the other is fixed (gnuplot's `set yrange [0:*]`).
    let automatic = x ? session.data.xFollowsData : session.view.yRange == .auto
    if starred || (automatic && (given.lower == nil) != (given.upper == nil)) {
      return try session.setAutoscaledEnd(x: x, bounds: given)
    }
    let current = x ? session.view.xRange : session.shownYRange
    guard let r = try session.range(given, current: current, axis: x ? "x" : "y") else {
      return Reply()
    }
    let before = session.view
    if x {
      session.view.xRange = r
      session.data.xFollowsData = false
    } else {
      session.view.yRange = .fixed(r)
    }
    if session.view != before { session.viewHistory.push(before) }
    return Reply()
  }
}

/// `set autoscale`: x follows the data again (fitted at the next `plot` or `replot`) and y
/// is automatic.
struct AutoscaleAxes: SessionCommand, Hashable {
  /// Whether x fits again.
  var x: Bool
  /// Whether y fits again.
  var y: Bool

  func run(in session: inout Session) throws(CommandError) -> Reply {
    let before = session.view
    if x { session.data.xFollowsData = true }
    if y { session.view.yRange = .auto }
    // Both ends follow the data again (Commands+Autoscale.swift).
    if x { (session.labels.xAutoscale.min, session.labels.xAutoscale.max) = (nil, nil) }
    if y { (session.labels.yAutoscale.min, session.labels.yAutoscale.max) = (nil, nil) }
    if session.view != before { session.viewHistory.push(before) }
    return Reply()
  }
}

/// `unset autoscale`: both ranges stay as they are shown now.
struct FixRanges: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    session.data.xFollowsData = false
    session.view.yRange = .fixed(session.shownYRange)
    return Reply()
  }
}

extension CommandEntry {
  /// `replot [ITEM, ...]`.
  static let replot = CommandEntry(
    name: "replot", usage: ["replot", "replot EXPR|\"FILE\" ...[, ...]"],
    summary: "draw the current plot again, or add curves to it",
    details: """
      replot alone draws the current plot again, with the settings made since (set title,
      set xrange [A:B], set key, ...: as in gnuplot, set draws nothing by itself). With
      items, as plot takes them, it adds their curves to the current plot:
      replot cos(x) title "cos". replot fill between shades between the first two
      curves already plotted (see plot). After set autoscale, x fits the data again.
      """, keywords: ["using", "with", "title", "notitle"], changesView: true, dataX: .fits
  ) { arguments throws(CommandError) in
    if arguments.isEmpty { return Replot() }
    var plot = try Plot(arguments)
    plot.appends = true
    return plot
  }
}

/// `replot` alone: the current plot drawn again, x fitted to its data while x follows it.
struct Replot: SessionCommand, Hashable {
  func run(in session: inout Session) throws(CommandError) -> Reply {
    guard let curves = session.curves else { throw CommandError(.nothingPlotted(action: "replot")) }
    if session.showsBarChart { return try session.redraw() }
    if let plot = session.data.histogramPlot, curves.titles == session.data.histogramPlotTitles {
      return try plot.run(in: &session)  // histograms: the line read again (Plot.run)
    }
    if session.data.xFollowsData {
      let fitted = Session.dataXRange(of: session.fitting(curves)) ?? ViewState.defaultXRange
      session.view.xRange =
        (try? ViewState.checkedRange(fitted.lowerBound, fitted.upperBound, axis: "x")) ?? fitted
    }
    session.shown = .plot
    session.noteDrawnRanges()
    return try session.redraw()
  }
}

extension Plot {
  /// Splits one function item of `plot` into the function, its legend text and its style:
  /// `EXPR [title "TEXT" | t "TEXT" | notitle] [with STYLE] [lw N] [lc ...] [pt N] [ps N]
  /// [dt N]`, in any order after the function (no title: nil). A style word starts the
  /// options only where it cannot be part of the expression: after a blank, outside
  /// brackets, `w` and the option names followed by their value's kind (`w impulses`,
  /// `lw 2`, `lc rgb`), so `plot a*w` and `plot lw` stay functions.
  ///
  /// - Throws: `CommandError` at `title` without a quoted text, at a bad style or option
  ///   value (`Session.readStyleKeyword`), or at a word that is none of these.
  static func titledFunction(_ piece: CommandArguments) throws(CommandError) -> (
    Word, String?, PlotStyle
  ) {
    let tokens = Array(piece.tokens)
    var depth = 0
    var cut: Int? = nil
    for (i, token) in tokens.enumerated() {
      if token.kind == .open { depth += 1 }
      if token.kind == .close { depth = max(0, depth - 1) }
      guard depth == 0, i > 0, token.kind == .name, token.spaceBefore else { continue }
      let next = i + 1 < tokens.count ? tokens[i + 1] : nil
      let starts: Bool
      switch token.text {
      case "title", "notitle", "with": starts = true
      case "axis": starts = next?.kind == .name
      case _ where Session.plotKeyword(token.text) == "axes": starts = next?.kind == .name
      case _ where ["title", "notitle"].contains(Session.plotKeyword(token.text)):
        starts = next?.kind == .string || Session.plotKeyword(token.text) == "notitle"
      case _ where Session.plotKeyword(token.text) == "with":
        starts = next?.kind == .name
      default:
        if let option = Session.styleOption(named: token.text) {
          starts =
            next?.kind == .number
            || (option == .lineColor
              && (next?.kind == .string || next?.text == "rgb"
                || next?.text == "rgbcolor"))
        } else {
          starts = false
        }
      }
      if starts {
        cut = i
        break
      }
    }
    guard let cut else { return (piece.text, nil, PlotStyle()) }
    let start = piece.range.lowerBound
    let function = piece.line.text(of: start..<(start + cut), emptyOffset: piece.start)
    let words = tokens[cut...].map { Word($0.text, at: $0.offset) }
    let keywords = ["title", "notitle", "axes"] + Session.styleKeywords
    var reader = KeywordReader(words, from: 0)
    var title: String? = nil
    var style = PlotStyle()
    while let word = reader.next() {
      switch Session.plotKeyword(word.text) {
      case "notitle": title = ""
      case "title":
        let text = try reader.value(of: word, "a text in quotes, as in: title \"sine\"")
        guard let q = text.text.first, q == "\"" || q == "'", text.text.count >= 2,
          text.text.last == q
        else {
          throw CommandError(.titleNotQuoted(example: "title \"sine\""), at: text.span)
        }
        title = StringExpression.unescaped(text.text)  // `\n` in double quotes
      default:
        if try Session.readStyleKeyword(word, from: &reader, into: &style) {
          if style.histogram {  // gnuplot's histograms draw data columns only
            throw CommandError(
              .notSupported(
                what: "with histograms of a function",
                hint: "histograms draw a data column: plot \"FILE\" using 2 with histograms"),
              at: word.span)
          }
          if style.labels != nil {  // gnuplot's labels take a text column
            throw CommandError(
              .notSupported(
                what: "with labels of a function",
                hint: "labels draw a text column: plot \"FILE\" using 1:2:3 with labels"),
              at: word.span)
          }
          continue
        }
        throw KeywordReader.unexpected(word, keywords: keywords)
      }
    }
    return (function, title, style)
  }
}
