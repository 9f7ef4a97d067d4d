import Foundation
import TestSupport
import Testing

// Imports against the package and the design: every module a target's sources import is a
// dependency declared in Package.swift (as `swift package describe` reports it), or one of
// the system modules the design allows; and every library imports only what the "may
// import" column of Docs/design.md's targets table lists (Foundation never).

/// The package's root folder (this file is Tests/PackageTests/ImportTests.swift).
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// One target of the package, as `swift package describe --type json` reports it.
struct PackageTarget: Sendable, CustomStringConvertible {
  var name: String
  /// `library`, `executable`, `test` or `system-target`.
  var type: String
  /// The target's folder, relative to the package root.
  var path: String
  /// The targets it depends on, in the order Package.swift lists them.
  var dependencies: [String]
  var description: String { name }
}

/// The package's targets, read once from `swift package describe --type json` (with a
/// scratch folder of its own, so it does not wait for the lock of the running build).
let packageTargets: [PackageTarget] = {
  do {
    let scratch = try TemporaryFolder(prefix: "graphcalc-describe")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = [
      "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path,
      "describe", "--type", "json",
    ]
    let out = Pipe()
    p.standardOutput = out
    p.standardError = FileHandle.nullDevice
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let targets = json?["targets"] as? [[String: Any]] ?? []
    return withExtendedLifetime(scratch) {
      targets.map {
        PackageTarget(
          name: $0["name"] as? String ?? "", type: $0["type"] as? String ?? "",
          path: $0["path"] as? String ?? "",
          dependencies: $0["target_dependencies"] as? [String] ?? [])
      }.sorted { $0.name < $1.name }
    }
  } catch {
    return []
  }
}()

/// The modules imported by the Swift files under `folder` (recursively), each with the
/// first file that imports it. Reads `import M`, `@testable import M`,
/// `@preconcurrency import M` and `import struct M.T` lines.
func imports(under folder: String) -> [String: String] {
  var found: [String: String] = [:]
  let base = root.appendingPathComponent(folder)
  guard let files = FileManager.default.enumerator(atPath: base.path) else { return [:] }
  for case let file as String in files where file.hasSuffix(".swift") {
    guard let text = try? String(contentsOfFile: base.path + "/" + file, encoding: .utf8) else {
      continue
    }
    for line in text.split(separator: "\n") {
      var words = line.split(separator: " ").filter { !$0.isEmpty }
      while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
      guard words.count >= 2, words[0] == "import" else { continue }
      let kinds: Set<Substring> = [
        "struct", "class", "enum", "func", "var", "protocol", "typealias",
      ]
      let path = words.count >= 3 && kinds.contains(words[1]) ? words[2] : words[1]
      let module = String(path.split(separator: ".")[0])
      if found[module] == nil { found[module] = folder + "/" + file }
    }
  }
  return found
}

/// Modules that are not targets of the package and that any target may import: the C
/// library (`Glibc`; `Darwin` is its name on Apple systems) and the standard library's
/// `Synchronization`.
let systemModules: Set<String> = ["Glibc", "Darwin", "Synchronization"]

/// What only test targets (and the test-support target) may import besides.
let testModules: Set<String> = ["Foundation", "FoundationXML", "Testing"]

/// Whether `target` is a test target or the test-support target (under Tests/).
func isTestCode(_ target: PackageTarget) -> Bool {
  target.type == "test" || target.path.hasPrefix("Tests/")
}

@Suite struct DeclaredImports {
  @Test func thePackageDescriptionIsRead() {
    #expect(packageTargets.contains { $0.name == "GraphCalcApp" })
    #expect(packageTargets.contains { $0.name == "TestSupport" })
  }

  @Test(arguments: packageTargets.filter { $0.type != "system-target" })
  func everyImportIsADeclaredDependency(_ target: PackageTarget) {
    let allowed =
      Set(target.dependencies).union(systemModules)
      .union(isTestCode(target) ? testModules : [])
    for (module, file) in imports(under: target.path).sorted(by: { $0.key < $1.key })
    where !allowed.contains(module) {
      Issue.record(
        "\(file) imports \(module), which Package.swift does not list in \(target.name)'s dependencies"
      )
    }
  }
}

/// One row of Docs/design.md's targets table: the targets it names and what they may import.
struct DesignRow: Sendable {
  var targets: [String]
  var mayImport: [String]
}

/// The rows of the table under "## Targets" in Docs/design.md. A cell's names are the
/// backticked words of the first column; the "may import" column is a comma-separated list
/// ("Glibc only" reads as Glibc).
func designRows() throws -> [DesignRow] {
  let text = try String(
    contentsOf: root.appendingPathComponent("Docs/design.md"), encoding: .utf8)
  var rows: [DesignRow] = []
  var inTargets = false
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    if line.hasPrefix("## ") { inTargets = line == "## Targets (see Package.swift)" }
    guard inTargets, line.hasPrefix("| `") else { continue }
    let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard cells.count >= 5 else { continue }
    let names = cells[1].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter
    { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
    let allowed = cells[3].split(separator: ",").map {
      $0.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: " only", with: "")
        .trimmingCharacters(in: .whitespaces)
    }
    rows.append(DesignRow(targets: names, mayImport: allowed))
  }
  return rows
}

@Suite struct DesignedImports {
  /// The package's libraries: library targets under Sources/ (not the test support).
  static let libraries = packageTargets.filter { $0.type == "library" && !isTestCode($0) }

  @Test func theTableIsRead() throws {
    let rows = try designRows()
    #expect(rows.count >= 10)
    #expect(rows.contains { $0.targets == ["Intervals"] && $0.mayImport == ["Glibc"] })
  }

  @Test(arguments: packageTargets.filter { !isTestCode($0) && $0.type != "system-target" })
  func everyTargetHasARow(_ target: PackageTarget) throws {
    let rows = try designRows()
    #expect(
      rows.contains { $0.targets.contains(target.name) },
      "Docs/design.md's targets table has no row for \(target.name)")
  }

  @Test(arguments: libraries)
  func aLibraryImportsOnlyWhatTheDesignAllows(_ target: PackageTarget) throws {
    guard let row = try designRows().first(where: { $0.targets.contains(target.name) }) else {
      return  // everyTargetHasARow reports it
    }
    var allowed = Set(row.mayImport)
    if allowed.contains("all libraries") { allowed.formUnion(Self.libraries.map(\.name)) }
    allowed.formUnion(["Synchronization"])
    if allowed.contains("Glibc") { allowed.insert("Darwin") }
    for (module, file) in imports(under: target.path).sorted(by: { $0.key < $1.key })
    where !allowed.contains(module) || module == "Foundation" {
      Issue.record(
        "\(file) imports \(module); Docs/design.md lets \(target.name) import \(row.mayImport.joined(separator: ", "))"
      )
    }
  }

  /// The check itself: a library that imported Foundation, or a target its row does not
  /// list, would be reported.
  @Test func theCheckSeesAForbiddenImport() throws {
    let row = try #require(try designRows().first { $0.targets == ["GraphView"] })
    #expect(!row.mayImport.contains("Foundation"))
    #expect(!row.mayImport.contains("CalculatorBrain"))
    #expect(imports(under: "Sources/GraphView")["Intervals"] != nil)
  }
}
