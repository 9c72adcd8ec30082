extension EngineFlow {
    /// What generating a flow observed. Replaying the flow gives the same numbers.
    public struct Statistics: Hashable, Sendable {
        /// New good-till-cancelled limit orders in the stream.
        public internal(set) var limitOrders = 0
        /// IOC limit orders in the stream.
        public internal(set) var immediateOrCancelOrders = 0
        /// Cancels in the stream.
        public internal(set) var cancels = 0
        /// Cancel-and-replace commands in the stream.
        public internal(set) var replacements = 0
        /// Stream commands that traded at least once.
        public internal(set) var tradingCommands = 0
        /// Trades in the stream (the market's trade count after replaying it, since the setup never trades).
        public internal(set) var trades = 0
        /// Events the stream produced.
        public internal(set) var events = 0
        /// Refused commands in the setup and stream; the flow is built so that this stays zero.
        public internal(set) var rejections = 0
        /// Resting orders after the setup.
        public internal(set) var initialRestingOrders = 0
        /// Occupied price levels after the setup.
        public internal(set) var initialLevels = 0
        /// The smallest and largest book size seen during the stream (sampled).
        public internal(set) var restingOrdersRange = 0...0
        /// The smallest and largest number of occupied price levels seen during the stream (sampled).
        public internal(set) var levelsRange = 0...0
        /// The mean book size over the samples.
        public internal(set) var meanRestingOrders = 0
        /// The mean number of occupied price levels over the samples.
        public internal(set) var meanLevels = 0

        /// Stream commands in all.
        public var commands: Int { limitOrders + immediateOrCancelOrders + cancels + replacements }
    }
}
