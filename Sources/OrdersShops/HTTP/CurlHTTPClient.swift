import CCurl
import Dispatch
import Foundation

/// `HTTPClient` over libcurl. Why libcurl rather than FoundationNetworking's URLSession: on Linux
/// URLSession cannot be told to trust a private certificate authority for one session (no
/// server-trust delegate; only a process-wide environment variable), which `--ca-file` needs;
/// libcurl takes it per request (`CURLOPT_CAINFO`), has separate connect and total timeouts, and
/// honours the standard proxy variables (`https_proxy`, `HTTPS_PROXY`, `no_proxy`) by itself.
///
/// Each request runs on its own easy handle on a background queue (libcurl blocks), bounded by
/// the connect timeout and the total one, so no request can hang a sync.
public struct CurlHTTPClient: HTTPClient {
    /// A PEM file of the certificate authorities to trust instead of the system's (`--ca-file`).
    public var caFile: String?
    public var connectTimeoutSeconds: Int
    public var totalTimeoutSeconds: Int

    public init(caFile: String? = nil, connectTimeoutSeconds: Int = 10, totalTimeoutSeconds: Int = 60) {
        self.caFile = caFile
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.totalTimeoutSeconds = totalTimeoutSeconds
    }

    /// `curl_global_init` once per process, before the first handle (it is not thread-safe).
    private static let initialised: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    private static let queue = DispatchQueue(label: "orders.http", attributes: .concurrent)

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let result: Result<HTTPResponse, HTTPError> = await withCheckedContinuation { continuation in
            Self.queue.async { continuation.resume(returning: perform(request)) }
        }
        return try result.get()
    }

    /// The blocking exchange on one easy handle.
    private func perform(_ request: HTTPRequest) -> Result<HTTPResponse, HTTPError> {
        guard Self.initialised, let handle = curl_easy_init() else {
            return .failure(.invalidRequest("libcurl could not be started."))
        }
        defer { curl_easy_cleanup(handle) }
        let sink = ResponseSink()
        let box = Unmanaged.passRetained(sink)
        defer { box.release() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }
        for header in request.headers {
            headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        // libcurl asks for `Expect: 100-continue` before large bodies; the shops need not answer it.
        headerList = curl_slist_append(headerList, "Expect:")
        orders_curl_set_text(handle, CURLOPT_URL, request.url)
        orders_curl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList.map { UnsafeMutableRawPointer($0) })
        orders_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        orders_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, connectTimeoutSeconds)
        orders_curl_set_long(handle, CURLOPT_TIMEOUT, totalTimeoutSeconds)
        // Only https: a URL of another scheme (or a redirect to one) is refused by libcurl itself.
        orders_curl_set_text(handle, CURLOPT_PROTOCOLS_STR, "https")
        orders_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        orders_curl_set_text(handle, CURLOPT_ACCEPT_ENCODING, "")
        if let caFile { orders_curl_set_text(handle, CURLOPT_CAINFO, caFile) }
        orders_curl_set_text(handle, CURLOPT_CUSTOMREQUEST, request.method)
        let body = request.body.map { Data($0) }
        if let body {
            orders_curl_set_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
        }
        orders_curl_set_pointer(handle, CURLOPT_WRITEDATA, box.toOpaque())
        orders_curl_set_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, user in
            guard let data, let user else { return 0 }
            Unmanaged<ResponseSink>.fromOpaque(user).takeUnretainedValue().body
                .append(contentsOf: UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
        orders_curl_set_pointer(handle, CURLOPT_HEADERDATA, box.toOpaque())
        orders_curl_set_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, user in
            guard let data, let user else { return 0 }
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            Unmanaged<ResponseSink>.fromOpaque(user).takeUnretainedValue().header(line)
            return size * count
        }
        let code: CURLcode = if let body {
            body.withUnsafeBytes { bytes in
                orders_curl_set_pointer(handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                return curl_easy_perform(handle)
            }
        } else {
            curl_easy_perform(handle)
        }
        guard code == CURLE_OK else { return .failure(error(code, url: request.url)) }
        var status = 0
        orders_curl_response_code(handle, &status)
        return .success(HTTPResponse(status: status, headers: sink.headers, body: sink.body))
    }

    /// libcurl's error as one sentence naming the URL (never a header: credentials travel there).
    private func error(_ code: CURLcode, url: String) -> HTTPError {
        let reason = String(cString: curl_easy_strerror(code)).lowercased()
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return .timedOut(url: url, seconds: totalTimeoutSeconds)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM:
            return .untrusted(url: url, reason: reason)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidRequest("\(url) is not an https URL orders can use.")
        default: return .connectionFailed(url: url, reason: reason)
        }
    }
}

/// Where libcurl's callbacks put the answer; only the one thread running the request touches it.
private final class ResponseSink {
    var body: [UInt8] = []
    var headers: [String: String] = [:]

    /// One header line (`Name: value\r\n`); a status line starts a new set (after `100 Continue`).
    func header(_ line: String) {
        if line.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
