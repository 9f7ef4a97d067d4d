// gnuplot's abbreviations of the names after `set`, `unset` and `show`.

extension SettingTable {
  /// gnuplot 5.4's names of settings, each with `$` after its shortest form (`xr$ange`
  /// takes `xr`, `xra`, ... `xrange`); a name without `$` is taken only whole. In the order
  /// gnuplot tries them: the first that fits wins.
  ///
  /// Source: the table `set_tbl` of gnuplot's `src/tables.c` (5.4), read by its
  /// `almost_equals` in `util.c`.
  static let gnuplotAbbreviations: [String] = [
    "a$ll", "ac$tion_table", "at", "an$gles", "ar$row", "au$toscale", "b$ars", "bind",
    "bor$der", "boxdepth", "box$width", "cl$abel", "c$lip", "cntrp$aram", "cntrl$abel",
    "cont$ours", "dasht$ype", "dt", "da$ta", "data$file", "debug", "dg$rid3d", "du$mmy",
    "enc$oding", "dec$imalsign", "errorbars", "fit", "font$path", "fo$rmat", "fu$nction",
    "fu$nctions", "g$rid", "hid$den3d", "historysize", "his$tory", "pixmap$s", "isosurf$ace",
    "is$osamples", "jitter", "k$ey", "keyt$itle", "la$bel", "link", "lines$tyle",
    "linetype$s", "ls", "lt", "loa$dpath", "loc$ale", "log$scale", "mac$ros", "map$ping",
    "map$ping3d", "mar$gins", "lmar$gin", "rmar$gin", "tmar$gin", "bmar$gin", "micro",
    "minus$sign", "mo$use", "mono$chrome", "multi$plot", "mxt$ics", "nomxt$ics", "mx2t$ics",
    "nomx2t$ics", "myt$ics", "nomyt$ics", "my2t$ics", "nomy2t$ics", "mzt$ics", "nomzt$ics",
    "mrt$ics", "mtt$ics", "mcbt$ics", "nomcbt$ics", "nonlinear", "of$fsets", "or$igin",
    "o$utput", "overflow", "pa$rametric", "pm$3d", "pal$ette", "color", "colorb$ox", "colorn$ames",
    "colors$equence", "p$lot", "pointint$ervalbox", "poi$ntsize", "pol$ar", "pr$int",
    "psdir", "obj$ect", "wall$s", "rgbmax", "sa$mples", "si$ze", "st$yle", "su$rface",
    "spider$plot", "table", "t$erminal", "termopt$ions", "theta$0", "ti$cs", "ticsc$ale",
    "ticsl$evel", "timef$mt", "times$tamp", "tit$le", "v$ariables", "ve$rsion", "vi$ew",
    "xyp$lane", "xda$ta", "x2da$ta", "yda$ta", "y2da$ta", "zda$ta", "cbda$ta", "xl$abel",
    "x2l$abel", "yl$abel", "y2l$abel", "zl$abel", "cbl$abel", "rlabel", "xti$cs", "noxti$cs",
    "x2ti$cs", "nox2ti$cs", "yti$cs", "noyti$cs", "y2ti$cs", "noy2ti$cs", "zti$cs",
    "nozti$cs", "rti$cs", "tti$cs", "cbti$cs", "nocbti$cs", "xdti$cs", "noxdti$cs",
    "x2dti$cs", "nox2dti$cs", "ydti$cs", "noydti$cs", "y2dti$cs", "noy2dti$cs", "zdti$cs",
    "nozdti$cs", "cbdti$cs", "nocbdti$cs", "xmti$cs", "noxmti$cs", "x2mti$cs", "nox2mti$cs",
    "ymti$cs", "noymti$cs", "y2mti$cs", "noy2mti$cs", "zmti$cs", "nozmti$cs", "cbmti$cs",
    "nocbmti$cs", "xr$ange", "x2r$ange", "yr$ange", "y2r$ange", "zr$ange", "cbr$ange",
    "rr$ange", "tr$ange", "ur$ange", "vr$ange", "vgrid", "vxr$ange", "vyr$ange", "vzr$ange",
    "xzeroa$xis", "x2zeroa$xis", "yzeroa$xis", "y2zeroa$xis", "zzeroa$xis", "zeroa$xis",
    "rax$is", "paxis", "z$ero",
  ]

  /// Whether `typed` is a form of the marked name `marked` (`xr$ange`): it starts with the
  /// part before `$` and goes on with a prefix of the rest.
  ///
  /// Follows gnuplot's `almost_equals` (`src/util.c`).
  static func abbreviates(_ typed: String, _ marked: String) -> Bool {
    guard let dollar = marked.firstIndex(of: "$") else { return typed == marked }
    let least = marked[..<dollar]
    let whole = least + marked[marked.index(after: dollar)...]
    return typed.hasPrefix(least) && whole.hasPrefix(typed)
  }

  /// The whole gnuplot name `typed` stands for (`xrange` for `xr`), or nil when it stands
  /// for none: the first of `gnuplotAbbreviations` it abbreviates, as gnuplot picks.
  static func gnuplotName(abbreviated typed: String) -> String? {
    gnuplotAbbreviations.first { abbreviates(typed, $0) }.map { $0.filter { $0 != "$" } }
  }

  /// The setting `name` abbreviates: the gnuplot name it stands for by gnuplot's rule (a
  /// shorter prefix of a gnuplot name is no abbreviation, as in gnuplot); else the one
  /// setting of graphcalc's own (not gnuplot's: `canvas`, `digits`) whose name starts with it.
  ///
  /// - Throws: `CommandError` at `name` when it abbreviates a gnuplot setting graphcalc does
  ///   not have (`.notSupported`, naming it whole), or when it starts several names and is
  ///   none of gnuplot's abbreviations (`.ambiguousSetting` with the candidates); nil when it
  ///   starts no name at all.
  func abbreviated(_ name: Word) throws(CommandError) -> SettingEntry? {
    if let whole = SettingTable.gnuplotName(abbreviated: name.text) {
      if let entry = entry(named: whole) { return entry }
      let hints = SettingTable.gnuplotOnlyHints
      let hint = hints[whole] ?? hints[name.text] ?? ""
      throw CommandError(
        .notSupported(what: "gnuplot's setting '\(whole)'", hint: hint), at: name.span)
    }
    guard !name.text.isEmpty else { return nil }
    let gnuplotNames = SettingTable.gnuplotAbbreviations.map { $0.filter { $0 != "$" } }
    let ours = entries.filter {
      !gnuplotNames.contains($0.name)
        && ([$0.name] + $0.aliases).contains { $0.hasPrefix(name.text) }
    }
    let gnuplots = gnuplotNames.filter { $0.hasPrefix(name.text) }
    var candidates: [String] = []
    for candidate in ours.map(\.name) + gnuplots where !candidates.contains(candidate) {
      candidates.append(candidate)
    }
    if ours.count == 1, candidates.count == 1 { return ours[0] }
    guard candidates.count > 1 else { return nil }
    throw CommandError(.ambiguousSetting(name.text, candidates: candidates.sorted()), at: name.span)
  }
}
