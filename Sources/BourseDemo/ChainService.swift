public import BourseCore
public import BourseStore
import Logging

/// The simulated chains: moves withdrawals and coin deposits through their states as time passes.
///
/// A waiting withdrawal is sent after ``Options/sendDelay`` (from then on it can no longer be cancelled); a
/// sent one is done after the confirmation delay, and if its address is a deposit address of an account
/// here, that account sees a deposit arrive in the same journal commit, which is credited after the
/// confirmation delay. Everything it does is a journal command, so after a crash it picks up where the
/// journal left off.
public struct ChainService: Sendable {
    /// How quickly the chains move.
    public struct Options: Sendable {
        /// From a withdrawal's request to its sending.
        public var sendDelay: Duration = .seconds(2)
        /// From sending to done, and from a deposit's arrival to its crediting.
        public var confirmationDelay: Duration = .seconds(10)
        /// How often the chains look for work.
        public var tick: Duration = .milliseconds(250)

        /// Every setting at the default written beside it.
        public init() {}
    }

    let exchange: DurableExchange
    let store: any Store
    let options: Options
    let clock: @Sendable () -> Timestamp
    let logger = Logger(label: "bourse.chain")

    /// A chain service over `exchange`, looking up deposit addresses in `store`.
    public init(
        exchange: DurableExchange, store: any Store, options: Options, clock: @escaping @Sendable () -> Timestamp
    ) {
        self.exchange = exchange
        self.store = store
        self.options = options
        self.clock = clock
    }

    /// Runs until cancelled.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await step()
            } catch is CancellationError {
                return
            } catch {
                logger.warning("chain step failed; retrying", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: options.tick)
        }
    }

    /// Moves everything that is due now.
    public func step() async throws {
        let (withdrawals, deposits) = exchange.withState {
            ($0.exchange.transfers.pendingWithdrawals, $0.exchange.transfers.pendingDeposits)
        }
        let now = clock().milliseconds
        let send = Self.milliseconds(options.sendDelay)
        let confirm = Self.milliseconds(options.confirmationDelay)
        for withdrawal in withdrawals {
            let id = withdrawal.id
            let account = withdrawal.account
            switch withdrawal.state {
            case .waiting where now - withdrawal.updatedAt.milliseconds >= send:
                _ = try await exchange.submit(.advanceWithdrawal(id, .send, account: account))
            case .processing where now - withdrawal.updatedAt.milliseconds >= confirm:
                var makes: [@Sendable (OrderID) -> Command] = [
                    { _ in .advanceWithdrawal(id, .complete, account: account) }
                ]
                if let network = withdrawal.network, let address = withdrawal.address,
                    let target = try await store.address(address, network: network, kind: .deposit),
                    target.currency == withdrawal.currency.description
                {
                    let incoming: @Sendable (OrderID) -> IncomingDeposit = { deposit in
                        IncomingDeposit(
                            id: TransferID(deposit.rawValue), account: target.account, currency: withdrawal.currency,
                            network: network, amount: withdrawal.amount,
                            txid: withdrawal.txid ?? Withdrawal.txid(of: id, network: network),
                            isInternal: withdrawal.isInternal)
                    }
                    makes.append { .receiveDeposit(incoming($0)) }
                }
                _ = try await exchange.submit(makes)
            default:
                break
            }
        }
        for deposit in deposits where now - deposit.createdAt.milliseconds >= confirm {
            _ = try await exchange.submit(.confirmDeposit(deposit.id))
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
