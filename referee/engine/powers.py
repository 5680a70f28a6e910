"""Who may use an office's powers by mail, and on what evidence (docs/security.md).

A header names a person; it does not prove that e wrote the mail. An office's powers, and
an administrator's, are given to a command by mail only with a proof the configuration
accepts for that office: the person's passphrase in the message, a DKIM signature of eir
own domain, or eir reply to a confirmation request mailed to eir registered address. The
command line is trusted. Without a proof, the person's offices are *claimed*, not
*proven*: a command that needs them is held, and answered with how to prove it.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from referee.config import Settings
from referee.engine.people import People
from referee.engine.reading import ReadMessage
from referee.games.base import Action, Context, Game, IllegalAction, Route, RuleCitation
from referee.mailtext.dkim import TxtLookup
from referee.mailtext.sender import AttributedBy
from referee.store.models import InboundMessage

PROOF_RULE = RuleCitation(
    "referee procedure",
    "P16 Proof of powers",
    "An office's or an administrator's powers are used by mail only with a proof the "
    "configuration accepts for it: a passphrase, a DKIM signature of the person's own "
    "domain, or a confirmation from the person's registered address.",
)
CONFIRM_RULE = RuleCitation(
    "referee procedure",
    "P16 Proof of powers (confirmation)",
    "A confirmation token performs the commands held from one message of the person it was "
    "mailed to, once, within the configured time.",
)
PLAYER_OFFICER_RULE = RuleCitation(
    "referee procedure",
    "P17 A player of a game cannot be its officer",
    "Single-Capture Go II: one referee; any non-player who volunteers may be the referee.",
)

# Game kinds whose rules forbid a player to hold the game's office (rulings P17).
OFFICER_MAY_NOT_PLAY = frozenset({"scgo"})

# Attributions that name the person by a header e controls (From, or a list's rewriting of
# it undone); a guess from Cc never carries an office's powers.
_NAMED = (AttributedBy.FROM, AttributedBy.REPLY_TO, AttributedBy.X_ORIGINAL_FROM)

TOKEN_LENGTH = 24
_CONFIRM = re.compile(rf"\bconfirm\s+([0-9a-f]{{{TOKEN_LENGTH}}})\b", re.IGNORECASE)


@dataclass(frozen=True)
class Claim:
    """The powers a message's author holds, and those eir message proves."""

    claimed: frozenset[str]
    proven: frozenset[str]

    @property
    def unproven(self) -> frozenset[str]:
        return self.claimed - self.proven


class Powers:
    """Decides which of the offices a person holds a message may use."""

    def __init__(self, settings: Settings, people: People, dkim_dns: TxtLookup | None) -> None:
        self.settings = settings
        self.people = people
        self.dkim_dns = dkim_dns

    def claim(
        self, read: ReadMessage, row: InboundMessage, held: frozenset[str], *, confirmed: bool
    ) -> Claim:
        """Which of ``held`` (offices, and "administrator") ``read`` may use.

        ``confirmed``: the person answered a confirmation request for this message.
        """
        if not held:
            return Claim(held, held)
        credentials = set(read.credentials)
        if read.attribution.how in _NAMED:
            credentials.add("address")
        if confirmed:
            credentials.add("confirmation")
        proven = frozenset(
            office for office in held if self._proves(office, credentials, read, row)
        )
        return Claim(held, proven)

    def _proves(
        self, office: str, credentials: set[str], read: ReadMessage, row: InboundMessage
    ) -> bool:
        accepted = self.settings.powers.accepted(office)
        if accepted & credentials:
            return True
        # The reader already checked DKIM strictly (covering From, Date and Message-ID, with
        # the signed Date honoured): its "dkim" credential is the whole of that proof.
        return "dkim" in accepted and "dkim" in read.credentials

    def how_to_prove(self, office: str, person: str | None, *, requested: bool) -> str:
        """What the refusal of a held command tells its author (never a secret)."""
        accepted = self.settings.powers.accepted(office)
        ways: list[str] = []
        if "passphrase" in accepted and self._has_passphrase(person):
            ways.append("write your passphrase in the message")
        if "dkim" in accepted:
            ways.append(
                "send it from your registered address through a mail server that signs it "
                "with DKIM for that address's domain"
            )
        if "confirmation" in accepted and requested:
            hours = int(self.settings.powers.confirmation_window.total_seconds() // 3600)
            ways.append(
                "reply to the confirmation request just mailed to your registered address "
                f"with the line it gives, within {hours} hours"
            )
        if not ways:
            return "No proof that you can give by mail is accepted for it: use `referee command`."
        return "To do it, " + "; or ".join(ways) + "."

    def _has_passphrase(self, person: str | None) -> bool:
        if person is None:
            return False
        if person in self.people.administrator_passphrases:
            return True
        player = self.people.players.get(person)
        return player is not None and player.passphrase is not None

    def confirmable(self, office: str) -> bool:
        return "confirmation" in self.settings.powers.accepted(office)

    def token(self, message_key: str) -> str | None:
        """The one-time token that confirms the message ``message_key``: an HMAC of the
        configured secret, so a replay computes the same token and no table is needed."""
        secret = self.settings.powers.confirmation_secret
        if secret is None:
            return None
        digest = hmac.new(
            secret.value.encode("utf-8"),
            b"referee-confirm\x00" + message_key.encode("utf-8"),
            hashlib.sha256,
        )
        return digest.hexdigest()[:TOKEN_LENGTH]

    def matches(self, token: str, message_key: str) -> bool:
        expected = self.token(message_key)
        return expected is not None and hmac.compare_digest(expected, token.lower())


def find_token(lines: Iterable[tuple[int, str]]) -> tuple[int, str] | None:
    """The first "confirm TOKEN" in the author's own lines, with its line number."""
    for number, text in lines:
        found = _CONFIRM.search(text)
        if found:
            return number, found.group(1).lower()
    return None


def officer_plays(game: Game[Any], state: Any, person: str | None) -> bool:
    """Whether ``person`` plays in ``game`` whose rules forbid its officer to play."""
    if person is None or game.kind not in OFFICER_MAY_NOT_PLAY:
        return False
    return person in game.participants(state)


def accepts(
    game: Game[Any],
    state: Any,
    action: Action,
    context: Context,
    copy: Callable[[], Any] | None = None,
) -> bool:
    """Whether ``game`` would perform ``action`` on a copy of ``state`` (nothing changes).

    ``copy`` gives a fresh copy of ``state`` (by default its dump loaded again), for a game
    that may still refuse while applying."""
    if game.acts_by_announcement and context.route is Route.PRIVATE:
        return False
    try:
        game.validate(state, action, context)  # changes nothing
        if game.refuses_while_applying:
            fresh = copy() if copy is not None else game.load(game.dump(state))
            game.apply(fresh, action, context)
    except IllegalAction:
        return False
    return True
