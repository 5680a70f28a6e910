"""Trade offers: making, withdrawing and accepting them; offers are numbered 1, 2, 3...
per game in the order made and a number is never reused."""

from __future__ import annotations

from referee.clock import utc
from referee.games.base import Context, Outcome
from referee.games.commune import assets
from referee.games.commune.actions import AcceptOffer, MakeOffer, WithdrawOffer
from referee.games.commune.common import (
    a_symbol,
    actor_name,
    can_hold,
    find_participant,
    join_words,
    participant,
    reject,
)
from referee.games.commune.rulesets import OFFER_CLOSES_ON_ACCEPTANCE, Rules
from referee.games.commune.state import CommuneState, TradeOffer


def describe(offer: TradeOffer) -> str:
    text = f"{a_symbol(offer.token)} for "
    if len(offer.wanted) > 2:
        text += f"any of {join_words(list(offer.wanted), 'or')}"
    else:
        text += join_words([a_symbol(symbol) for symbol in offer.wanted], "or")
    if offer.allowed is not None:
        text += f", only to {join_words(list(offer.allowed))}"
    return text


def check_make_offer(
    state: CommuneState, rules: Rules, action: MakeOffer, context: Context
) -> None:
    _allowed(state, rules, action, context)


def _allowed(
    state: CommuneState, rules: Rules, action: MakeOffer, context: Context
) -> tuple[str, ...] | None:
    """Who may accept the offer (None: every participant), once every check has passed."""
    name = actor_name(context)
    player = participant(state, rules, name, "offer_make")
    if player.token_count(action.token) == 0:
        reject(rules, "offer_make", f"{name} has no {action.token} token to offer")
    allowed: tuple[str, ...] | None = None
    if action.allowed is not None:
        found = []
        for who in action.allowed:
            other = find_participant(state, who)
            if other is None:
                reject(rules, "offer_make", f"{who} is not a participant")
            found.append(other.name)
        allowed = tuple(sorted(set(found)))
    return allowed


def make_offer(state: CommuneState, rules: Rules, action: MakeOffer, context: Context) -> Outcome:
    name = actor_name(context)
    allowed = _allowed(state, rules, action, context)
    offer = TradeOffer(
        number=state.next_offer,
        offerer=name,
        token=action.token,
        wanted=tuple(sorted(set(action.wanted))),
        allowed=allowed,
        made_at=utc(context.at),
    )
    state.next_offer += 1
    state.offers[offer.number] = offer
    return Outcome(f"{name} made trade offer {offer.number}: {describe(offer)}")


def _offer(state: CommuneState, rules: Rules, number: int, key: str) -> TradeOffer:
    offer = state.offers.get(number)
    if offer is None:
        reject(rules, key, f"there is no trade offer {number}")
    return offer


def _named_offer(
    state: CommuneState,
    rules: Rules,
    number: int | None,
    offerer: str,
    offered: str | None,
    key: str,
) -> TradeOffer:
    """The offer a sentence names by number, or by its maker (and the Symbol offered):
    exactly one open offer must fit, else the refusal lists the ones that could."""
    if number is not None:
        return _offer(state, rules, number, key)
    fits = [
        offer
        for offer in sorted(state.offers.values(), key=lambda o: o.number)
        if offer.open
        and offer.offerer.casefold() == offerer.casefold()
        and (offered is None or offer.token == offered)
    ]
    what = f"{offerer}'s open trade offer" + (f" of {a_symbol(offered)}" if offered else "")
    if not fits:
        reject(rules, key, f"there is no {what}")
    if len(fits) > 1:
        readings = "; ".join(f"trade offer {o.number}: {describe(o)}" for o in fits)
        reject(rules, key, f"{what} could be any of these ({readings}); name it by its number")
    return fits[0]


def _withdrawn(state: CommuneState, rules: Rules, action: WithdrawOffer, name: str) -> TradeOffer:
    offer = _named_offer(state, rules, action.number, name, None, "offer_withdraw")
    # "I withdraw Murphy's trade offer 3": as for an acceptance, a maker named beside the
    # number must be the offer's maker, even when the offer is the author's own (then the
    # author meant another offer; withdrawing this one would be a guess).
    _require_maker(rules, offer, action.offerer, "offer_withdraw")
    return offer


