import BourseAuth

/// One request as a client sent it: URL query, body, content type and `Authorization` header.
struct RecordedRequest: Sendable {
    var query: String?
    var body: String?
    var contentType: String?
    var authorization: String

    init(query: String? = nil, body: String? = nil, contentType: String? = nil, authorization: String) {
        self.query = query
        self.body = body
        self.contentType = contentType
        self.authorization = authorization
    }

    /// The payload the server would see.
    var payload: RequestPayload {
        RequestPayload(query: query, body: body.map { Array($0.utf8) }, contentType: contentType)
    }

    /// The claims of the recorded token.
    var claims: TokenClaims {
        get throws { try BearerToken(authorization: authorization).claims }
    }

    /// The same request with another query.
    func with(query: String?) -> RecordedRequest {
        var copy = self
        copy.query = query
        return copy
    }

    /// The same request with another body.
    func with(body: String?) -> RecordedRequest {
        var copy = self
        copy.body = body
        return copy
    }
}
