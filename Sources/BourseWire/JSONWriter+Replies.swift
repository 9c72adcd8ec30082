// Pieces every API's answers share.
extension JSONWriter {
    /// A request's `id` echoed in its answer as the client sent it: a string, a number's own digits, or
    /// `null` when there was none (or it was neither).
    public mutating func requestID(_ id: JSONValue?) {
        if let text = id?.stringValue {
            string(text)
        } else if let number = id?.numberText {
            raw(Array(number.utf8))
        } else {
            null()
        }
    }

    /// `"name":…,"message":…`, the members of every error object (Upbit's and the auction house's), inside
    /// an object the caller opened.
    public mutating func errorMembers(name: String, message: String) {
        key("name")
        string(name)
        key("message")
        string(message)
    }
}