def _accepted(state: CommuneState, rules: Rules, action: AcceptOffer) -> TradeOffer:
    offer = _named_offer(
        state, rules, action.number, action.offerer or "", action.offered, "offer_accept"
    )
    # "Murphy's trade offer 4": a maker named beside the number must be the offer's maker;
    # otherwise the author meant another offer, and taking this one would be a guess.
    _require_maker(rules, offer, action.offerer, "offer_accept")
    return offer


def _require_maker(rules: Rules, offer: TradeOffer, named: str | None, clause: str) -> None:
    """Refuse, quoting ``clause``, when the maker named beside the number is not the offer's."""
    if named and offer.offerer.casefold() != named.casefold():
        made = f"trade offer {offer.number} was made by {offer.offerer}, not {named}"
        reject(rules, clause, made)


def check_withdraw_offer(
    state: CommuneState, rules: Rules, action: WithdrawOffer, context: Context
) -> None:
    name = actor_name(context)
    offer = _withdrawn(state, rules, action, name)
    if offer.offerer != name:
        reject(
            rules,
            "offer_withdraw",
            f"trade offer {offer.number} was made by {offer.offerer}, not {name}",
        )
    if not offer.open:
        reject(rules, "offer_withdraw", f"trade offer {offer.number} is already {offer.closed_why}")


def withdraw_offer(
    state: CommuneState, rules: Rules, action: WithdrawOffer, context: Context
) -> Outcome:
    name = actor_name(context)
    offer = _withdrawn(state, rules, action, name)
    offer.open = False
    offer.closed_why = f"withdrawn by {name}"
    return Outcome(f"{name} withdrew trade offer {offer.number}")


def check_accept_offer(
    state: CommuneState, rules: Rules, action: AcceptOffer, context: Context
) -> None:
    name = actor_name(context)
    offer = _accepted(state, rules, action)
    taker = participant(state, rules, name, "offer_accept")
    if not offer.open:
        reject(
            rules,
            "offer_accept",
            f"trade offer {offer.number} is no longer open ({offer.closed_why})",
        )
    if offer.allowed is not None and name not in offer.allowed:
        reject(
            rules,
            "offer_accept",
            f"trade offer {offer.number} can only be accepted by {join_words(list(offer.allowed))}",
        )
    if action.token not in offer.wanted:
        reject(
            rules,
            "offer_accept",
            f"trade offer {offer.number} wants {join_words(list(offer.wanted), 'or')}, "
            f"not {action.token}",
        )
    maker = state.participants.get(offer.offerer)
    if maker is None or maker.token_count(offer.token) == 0:
        # Kept by lapse_offers after every change of tokens; a corrected record may not be.
        reject(
            rules,
            "offer_lapse",
            f"trade offer {offer.number} is withdrawn: {offer.offerer} has no {offer.token} left",
        )
    if taker.token_count(action.token) == 0:
        reject(rules, "offer_accept", f"{name} has no {action.token} token")


def accept_offer(
    state: CommuneState, rules: Rules, action: AcceptOffer, context: Context
) -> Outcome:
    name = actor_name(context)
    offer = _accepted(state, rules, action)
    taker = state.participants[name]
    maker = state.participants[offer.offerer]
    destroyed = []
    # The two transfers, in the text's order: the offered token to the acceptor, then the
    # acceptor's token to the maker. One after the other, so a maker accepting eir own offer
    # with the one token e has (a B for a B) gives it to emself and back (rulings R2-1).
    for giver, holder, symbol in ((maker, taker, offer.token), (taker, maker, action.token)):
        assets.remove_tokens(giver, symbol)
        if can_hold(context, holder.name):
            assets.add_tokens(holder, symbol)
        else:
            destroyed.append(f"the {symbol} for {holder.name} was destroyed (Clean-Up)")
    if rules.on(OFFER_CLOSES_ON_ACCEPTANCE) and offer.open:
        offer.open = False
        offer.closed_why = f"accepted by {name}"
    notes = destroyed + assets.lapse_offers(state)
    text = (
        f"{name} accepted trade offer {offer.number} with {a_symbol(action.token)}: "
        f"{offer.offerer} gave {name} {a_symbol(offer.token)} and received the {action.token}"
    )
    if notes:
        text += "; " + "; ".join(notes)
    return Outcome(text)
