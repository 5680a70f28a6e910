"""Load the TOML configuration into frozen, typed settings.

Every key is documented in ``config.example.toml``. A bad configuration fails at start
with a :class:`ConfigError` that names the key and the problem. Passwords are never
stored in the file itself: the file names an environment variable or a file to read
them from, and the loaded value is kept out of ``repr`` so it cannot reach a log.

The checks are written here rather than with a validation library: every command loads
the configuration, and importing pydantic with email-validator costs about 0.17 s, more
than half of ``referee state``'s whole start-up (0.27 s against a 0.3 s target).
"""

from __future__ import annotations

import logging
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from referee.errors import ConfigError
from referee.paths import EXAMPLE_CONFIG, EXAMPLE_IS_INSTALLED

if TYPE_CHECKING:  # the mail readers are imported when a file is parsed: --help is quick
    from referee.mailtext.lists import MailingList

log = logging.getLogger("referee.config")

CONFIG_ENV = "REFEREE_CONFIG"
E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")


class Visibility(StrEnum):
    """Whether mail from a source was sent to the public list or privately to the bot."""

    PUBLIC = "public"
    PRIVATE = "private"


class TlsMode(StrEnum):
    NONE = "none"
    STARTTLS = "starttls"
    SSL = "ssl"


class AckMode(StrEnum):
    """Where the acknowledgement of a player's message goes."""

    OFF = "off"
    PRIVATE = "private"
    LIST = "list"


class SendMode(StrEnum):
    SMTP = "smtp"
    FILE = "file"


class UnregisteredAnswers(StrEnum):
    """Which mail from unregistered senders gets the (one daily) answer on registering."""

    NEVER = "never"
    VERIFIED_PUBLIC = "verified-public"  # list mail only: the list vouched for the sender
    VERIFIED = "verified"  # list mail, or private mail DKIM-signed by the sender's domain


@dataclass(frozen=True)
class Secret:
    """A password; its value never appears in ``repr`` or ``str``."""

    value: str = field(repr=False)

    def __str__(self) -> str:
        return "********"


@dataclass(frozen=True)
class ImapSource:
    name: str
    visibility: Visibility
    host: str
    port: int
    tls: TlsMode
    user: str
    password: Secret
    folders: tuple[str, ...]
    idle: bool
    poll_seconds: float
    timeout_seconds: float
    # While waiting for mail, ask the first folder this often (NOOP) instead of waiting on
    # IDLE: for servers that hold back IDLE news (Dovecot, 0.5 s). 0: IDLE as configured.
    check_seconds: float = 0.0


@dataclass(frozen=True)
class DirectorySource:
    """A Maildir folder, mbox file or directory of .eml files read by ``referee run``."""

    name: str
    visibility: Visibility
    path: Path


@dataclass(frozen=True)
class LmtpSettings:
    enabled: bool
    host: str
    port: int
    visibility: Visibility
    # The only addresses mail is accepted for (550 5.1.1 for any other); the bot's own
    # address unless configured.
    recipients: tuple[str, ...] = ()
    # Where a recipient's extension starts ("+": referee+commune@ is referee@); None (the
    # default): recipients match exactly.
    recipient_delimiter: str | None = None
    # The greeting reads "220 <server_name> <banner>": never the library and its version.
    banner: str = "referee LMTP"
    server_name: str = "referee"


@dataclass(frozen=True)
class SmtpSettings:
    mode: SendMode
    host: str
    port: int
    tls: TlsMode
    user: str | None
    password: Secret | None
    outbox_dir: Path
    retry_seconds: float
    max_retry_seconds: float
    # The envelope sender (MAIL FROM) of every message when set; else automatic answers go
    # with an empty one (RFC 3834) and other mail with the From address.
    bounce_address: str | None = None


@dataclass(frozen=True)
class PlayerSettings:
    name: str
    addresses: tuple[str, ...]
    aliases: tuple[str, ...]
    active: bool
    first_class: bool
    passphrase: Secret | None


