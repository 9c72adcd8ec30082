import BourseAuth

/// Tokens and requests made by the real clients, not by BourseAuth.
///
/// Generated once with Python 3.11 in a scratch venv holding ccxt 4.5.90, pyupbit 0.2.34, PyJWT 2.15 and
/// requests 2.34 (orjson installed, as in Tests/RealClients), with the uuid/nonce source pinned:
/// - `ccxt*`: `ex = ccxt.upbit({"apiKey": accessKey, "secret": secretKey}); ex.uuid = lambda: NONCE;
///   ex.sign(path, ["private"], method, params)`; `query` is the URL after `?`, `body` the request body.
/// - `pyupbit*`: `pyupbit.exchange_api.uuid.uuid4 = lambda: NONCE;
///   Upbit(accessKey, secretKey)._request_headers(data)`; GET bodies from
///   `requests.Request("GET", url, data=data).prepare()`, DELETE/POST bodies `json.dumps(data)`, as
///   pyupbit's `_send_*_request` do.
/// - `empty*`, `otherSecret`, `unknownKey`, `extraClaims`, `numericNonce`, `noNonce`, `emptyHash*`:
///   `jwt.encode(payload, secret, algorithm=ALG)` (PyJWT).
/// - the rest by hand with `hmac`, `hashlib`, `base64.urlsafe_b64encode` over compact `json.dumps`:
///   `alg` none (empty signature), RS256 and `hs256` headers signed with HMAC-SHA-256 of the secret,
///   padded segments, and hand-written query strings hashed with `hashlib.sha512(text)`/`sha256`.
enum AuthVectors {
    static let accessKey = "Hk2vQ9xLmP4tR7wZ1cN8bJ5fD3gS6yA0eU2iO9qT"
    static let secretKey = "t7Yq2Lw9Rk4Vn1Xb6Pz3Jm8Hc5Fd0Gs2Ae7Ui4Oy"
    /// The nonce of the `empty*`, `alg*` and `otherSecret` tokens.
    static let sharedNonce = "0b8f6c1e-3d6a-4c1b-9a57-2f4e8d1c7a01"

    /// The key record the tokens were signed for: account 7, every scope, no IP list, no expiry.
    static let key = APIKey(
        accessKey: accessKey,
        secret: Array(secretKey.utf8),
        accountID: 7,
        scopes: Set(APIScope.allCases)
    )

    static let emptyHS256 = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0.obT2DLpH"#,
        #"E6qLVmg6iYHwRlLF0-7-TFXR_JBQ-6DTtZs"#
    )
    static let emptyHS384 = joined(
        #"Bearer eyJhbGciOiJIUzM4NCIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0.92IIxqee"#,
        #"ERbGfYbJW3jI1L6y-N6BbQU3iIhpy1w5SZtSR7FC3ABoeNH_gxtssaCF"#
    )
    static let emptyHS512 = joined(
        #"Bearer eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0.jfvuhA0-"#,
        #"jkXaiMRiG0RcgiYDm-fcaU1yeW2srqKFpYqqAIiHd5jgFPMdEY3YR5RNh2CFpGtf1eHxj_TfGNDPtQ"#
    )
    static let paddedHS256 = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoicGFkLW5vbmNlLTEifQ==.kbvymNREz7euI0XqvVui4zuK9ixU0AQaUPDB-O_"#,
        #"ZJCg="#
    )
    static let algNone = joined(
        #"Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVmR"#,
        #"DNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0."#
    )
    static let algRS256 = joined(
        #"Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0.wOYVHmeB"#,
        #"5rDb-Ng5loTBqO1EP9sPviLyZ2Vit6ZhrTs"#
    )
    static let algLowercase = joined(
        #"Bearer eyJhbGciOiJoczI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0._MGhMIjS"#,
        #"O1fh4WA-cqd36KP3A5Ftg_HiD6qkW0OH9bg"#
    )
    static let otherSecret = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiMGI4ZjZjMWUtM2Q2YS00YzFiLTlhNTctMmY0ZThkMWM3YTAxIn0.NcMSV2kq"#,
        #"wsTRkSEmdbIfH42PD0w0tIv4huyJNPUVsoE"#
    )
    static let unknownKey = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiVW5rbm93bjAwMDAwMDAwMDAwMDAwMDAw"#,
        #"MDAwMDAwMDAwMDAwMDAwMDAiLCJub25jZSI6Im4tdW5rbm93biJ9.ahtLMnu9Yg7qB6zco-gYIqGVV7TWv6-u5mFlVdt_kBI"#
    )
    static let emptyHashOfEmpty = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoibi1lbXB0eS1oYXNoIiwicXVlcnlfaGFzaCI6ImNmODNlMTM1N2VlZmI4YmRm"#,
        #"MTU0Mjg1MGQ2NmQ4MDA3ZDYyMGU0MDUwYjU3MTVkYzgzZjRhOTIxZDM2Y2U5Y2U0N2QwZDEzYzVkODVmMmIwZmY4MzE4ZDI4"#,
        #"NzdlZWMyZjYzYjkzMWJkNDc0MTdhODFhNTM4MzI3YWY5MjdkYTNlIiwicXVlcnlfaGFzaF9hbGciOiJTSEE1MTIifQ.iOCDo"#,
        #"DH9pvqrEwgfzcTK7_cPjLiypVFkLNl1LIuGERo"#
    )
    static let emptyHashOfX = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoibi14LWhhc2giLCJxdWVyeV9oYXNoIjoiYThmZmUzYTg2NGU2ZDU5ZDU4YzM0"#,
        #"NzZiNDdkMGI3MGJhOTIzZTcwMTAyYjAxNTM1MzcwMTAxNWUxNzgxMDIwOTIxMGQyYzI2NjliMGQxMDFlNmJiZmZiNzcxMzlh"#,
        #"MjdiYzliYzkyMjQ1NWEyOWI3ZGQ5YTA5ZTNiMmY0ZGE0NWQifQ.dSYB4TT2JqpJ0Z8ltzPC0YlEzSpJQdT-g9hUGA1KvXY"#
    )
    static let extraClaims = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoibi1leHRyYSIsInRpbWVzdGFtcCI6MTcwMDAwMDAwMDAwMCwiaWF0IjoxNzAw"#,
        #"MDAwMDAwfQ.Q6qP5HyLaRD6MFgmTEcXTgcTHnn33U679yGTmhYhXT0"#
    )
    static let numericNonce = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoxNzAwMDAwMDAwMTIzfQ.9I0s0l9GHJBJcNiGl2TlSd187mHAh1UHcf9jzo13i"#,
        #"wk"#
    )
    static let noNonce = joined(
        #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
        #"RDNnUzZ5QTBlVTJpTzlxVCJ9.NXvM-QeaI4EFDDYrQWbfkVV7mc1gYUwM-mwFz2guXKs"#
    )

    /// Long literals in pieces that fit the line length.
    static func joined(_ pieces: String...) -> String { pieces.joined() }
}
