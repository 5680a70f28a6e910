"""Who is who: players, their addresses and statuses, and the offices they hold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from referee.config import PlayerSettings, Settings
from referee.games.base import PlayerStatus
from referee.mailtext.sender import AddressBook


@dataclass(frozen=True)
class People:
    players: Mapping[str, PlayerSettings]
    offices: Mapping[str, str | None]
    address_book: AddressBook
    administrators: frozenset[str]
    administrator_passphrases: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_settings(cls, settings: Settings) -> People:
        book = AddressBook(
            players={a: p.name for p in settings.players for a in p.addresses},
            list_addresses=frozenset(settings.list_addresses),
            bot_addresses=frozenset({settings.bot_address}),
            lists=settings.lists,
        )
        return cls(
            players={p.name: p for p in settings.players},
            offices=dict(settings.offices),
            address_book=book,
            administrators=frozenset(settings.administrators),
            administrator_passphrases={
                address: secret.value
                for address, secret in settings.powers.administrator_passphrases.items()
            },
        )

    def statuses(self) -> dict[str, PlayerStatus]:
        return {
            name: PlayerStatus(name, p.active, p.first_class) for name, p in self.players.items()
        }

    def offices_of(self, player: str | None) -> frozenset[str]:
        if player is None:
            return frozenset()
        return frozenset(office for office, holder in self.offices.items() if holder == player)

    def holder(self, office: str) -> PlayerSettings | None:
        name = self.offices.get(office)
        return self.players.get(name) if name else None

    def primary_address(self, player: str) -> str | None:
        settings = self.players.get(player)
        return settings.addresses[0] if settings else None
