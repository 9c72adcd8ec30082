// Replays Bourse's engine-benchmark order flow (`bourse bench engine --export-flow FILE`) on liquibook's
// OrderBook, one thread, and prints one line: `liquibook: ops_per_sec=<n> commands=<n> fills=<n> refused=<n>`.
//
// Our code, not liquibook's: scripts/bench-peers fetches liquibook's headers from its PyPI wheel (sha256
// checked) and compiles this against them; neither the headers nor the binary are committed.
//
// The mapping: a resting limit is OrderBook::add, an IOC limit add with oc_immediate_or_cancel, a cancel
// OrderBook::cancel, and Bourse's cancel-and-replace (a new order id at a new price) OrderBook::replace of
// the same order at the new price, its new id then naming the same order. Orders live in a preallocated
// pool, found by id through a vector, so the driver allocates nothing per command; liquibook's own
// containers (a std::multimap per side, its callback vector) do what they do. The setup and the warm-up
// are applied before the clock starts.
#include <liquibook/book/order.h>
#include <liquibook/book/order_book.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

namespace lb = liquibook::book;

struct FlowOrder : lb::Order {
    bool buy = false;
    lb::Price limit = 0;
    lb::Quantity quantity = 0;
    bool is_buy() const override { return buy; }
    lb::Price price() const override { return limit; }
    lb::Quantity order_qty() const override { return quantity; }
};
using OrderPtr = FlowOrder*;

// Keeps each order's price and size as liquibook's replace changes them: it finds a resting order by
// its price.
struct Listener : lb::OrderListener<OrderPtr> {
    uint64_t fills = 0;
    // Refusals show where the two engines' books diverge (a cancel or move of an order liquibook filled).
    uint64_t refused = 0;
    void on_accept(const OrderPtr&) override {}
    void on_reject(const OrderPtr&, const char*) override {}
    void on_fill(const OrderPtr&, const OrderPtr&, lb::Quantity, lb::Price) override { ++fills; }
    void on_cancel(const OrderPtr&) override {}
    void on_cancel_reject(const OrderPtr&, const char*) override { ++refused; }
    void on_replace(const OrderPtr& order, const int64_t& size_delta, lb::Price new_price) override {
        order->quantity += size_delta;
        order->limit = new_price;
    }
    void on_replace_reject(const OrderPtr&, const char*) override { ++refused; }
};

struct Record {
    uint32_t kind, side;
    uint64_t id, new_id, price, quantity;
};

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: driver FLOW_FILE (from bourse bench engine --export-flow)\n");
        return 2;
    }
    std::ifstream file(argv[1], std::ios::binary);
    char magic[8];
    uint64_t counts[3];
    if (!file.read(magic, 8) || std::memcmp(magic, "BFLOW001", 8) != 0 ||
        !file.read(reinterpret_cast<char*>(counts), sizeof counts)) {
        std::fprintf(stderr, "%s is not a flow file\n", argv[1]);
        return 1;
    }
    const uint64_t total = counts[0] + counts[1] + counts[2];
    std::vector<Record> records(total);
    for (auto& record : records) {
        char bytes[40];
        if (!file.read(bytes, 40)) {
            std::fprintf(stderr, "the flow file is truncated\n");
            return 1;
        }
        std::memcpy(&record.kind, bytes, 4);
        std::memcpy(&record.side, bytes + 4, 4);
        std::memcpy(&record.id, bytes + 8, 8);
        std::memcpy(&record.new_id, bytes + 16, 8);
        std::memcpy(&record.price, bytes + 24, 8);
        std::memcpy(&record.quantity, bytes + 32, 8);
    }
    uint64_t largest = 0;
    for (const auto& record : records) largest = std::max({largest, record.id, record.new_id});
    std::vector<FlowOrder> pool(total);
    std::vector<OrderPtr> byID(largest + 1, nullptr);
    size_t used = 0;

    lb::OrderBook<OrderPtr> book("KRW-BTC");
    Listener listener;
    book.set_order_listener(&listener);

    auto apply = [&](const Record& record) {
        switch (record.kind) {
        case 1:
        case 2: {
            FlowOrder* order = &pool[used++];
            order->buy = record.side == 0;
            order->limit = record.price;
            order->quantity = record.quantity;
            byID[record.id] = order;
            book.add(order, record.kind == 2 ? lb::oc_immediate_or_cancel : lb::oc_no_conditions);
            break;
        }
        case 3:
            if (FlowOrder* order = byID[record.id]) book.cancel(order);
            break;
        case 4:
            if (FlowOrder* order = byID[record.id]) {
                // Bourse's flow keeps what remains (quantity 0); a new quantity is taken as the order's new size.
                int64_t delta = record.quantity == 0 ? 0 : int64_t(record.quantity) - int64_t(order->quantity);
                book.replace(order, delta, record.price);
                byID[record.new_id] = order;
            }
            break;
        }
    };

    const uint64_t untimed = counts[0] + counts[1];
    for (uint64_t index = 0; index < untimed; ++index) apply(records[index]);
    const uint64_t fillsBefore = listener.fills;
    const uint64_t refusedBefore = listener.refused;
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t index = untimed; index < total; ++index) apply(records[index]);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    const double seconds = std::chrono::duration<double>(elapsed).count();
    std::printf(
        "liquibook: ops_per_sec=%.0f commands=%llu fills=%llu refused=%llu\n", double(counts[2]) / seconds,
        static_cast<unsigned long long>(counts[2]), static_cast<unsigned long long>(listener.fills - fillsBefore),
        static_cast<unsigned long long>(listener.refused - refusedBefore));
    return 0;
}
