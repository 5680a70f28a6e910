"""Sentences given as someone's words: "Janet: I leave my alliance." (rulings P1q).

A transcript, or a summary of what others said, gives each speaker's words after the
speaker's name and a colon. Such a sentence is not its author's action, and since a name
and a colon may also address that person ("Janet: I accept your offer"), it is ambiguous:
the finder tells its author and performs nothing. Only a word with a capital that no game,
office or heading uses as a label is taken for a name; the many words that head a sentence
("Update:", "Nevermind:", "Reminder:") are listed here, since a name cannot be told from a
word by its shape.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from referee.games.base import Game

# "Janet: I ...", and "Janet (in her message): I ..." with a word on where e said it;
# "Janet: tile at D4", "Bob: stone on (1, 1)": someone's act written without its "I", which
# was read as nothing and told nothing (P68-read-games-s18-4).
_SPEAKER_LABEL = re.compile(
    r"^(?P<name>[A-Z][\w'\-\u00C0-\u024F]*)\s*(?:\([^()]{1,40}\)\s*)?:\s*"
    r"(?=I\b|(?:(?:an?|one|my|another)\s+)?(?i:tile|stone|plot)s?\s+(?i:at|on|onto|to|in)\b|"
    # "Janet: investment.": a game's thing alone after a name (P70-read-games-s19-6).
    r"(?:(?i:an?|my|one)\s+)?(?i:investment|tile|stone)s?[\s.!]*$)"
)

# Words that head a line or address someone ("Update: I ...", "Referee: I ..."): never a
# speaker's name. Offices ending in "-or" or "-ar" ("Surveyor", "Registrar") are told by
# their ending.
_HEADING_WORDS = """
agora nomic game games register registrar
résumé resume recap bus off disc coe cfj arb tally draft moves move plays play turn round
agenda todo to-do notes minutes log changelog errata erratum addenda addendum appendix
footnote sidenote spoiler meta signed sincerely regards best cheers overview details detail
explanation explanations justification argument arguments evidence gratuitous caveat caveats
me myself mine edit update note ps pps fyi nb also action actions today tonight summary
correction reply answer response finally anyway ok okay so then now first second third next
last lastly reminder officers all everyone everybody hi hello dear thanks re fwd subject
herald speaker tailor referee sensei webmastor officer record formally officially confirmed
confirming done important urgent tldr result results status plan decision announcement
notice public private business admin administrator players player nevermind never sorry
oops whoops actually wait hmm well right fine yes yeah yep no nope sure agreed indeed
apologies addendum clarification again meanwhile additionally furthermore moreover besides
otherwise instead however therefore thus hence accordingly consequently regardless anyhow
alright good great cool nice sigh ugh ah oh aha hey greetings howdy folks friends people
team guys btw imo imho afaik iirc fwiw context background reason rationale why what how
where when who proof evidence disclaimer warning caution attention aside digression
conclusion verdict outcome effect effective immediately urgently publicly privately
secretly personally honestly frankly seriously briefly basically simply anyways likewise
similarly conversely alternatively reaction comment comments question questions thoughts
opinion vote votes voting ballot proposal intent intents cfj judgement judgment ruling
report reports weekly monthly daily week month year morning evening afternoon night monday
tuesday wednesday thursday friday saturday sunday january february march april may june
july august september october november december later soon ultimately eventually step part
item point option choice pick fix fixed amended amendment revised revision retraction
change changes changed new old original correct corrected ooc ic hint tip
yesterday tomorrow earlier previously before after past history
"""
_LABEL_WORDS = frozenset(_HEADING_WORDS.split())


def speaker_label(
    text: str, by_grammar: Mapping[str, list[Game[Any]]], author: str | None
) -> str | None:
    """The name a "NAME: I ..." sentence gives as its speaker, when it is not its author's
    and is no label of a game, an office or a heading."""
    if ":" not in text[:40]:
        return None  # the cheap test first: most sentences have no such label
    match = _SPEAKER_LABEL.match(text)
    if match is None:
        return None
    name = match.group("name")
    folded = name.casefold()
    if folded in _LABEL_WORDS or folded.endswith(("or", "ar")):
        return None
    if author is not None and folded == author.casefold():
        return None
    for candidates in by_grammar.values():
        own_words = candidates[0].lexicon.own_words
        if own_words is not None and own_words.search(name):
            return None
        if any(folded in game.name.casefold() for game in candidates):
            return None
    return name


def without_speaker_label(text: str) -> str:
    """``text`` without its "NAME:" label."""
    return _SPEAKER_LABEL.sub("", text, count=1)
