extension Session {
  /// `stream [OPTIONS] FILE | < FILE | cmd "COMMAND"`: checks the arguments and answers a
  /// reply whose `stream` request the executable runs (the live loop needs the terminal,
  /// which a session does not own). Nothing is read here.
  /// - Parameter rest: the line after the word `stream`.
  /// - Returns: a reply with no output and `stream` set.
  /// - Throws: `CommandError` located at the argument a mistake is about.
  func stream(_ rest: Word) throws(CommandError) -> Reply {
    let words = rest.arguments()
    do {
      let request = try StreamRequest.parse(words.map(\.text))
      var reply = Reply()
      reply.stream = request
      return reply
    } catch {
      let location = error.argument.flatMap { $0 < words.count ? words[$0].span : nil }
      throw CommandError(error.message, at: location)
    }
  }
}
