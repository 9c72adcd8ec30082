import ArgumentParser
import BourseCommandSupport
import BourseCore
import BourseStore
import Foundation

/// `bourse withdraw-address add|list`: the withdrawal addresses an account registered. Like Upbit, the
/// exchange API withdraws coins only to a registered address (`withdraw_address_not_registered`).
struct WithdrawAddressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "withdraw-address",
        abstract: "Register and list the addresses an account may withdraw coins to.",
        discussion: """
            Works while `bourse serve` runs: the server reads the list on each withdrawal. A deposit \
            address of another account here (from POST /v1/deposits/generate_coin_address) makes an \
            internal transfer: the other account sees the deposit arrive when the withdrawal is done.
            """,
        subcommands: [Add.self, List.self]
    )

    /// `bourse withdraw-address add ACCOUNT CURRENCY ADDRESS`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Register a withdrawal address.")

        @Argument(help: "The account's name.")
        var account: String

        @Argument(help: "The currency: BTC, ETH, XRP, …")
        var currency: String

        @Argument(help: "The address.")
        var address: String

        @Option(help: "The network (`net_type`; default: the currency's first network).")
        var netType: String?

        @Option(help: "The memo or destination tag (`secondary_address`), on chains that use one.")
        var memo: String?

        @OptionGroup var storage: StoreOptions

        func validate() throws {
            let code = currency.uppercased()
            guard code != "KRW", CurrencyCode(code) != nil else {
                throw ValidationError("'\(currency)' is not a coin; KRW withdrawals go to the account's bank.")
            }
            guard ChainNetwork.network(code, netType?.uppercased()) != nil else {
                let known = ChainNetwork.networks(of: code).map(\.netType).joined(separator: ", ")
                throw ValidationError("\(code) has no network '\(netType ?? "")'; its networks: \(known).")
            }
            guard (1...128).contains(address.utf8.count), address.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw ValidationError("The address must be 1 to 128 printable ASCII characters.")
            }
        }

        func run() async throws {
            let location = try await storage.resolve()
            let code = currency.uppercased()
            guard let network = ChainNetwork.network(code, netType?.uppercased()) else { return }
            let (name, address, memo) = (account, address, memo)
            try await location.withStore { store in
                guard let owner = try await store.account(named: name) else {
                    throw CLIError("No account named '\(name)'; make one with: bourse account create \(name)")
                }
                try await store.save(
                    WalletAddress(
                        kind: .withdrawal, account: owner.id, currency: code, network: network.netType,
                        address: address, memo: memo, createdAt: WallClock.now()))
            }
            print("Registered \(code) (\(network.netType)) address \(address) for '\(name)'.")
        }
    }

    /// `bourse withdraw-address list ACCOUNT`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List an account's withdrawal addresses.")

        @Argument(help: "The account's name.")
        var account: String

        @OptionGroup var storage: StoreOptions

        func run() async throws {
            let location = try await storage.resolve()
            let name = account
            let addresses = try await location.withStore { store in
                guard let owner = try await store.account(named: name) else {
                    throw CLIError("No account named '\(name)'; make one with: bourse account create \(name)")
                }
                return try await store.addresses(of: owner.id, kind: .withdrawal)
            }
            if addresses.isEmpty { print("'\(name)' has no withdrawal address.") }
            for address in addresses {
                print(
                    "\(address.currency)\t\(address.network)\t\(address.address)\(address.memo.map { "\t" + $0 } ?? "")"
                )
            }
        }
    }
}
