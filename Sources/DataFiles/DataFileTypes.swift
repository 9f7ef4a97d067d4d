/// How a data file is read: the field separator, the comment prefix, and the few choices
/// the reader would otherwise guess.
///
/// Every property has a "detect" default, so `DataFileOptions()` reads CSV, TSV, semicolon
/// files and gnuplot's whitespace `.dat` files alike.
public struct DataFileOptions: Sendable, Hashable {
  /// The field separator byte; `nil` detects it from the first lines (tab, then semicolon,
  /// then comma when one of them splits nearly every line, else runs of blanks). A space
  /// (`0x20`) means runs of spaces and tabs, as in gnuplot's `.dat` files.
  public var separator: UInt8?
  /// A line whose first non-blank byte is this one is a comment and is skipped (gnuplot's
  /// `set datafile commentschars`); `0` turns comments off.
  public var commentPrefix: UInt8 = UInt8(ascii: "#")
  /// Whether the first record is a header row of column names; `nil` detects it (a header
  /// has a text cell above a column of numbers or dates).
  public var hasHeader: Bool?
  /// The order of day and month in dates like `01/06/93`; `nil` detects it per column
  /// (month first when some cell has a second field above 12, as in `2/27/2003`; else day
  /// first, as in gnuplot's `timedat.dat`).
  public var slashDateOrder: SlashDateOrder?
  /// Columns that hold Unix seconds: their numbers make a time axis.
  public var unixTimeColumns: [ColumnRef]
  /// Asked every `InterruptCheck.interval` records while a file is read; when it answers
  /// true, reading stops with the error `interrupted`. By default never. (Not part of the
  /// options' equality.)
  public var interrupt = InterruptCheck.never

  /// Creates options; every argument defaults to "detect".
  public init(
    separator: UInt8? = nil, commentPrefix: UInt8 = UInt8(ascii: "#"), hasHeader: Bool? = nil,
    slashDateOrder: SlashDateOrder? = nil, unixTimeColumns: [ColumnRef] = []
  ) {
    self.separator = separator
    self.commentPrefix = commentPrefix
    self.hasHeader = hasHeader
    self.slashDateOrder = slashDateOrder
    self.unixTimeColumns = unixTimeColumns
  }
}

/// A question asked while a long file is read: should reading stop (the user pressed
/// Ctrl-C)? The interactive program answers from its SIGINT flag.
///
/// All checks are equal and hash alike, so options that differ only here are equal.
public struct InterruptCheck: Sendable, Hashable {
  /// How often the check is asked, in records.
  public static let interval = 8192
  /// Whether reading should stop; called on the reading thread, so it must be cheap.
  public let isInterrupted: @Sendable () -> Bool

  /// The check that never stops reading.
  public static let never = InterruptCheck { false }

  /// Creates a check that asks `isInterrupted`.
  public init(_ isInterrupted: @escaping @Sendable () -> Bool) {
    self.isInterrupted = isInterrupted
  }

  /// True: every check is equal (a closure has no identity to compare).
  public static func == (a: InterruptCheck, b: InterruptCheck) -> Bool { true }

  /// Hashes nothing (see `==`).
  public func hash(into hasher: inout Hasher) {}
}

/// The order of day and month in a date written with slashes and a year last.
public enum SlashDateOrder: Sendable, Hashable {
  /// `dd/mm/yy` or `dd/mm/yyyy` (gnuplot's `timedat.dat`, most of the world).
  case dayFirst
  /// `mm/dd/yy` or `mm/dd/yyyy` (gnuplot's `finance.dat`, the United States).
  case monthFirst
}

/// A column of a data file, as `using` names it.
public enum ColumnRef: Sendable, Hashable, CustomStringConvertible {
  /// A 1-based column number; `0` is the record number (0-based), as gnuplot's column 0.
  case index(Int)
  /// A column named in the header row (exact match first, then ignoring case).
  case name(String)

  /// The column as a user would write it in `using`: `2` or `temp_max`.
  public var description: String {
    switch self {
    case .index(let n): return String(n)
    case .name(let s): return s
    }
  }
}

/// What the cells of a column hold, judged from the first records of the file.
public enum ColumnKind: Sendable, Hashable, CustomStringConvertible {
  /// Numbers (missing cells allowed).
  case number
  /// Dates or times, read as Unix seconds (UTC): a time axis.
  case time
  /// Text: usable as labels, not as values.
  case text
  /// Only missing cells in the records looked at.
  case empty

