"""Sentences in the author's own voice that name a game's own words: attempts at an action.

A game's ``looks_like_action`` keeps prose away from its parser by asking for one of its
verbs with a word of the game. A newcomer does not always give it both: "im naming my
communty Topaz", "Trade: my 6 for a 1", "Okinawa: stone at 2,3", "please register me",
"I'm going on hiatus". No game reads such a line, and none looks at it, yet a careful
officer sees at once that its author meant to act, and tells em what was not understood.

This module decides that, and nothing else: a sentence is an attempt at a game's action when
it opens in the author's voice ("I", "im", "my", "please", or a label that is one of the
game's own words) and holds one of the game's ``Lexicon.own_words``. Words of discussion
after the "I" ("I think", "I would", "I don't", "I asked") keep it prose: they are the
author talking about the game, not acting in it. Nothing found here is ever performed;
it is only told (see ``referee.parsing.finder``).
"""

from __future__ import annotations

import re

from referee.games.base import Lexicon

# The author's voice: "I" in any case and its contractions, written with or without the
# apostrophe ("im", "ive"), "my", a request ("please register me", "pls put me down").
_OWN_VOICE = re.compile(
    r"^\s*[\[(\"']?\s*(?:i|i['\u2019](?:m|d|ll|ve)|im|ive|ill|my|me|please|pls|plz|kindly|"
    # A request about the author: "put me down for Okinawa", "count me out".
    r"(?:put|count|sign|add|enrol|enroll|register|include|consider|take|mark|list)\s+me|"
    # A request about the author's own standing: "Change my status to active", "Remove me
    # from the player list" (P67-lead-s17-9).
    r"(?:change|set|switch|flip|turn|remove|move|drop|make)\s+(?:me|my)|"
    # "Let's put a tile on C4.", "Let me place a tile at C4.": an act proposed to others or
    # asked leave for, never performed; told (P70-read-games-s19-3).
    r"let['\u2019]?s|let\s+me|lemme|"
    # "Janet gets my investment.": the author's own thing given, to someone named; told when
    # no game reads it (P70-read-games-s19-6).
    r"(?=[A-Z][\w\-]{1,30}\s+(?:gets|receives)\s+my\s)|"
    # "A tile is hereby placed at D7.": the passive with "hereby" and no one named as its
    # doer; told (P70-read-games-s19-2).
    r"(?=[\w'(),+\-\s]{1,40}?\s(?:is|are)\s+hereby\s+[a-z]+(?:ed|t|n)\b(?!.*\bby\s+me\b))|"
    # A switch's value alone, as phones write a request or a change ("inactive pls", "ok
    # inactive now"): the author's own standing (P66-read-agora-s17-13).
    r"(?=(?:ok(?:ay)?\s*,?\s+|so\s+)?(?:in)?active(?:\s+(?:now|again|for\s+now))?"
    r"(?:\s*,?\s*(?:please|pls|plz|thx|thanks))?[\s.!]*$)|"
    # ... or after a label naming the switch ("Status: inactive", "Activity - Active"), as
    # "My status: inactive" is (P69-read-agora-s18-7).
    r"(?=(?:activity|status|standing)(?:\s+switch)?\s*(?::|=|[\-\u2013\u2014]+)\s*(?:in)?active[\s.!]*$))\b",
    re.IGNORECASE,
)
# What follows "I" when the author talks about the game rather than acts in it: a thought,
# an opinion, a report of what was said or seen, a denial, a hypothesis.
_DISCUSSION_AFTER_I = re.compile(
    r"^\s*[\[(\"']?\s*i(?:['\u2019]d)?\s+(?:(?:really|also|still|just|do|did)\s+)?"
    r"(?:think|thought|believe|believed|agree|agreed|disagree|suspect|notice|noticed|wonder|"
    r"wondered|doubt|understand|understood|see|saw|guess|suppose|remember|forgot|forget|read|"
    r"wrote|write|said|say|asked|ask|argue|argued|love|like|liked|hate|enjoy|enjoyed|"
    r"appreciate|miss|missed|thank|thanks|feel|felt|know|knew|realise|realised|realize|"
    r"realized|expect|imagine|find|found\s+(?:it|that|this|the)|was|were|had|"
    r"would(?!\s+(?:like|love)\b)|could|"
    r"should|might|may|must|can|cannot|can['\u2019]?t|don['\u2019]?t|didn['\u2019]?t|"
    r"won['\u2019]?t|wouldn['\u2019]?t|couldn['\u2019]?t|shouldn['\u2019]?t|haven['\u2019]?t|"
    r"hadn['\u2019]?t|wasn['\u2019]?t|have\s+(?!to\b)|mean|meant|recall|prefer|propose|"
    r"suggest|never|almost|nearly|once)\b"
    r"|^\s*[\[(\"']?\s*i(?:['\u2019]?m|\s+am)\s+(?:not|thinking|considering|wondering)\b",
    re.IGNORECASE,
)
# A sentence set in the past tells what happened, not what the author does now.
_PAST = re.compile(
    r"\b(?:yesterday|ago|earlier|previously|last\s+(?:week|month|year|time|round|turn))\b",
    re.IGNORECASE,
)
# Agora's own business, which no game of the referee's is: a CFJ called, a finger pointed,
# a vote on a proposal, a ratification intended. A game's word in it ("... the Registrar's
# report", "... 'nix is in alliance 3'") is the matter's, not an attempt at the game's act.
_AGORA_BUSINESS = re.compile(
    r"^\s*I\s+(?:hereby\s+)?(?:point\s+(?:my|a)\s+finger|call\s+(?:for\s+)?(?:a\s+)?(?:judge?ment|cfj)|"
    r"cfj\b|initiate\s+a\s+(?:cfj|call\s+for\s+judge?ment)|"
    r"(?:vote|cast\s+(?:my\s+|a\s+)?votes?)\b(?!.*\bintent)(?=.*\b(?:proposals?|referend(?:um|a)|"
    r"decisions?|elections?|ballots?)\b)|"
    r"intend\b[^.]{0,80}?\bto\s+(?:ratify|declare\s+apathy)|ratify|submit\s+(?:a|the\s+following)\s+proposal|"
    # ... a proposal pended or withdrawn, a CFJ favoured, coins earned or paid ...
    r"pend\b|withdraw\s+(?:my\s+)?(?:proposal|cfj)|(?:dis)?favou?r\s+(?:the\s+)?cfj|earn\s+\d|"
    r"transfer\s+\d+\s+(?:coins?|spendies|points?|stamps?)|"
    # ... and an answer to a ratification intent ("I object to the ratification intent").
    r"(?:support|object\s+to|withdraw\s+my\s+(?:support|objection)\s+(?:for|to|from))\s+(?:the\s+|this\s+|"
    r"[\w\-]+['\u2019]s\s+)?(?:ratification\s+intent(?:ion)?|intent(?:ion)?\s+to\s+(?:ratify|declare\s+apathy)))\b",
    re.IGNORECASE,
)
# A label before a colon ("Trade: my 6 for a 1", "Okinawa: stone at 2,3"): the author's
# voice when the label itself is one of the game's words.
_LABEL = re.compile(r"^\s*(?P<label>[A-Za-z][\w\s'-]{0,30}?)\s*:\s*\S")
# After any other label, only "I" speaks for the author ("Surveyor: I resign."); "my" after
# a heading ("Subject: my Commune turn") names a topic.
_SPEAKS_AFTER_LABEL = re.compile(r"\s*I\b")


