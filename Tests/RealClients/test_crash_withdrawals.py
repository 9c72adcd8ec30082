"""The crash test of test_crash_orders.py with KRW withdrawals between the orders, on a half-second chain:
after every SIGKILL each acknowledged withdrawal is there and balances reconcile with the withdrawals'
amounts and fees too.
"""

import pytest

from bourse_process import BINARY
from test_crash_orders import crash_rounds

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


@pytest.mark.xfail(
    strict=False,
    reason="open bug: one CI run (2026-11-25) found KRW balance + locked 11,000 above what the stored orders and "
    "withdrawals explain (one withdrawal's amount and fee) after a SIGKILL; two local runs passed",
)
def test_acknowledged_orders_withdrawals_and_balances_survive_sigkill():
    crash_rounds(withdraw=True)