  /// `number`, `time`, `text` or `empty`.
  public var description: String {
    switch self {
    case .number: return "number"
    case .time: return "time"
    case .text: return "text"
    case .empty: return "empty"
    }
  }
}

/// One column of a data file as the reader sees it.
public struct ColumnInfo: Sendable, Hashable {
  /// Its 1-based number.
  public var number: Int
  /// Its name: the header cell, or the number as text (`"3"`) when there is no header.
  public var name: String
  /// What its cells hold.
  public var kind: ColumnKind
  /// Creates a column description.
  public init(number: Int, name: String, kind: ColumnKind) {
    self.number = number
    self.name = name
    self.kind = kind
  }
}

/// Two columns of a data file as x-y points, one point a record, in file order.
///
/// `x` and `y` have one element per data record (`records` of them). A missing or
/// non-numeric cell is NaN there: a gap, never a zero. Non-monotonic x is kept as given.
/// Time columns hold Unix seconds (UTC). The columns are compact (`DataColumn`: about 2 to 4
/// bytes a value for short decimals) and give back exactly the values read.
public struct DataSeries: Sendable, Hashable {
  /// The x values (plot units, or Unix seconds when `xIsTime`); NaN where the cell is missing.
  public var x: DataColumn
  /// The y values (plot units, or Unix seconds when `yIsTime`); NaN = gap.
  public var y: DataColumn
  /// Whether x is a time axis (Unix seconds).
  public var xIsTime: Bool
  /// Whether y is a time axis (Unix seconds).
  public var yIsTime: Bool
  /// The x column's name (`"record"` for the record number).
  public var xName: String
  /// The y column's name.
  public var yName: String
  /// How many cells of the two columns were missing or not numbers (each counted once).
  public var missing: Int
  /// How many data records were read (header, comments and blank lines not counted).
  public var records: Int

  /// Creates a series.
  public init(
    x: DataColumn, y: DataColumn, xIsTime: Bool = false, yIsTime: Bool = false, xName: String,
    yName: String, missing: Int, records: Int
  ) {
    self.x = x
    self.y = y
    self.xIsTime = xIsTime
    self.yIsTime = yIsTime
    self.xName = xName
    self.yName = yName
    self.missing = missing
    self.records = records
  }
}

/// Several columns of a data file, for bar charts: numeric columns and optional labels.
public struct DataTable: Sendable, Hashable {
  /// The names of the numeric columns, in the order asked.
  public var names: [String]
  /// The numeric columns, one array per name, one value per record; NaN = missing.
  public var columns: [[Double]]
  /// Whether each numeric column holds times (Unix seconds).
  public var isTime: [Bool]
  /// The text of the label column, one per record, when the first column asked for is a
  /// text column; else `nil`.
  public var labels: [String]?
  /// The label column's name, when there are labels.
  public var labelName: String?
  /// How many cells of the numeric columns were missing or not numbers.
  public var missing: Int
  /// How many data records were read.
  public var records: Int

  /// Creates a table.
  public init(
    names: [String], columns: [[Double]], isTime: [Bool], labels: [String]?,
    labelName: String?, missing: Int, records: Int
  ) {
    self.names = names
    self.columns = columns
    self.isTime = isTime
    self.labels = labels
    self.labelName = labelName
    self.missing = missing
    self.records = records
  }
}

/// Why a data file could not be read: the file, a message, and where when known.
///
/// `description` reads `FILE:LINE: message` (or `FILE: message`), like a compiler's.
public struct DataFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file's path as given.
  public var path: String
  /// What went wrong, in words for the user.
  public var message: String
  /// The 1-based line, when the error is about one line.
  public var line: Int?
  /// The 1-based column, when the error is about one column.
  public var column: Int?

  /// Creates an error.
  public init(path: String, message: String, line: Int? = nil, column: Int? = nil) {
    self.path = path
    self.message = message
    self.line = line
    self.column = column
  }

  /// `FILE:LINE: message`, `FILE: message`, or the message alone when there is no path
  /// (errors of `parseUsing`).
  public var description: String {
    if path.isEmpty { return message }
    if let line { return "\(path):\(line): \(message)" }
    return "\(path): \(message)"
  }
}