@dataclass(frozen=True)
class GameSettings:
    name: str
    kind: str
    ruleset: str
    start: datetime
    officer: str
    publish: str
    options: Mapping[str, bool | int | str]
    # The weekly report's mail carries the game's board as an SVG attachment.
    attach_board: bool = False


PROOFS = ("passphrase", "dkim", "confirmation", "address")
"""What can prove that a command by mail comes from the person who holds a power (see
``docs/security.md``); "address" alone proves nothing and is an explicit opt-in."""
SAFE_PROOFS = ("passphrase", "dkim", "confirmation")


@dataclass(frozen=True)
class PowerSettings:
    """Which proofs give an office's (or an administrator's) powers to a command by mail."""

    proofs: tuple[str, ...] = SAFE_PROOFS
    by_office: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    administrator_passphrases: Mapping[str, Secret] = field(default_factory=dict)
    confirmation_secret: Secret | None = None
    confirmation_window: timedelta = timedelta(hours=48)

    def accepted(self, office: str) -> frozenset[str]:
        """The proofs accepted for ``office`` ("administrator" for the administrators);
        a confirmation only where a secret to make its tokens is configured."""
        proofs = set(self.by_office.get(office, self.proofs))
        if self.confirmation_secret is None:
            proofs.discard("confirmation")
        return frozenset(proofs)


@dataclass(frozen=True)
class Settings:
    """The whole configuration; built once at start and passed explicitly."""

    source_file: Path | None
    data_dir: Path
    database_url: str
    bot_address: str
    bot_name: str
    list_addresses: tuple[str, ...]
    administrators: tuple[str, ...]
    acknowledge: AckMode
    daily_reply_cap: int
    date_past_tolerance: timedelta
    imap_sources: tuple[ImapSource, ...]
    directory_sources: tuple[DirectorySource, ...]
    lmtp: LmtpSettings
    smtp: SmtpSettings
    players: tuple[PlayerSettings, ...]
    offices: Mapping[str, str | None]
    games: tuple[GameSettings, ...]
    # Every list the referee reads, with what shows that it carried a message; their
    # addresses are ``list_addresses``.
    lists: tuple[MailingList, ...] = ()
    # A Fernet key under which the original of mail whose passphrases were redacted is
    # kept; None (the default): the original is not kept.
    original_mail_key: Secret | None = None
    # Whether unregistered senders are answered (see referee.engine.answers).
    answer_unregistered: UnregisteredAnswers = UnregisteredAnswers.VERIFIED_PUBLIC
    powers: PowerSettings = field(default_factory=PowerSettings)
    # Where published reports go (agora-official); None: the first list, like the
    # acknowledgements that go to a list.
    report_address: str | None = None
    # Whether a replay reads the next messages in other processes while it applies the
    # current ones (see referee.engine.read_ahead); off, everything runs in one process.
    read_ahead: bool = True

    @property
    def published_to(self) -> str | None:
        """The address published reports are sent to, or None where no list is known."""
        return self.report_address or (self.list_addresses[0] if self.list_addresses else None)

    def player(self, name: str) -> PlayerSettings | None:
        folded = name.casefold()
        for player in self.players:
            if player.name.casefold() == folded or folded in (a.casefold() for a in player.aliases):
                return player
        return None


OFFICES = ("surveyor", "sensei", "registrar", "referee", "lord-ruler")


