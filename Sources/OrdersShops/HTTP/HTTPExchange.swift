/// One HTTP request to a shop, as small as the shops' APIs need: a method, an https URL, headers
/// and a body. Credentials travel only in `headers`; `HTTPError` never repeats them.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: String
    /// Name and value, in the order sent.
    public var headers: [HTTPHeader]
    public var body: [UInt8]?

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: [UInt8]? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What a shop answered: the status, the headers (names lower-cased; a repeated one keeps its
/// last value) and the body's bytes.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Why no answer came: each case reads as one sentence, with nothing of the request's headers.
public enum HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Connecting, or the whole exchange, took longer than allowed.
    case timedOut(url: String, seconds: Int)
    /// The server could not be reached, or the connection dropped before the whole answer came.
    case connectionFailed(url: String, reason: String)
    /// The server's certificate could not be trusted (or the CA file could not be read).
    case untrusted(url: String, reason: String)
    /// The request itself could not be made (a malformed URL).
    case invalidRequest(String)

    public var description: String {
        switch self {
        case .timedOut(let url, let seconds): "\(url) did not answer within \(seconds) s."
        case .connectionFailed(let url, let reason): "\(url) could not be reached: \(reason)."
        case .untrusted(let url, let reason): "\(url)'s certificate is not trusted: \(reason)."
        case .invalidRequest(let reason): reason
        }
    }

    /// Whether sending the same request again later may succeed (a read is always safe to repeat).
    public var isTransient: Bool {
        switch self {
        case .timedOut, .connectionFailed: true
        case .untrusted, .invalidRequest: false
        }
    }
}

/// Sends requests and returns answers: `CurlHTTPClient` on the network; the sync logic sees only
/// this, so a test may put a recording or failing one in front of the real client.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}
