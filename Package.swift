// swift-tools-version:6.0
// graphcalc: a terminal graphing calculator.
import PackageDescription

/// Release builds reach the metadata of generic types (`[String: Int]`, `Range<Int>`)
/// through direct accessors that are handed the conformances, not through mangled names that
/// the runtime demangles and whose generic requirements it checks by scanning every
/// conformance record of the static binary (100-150 k instructions a first lookup; half of
/// `-e 1+1`: Docs/performance.md, "Start-up and curves").
///
/// Each function also gets a section of its own (`-function-sections`), so that the release
/// link can lay out the functions of start-up together (`startupLayout` below).
let startup: SwiftSetting = .unsafeFlags(
  [
    "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors", "-Xfrontend",
    "-function-sections",
  ], .when(configuration: .release))

/// Release builds make the numeric and plotting libraries' generic code available to their
/// clients (cross-module optimisation), so the sampler is specialised for the app's data
/// source instead of running through protocol witnesses (Docs/performance.md).
let fast: [SwiftSetting] = [
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)), startup,
]

/// The AVX2 loops over glibc's libmvec exist on x86_64 only (Sources/CVectorMathAVX2/Loops.c
/// compiles to stubs elsewhere, and CPUID dispatch never calls them); other machines build
/// without the x86 flags and the library.
/// The AVX-512 loops likewise (Sources/CVectorMathAVX512/Loops.c, glibc's eight-lane
/// `_ZGVeN8v_` functions). `-ffp-contract=off`: the batch arithmetic in these loops must round
/// each product and sum as the scalar steps do (no fused multiply-add).
#if arch(x86_64)
let avx2Flags: [CSetting] = [.unsafeFlags(["-mavx2", "-mfma", "-ffp-contract=off", "-gdwarf-4"])]
let avx2Libraries: [LinkerSetting] = [.linkedLibrary("mvec"), .linkedLibrary("m")]
let avx512Flags: [CSetting] = [
  .unsafeFlags([
    "-mavx512f", "-mavx512dq", "-mavx512vl", "-mavx512bw", "-mfma", "-ffp-contract=off",
    "-gdwarf-4",
  ])
]
#else
let avx2Flags: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]
let avx2Libraries: [LinkerSetting] = [.linkedLibrary("m")]
let avx512Flags: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]
#endif

/// How the release executable is linked (Docs/design.md, "The link"): fully static by default;
/// `GRAPHCALC_LINK=dynamic swift build -c release` keeps glibc and libedit shared (Swift's
/// runtime still linked in) on systems without their static archives (`libc.a`, `libedit.a`).
let releaseLink: [LinkerSetting] =
  Context.environment["GRAPHCALC_LINK"] == "dynamic"
  ? [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
  : [
    .unsafeFlags(["-static-executable"], .when(configuration: .release)),
    // libedit's static archive needs its own dependencies named (pkg-config gives -ledit).
    .linkedLibrary("tinfo", .when(configuration: .release)),
    .linkedLibrary("bsd", .when(configuration: .release)),
    .linkedLibrary("md", .when(configuration: .release)),
  ]

/// The release link lays out the functions one-shot runs execute (`-e 1+1`, plots to the
/// terminal, SVG and PNG) together, in the order of Sources/graphcalc/startup.order
/// (scripts/make-startup-order writes it from callgrind runs), with lld, whose
/// `--symbol-ordering-file` places any input section by a symbol in it (the runtime's,
/// glibc's and ours alike). Scattered over the 11 MB of text, that code cost one page fault
/// for each of about 96 distinct 64 KiB windows (the kernel's fault-around) in every process
/// (Docs/performance.md, "Start-up: faults and constructors"). The list names the data those
/// runs touch too, after the functions, so that their globals share a few pages ("Stop 35").
let startupLayout: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-use-ld=lld", "-Xlinker",
      "--symbol-ordering-file=\(Context.packageDirectory)/Sources/graphcalc/startup.order",
      "-Xlinker", "--no-warn-symbol-ordering",
    ], .when(configuration: .release))
]

/// What cairo's static archive needs named in the static release link (the dynamic
/// libcairo brings its own): pixman, fontconfig with expat, FreeType with libpng, zlib and
/// brotli (Docs/design.md, "The link").
let cairoStaticLink: [LinkerSetting] =
  Context.environment["GRAPHCALC_LINK"] == "dynamic"
  ? []
  : ["pixman-1", "fontconfig", "freetype", "png16", "z", "brotlidec", "brotlicommon", "expat", "m"]
    .map { .linkedLibrary($0, .when(configuration: .release)) }