class _Table:
    """A view of one TOML table that reports every problem with the key's full path."""

    def __init__(
        self, data: Mapping[str, Any], path: str, errors: list[ConfigError] | None = None
    ) -> None:
        self.data = data
        self.path = path
        self.used: set[str] = set()
        # Keys already told as the likely misspelling of a required one: told once only.
        self.misspellings: set[str] = set()
        # Shared by a table and the tables inside it: every problem is told at once.
        self.errors: list[ConfigError] = [] if errors is None else errors

    def report(self, error: ConfigError) -> None:
        self.errors.append(error)

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def _get(self, name: str, kind: type | tuple[type, ...], default: Any) -> Any:
        self.used.add(name)
        if name not in self.data:
            if default is _REQUIRED:
                raise ConfigError(self.key(name), f"is required{self._misspelt(name)}")
            return default
        value = self.data[name]
        problem: ConfigError | None = None
        if isinstance(value, bool) and kind in (int, (int, float)):
            problem = ConfigError(self.key(name), f"must be a whole number, not {value!r}")
        elif not isinstance(value, kind):
            kinds = kind if isinstance(kind, tuple) else (kind,)
            names = " or ".join(_TOML_KINDS.get(k, k.__name__) for k in kinds)
            problem = ConfigError(self.key(name), f"must be {names}, not {value!r}")
        if problem is None:
            return value
        if default is _REQUIRED:
            raise problem
        self.report(problem)  # told, and the default stands in so the rest is checked
        return default

    def _misspelt(self, name: str) -> str:
        """A hint naming a key of this table that looks like ``name`` misspelt, or ''."""
        import difflib  # only for a mistake: a sound configuration loads without it

        near = difflib.get_close_matches(name, [k for k in self.data if k != name], n=1)
        self.misspellings.update(near)
        return f" (the file has {self.key(near[0])}: misspelt?)" if near else ""

    def string(self, name: str, default: Any = None) -> Any:
        return self._get(name, str, default)

    def integer(self, name: str, default: Any = None) -> Any:
        return self._get(name, int, default)

    def number(self, name: str, default: Any = None) -> Any:
        value = self._get(name, (int, float), default)
        return None if value is None else float(value)

    def boolean(self, name: str, default: Any = None) -> Any:
        return self._get(name, bool, default)

    def strings(self, name: str, default: Any = ()) -> tuple[str, ...]:
        value = self._get(name, list, default)
        kept = []
        for index, item in enumerate(value):
            if isinstance(item, str):
                kept.append(item)
            else:
                key = f"{self.key(name)}[{index}]"
                self.report(ConfigError(key, f"must be a string, not {item!r}"))
        return tuple(kept)

    def number_at_least(
        self, name: str, default: float, minimum: float, *, above: bool = False
    ) -> float:
        """A number no lower than ``minimum`` (above it, with ``above``); else the default."""
        value = self.number(name, default)
        if value < minimum or (above and value == minimum) or value == float("inf"):
            bound = f"above {minimum:g}" if above else f"at least {minimum:g}"
            self.report(ConfigError(self.key(name), f"must be {bound}, not {value:g}"))
            return default
        return float(value)

    def integer_in(self, name: str, default: int, low: int, high: int | None = None) -> int:
        """A whole number from ``low`` to ``high``; told and replaced by the default if not."""
        value: int = self.integer(name, default)
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            self.report(ConfigError(self.key(name), f"must be {bound}, not {value}"))
            return default
        return value

    def table(self, name: str) -> _Table:
        value = self._get(name, dict, {})
        return _Table(value, self.key(name), self.errors)

    def tables(self, name: str) -> list[_Table]:
        value = self._get(name, list, [])
        tables = []
        for index, item in enumerate(value):
            if not isinstance(item, dict):
                self.report(ConfigError(f"{self.key(name)}[{index}]", "must be a table"))
                continue
            tables.append(_Table(item, f"{self.key(name)}[{index}]", self.errors))
        return tables

    def choice(self, name: str, enum: type[E], default: E) -> E:
        raw = self.string(name, default.value)
        try:
            return enum(raw)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in enum)
            self.report(ConfigError(self.key(name), f"must be one of {allowed}, not {raw!r}"))
            return default

    def finish(self) -> None:
        """Tell every key of this table that nothing read (a misspelling, most often)."""
        for unknown in sorted(set(self.data) - self.used - self.misspellings):
            import difflib  # only for a mistake: a sound configuration loads without it

            near = difflib.get_close_matches(unknown, sorted(self.used), n=1)
            hint = f"did you mean {self.key(near[0])}?" if near else "misspelt?"
            self.report(ConfigError(self.key(unknown), f"is not a known setting ({hint})"))

    def each(self, name: str, build: Callable[[_Table], T]) -> list[T]:
        """``build`` applied to each table of the array ``name``; a table with a problem is
        told and left out, and the others are still checked."""
        built = []
        for table in self.tables(name):
            result = self.attempt(build, table)
            if result is not None:
                built.append(result)
        return built

    def attempt(self, build: Callable[..., T], *args: Any) -> T | None:
        """``build(*args)``, or None with its problem told."""
        try:
            return build(*args)
        except ConfigError as error:
            self.report(error)
            return None


