// TimeTicks lives in GraphView, which this test target does not depend on (Package.swift
// lists only DataFiles). Until DataFilesTests depends on GraphView, the test target compiles
// `GraphViewTimeTicks.swift`, a symbolic link to Sources/GraphView/TimeTicks.swift, against
// this stand-in for GraphView's `Tick` (same stored properties). With the dependency in
// place: delete the link and this file, and `import GraphView` in TimeTicksTests.swift.

/// Stand-in for `GraphView.Tick`: a position in plot units and its label.
public struct Tick: Sendable, Hashable {
  public var value: Double
  public var label: String
  public init(value: Double, label: String) {
    self.value = value
    self.label = label
  }
}
