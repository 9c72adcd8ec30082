import BourseWire

extension SubscriptionRequest {
    /// Applies the §6.2 rules to a parsed message.
    init(document: JSONValue) throws(SubscriptionError) {
        guard let elements = document.arrayValue else {
            throw .wrongFormat("The request must be a JSON array of objects, e.g. [{\"ticket\":\"…\"},…].")
        }
        var ticket: String?
        var formatValue: JSONValue?
        var methodValue: JSONValue?
        var resumeValue: JSONValue?
        var typeObjects: [JSONValue] = []
        for (position, element) in elements.enumerated() {
            guard element.members != nil else {
                throw .wrongFormat("Element \(position) of the request is not an object.")
            }
            var recognised = false
            if let value = element["ticket"] {
                recognised = true
                if ticket == nil { ticket = try Self.ticket(value) }
            }
            if let value = element["format"] {
                recognised = true
                if formatValue == nil { formatValue = value }
            }
            if let value = element["method"] {
                recognised = true
                if methodValue == nil { methodValue = value }
            }
            if let value = element["resume"] {
                recognised = true
                if resumeValue == nil { resumeValue = value }
            }
            if element["type"] != nil {
                recognised = true
                typeObjects.append(element)
            }
            guard recognised else {
                throw .wrongFormat(
                    "Element \(position) of the request has none of the keys ticket, type, format, method or resume."
                )
            }
        }
        guard let ticket else {
            throw .noTicket("The request has no ticket object, e.g. {\"ticket\":\"my-ticket\"}.")
        }
        let format = try formatValue.map { (value) throws(SubscriptionError) in try Self.format(value) }
        if let methodValue {
            guard let method = methodValue.stringValue,
                SubscriptionASCII.equalsIgnoringCase(method, "LIST_SUBSCRIPTIONS")
            else {
                throw .invalidParameter(
                    "Unknown method \(SubscriptionText.quoted(methodValue)); the only method is LIST_SUBSCRIPTIONS."
                )
            }
            self = .listSubscriptions(ticket: ticket, format: format)
            return
        }
        guard !typeObjects.isEmpty else {
            throw .noType("The request has no type object, e.g. {\"type\":\"ticker\",\"codes\":[\"KRW-BTC\"]}.")
        }
        var set = SubscriptionSet()
        for object in typeObjects {
            try set.add(typeObject: object)
        }
        let resume = try resumeValue.map { (value) throws(SubscriptionError) in try StreamResume(parsing: value) }
        self = .subscribe(
            ticket: ticket, format: format ?? .default, subscriptions: set.subscriptions, resume: resume)
    }

    /// A ticket is any non-empty string; a number is accepted and kept as its text.
    private static func ticket(_ value: JSONValue) throws(SubscriptionError) -> String {
        switch value {
        case .string(let text) where !text.isEmpty: return text
        case .number(let text): return text
        case .null, .string: throw .noTicket("The ticket is empty; send any unique text, e.g. a UUID.")
        default: throw .wrongFormat("The ticket must be a string, not \(SubscriptionText.quoted(value)).")
        }
    }

    private static func format(_ value: JSONValue) throws(SubscriptionError) -> StreamFormat {
        guard let name = value.stringValue, let format = StreamFormat(name: name) else {
            throw .invalidParameter(
                "Unknown format \(SubscriptionText.quoted(value)); expected DEFAULT, SIMPLE, JSON_LIST or SIMPLE_LIST."
            )
        }
        return format
    }
}
