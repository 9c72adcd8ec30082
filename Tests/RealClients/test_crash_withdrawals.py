"""The crash test of test_crash_orders.py with KRW withdrawals between the orders, on a half-second chain:
after every SIGKILL each acknowledged withdrawal is there and balances reconcile with the withdrawals'
amounts and fees too.
"""

import pytest

from bourse_process import BINARY
from test_crash_orders import crash_rounds

pytestmark = pytest.mark.skipif(not BINARY, reason="BOURSE_BINARY not set (scripts/realclients sets it)")


def test_acknowledged_orders_withdrawals_and_balances_survive_sigkill():
    crash_rounds(withdraw=True)
