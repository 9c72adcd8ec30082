/// Requests recorded from the clients; see `AuthVectors` for how they were made.
extension AuthVectors {
    static let ccxtClosedOrders = RecordedRequest(
        query: joined(
            #"market=KRW-BTC&states%5B%5D=%5B%27done%27%2C%20%27cancel%27%5D&start_time=2024-01-01T00%3A00%3A0"#,
            #"0%2B09%3A00&end_time=2024-01-07%2023%3A59%3A59&limit=100"#
        ),
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYzFhMGYyZDQtNWI2ZS00ZjcwLThhOTEtYjJjM2Q0ZTVmNjAxIiwicXVlcnlf"#,
            #"aGFzaCI6IjkzMDdiMjFiYWIzYTM1ZWU2YTdkYzEyODVjMzVmMTkxOTcyMjBmNzc5NDhjOTE4OGE1YmRjNmIzYzUxZDBkM2Ex"#,
            #"YWE0ZTlmNTQwOTk1ZTAwY2MyMzUwMjI3OWM3NTMwNDU5YTQwYjhlMjJmYTNjYmViM2U1MGJkMjdhYjQxMjBmIiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.ItmpY1NMDoYb89C5ONmvP55JtR_0lkdmCHJQonoPtsA"#
        )
    )
    static let ccxtCreateOrder = RecordedRequest(
        body: #"{"market":"KRW-BTC","side":"bid","ord_type":"limit","price":100000000,"volume":0.00001}"#,
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYzFhMGYyZDQtNWI2ZS00ZjcwLThhOTEtYjJjM2Q0ZTVmNjAyIiwicXVlcnlf"#,
            #"aGFzaCI6ImQzN2QxNWFhZjhlNWEzZWI5YjY3ZjNlZDI4MTcwOTE3YzUxNmI3ZmE0NmIyNmVkYmNiZDllYmMzMzEzMTI0ZjQw"#,
            #"YzFiZjBjMDY3YTUzNTk2NzEzYWViMmViMDQ3ZjE4NjlhNzQxMDE4NjdmMTczOGNlNWJiOGEwY2UxZTljMjM3IiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.ptP8xVLuhlogcYyS6WHmdiT42BEhVNy1hHcINMU_1xI"#
        )
    )
    static let ccxtWithdraw = RecordedRequest(
        body: joined(
            #"{"amount":0.01,"net_type":"BTC","currency":"BTC","address":"bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfj"#,
            #"hx0wlh"}"#
        ),
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYzFhMGYyZDQtNWI2ZS00ZjcwLThhOTEtYjJjM2Q0ZTVmNjAzIiwicXVlcnlf"#,
            #"aGFzaCI6IjdjNjMyMWRiMWVkY2NhNzkyYWMxZWNjMjFkYmU2ODM1MTQ4YzhjYmM3MDA0MWNkYjM2ZDg1YTJiMzQ5OWVmMDBj"#,
            #"Y2QyZWYzZWMxZTU2MmU2MWUwYjlkZTg4NGU5YjliOTI1MTAyOTMyMGU2ZjA2YWM5N2E4YmY4NjBmMGZmNjVlIiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.c60WJ-CsNMoyC6tb6CNL1cZ-MxlYim2jh-wdQrKvttg"#
        )
    )
    static let ccxtNullAndBool = RecordedRequest(
        body: joined(
            #"{"market":"KRW-BTC","side":"ask","ord_type":"limit","price":"101000000","volume":"0.5","identifi"#,
            #"er":null,"post_only":true}"#
        ),
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYzFhMGYyZDQtNWI2ZS00ZjcwLThhOTEtYjJjM2Q0ZTVmNjA0IiwicXVlcnlf"#,
            #"aGFzaCI6ImY0ZTg3NmI3ZTYzNGEzOGIwMjBlM2NiOGRjNTQzYTBmMGI0YzRmNGU2N2JkYWNiZmEyNmU4MjMyYzhlNjViZTAz"#,
            #"NDk3MmEyNjIxMmQxNGU3NjhkMmZkY2QyNzEwMTViZDQxNDQzOTY4ZDVhNDQ4NDZjOTQxNDA0MThkN2ZkMmFlIiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.xbgMRqwlRKioyhe6FkZNWuKISamguL7_OgIv-NpDF8Q"#
        )
    )
    static let ccxtFloatAndBool = RecordedRequest(
        body: joined(
            #"{"market":"KRW-BTC","side":"bid","ord_type":"limit","price":100000000,"volume":0.00002,"post_onl"#,
            #"y":true}"#
        ),
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYzFhMGYyZDQtNWI2ZS00ZjcwLThhOTEtYjJjM2Q0ZTVmNjA1IiwicXVlcnlf"#,
            #"aGFzaCI6ImY3MmVjYmIxZGU2YWI0OGUxMTNhYmZmN2FiMWI0NGI1NGE4ZDVkMDQ0MDViNzUxNWI4NGUxMjhhNzcxMDE1ZDM5"#,
            #"MGNiNjlkMjdhMzc1NTZlNTQ1NDI0N2NkNDY0YWI1ZmMxZGIwYzU4NGUwMzViYWUxMWU0ZTM2NDBmNGE3NDQ0IiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.IIFPTw1E5VIAvrpiJP2-cVB7nSyd4hlgvuUpy78D_Es"#
        )
    )
    static let pyupbitGetOrders = RecordedRequest(
        body: #"market=KRW-BTC&state=wait&page=1&limit=100&order_by=desc"#,
        contentType: #"application/x-www-form-urlencoded"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYTFiMmMzZDQtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAxIiwicXVlcnlf"#,
            #"aGFzaCI6ImU1NGEzZGFiMzczNjJjY2Q4OWE5YTk5YjhkZGNkZDA1N2U1ODY1N2FmNjI3ODY5NTU2NTk2NzRjZjg2NjRlOGZh"#,
            #"YjY0ODk1ZTUxMzBiNDEyZTMxZDhjNDZmNmI1MThiNDZmMTYyMDQxZjI4Y2UwZDBhMDNmMWI3NDA5YmQ4NGMxIiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.cF_HekFlNqMseUISdJ2MngRD4liFEkIRHl2mBkGY1G0"#
        )
    )
    static let pyupbitGetArrays = RecordedRequest(
        body: #"market=KRW-BTC&states%5B%5D=wait&states%5B%5D=watch&to=2024-01-01+00%3A00%3A00"#,
        contentType: #"application/x-www-form-urlencoded"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYTFiMmMzZDQtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAyIiwicXVlcnlf"#,
            #"aGFzaCI6ImY2NWYyN2I4YmExZDQ1YjVhNWRkMjJiOGI3NzlhZmIyNGUwNzgwMjdlMTExNzkyZDkwNGI4NzhlNDQwMjNhZWNh"#,
            #"MWY1OTJhYjAwNDFhODkyNGU2MDUzZmJjZjZlYjk5MTY3MzVlZmEzM2YxOTdkZjBjMTc3MzdjM2EyNTkwYjI5IiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.LLmb-R2r8oqiEK5K_8tLgbnXXugI8N_rmEGJZW8whyQ"#
        )
    )
    static let pyupbitCancel = RecordedRequest(
        body: #"{"uuid": "9f432943-54e0-40b7-825f-b6fec8b42b79"}"#,
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYTFiMmMzZDQtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAzIiwicXVlcnlf"#,
            #"aGFzaCI6IjVkZmI3MjBjNDIxMzkzNzg2NTU4YjY2ZWQzZTU5ZTgzOGMwZjA5MjkzYTI0NDQ5YzE3MTY2OTk5NGFhZGVmZWQ0"#,
            #"MDgxMTE2NWRiMjI4OGRjNTI4ZjA2MGQwZmUwYWVhNzI1NzljZjBiY2IyMmQzMDAzYTRjMzFhODNkZjNhMzZmIiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.zKvVVvZMVIm954PnVrSepqURgr7pspb4FlRVE5TpLmQ"#
        )
    )
    static let pyupbitWithdraw = RecordedRequest(
        body: joined(
            #"{"currency": "XRP", "amount": "10", "address": "rPVMhWBsfF9iMXYj3aAzJVkPDTFNSyWdKy", "secondary_"#,
            #"address": "None", "transaction_type": "default"}"#
        ),
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYTFiMmMzZDQtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDA0IiwicXVlcnlf"#,
            #"aGFzaCI6IjZkYjExZDIyMWU2MmYxMTFhZDZjYmY2NDA3ODVjZDIxN2NlODBjYzA5MzQzMWMzOGM5YTNmMTI3MWU2ZTNhZmNh"#,
            #"YWExOTFmZTIxOGFlYWVlMTI3MDVlZDM5YTQ3ZGFhMDY2MThlMjIxODRlYzhhOGQ3NjVkZWVkMDk3ZDY1NTk2IiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.i4JLmMI8THtCLhKntRNfonztwj53njJA0SwQzVvk40I"#
        )
    )
    static let pyupbitKoreanIdentifier = RecordedRequest(
        body: joined(
            #"{"market": "KRW-BTC", "side": "bid", "volume": "0.01", "price": "100000000", "ord_type": "limit""#,
            #", "identifier": "\ubd07 \uc8fc\ubb38:1/2"}"#
        ),
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYTFiMmMzZDQtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDA1IiwicXVlcnlf"#,
            #"aGFzaCI6IjlkMTRjNWE2ODRkNmY1NGMyYjI4NzU5Y2Q0MGEzYmY3ZDQ0ZGMyOTBkZGJhN2NjYzU0YjM4NDZhYTUxMTQ4NmUy"#,
            #"NjQxYjFkOGQzODU3ZDI2ZTk0ZTQ2OTMyNTVmZGFhNDlmYmViM2M1YmI4MzRjM2NlMTA5MzNhN2RjOTYzYjg5IiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.DZ7EWPd1SQVQVihD1I7m_gdWeVm9KabdvULWlLxEuuU"#
        )
    )
    static let pyupbitJSONArray = RecordedRequest(
        body: #"{"identifiers[]": ["bot:1", "bot:2"]}"#,
        contentType: #"application/json"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiYTFiMmMzZDQtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDA2IiwicXVlcnlf"#,
            #"aGFzaCI6ImNjZDYxNjY4YzBhMzg0MWQzYzU2NzUyMjExNjlmYmVmMjgyMTY5MDYzMTBjZDJiYmQ5YmJkZTk0OTBmMmVmYzg3"#,
            #"MWFjNGU0ODllYzhkNjRlNGY1ODE2NGJkZmZiMWQzM2I4YWQ0OTZlYzEwYWEwODVmZmFlMDQ5MWEwYmY1MWE3IiwicXVlcnlf"#,
            #"aGFzaF9hbGciOiJTSEE1MTIifQ.1j-K8ZzOPMcbJHzFkHawE-4raKYeXvtFktK-oK8F6hg"#
        )
    )
    static let officialArrays = RecordedRequest(
        query: #"market=KRW-BTC&states[]=wait&states[]=watch&start_time=2024-01-01T00:00:00%2B09:00"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzUxMiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiby0xIiwicXVlcnlfaGFzaCI6ImViYzk1ODIzNmU1MDExMTEyOGIzMGRmNDY2"#,
            #"MDJjN2FjZjA5ZGY1NmVhNTkyZjY1NDYxOGRkZmI2ZWYzZWNkN2MxNDdhNDY2YmZiYzYzMWJlNWU2YjE0ZmQ0OTJhN2Y2NWU0"#,
            #"NDg2MzhmYjFkYTQxODNlMzFmMzM3Y2FmNjEzYTRhIiwicXVlcnlfaGFzaF9hbGciOiJTSEE1MTIifQ.APZD6BIphU4NWlhVr"#,
            #"4ub-YyvMtjv1ZWsVemqxJsjj8Pw8zJ_zKgkSsOGmADxgS9WpxBRqvzifXuoNZGJ_LxItA"#
        )
    )
    static let plusAsSpace = RecordedRequest(
        query: #"market=KRW-BTC&to=2024-01-01+00:00:00"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiby0yIiwicXVlcnlfaGFzaCI6IjE3ODU4Y2E0YjgzOGQwN2JmYjMzZjA1OWE3"#,
            #"MjExODk3NGExMDE0NGJiNzUxMTQ3MjYxNTc4ZjdjMWEyMWFlYzg4ZDhkYmMwMWYwNDIwNWI1ZTBhMTM5N2FjMzRiMzI0Yzlh"#,
            #"ZWEzMDA4OGUxZmYxYjlkYjYwNTg1YTRiZGJjM2U5In0.etNCuC_YpVyp5t5ZIKG7bsH7iWzh-DRpdjnucHOGUFI"#
        )
    )
    static let sha256Hash = RecordedRequest(
        query: #"market=KRW-ETH"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzM4NCIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiby0zIiwicXVlcnlfaGFzaCI6Ijg4NTg3ZjA2MTdjZWMwMGMzMzczNGY2OWMz"#,
            #"MTMxYzQ5ZDljNjU5NjczMWRhOTNmOGY1YmZjOWJiN2ZjNzQ3YzciLCJxdWVyeV9oYXNoX2FsZyI6InNoYTI1NiJ9.8cD45KK"#,
            #"vfY4p-d5kwf5Wxjt-DGZ4PPS5IQHAOpND9-UtXhJviI8n43-C36ocVXda"#
        )
    )
    static let legacyQuery = RecordedRequest(
        query: #"market=KRW-BTC&limit=5"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiby00IiwicXVlcnkiOiJtYXJrZXQ9S1JXLUJUQyZsaW1pdD01In0.h9uNhnRr"#,
            #"ABm5xtEuunIdg_xIceFp5FcBR0NstUsPG5o"#
        )
    )
    static let noHashWithParams = RecordedRequest(
        query: #"market=KRW-BTC"#,
        authorization: joined(
            #"Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJhY2Nlc3Nfa2V5IjoiSGsydlE5eExtUDR0Ujd3WjFjTjhiSjVm"#,
            #"RDNnUzZ5QTBlVTJpTzlxVCIsIm5vbmNlIjoiby01In0.O3zZgxobnqn0SuFApei2H8o_ctogex89jvE9dkPZh4Y"#
        )
    )
}