_REQUIRED = object()
_TOML_KINDS: dict[type, str] = {
    str: "text in quotes",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    list: "a list in brackets",
    dict: "a table",
    datetime: "a date and time",
}


_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_ADDRESS = re.compile(rf"{_ATOM}(?:\.{_ATOM})*@{_LABEL}(?:\.{_LABEL})*")


def _address(value: str, key: str) -> str:
    """``value`` lowercased if it is a plain address (local@domain, as RFC 5322's dot-atom
    form and a host name's labels allow), else a ConfigError: ``referee@`` is not one."""
    if not _ADDRESS.fullmatch(value) or len(value) > 254:
        raise ConfigError(key, f"is not an email address: {value!r}")
    return value.lower()


def _addresses(table: _Table, name: str, default: Any = ()) -> tuple[str, ...]:
    """The addresses listed under ``name``; each one that is not an address is told."""
    found = []
    for index, value in enumerate(table.strings(name, default)):
        try:
            found.append(_address(value, f"{table.key(name)}[{index}]"))
        except ConfigError as error:
            table.report(error)
    return tuple(found)


def _password(table: _Table, base: Path, name: str = "password") -> Secret | None:
    env_name = table.string(f"{name}_env")
    file_name = table.string(f"{name}_file")
    if f"{name}" in table.data:
        raise ConfigError(
            table.key(name), f"is not read from the file; use {name}_env or {name}_file"
        )
    if env_name and file_name:
        raise ConfigError(table.key(f"{name}_env"), f"and {name}_file cannot both be set")
    if env_name:
        value = os.environ.get(env_name)
        if value is None:
            raise ConfigError(
                table.key(f"{name}_env"),
                f"names the environment variable {env_name}, which is unset",
            )
        return Secret(value)
    if file_name:
        path = _path(file_name, base)
        try:
            return Secret(path.read_text(encoding="utf-8").strip())
        except OSError as error:
            raise ConfigError(
                table.key(f"{name}_file"), f"cannot be read: {error.strerror}"
            ) from None
    return None


def _path(value: str, base: Path) -> Path:
    path = Path(value).expanduser()
    return path if path.is_absolute() else base / path


def _datetime(value: Any, key: str) -> datetime:
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise ConfigError(key, "needs a time zone (write it in UTC, ending in Z)")
        return value.astimezone(UTC)
    if isinstance(value, str):
        try:
            return _datetime(datetime.fromisoformat(value), key)
        except ValueError:
            pass
    raise ConfigError(key, f"must be a date and time such as 2023-04-19T00:00:00Z, not {value!r}")


_FASTEST_CHECK = 0.05
"""Seconds: a shorter interval between NOOPs would load the server for no use."""


def _check_seconds(table: _Table) -> float:
    value = table.number_at_least("check_seconds", 0.0, 0)
    if 0 < value < _FASTEST_CHECK:
        table.report(
            ConfigError(
                table.key("check_seconds"),
                f"must be 0 (off) or at least {_FASTEST_CHECK:g}, not {value:g}",
            )
        )
        return 0.0
    return value


