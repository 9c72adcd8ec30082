"""The fan-out peer of `bourse bench fanout --peer socketify`: µWebSockets (through socketify) publishing
Bourse's own messages to every WebSocket subscriber at a fixed rate.

Usage: server.py PORT MESSAGES_PER_SECOND PAYLOAD_FILE...

Every connection, whatever its path, subscribes to one topic; what subscribers send (their subscription
request) is ignored. The payloads (a trade and a ticker message captured from Bourse, so the frames are the
same size) are published in turn, as binary frames like Bourse's, with their `"timestamp":` set to the
wall clock in milliseconds at publishing, which is what the load generator measures lag from. A libuv
timer publishes what is due every millisecond. Prints "listening" once it accepts connections.

(A client that negotiates permessage-deflate, as Python's `websockets` does by default, is dropped after
its first message even with compression disabled here; the bench's own client negotiates none.)
"""

import re
import sys
import time

from socketify import App, CompressOptions, OpCode

port, rate = int(sys.argv[1]), float(sys.argv[2])
payloads = [open(path, "rb").read() for path in sys.argv[3:]]
stamp = re.compile(rb'"timestamp":\d+')
app = App()
app.ws("/*", {
    "compression": CompressOptions.DISABLED,
    "max_payload_length": 1 << 20,
    "idle_timeout": 960,
    "max_backpressure": 64 << 20,
    "open": lambda ws: ws.subscribe("md"),
    "message": lambda ws, message, opcode: None,
})
state = {"start": None, "sent": 0}


def tick(_):
    # socketify polls libuv from asyncio and slows its polling once it thinks the loop idle, which would
    # hold this timer back: publishing is work even on a tick that finds nothing due.
    app.loop.is_idle = False
    now = time.monotonic()
    if state["start"] is None:
        state["start"] = now
    due = int((now - state["start"]) * rate)
    if due > state["sent"]:
        stamped = b'"timestamp":%d' % int(time.time() * 1000)
        for index in range(state["sent"], due):
            app.publish("md", stamp.sub(stamped, payloads[index % len(payloads)], count=1), OpCode.BINARY)
        state["sent"] = due


app.listen(port, lambda config: print("listening", flush=True))
timer = app.loop.uv_loop.create_timer(1, 1, tick, None)
app.run()