def attempted(sentence: str, lexicon: Lexicon) -> bool:
    """Whether ``sentence`` is an attempt at one of ``lexicon``'s game's actions."""
    return attempted_by(sentence, (lexicon,))[0]


def attempted_by(sentence: str, lexicons: tuple[Lexicon, ...]) -> tuple[bool, ...]:
    """For each of ``lexicons``, whether ``sentence`` is an attempt at one of its game's
    actions. What does not depend on the game (the voice, a question, the past) is decided
    once for all of them: most sentences of a mail are settled by those tests alone."""
    none = (False,) * len(lexicons)
    if sentence.rstrip().endswith(("?", ":")):
        # A question about the game is asked, not attempted; a line ending with a colon
        # ("My tiles for this week:") leads in to the actions under it, which are read.
        return none
    label_match = _LABEL.match(sentence) if ":" in sentence[:40] else None
    label = label_match.group("label") if label_match is not None else None
    if label is not None and not any(
        lexicon.own_words is not None and lexicon.own_words.search(label) for lexicon in lexicons
    ):
        # "Surveyor: I resign.": a label naming none of the games' words (the officer
        # addressed, a greeting) is no attempt by itself; what follows it may be one.
        rest = sentence[sentence.index(":") + 1 :]
        if _SPEAKS_AFTER_LABEL.match(rest) is not None:
            return attempted_by(rest, lexicons)
    voiced = (
        _OWN_VOICE.match(sentence) is not None
        and _DISCUSSION_AFTER_I.match(sentence) is None
        and _PAST.search(sentence) is None
    )
    gerund = None if voiced or label is not None else _GERUND_OPENING.match(sentence)
    if not voiced and label is None and gerund is None:
        # ... the talk looked for in the first clause: "..., whichever is still empty" asks
        # for the referee's choice, which is told.
        clause = sentence.split(",", 1)[0]
        voiced = _THING_OPENING.match(sentence) is not None and _TALK.search(clause) is None
    if label is None and not voiced and gerund is None:
        return none
    return tuple(
        lexicon.own_words is not None
        and (
            (label is not None and lexicon.own_words.search(label) is not None)
            or (
                (voiced or (gerund is not None and _of_a_verb(gerund.group(1), lexicon)))
                and lexicon.own_words.search(sentence) is not None
            )
        )
        for lexicon in lexicons
    )