def _imap_source(table: _Table, base: Path) -> ImapSource:
    tls = table.choice("tls", TlsMode, TlsMode.SSL)
    password = _password(table, base)
    source = ImapSource(
        name=table.string("name", _REQUIRED),
        visibility=table.choice("visibility", Visibility, Visibility.PUBLIC),
        host=table.string("host", _REQUIRED),
        port=table.integer_in("port", 993 if tls is TlsMode.SSL else 143, 1, 65535),
        tls=tls,
        user=table.string("user", _REQUIRED),
        password=password if password is not None else Secret(""),
        folders=table.strings("folders", ("INBOX",)),
        idle=table.boolean("idle", True),
        poll_seconds=table.number_at_least("poll_seconds", 60.0, 0, above=True),
        timeout_seconds=table.number_at_least("timeout_seconds", 30.0, 0, above=True),
        check_seconds=_check_seconds(table),
    )
    table.string("kind")
    if password is None:
        raise ConfigError(table.key("password_env"), "or password_file is required for IMAP")
    if not source.folders:
        raise ConfigError(table.key("folders"), "must name at least one folder")
    table.finish()
    return source


def _directory_source(table: _Table, base: Path) -> DirectorySource:
    source = DirectorySource(
        name=table.string("name", _REQUIRED),
        visibility=table.choice("visibility", Visibility, Visibility.PUBLIC),
        path=_path(table.string("path", _REQUIRED), base),
    )
    table.string("kind")
    table.finish()
    return source


def _player(table: _Table, base: Path) -> PlayerSettings:
    name = table.string("name", _REQUIRED)
    addresses = _addresses(table, "addresses", _REQUIRED)
    if not addresses and not table.data["addresses"]:
        raise ConfigError(table.key("addresses"), "must list at least one address")
    player = PlayerSettings(
        name=name,
        addresses=addresses,
        aliases=table.strings("aliases"),
        active=table.boolean("active", True),
        first_class=table.boolean("first_class", True),
        passphrase=_password(table, base, "passphrase"),
    )
    table.finish()
    return player


def _game(table: _Table) -> GameSettings:
    options_table = table.table("options")
    options: dict[str, bool | int | str] = {}
    for key, value in options_table.data.items():
        if not isinstance(value, bool | int | str):
            raise ConfigError(options_table.key(key), "must be true/false, a number or a string")
        options[key] = value
    game = GameSettings(
        name=table.string("name", _REQUIRED),
        kind=table.string("kind", _REQUIRED),
        ruleset=table.string("ruleset", _REQUIRED),
        start=_datetime(table._get("start", (str, datetime), _REQUIRED), table.key("start")),
        officer=table.string("officer", _REQUIRED),
        publish=table.string("publish", "draft"),
        options=options,
        attach_board=table.boolean("attach_board", False),
    )
    if game.publish not in ("draft", "list"):
        raise ConfigError(table.key("publish"), f"must be 'draft' or 'list', not {game.publish!r}")
    table.finish()
    return game


def _mailing_list(table: _Table) -> MailingList:
    from referee.mailtext.lists import MailingList, default_list_id

    address = _address(table.string("address", _REQUIRED), table.key("address"))
    list_id = table.string("list_id", default_list_id(address)).strip().strip("<>").strip()
    if not list_id or " " in list_id:
        raise ConfigError(table.key("list_id"), f"is not a List-Id: {list_id!r}")
    signed_by = table.string("signed_by")
    if signed_by is not None and ("." not in signed_by or " " in signed_by.strip()):
        raise ConfigError(table.key("signed_by"), f"is not a domain: {signed_by!r}")
    table.finish()
    return MailingList(
        address, list_id.lower(), signed_by.strip().rstrip(".").lower() if signed_by else None
    )


