import HTTPTypes
import Hummingbird

/// The headers every response of the web client carries.
///
/// The Content-Security-Policy allows only the server's own scripts, styles, images and sockets: no inline
/// script or style, no other origin, no framing. The pages are written for it (scripts are modules loaded
/// from `/js`, styles are classes), so an injected `<script>` or `onclick=` does nothing.
enum WebHeaders {
    static let contentSecurityPolicy =
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; "
        + "font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"

    /// Pages, scripts (the chart library too: its name has no version) and styles are revalidated on every
    /// load, a cheap 304 by ETag, so a new version of the server is seen at once.
    static let cacheControl = CacheControl([
        (.textHtml, [.noCache]),
        (.textJavascript, [.noCache]),
        (.textCss, [.noCache]),
        (.imageSvg, [.noCache]),
        (.applicationJson, [.noCache]),
    ])

    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!

    static func add(to headers: inout HTTPFields, html: Bool) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[referrerPolicy] = "same-origin"
        if html { headers[xFrameOptions] = "DENY" }
    }
}