# "Tile on the square next to my last one", "Stone at the far corner": a game's piece and
# where it goes, with no verb, is the act written as phones write it; when no grammar reads
# it, it is an attempt and told (P68-read-games-s18-6), unless it talks of the piece.
_THING_OPENING = re.compile(
    r"^\s*(?:(?:an?|one|another)\s+)?(?:tile|stone)s?\s+(?:on|at|onto|in|to|into)\b", re.IGNORECASE
)
_TALK = re.compile(
    r"\b(?:would|could|should|might|may|is|was|were|are|looks?|seems?|wins?|merges?)\b",
    re.IGNORECASE,
)


# "Going inactive, probably": a gerund of a game's own verb opens the author's own act, as
# "I" does (rulings P43-read-agora-s10-1).
_GERUND_OPENING = re.compile(r"^\s*([A-Za-z]{2,})ing\b", re.IGNORECASE)


# Gerunds of leaving that no game lists among its verbs ("quitting", "exiting"), and of
# putting a thing down ("Putting a tile on E5", "Laying a Stone at (1, 1)"), which games
# read as their own verbs' synonyms: with a word of the game, an attempt (P67-lead-s17-8).
_LEAVING_STEMS = frozenset(("quitt", "exit", "depart", "putt", "lay", "dropp"))


def _of_a_verb(stem: str, lexicon: Lexicon) -> bool:
    """Whether ``stem`` + "ing" is a gerund of one of ``lexicon``'s verbs ("go", "plac",
    "stopp")."""
    stem = stem.casefold()
    if stem in _LEAVING_STEMS:
        return True  # "Quitting Okinawa.": leaving, in any game's words, is an attempt (P62-2)
    return any(
        stem in (verb, verb.removesuffix("e")) or (len(stem) > 2 and stem[:-1] == verb)
        for verb in lexicon.verbs
    )


def agora_business(sentence: str) -> bool:
    """Whether ``sentence`` is Agora's own business ("I call for judgement on ...", "I
    point my finger at ...", "I vote FOR on proposal 9123", "I intend, without 3
    objections, to ratify ..."), no game's: never told as a game's action not understood,
    whatever game's words it holds (rulings P49-read-agora-s11-1)."""
    return _AGORA_BUSINESS.match(sentence) is not None


def in_own_voice(sentence: str) -> bool:
    """Whether ``sentence`` opens in its author's voice ("I", "im", "my", "please")."""
    return _OWN_VOICE.match(sentence) is not None