def _proofs(table: _Table, name: str, *, administrator: bool) -> tuple[str, ...]:
    proofs = table.strings(name, SAFE_PROOFS)
    for proof in proofs:
        if proof not in PROOFS:
            raise ConfigError(table.key(name), f"names {proof!r}; proofs are {', '.join(PROOFS)}")
    if not proofs:
        raise ConfigError(table.key(name), "must name at least one proof")
    if administrator and "address" in proofs:
        raise ConfigError(
            table.key(name), "administrators never act on a From header alone: drop 'address'"
        )
    return proofs


def _powers(table: _Table, base: Path, administrators: tuple[str, ...]) -> PowerSettings:
    proofs = _proofs(table, "proofs", administrator=False)
    offices_table = table.table("offices")
    by_office = {
        office: _proofs(offices_table, office, administrator=office == "administrator")
        for office in (*OFFICES, "administrator")
        if office in offices_table.data
    }
    offices_table.finish()
    if "address" in proofs and "administrator" not in by_office:
        raise ConfigError(
            table.key("proofs"),
            "names 'address', which administrators may never use: give "
            "powers.offices.administrator its own list",
        )
    passphrases: dict[str, Secret] = {}

    def administrator(entry: _Table) -> None:
        address = _address(entry.string("address", _REQUIRED), entry.key("address"))
        if address not in administrators:
            raise ConfigError(entry.key("address"), "is not one of referee.administrators")
        secret = _password(entry, base, "passphrase")
        if secret is None or not secret.value.strip():
            raise ConfigError(entry.key("passphrase_env"), "or passphrase_file is required")
        passphrases[address] = secret
        entry.finish()

    table.each("administrator", administrator)
    hours = table.integer_in("confirmation_hours", 48, 1)
    powers = PowerSettings(
        proofs=proofs,
        by_office=by_office,
        administrator_passphrases=passphrases,
        confirmation_secret=_password(table, base, "confirmation_secret"),
        confirmation_window=timedelta(hours=hours),
    )
    table.finish()
    return powers


def _unique(names: list[str], key: str) -> None:
    seen: set[str] = set()
    for name in names:
        folded = name.casefold()
        if folded in seen:
            raise ConfigError(key, f"names {name!r} twice")
        seen.add(folded)


