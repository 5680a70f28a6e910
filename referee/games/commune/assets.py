"""Creating, destroying and moving the tournament's assets, with the automatic effects
that follow every change of tokens (trade offers lapse) and of participation."""

from __future__ import annotations

from referee.games.commune.common import a_symbol, plural
from referee.games.commune.state import CommuneState, Participant


def add_tokens(holder: Participant, symbol: str, count: int = 1) -> None:
    holder.tokens[symbol] = holder.token_count(symbol) + count


def remove_tokens(holder: Participant, symbol: str, count: int = 1) -> None:
    """Destroy (or move away) ``count`` tokens; the caller has checked that they exist."""
    left = holder.token_count(symbol) - count
    if left < 0:
        raise ValueError(f"{holder.name} has no {symbol} to remove")
    if left:
        holder.tokens[symbol] = left
    else:
        del holder.tokens[symbol]


def lapse_offers(state: CommuneState) -> list[str]:
    """Withdraw every open offer whose maker no longer has a token of its Symbol.

    Run after every change of tokens ("If a participant ceases to have any tokens matching a
    Trade Offer e made, the trade offer is withdrawn"). Returns a sentence per offer.
    """
    notes = []
    for offer in sorted(state.offers.values(), key=lambda o: o.number):
        if not offer.open:
            continue
        maker = state.participants.get(offer.offerer)
        if maker is None or maker.token_count(offer.token) == 0:
            offer.open = False
            offer.closed_why = f"withdrawn: {offer.offerer} no longer had {a_symbol(offer.token)}"
            notes.append(
                f"trade offer {offer.number} was withdrawn "
                f"({offer.offerer} has no {offer.token} left)"
            )
    return notes


def cease(state: CommuneState, name: str) -> tuple[list[str], list[str]]:
    """``name`` ceases to be a participant: every asset e owns that this tournament defines
    (tokens, investments, accolades) is destroyed, and eir trade offers lapse.

    E stays founder of any community e founded: being a founder is not an asset.
    Returns what was destroyed, and a sentence per trade offer withdrawn.
    """
    gone = state.participants.pop(name)
    notes = []
    tokens = sum(gone.tokens.values())
    if tokens:
        notes.append(plural(tokens, "token"))
    investments = gone.investment_total()
    if investments:
        notes.append(plural(investments, "investment"))
    if gone.accolades:
        notes.append(plural(gone.accolades, "accolade"))
    withdrawn = []
    for offer in sorted(state.offers.values(), key=lambda o: o.number):
        if offer.open and offer.offerer == name:
            offer.open = False
            offer.closed_why = f"withdrawn: {name} ceased to be a participant"
            withdrawn.append(f"trade offer {offer.number} was withdrawn")
    return notes, withdrawn
