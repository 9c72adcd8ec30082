import BourseClient
import Foundation

/// A failure of a client command as one readable sentence, with a hint when a certificate is the cause.
enum FailureText {
    static func of(_ error: any Error) -> String {
        let text: String
        if error is ClientError {
            text = String(describing: error)
        } else if (error as NSError).domain == NSURLErrorDomain {
            // URLSession's own sentence ("SSL certificate problem: self-signed certificate"), not its dump.
            text = (error as NSError).localizedDescription
        } else {
            text = String(describing: error)
        }
        guard text.lowercased().contains("certificate") else { return text }
        return text + " (a server with its own certificate needs --ca FILE)"
    }
}