def parse_settings(
    data: Mapping[str, Any],
    base: Path,
    source_file: Path | None,
    *,
    data_base: Path | None = None,
) -> Settings:
    """Build :class:`Settings` from parsed TOML; relative paths resolve against ``base``
    (``data_dir`` against ``data_base`` when given). Every problem is found before any is
    told: a :class:`ConfigProblems` lists them all."""
    from referee.mailtext.lists import MailingList, default_list_id

    root = _Table(data, "")
    referee = root.table("referee")
    data_dir = _path(referee.string("data_dir", "referee-data"), data_base or base)
    database_url = referee.string("database_url", f"sqlite:///{data_dir / 'referee.sqlite3'}")
    bot_address = (
        referee.attempt(
            lambda: _address(referee.string("bot_address", _REQUIRED), referee.key("bot_address"))
        )
        or "referee@invalid"
    )
    # A list named only by its address has Mailman's List-Id and does not sign.
    lists = [
        MailingList(address, default_list_id(address), None)
        for address in _addresses(referee, "list_addresses")
    ]
    acknowledge = referee.choice("acknowledge", AckMode, AckMode.PRIVATE)
    past = referee.integer_in("date_past_tolerance_minutes", 24 * 60, 0)
    if referee.integer("date_future_tolerance_minutes") is not None:
        log.warning(
            "%s is no longer used and is ignored: a Date after a message's arrival always "
            "takes effect at the arrival (docs/rulings.md P4)",
            referee.key("date_future_tolerance_minutes"),
        )
    report_address = referee.string("report_address")
    if report_address is not None:
        report_address = referee.attempt(_address, report_address, referee.key("report_address"))
    settings_parts: dict[str, Any] = {
        "bot_name": referee.string("bot_name", "referee"),
        "administrators": _addresses(referee, "administrators"),
        "daily_reply_cap": referee.integer_in("daily_reply_cap", 20, 0),
        "original_mail_key": referee.attempt(_password, referee, base, "original_mail_key"),
        "answer_unregistered": referee.choice(
            "answer_unregistered", UnregisteredAnswers, UnregisteredAnswers.VERIFIED_PUBLIC
        ),
        "report_address": report_address,
        "read_ahead": referee.boolean("read_ahead", True),
    }
    referee.finish()

    lists.extend(root.each("list", _mailing_list))
    root.attempt(_unique, [m.address for m in lists], "list.address")
    list_addresses = tuple(m.address for m in lists)

    imap_sources: list[ImapSource] = []
    directory_sources: list[DirectorySource] = []
    for table in root.tables("source"):
        kind = table.data.get("kind", "imap")
        if kind == "imap":
            imap_sources.extend(filter(None, [root.attempt(_imap_source, table, base)]))
        elif kind in ("maildir", "mbox", "directory"):
            directory_sources.extend(filter(None, [root.attempt(_directory_source, table, base)]))
        else:
            root.report(
                ConfigError(
                    table.key("kind"),
                    f"must be 'imap', 'maildir', 'mbox' or 'directory', not {kind!r}",
                )
            )
    names = [s.name for s in imap_sources] + [s.name for s in directory_sources]
    root.attempt(_unique, names, "source.name")

    lmtp = _lmtp(root.table("lmtp"), bot_address)
    smtp = root.attempt(_smtp, root.table("smtp"), base, data_dir) or _smtp(
        _Table({}, ""), base, data_dir
    )

    players = tuple(root.each("player", lambda table: _player(table, base)))
    root.attempt(_unique, [p.name for p in players], "player.name")
    root.attempt(_unique, [a for p in players for a in p.addresses], "player.addresses")

    offices_table = root.table("offices")
    offices: dict[str, str | None] = {}
    for office in OFFICES:
        holder = offices_table.string(office)
        if holder is not None and not any(p.name == holder for p in players):
            offices_table.report(
                ConfigError(offices_table.key(office), f"names {holder!r}, who is not a player")
            )
        offices[office] = holder
    offices_table.finish()

    games = tuple(root.each("game", _game))
    root.attempt(_unique, [g.name for g in games], "game.name")
    for index, game in enumerate(games):
        if game.officer not in OFFICES:
            root.report(
                ConfigError(f"game[{index}].officer", f"must be one of {', '.join(OFFICES)}")
            )
    powers = root.attempt(_powers, root.table("powers"), base, settings_parts["administrators"])
    root.finish()
    if root.errors:
        raise ConfigProblems(root.errors)

    return Settings(
        source_file=source_file,
        data_dir=data_dir,
        database_url=database_url,
        bot_address=bot_address,
        list_addresses=list_addresses,
        acknowledge=acknowledge,
        date_past_tolerance=timedelta(minutes=past),
        lists=tuple(lists),
        imap_sources=tuple(imap_sources),
        directory_sources=tuple(directory_sources),
        lmtp=lmtp,
        smtp=smtp,
        players=players,
        offices=offices,
        games=games,
        powers=powers or PowerSettings(),
        **settings_parts,
    )


def _lmtp(table: _Table, bot_address: str) -> LmtpSettings:
    recipients = _addresses(table, "recipients", (bot_address,))
    if table.data.get("recipients") == []:
        table.report(ConfigError(table.key("recipients"), "must name at least one address"))
    lmtp = LmtpSettings(
        enabled=table.boolean("enabled", False),
        host=table.string("host", "127.0.0.1"),
        port=table.integer_in("port", 8024, 1, 65535),
        visibility=table.choice("visibility", Visibility, Visibility.PRIVATE),
        recipients=recipients or (bot_address,),
        banner=table.string("banner", LmtpSettings.banner),
        server_name=table.string("server_name", LmtpSettings.server_name),
        recipient_delimiter=_delimiter(table),
    )
    table.finish()
    return lmtp