let package = Package(
  name: "graphcalc",
  products: [
    .executable(name: "graphcalc", targets: ["graphcalc"])
  ],
  dependencies: [],
  targets: [
    // MARK: Support (the bottom: text safe for a terminal, "did you mean", decimal numbers
    // read and written, calendar dates; Glibc only)
    .target(name: "TextAndNumbers", swiftSettings: fast),

    // MARK: Numerics
    .target(name: "Intervals", swiftSettings: fast),

    // glibc's vector math library (libmvec) over whole arrays, for the batch evaluator: the
    // AVX2 loops compiled for AVX2 (called only where CPUID finds it), and the dispatcher.
    // DWARF 4: valgrind 3.19 (Debian 12) cannot read the toolchain clang's DWARF 5 and
    // refuses the whole binary, and callgrind is how this project profiles.
    .target(name: "CVectorMathAVX2", cSettings: avx2Flags, linkerSettings: avx2Libraries),
    .target(name: "CVectorMathAVX512", cSettings: avx512Flags, linkerSettings: avx2Libraries),
    .target(
      name: "CVectorMath", dependencies: ["CVectorMathAVX2", "CVectorMathAVX512"],
      cSettings: [.unsafeFlags(["-gdwarf-4"])],
      linkerSettings: [.linkedLibrary("m")]),

    // GMP for exact integers of any size (libgmp-dev; linked statically in release, as
    // libedit), and its small Swift wrapper. Only the calculator's point evaluator uses it,
    // and only for integers that do not fit in 64 bits.
    .systemLibrary(name: "CGMP", pkgConfig: "gmp", providers: [.apt(["libgmp-dev"])]),
    .target(name: "Integers", dependencies: ["CGMP"], swiftSettings: fast),

    // MARK: The calculator (knows nothing of plotting)
    .target(
      name: "CalculatorBrain", dependencies: ["TextAndNumbers", "Integers"], swiftSettings: fast),
    // An expression compiled once as a function of x: point, batch (vector math) and
    // interval evaluation, for the plotter.
    .target(
      name: "CompiledFunctions", dependencies: ["CalculatorBrain", "Intervals", "CVectorMath"],
      swiftSettings: fast),

    // Analysis answered with proof (issue 15): roots, extrema, intersections by interval
    // Newton, integrals with error bounds, over the compiled functions.
    .target(
      name: "Analysis", dependencies: ["CompiledFunctions", "Intervals"], swiftSettings: fast),

    // Nonlinear least squares (gnuplot's fit) through GSL (libgsl-dev; linked statically in
    // release, as GMP): the model compiled over the calculator, the solver GSL's.
    .systemLibrary(name: "CGSL", pkgConfig: "gsl", providers: [.apt(["libgsl-dev"])]),
    .target(
      name: "Fitting", dependencies: ["CalculatorBrain", "CompiledFunctions", "CGSL", "Intervals"],
      swiftSettings: fast),

    // MARK: The plotter (knows nothing of the calculator) and its outputs
    .target(
      name: "GraphView", dependencies: ["Intervals", "TextAndNumbers"], swiftSettings: fast),
    .target(
      name: "TextCanvas", dependencies: ["GraphView", "TextAndNumbers"], swiftSettings: [startup]),
    .target(
      name: "SVGRenderer", dependencies: ["GraphView", "TextAndNumbers"], swiftSettings: [startup]),

    // MARK: Data files and live streams
    // The common record of a delimited data file split with 16-byte compares (SSE2 on
    // x86_64, a byte loop elsewhere; both tested), for the data reader.
    .target(name: "CRecordScan", cSettings: [.unsafeFlags(["-O2", "-gdwarf-4"])]),
    .target(
      name: "DataFiles", dependencies: ["TextAndNumbers", "CRecordScan"], swiftSettings: [startup]),
    .target(name: "Streaming", dependencies: ["TextAndNumbers"], swiftSettings: [startup]),

    .target(
      name: "BarChart", dependencies: ["GraphView", "TextCanvas", "SVGRenderer", "TextAndNumbers"],
      swiftSettings: [startup]),

    // MARK: Pictures: PNG and PDF through cairo, text through FreeType
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]),
    .systemLibrary(name: "CSixel", pkgConfig: "libsixel", providers: [.apt(["libsixel-dev"])]),
    .target(
      name: "ImageRenderer", dependencies: ["GraphView", "TextAndNumbers", "CCairo", "CSixel"],
      swiftSettings: [startup], linkerSettings: cairoStaticLink),

    // MARK: Start-up
    // The argument vector recorded by a constructor for the Swift runtime's `CommandLine`,
    // and no search for the `swift-backtrace` helper: the runtime's own versions of both run
    // in every process (/proc/self/maps, nine `stat`s). Only in release, where the runtime
    // is linked statically and these definitions replace its archive members (Docs/design.md,
    // "Start-up without the runtime's constructors").
    .target(
      name: "CStartup",
      cSettings: [
        .unsafeFlags(["-gdwarf-4"]),
        .define("GRAPHCALC_STATIC_RUNTIME", .when(configuration: .release)),
      ]),

    // MARK: Line editing
    .systemLibrary(
      name: "CEditLine", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(name: "LineEditor", dependencies: ["CEditLine"], swiftSettings: [startup]),

    // MARK: The command language and the executable
    .target(
      name: "GraphCalcApp",
      dependencies: [
        "CalculatorBrain", "CompiledFunctions", "Intervals", "GraphView", "TextCanvas",
        "SVGRenderer", "DataFiles", "Streaming", "BarChart", "TextAndNumbers", "ImageRenderer",
        "Analysis", "Fitting",
      ], swiftSettings: [startup]),
    .executableTarget(
      name: "graphcalc",
      dependencies: [
        "CStartup", "GraphCalcApp", "GraphView", "LineEditor", "Streaming", "TextAndNumbers",
      ],
      // Release: one fully static executable, so start-up runs no dynamic loader (see
      // releaseLink above). Debug and test builds stay dynamic.
      exclude: ["startup.order"], swiftSettings: [startup],
      linkerSettings: releaseLink + startupLayout),

    // MARK: Benchmarks (swift run -c release graphcalc-bench)
    .executableTarget(
      name: "graphcalc-bench",
      dependencies: [
        "CalculatorBrain", "CompiledFunctions", "GraphView", "GraphCalcApp", "Intervals",
        "Streaming",
      ],
      path: "Benchmarks/graphcalc-bench"),

    // MARK: Tests
    // What the test targets share (seeded generator, golden files, XML checks, temporary
    // folders); only test targets depend on it, and it may import Foundation and Testing.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "IntervalsTests", dependencies: ["Intervals", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(
      name: "AnalysisTests",
      dependencies: [
        "Analysis", "CalculatorBrain", "CompiledFunctions", "Intervals", "TestSupport",
      ]),
    .testTarget(
      name: "CalculatorBrainTests",
      dependencies: [
        "CalculatorBrain", "CompiledFunctions", "CVectorMath", "Intervals", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "GraphViewTests",
      dependencies: [
        "GraphView", "CalculatorBrain", "CompiledFunctions", "Intervals", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "OutputTests", dependencies: ["GraphView", "TextCanvas", "SVGRenderer", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "GraphCalcAppTests",
      dependencies: [
        "GraphCalcApp", "CalculatorBrain", "CompiledFunctions", "GraphView", "Intervals",
        "Streaming", "BarChart", "DataFiles", "SVGRenderer", "TestSupport",
      ],
      exclude: ["Fixtures", "Snapshots"]),
    .testTarget(
      name: "DataFilesTests",
      dependencies: ["DataFiles", "GraphView", "TestSupport", "CRecordScan", "TextAndNumbers"],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "BarChartTests",
      dependencies: ["BarChart", "GraphView", "SVGRenderer", "TextCanvas", "TestSupport"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "StreamingTests", dependencies: ["Streaming", "TestSupport"], exclude: ["Fixtures"]),
    // PNG and PDF against the SVG rendered by rsvg-convert (references in Fixtures,
    // regenerated by scripts/picture-references) and pdftoppm.
    .testTarget(
      name: "ImageRendererTests",
      dependencies: [
        "ImageRenderer", "GraphCalcApp", "GraphView", "CCairo", "Streaming", "TextCanvas",
        "TestSupport",
      ],
      exclude: ["Fixtures"]),
    // Imports against Package.swift and Docs/design.md's table (reads the sources and
    // `swift package describe`).
    .testTarget(name: "PackageTests", dependencies: ["TestSupport"]),
    // The history file against libedit's own reader.
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor", "CEditLine", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests", dependencies: ["graphcalc", "CStartup", "TestSupport"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
