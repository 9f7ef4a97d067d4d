import Testing
@testable import Streaming
