"""Deciding and queueing the referee's mail: acknowledgements, notices, officers' drafts.

Every answer is rendered from a template and queued in the same transaction as the change
it reports. Automatic answers respect the loop and junk guards (no answer to automatic
mail, to bulk/junk/list mail not addressed to the referee, to mailer-daemons or to the
referee itself) and a per-address daily cap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from referee.clock import day_start
from referee.config import AckMode, Settings, UnregisteredAnswers
from referee.egress.attachments import board_attachments
from referee.egress.compose import Attachment, compose, new_message_id
from referee.engine.outgoing import Outgoing
from referee.engine.people import People
from referee.engine.reading import ReadMessage, dkim_proves, signed_date_honoured
from referee.engine.results import MessageResults
from referee.engine.roster import Roster
from referee.games.base import Audience, Game, Notice
from referee.mailtext.dkim import TxtLookup
from referee.mailtext.guards import reply_suppression
from referee.mailtext.sender import AttributedBy
from referee.reports.render import render
from referee.store import queries
from referee.store.models import InboundMessage

DRAFT_PREFIX = "[draft for {office}] "
DRAFT_GAME_HEADER = "X-Referee-Draft-Game"
DRAFT_OFFICE_HEADER = "X-Referee-Draft-Office"


@dataclass(frozen=True)
class Mail:
    to: tuple[str, ...]
    subject: str
    body: str
    kind: str
    id_parts: tuple[str, ...]
    in_reply_to: str | None = None
    references: str | None = None
    headers: tuple[tuple[str, str], ...] = ()
    attachments: tuple[Attachment, ...] = ()


class Answerer:
    def __init__(
        self,
        settings: Settings,
        people: People,
        games: Sequence[Game[Any]],
        roster: Roster,
        dkim_dns: TxtLookup | None = None,
    ) -> None:
        self.settings = settings
        self.dkim_dns = dkim_dns
        self.people = people
        self.games = list(games)
        self.roster = roster

    # ------------------------------------------------------------------ acknowledgements

    def answer(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        results: MessageResults,
        silent: bool,
    ) -> str:
        """Queue the acknowledgement of a player's message; returns what was decided."""
        private_route = read.route.value == "private"
        warning = self._leak_warning(read, results)
        if not results.has_content and warning is None:
            return "not answered: no actions in it"
        mode = self.settings.acknowledge
        if mode is AckMode.OFF and not private_route and warning is None:
            return "not answered: acknowledgements are off"
        address, refusal = self._answerable_author(read)
        if address is None:
            return refusal
        # Secret outcomes (a private move) are told to their author alone, never the list.
        secret_games = {g.name for g in self.games if g.holds_secrets}
        to_list = (
            mode is AckMode.LIST
            and not private_route
            and warning is None
            and not any(a.secret or a.game in secret_games for a in results.actions)
            and not any(set(n.games) & secret_games for n in results.not_understood)
        )
        recipients = (
            (self.settings.list_addresses[0],)
            if to_list and self.settings.list_addresses
            else (address,)
        )
        over_cap = self._over_cap(session, address, row)
        if over_cap is not None:
            return over_cap
        context = {
            **self._ack_context(read, row, results, show_private=not to_list),
            "leak_warning": warning,
        }
        rendered = render("reply/results", context)
        self._queue(
            session,
            Mail(
                to=recipients,
                subject=rendered.subject,
                body=rendered.body,
                kind="ack",
                id_parts=("ack", row.message_key),
                in_reply_to=_message_id(read),
                references=_references(read),
            ),
            row,
            silent,
            row.effective_at,
        )
        return "sent to the list" if to_list else "sent privately"

    def answer_reused(
        self, session: Session, read: ReadMessage, row: InboundMessage, first_stored: str
    ) -> str:
        """Tell a player privately that eir message was not read: its Message-ID is the
        one of a message stored before (``first_stored``: " at <time>", or empty)."""
        address, refusal = self._answerable_author(read)
        if address is None:
            return refusal
        over_cap = self._over_cap(session, address, row)
        if over_cap is not None:
            return over_cap
        self._queue_notice(
            session,
            read,
            row,
            address,
            "reply/reused-message-id",
            "reused",
            {"first_stored": first_stored},
        )
        return "sent privately: the Message-ID was already used"

    def answer_published(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        *,
        moves: bool,
        counted: bool,
    ) -> str:
        """Warn an author privately that eir private mail reached the list too (a copy came
        through it: rulings SEC-3-4), when it held a secret move or eir passphrase."""
        passphrase = "passphrase" in read.credentials
        if not (moves or passphrase):
            return "not answered: nothing secret in it"
        address, refusal = self._answerable_author(read)
        if address is None:
            return refusal
        self._queue_notice(
            session,
            read,
            row,
            address,
            "reply/published-copy",
            "published",
            {"moves": moves, "counted": counted, "passphrase": passphrase},
        )
        return "sent privately: the message reached a public list"

    def _queue_notice(
        self,
        session: Session,
        read: ReadMessage,
        row: InboundMessage,
        address: str,
        template: str,
        kind: str,
        extra: dict[str, Any],
    ) -> None:
        """Queue a private notice about ``row`` itself (not its actions) to its author."""
        context = {
            **self._ack_context(read, row, MessageResults(None, None, ""), show_private=True),
            **extra,
        }
        rendered = render(template, context)
        self._queue(
            session,
            Mail(
                to=(address,),
                subject=rendered.subject,
                body=rendered.body,
                kind="ack",
                id_parts=(kind, row.message_key),
                in_reply_to=_message_id(read),
                references=_references(read),
            ),
            row,
            False,
            row.effective_at,
        )

    def answer_unknown(
        self, session: Session, read: ReadMessage, row: InboundMessage, silent: bool
    ) -> str:
        """At most one answer a day to an unregistered sender, telling how to register.

        Its From may be forged to aim the answer at a third party (backscatter), so: the
        answer repeats nothing the sender wrote (no Subject, no text, no Message-ID), and
        only mail whose sender something vouches for is answered at all (the setting
        ``answer_unregistered``: by default, only mail that came through a list)."""
        address = read.attribution.address
        if address is None:
            return "not answered: no address to answer"
        guard = self._guard(read)
        if guard is not None:
            return f"not answered: {guard}"
        if read.attribution.how is not AttributedBy.FROM:
            return "not answered: the address was not the sender's own (From)"
        vouched = self._vouched_for(read, row, address)
        if vouched is not None:
            return f"not answered: {vouched}"
        # Sent to the referee's own address, not merely posted to a list it reads: a
        # non-player chatting on the list is not told how to register (rulings P8).
        if not (read.sent_to_bot or read.route.value == "private" or _looks_active(read)):
            return "not answered: list discussion from a non-player"
        if not self._within_cap(session, f"register:{address}", row, cap=1):
            return "not answered: already told today how to register"
        rendered = render(
            "reply/unknown-sender",
            {
                "address": address,
                "bot_address": self.settings.bot_address,
                "registrar": self.roster.holder(session, "registrar"),
            },
        )
        self._queue(
            session,
            Mail(
                to=(address,),
                subject=rendered.subject,
                body=rendered.body,
                kind="unknown-sender",
                id_parts=("unknown", row.message_key),
            ),
            row,
            silent,
            row.effective_at,
        )
        return "sent privately: how to register"

    # ------------------------------------------------------------------ notices

    def queue_notices(
        self,
        session: Session,
        game: Game[Any],
        notices: Iterable[Notice],
        row: InboundMessage | None,
        silent: bool,
        at: datetime,
    ) -> None:
        """Decide and queue a game's notices at once (outside any message's processing)."""
        outgoing = Outgoing()
        self.decide_notices(session, outgoing, game, notices, row, silent, at)
        outgoing.queue(session)

    def decide_notices(
        self,
        session: Session,
        outgoing: Outgoing,
        game: Game[Any],
        notices: Iterable[Notice],
        row: InboundMessage | None,
        silent: bool,
        at: datetime,
    ) -> None:
        """Render a game's notices now, as things stand, into ``outgoing``."""
        for index, notice in enumerate(notices):
            if silent and self._already_queued(
                session, _notice_id_parts(game, notice, row, index, at)
            ):
                continue  # a replay: the mail was decided (and sent) long ago; skip rendering
            mail = self._notice_mail(session, game, notice, row, index, at)
            if mail is not None:
                self._decide(outgoing, mail, row, silent, at)

    def _notice_mail(
        self,
        session: Session,
        game: Game[Any],
        notice: Notice,
        row: InboundMessage | None,
        index: int,
        at: datetime,
    ) -> Mail | None:
        context: dict[str, Any] = {
            "game": game.name,
            "ruleset": game.ruleset.title,
            **notice.context,
        }
        rendered = render(notice.template, context)
        id_parts = _notice_id_parts(game, notice, row, index, at)
        officer = self.roster.holder(session, game.setup.officer)
        subject = rendered.subject
        headers: tuple[tuple[str, str], ...] = ()
        if notice.audience is Audience.PLAYER:
            address = self.people.primary_address(notice.player or "")
            recipients: Sequence[str] = (address,) if address else ()
        elif notice.audience is Audience.OFFICER:
            recipients = officer.addresses[:1] if officer else ()
        else:
            publish = next((g.publish for g in self.settings.games if g.name == game.name), "draft")
            if publish == "list" and self.settings.published_to:
                recipients = (self.settings.published_to,)
            else:
                recipients = officer.addresses[:1] if officer else ()
                subject = f"{DRAFT_PREFIX.format(office=game.setup.officer)}{subject}"
                # The officer publishes a draft by replying "publish": these tell which.
                headers = (
                    (DRAFT_GAME_HEADER, game.name),
                    (DRAFT_OFFICE_HEADER, game.setup.officer),
                )
        if not recipients:
            recipients = self.settings.administrators[:1]
        if not recipients:
            return None
        return Mail(
            tuple(recipients),
            subject,
            rendered.body,
            f"notice:{notice.template}",
            id_parts,
            headers=headers,
            attachments=board_attachments(game.name, notice.board),
        )

    # ------------------------------------------------------------------ helpers

    def _queue(
        self, session: Session, mail: Mail, row: InboundMessage | None, silent: bool, at: datetime
    ) -> None:
        outgoing = Outgoing()
        self._decide(outgoing, mail, row, silent, at)
        outgoing.queue(session)

    def _decide(
        self, outgoing: Outgoing, mail: Mail, row: InboundMessage | None, silent: bool, at: datetime
    ) -> None:
        message_id = new_message_id(self.settings.bot_address, *mail.id_parts)
        message = compose(
            sender=self.settings.bot_address,
            sender_name=self.settings.bot_name,
            to=mail.to,
            subject=mail.subject,
            body=mail.body,
            message_id=message_id,
            date=at,
            in_reply_to=mail.in_reply_to,
            references=mail.references,
            auto_reply=mail.kind in ("ack", "unknown-sender"),
            headers=mail.headers,
            attachments=mail.attachments,
        )
        outgoing.add(
            message,
            mail.to,
            kind=mail.kind,
            inbound_id=row.id if row is not None else None,
            at=at,
            suppressed=silent,
        )

    def _already_queued(self, session: Session, id_parts: tuple[str, ...]) -> bool:
        message_id = new_message_id(self.settings.bot_address, *id_parts)
        return queries.outbound_exists(session, message_id)

    def _vouched_for(self, read: ReadMessage, row: InboundMessage, address: str) -> str | None:
        """Why an unregistered sender's mail is not answered under the configured policy,
        or None when it may be."""
        policy = self.settings.answer_unregistered
        if policy is UnregisteredAnswers.NEVER:
            return "unregistered senders are not answered (answer_unregistered)"
        if read.list_carried and not read.copied_to_list:
            return None  # the list carried it: its sender is the list's subscriber
        # A signature proves its Date too: an old signed message mailed again (harvested
        # from an archive) vouches for nothing now, as for every use of DKIM.
        if (
            policy is UnregisteredAnswers.VERIFIED
            and signed_date_honoured(row)
            and dkim_proves(row, address, self.dkim_dns)
        ):
            return None
        return (
            "private mail from an unregistered sender, which nothing vouches for, is not "
            "answered (its From may be forged; see answer_unregistered)"
        )

    def _registered_address(self, read: ReadMessage) -> str | None:
        """Where the author's answer goes: the address e wrote from if it is registered as
        eirs, else eir first registered address; never an address only the mail names."""
        author = read.attribution.player
        settings = self.people.players.get(author) if author is not None else None
        if settings is None:
            return None
        written = (read.attribution.address or "").lower()
        if written in (a.lower() for a in settings.addresses):
            return read.attribution.address
        return settings.addresses[0] if settings.addresses else None

    def _leak_warning(self, read: ReadMessage, results: MessageResults) -> str | None:
        """The private warning to an author who copied a list on mail to the referee that
        held a secret move or eir passphrase (rulings P9)."""
        if not read.copied_to_list:
            return None
        secret_games = {g.name for g in self.games if g.holds_secrets}
        moves = any(a.game in secret_games for a in results.actions)
        passphrase = "passphrase" in read.credentials
        if not (moves or passphrase):
            return None
        lines = [
            "You sent this message to the referee with a public list among its recipients, "
            "so everyone on the list can read it. It counts as a public message."
        ]
        if moves:
            lines.append(
                "A secret move in a public message is not a move: mail your moves to the "
                "referee alone."
            )
        if passphrase:
            lines.append(
                "Your passphrase was in it and is no longer secret: ask the referee's "
                "operator for a new one, and do not use this one again."
            )
        return " ".join(lines)

    def _answerable_author(self, read: ReadMessage) -> tuple[str | None, str]:
        """The registered author's address to answer, or None and why not (a loop or robot
        guard, or no registered address)."""
        guard = self._guard(read)
        if guard is not None:
            return None, f"not answered: {guard}"
        address = self._registered_address(read)
        if address is None:
            return None, "not answered: no registered address of the author to answer"
        return address, ""

    def _guard(self, read: ReadMessage) -> str | None:
        return reply_suppression(
            read.message, self.people.address_book.bot_addresses, read.addressed_to_bot
        )

    def _over_cap(self, session: Session, address: str, row: InboundMessage) -> str | None:
        """Why ``address`` gets no answer today, if its daily limit is reached."""
        if self._within_cap(session, address, row):
            return None
        cap = self.settings.daily_reply_cap
        return f"not answered: the daily limit of {cap} answers to {address} is reached"

    def _within_cap(
        self, session: Session, address: str, row: InboundMessage, cap: int | None = None
    ) -> bool:
        limit = self.settings.daily_reply_cap if cap is None else cap
        counter = queries.reply_counter(session, address, day_start(row.effective_at))
        if counter.count >= limit:
            return False
        counter.count += 1
        return True

    def _ack_context(
        self, read: ReadMessage, row: InboundMessage, results: MessageResults, *, show_private: bool
    ) -> Mapping[str, Any]:
        return {
            "subject": read.header_text("Subject", "(no subject)"),
            "date": read.header_text("Date", "(none)"),
            "message_id": _message_id(read) or "(none)",  # as written, brackets and all
            "author": results.author,
            "effective_at": row.effective_at,
            "time_note": results.time_note,
            "actions": results.actions,
            "not_understood": results.not_understood,
            "quoted": results.quoted,
            "show_private": show_private,
            "bot_address": self.settings.bot_address,
        }


def _message_id(read: ReadMessage) -> str | None:
    return read.header_text("Message-ID") or None


def _references(read: ReadMessage) -> str | None:
    return read.header_text("References") or None


def _looks_active(read: ReadMessage) -> bool:
    return any(line.text.lstrip().lower().startswith("i ") for line in read.text.lines)


def _notice_id_parts(
    game: Game[Any], notice: Notice, row: InboundMessage | None, index: int, at: datetime
) -> tuple[str, ...]:
    """What a notice's fixed Message-ID is made from: the same cause gives the same id."""
    cause = row.message_key if row is not None else f"tick:{at.isoformat()}"
    return (
        "notice",
        game.name,
        notice.template,
        notice.audience.value,
        str(notice.player),
        cause,
        str(index),
    )
