"""Each client's bytes: what a client may send the desk, a budget per client refilled at a steady rate.

A request's body is refused from its length, its client's budget of posts, or its lane, often before
it is read; but a proxy in front of the desk (Caddy) sends the rest of it all the same, and a refused
body is still read to be thrown away, so the refusal reaches the proxy as an answer, never as a reset
(:mod:`builder.desk.transport`). One address sending 16 bodies of 3–7 MB at once had the desk, the
proxy and the sender move some 7 GB in 30 s over loopback, and took the cores another player needed
(issue 55). Here every byte a connection reads is spent from the budget of the client whose request it
carries (the forwarded address behind a trusted proxy). While a body is read for the app, a connection
whose client is in debt stops reading until the debt is paid, so TCP's own flow control slows the proxy
and the sender to the rate. A refused body's rest is thrown away at once (a proxy that has written it all
may send another client's request on that connection next), its bytes spent all the same, and the
client's next request waits for its debt before it is answered (:func:`builder.desk.guard.held`).

The budget holds a whole submission at once (the largest, five files and a pasted list of 1 MiB each,
is about 6.4 MB) and refills at a rate far above a player's clicks of a few kilobytes; the ones it slows
are those that send megabytes again and again. Per process: each desk behind the proxy has its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from uvicorn.protocols.http.flow_control import FlowControl

KEPT_MOST = 10_000
"""Clients remembered at once; past it, those whose budget is whole again are forgotten."""


@dataclass
class _Account:
    left: float
    at: float


class Budgets:
    """Each client's budget of bytes: at most ``burst`` at once, refilled at ``rate`` bytes a second."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.accounts: dict[str, _Account] = {}

    def spend(self, client: str, size: int, now: float) -> float:
        """``size`` bytes read for ``client`` at ``now`` (seconds, a monotonic clock): the seconds until
        its budget is out of debt again, 0 when it isn't in debt."""
        account = self.accounts.get(client)
        if account is None:
            if len(self.accounts) >= KEPT_MOST:
                self._forget(now)
            account = self.accounts[client] = _Account(self.burst, now)
        account.left, account.at = min(self.burst, self._left(account, now)) - size, now
        return max(0.0, -account.left / self.rate)

    def owed(self, client: str, now: float) -> float:
        """The seconds until ``client``'s budget is out of debt, 0 when it isn't in debt."""
        account = self.accounts.get(client)
        if account is None:
            return 0.0
        return max(0.0, -self._left(account, now) / self.rate)

    def _forget(self, now: float) -> None:
        for client in [client for client, account in self.accounts.items() if self._left(account, now) >= self.burst]:
            del self.accounts[client]

    def _left(self, account: _Account, now: float) -> float:
        """What ``account`` holds at ``now``: what it held, and what the rate has put back since (uncapped)."""
        return account.left + (now - account.at) * self.rate


class Flow(FlowControl):
    """uvicorn's flow control (reading paused while the app has a body's 64 KiB unread), with reading
    paused too while the connection's client is in debt (:meth:`throttle`): either keeps it paused."""

    throttled = False

    def pause_reading(self) -> None:
        if not self.read_paused:
            self.read_paused = True
            self._transport.pause_reading()

    def resume_reading(self) -> None:
        if self.read_paused:
            self.read_paused = False
            if not self.throttled:
                self._transport.resume_reading()

    def throttle(self, on: bool) -> None:
        self.throttled = on
        if on:
            self._transport.pause_reading()  # uvicorn resumes the transport itself after a discarded body
        elif not self.read_paused and not self._transport.is_closing():
            self._transport.resume_reading()
