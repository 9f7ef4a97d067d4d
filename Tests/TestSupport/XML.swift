import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Runs `xmllint --noout` on `xml` if xmllint is installed.
/// - Returns: nil when xmllint is not installed, otherwise its exit status and error output.
/// - Throws: an error from writing the temporary file or starting the process.
public func xmllint(_ xml: String) throws -> (status: Int32, errors: String)? {
  let paths = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/bin/xmllint"]
  guard let tool = paths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
    return nil
  }
  let folder = try TemporaryFolder(prefix: "graphcalc-xmllint")
  let file = folder.url.appendingPathComponent("document.xml")
  try xml.write(to: file, atomically: true, encoding: .utf8)
  let p = Process()
  p.executableURL = URL(fileURLWithPath: tool)
  p.arguments = ["--noout", file.path]
  let err = Pipe()
  p.standardError = err
  try p.run()
  let data = err.fileHandleForReading.readDataToEndOfFile()
  p.waitUntilExit()
  return withExtendedLifetime(folder) {
    (p.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}

/// Foundation's XML parser as a well-formedness check that is always present.
/// - Returns: the first parse error, or nil when `xml` is well-formed.
public func xmlParseError(_ xml: String) -> String? {
  let parser = XMLParser(data: Data(xml.utf8))
  return parser.parse() ? nil : String(describing: parser.parserError)
}

/// A minimal well-formedness check of its own (no parser library): tags balance and nest,
/// attribute values are quoted, no raw `<` or bare `&` in text.
/// - Returns: the first problem, or nil.
public func minimalXMLProblem(_ xml: String) -> String? {
  var stack: [String] = []
  var s = Substring(xml)
  if s.hasPrefix("<?xml"), let end = s.range(of: "?>") { s = s[end.upperBound...] }
  while let lt = s.firstIndex(of: "<") {
    let text = s[..<lt]
    if let amp = text.firstIndex(of: "&") {
      let rest = text[amp...]
      guard let semi = rest.firstIndex(of: ";"),
        ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(String(rest[...semi]))
      else { return "bad entity near \(rest.prefix(20))" }
    }
    guard let gt = s[lt...].firstIndex(of: ">") else { return "unclosed tag" }
    let tag = s[s.index(after: lt)..<gt]
    if tag.contains("<") { return "'<' inside a tag: \(tag.prefix(40))" }
    if tag.hasPrefix("/") {
      let name = String(tag.dropFirst())
      guard stack.popLast() == name else { return "mismatched </\(name)>" }
    } else if !tag.hasSuffix("/") {
      stack.append(String(tag.prefix { $0 != " " }))
    }
    if tag.filter({ $0 == "\"" }).count % 2 != 0 { return "unbalanced quotes in \(tag.prefix(40))" }
    s = s[s.index(after: gt)...]
  }
  return stack.isEmpty ? nil : "unclosed <\(stack.last ?? "")>"
}