def _delimiter(table: _Table) -> str | None:
    """``[lmtp] recipient_delimiter``: one character that no address's domain holds."""
    delimiter: str | None = table.string("recipient_delimiter")
    if delimiter is None or delimiter == "":
        return None
    if len(delimiter) != 1 or delimiter in '@." ' or delimiter.isalnum():
        table.report(
            ConfigError(
                table.key("recipient_delimiter"),
                f"must be one character such as '+' or '-', not {delimiter!r}",
            )
        )
        return None
    return delimiter


def _smtp(table: _Table, base: Path, data_dir: Path) -> SmtpSettings:
    tls = table.choice("tls", TlsMode, TlsMode.STARTTLS)
    bounce = table.string("bounce_address")
    if bounce is not None:
        bounce = table.attempt(_address, bounce, table.key("bounce_address"))
    retry = table.number_at_least("retry_seconds", 30.0, 0, above=True)
    smtp = SmtpSettings(
        mode=table.choice("mode", SendMode, SendMode.FILE),
        host=table.string("host", "localhost"),
        port=table.integer_in("port", 465 if tls is TlsMode.SSL else 587, 1, 65535),
        tls=tls,
        user=table.string("user"),
        password=table.attempt(_password, table, base),
        outbox_dir=_path(table.string("outbox_dir", str(data_dir / "outbox")), base),
        retry_seconds=retry,
        max_retry_seconds=table.number_at_least("max_retry_seconds", max(3600.0, retry), retry),
        bounce_address=bounce,
    )
    table.finish()
    return smtp


class ConfigProblems(ConfigError):
    """Every problem found in one configuration; ``key`` and ``problem`` are the first's."""

    def __init__(self, problems: list[ConfigError]) -> None:
        unique = list({str(problem): problem for problem in problems}.values())
        super().__init__(unique[0].key, unique[0].problem)
        self.problems = tuple(unique)
        self.args = ("\n".join(str(p) for p in unique),)


def config_path(path: Path | None = None) -> tuple[Path, str]:
    """The configuration file a command uses, and why: ``path`` (from --config), else
    ``$REFEREE_CONFIG``, else the bundled example."""
    if path is not None:
        return path, "--config"
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env), f"${CONFIG_ENV}"
    return EXAMPLE_CONFIG, "the bundled example"


def is_bundled_example(path: Path) -> bool:
    """Whether ``path`` is the example configuration shipped with the referee."""
    try:
        return path.resolve() == EXAMPLE_CONFIG.resolve()
    except OSError:
        return False


def load_settings(path: Path | None = None) -> Settings:
    """Load the file named by ``path``, else ``$REFEREE_CONFIG``, else the bundled example,
    with the environment's overrides (:mod:`referee.settings_env`) applied.

    The bundled example is the embedded default: it reads the example mailbox shipped with
    the project and writes outgoing mail as .eml files under ``referee-data/outbox`` (in
    the working directory when the referee is installed from its package).
    """
    from referee.settings_env import apply_environment

    path, _ = config_path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(
            str(path),
            f"no such configuration file (give one with --config or ${CONFIG_ENV}; "
            "`referee config init` writes a starter that documents every key)",
        ) from None
    except OSError as error:
        raise ConfigError(str(path), f"cannot be read: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(str(path), "is not UTF-8 text, as a TOML file must be") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(str(path), f"is not valid TOML: {error}") from None
    data, applied = apply_environment(data, os.environ)
    for name in applied:
        log.info("%s overrides the configuration file", name)
    installed_example = EXAMPLE_IS_INSTALLED and is_bundled_example(path)
    return parse_settings(
        data,
        path.resolve().parent,
        path,
        data_base=Path.cwd() if installed_example else None,
    )
