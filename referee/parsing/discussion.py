"""Sentences that plainly talk about the game rather than act in it.

A sentence no grammar read is told to its author when it looks like an action, so that no
attempt is silently lost. Some sentences only look so because they name the game's things:
an officer reading "Janet placed a tile at G7 on Monday", "Energy is scarce now that Farms
make 1 Food", "I would rather build Mines" or "I was going to accept offer 5" sees the
author talking, not acting, and says nothing. Such a sentence is never performed either
way; this module only decides that telling the author would be noise.

The test is narrow on purpose: a sentence counts as discussion only when its subject is
plainly not the author acting now (someone or something else, in the third person; or the
author in a mood that is not an act: "would", "could", "might", a plan in the past, an
opinion about something else) and no clause of it is the author's own plain "I ...".
"""

from __future__ import annotations

import re
from collections.abc import Collection

from referee.parsing.normalise import hedged

# Words a discussion sentence may open with before its subject ("If nix places ...",
# "When Murphy played ...", "But Energy is ...").
_LEAD = (
    r"(?:(?:if|when|whenever|since|because|as|after|before|although|though|while|and|but|"
    r"so|also|now|well|yes|no|sadly|luckily|clearly|obviously|apparently|meanwhile)\s*,?\s+)?"
)
# A determiner before a subject noun ("the new Farm rules are ...").
_DETERMINER = (
    r"(?P<determiner>(?:the|a|an|this|that|these|those|his|her|their|its|eir|our|your)\s+)?"
)
_WORD = r"[A-Za-z\u00C0-\u024F][\w\-\u00C0-\u024F]*"
_THIRD_PERSON = re.compile(
    rf"^{_LEAD}{_DETERMINER}(?P<subject>{_WORD})(?P<possessive>['\u2019]s)?"
    r"(?P<rest>(?:\s+\S+){1,5})",
    re.IGNORECASE,
)
# Verbs that tell of a state or of what happened, whoever the subject.
_COPULAS = frozenset(
    (
        *("is", "are", "was", "were", "has", "have", "had", "does", "did", "seems", "seem"),
        *("looks", "look", "isn't", "aren't", "wasn't", "weren't", "hasn't", "doesn't"),
        *("didn't", "would", "could", "might", "will", "should", "can", "may", "must"),
    )
)
# Words between a subject and its verb that change nothing ("Farms only make 1 Food").
_ADVERBS = frozenset(("only", "already", "just", "never", "still", "always", "also", "really"))
_IRREGULAR_PAST = frozenset(
    ("built", "began", "became", "made", "took", "put", "won", "lost", "got", "went", "withdrew")
)
# Words that are never a third person's subject: the author, people spoken to, openers.
_NOT_A_SUBJECT = frozenset(
    (
        *("i", "my", "me", "we", "you", "please", "also", "then", "now", "and", "so", "just"),
        *("hereby", "here", "there", "let", "let's", "lets", "lemme", "ok", "okay", "yes", "no"),
        # "pls put a tile on g7": the phone's "please", no subject (P68-read-games-s18-11).
        *("pls", "plz", "plse", "kindly"),
    )
)
# The author in a mood that is not an act: what e would, could or might do, a plan e had,
# a while e has spent, an opinion of something else. "I would like to ..." is a polite
# request, not a hypothesis, and stays out.
_NOT_NOW = re.compile(
    r"^(?:(?:if\s+I\s+were\s+[\w\u00C0-\u024F']+|honestly|personally|frankly|"
    r"to\s+be\s+honest)\s*,?\s+)?"
    r"(?:I\s+(?P<mood>would|could|might)\b(?!\s+(?:like|love|want|wish|prefer|be\s+(?:glad|happy)"
    r"|appreciate)\b)(?!['\u2019])"
    r"|I\s+(?:was|were)\s+(?:going|about|planning|hoping|thinking)\b"
    r"|I(?:['\u2019]ve|\s+have)\s+been\b"
    # "I did read the thread about the Arcadia rewrite": what the author read or saw, in the
    # past, of the list's talk (P73-read-games-s20-7).
    r"|I\s+(?:did\s+(?:read|see|skim|follow|notice|look\s+at)|read|saw|skimmed|followed|noticed|"
    r"looked\s+at)\s+(?:the|this|that|your|[A-Z]\w*['\u2019]s)\s+(?:whole\s+|new\s+|recent\s+|"
    r"latest\s+)?(?:thread|discussion|proposal|draft|mail|e-?mail|message|post|rewrite|report|"
    r"changes|rules|idea|argument|conversation)\b"
    r"|I\s+(?:think|believe|feel|reckon|find)\s+(?:that\s+)?(?!I\b|I['\u2019])"
    r"(?:the|a|an|this|that|these|those|it|they|[A-Z]\w*['\u2019]s)\b"
    # "I do not think we need to copy Arcadia": an opinion denied, of others (P54-mail-s12-4).
    r"|I\s+(?:do\s+not|don['\u2019]t)\s+(?:think|believe|feel|reckon)\s+(?:that\s+)?"
    r"(?:we|the|a|an|this|that|these|those|it|they|[A-Z]\w*['\u2019]s)\b)",
    re.IGNORECASE,
)
# A place or the author's own things named: a private move ("e7 is my move") or the author
# speaking of emself, never only talk about others. ("Mine" is a building in Arcadia.)
_SPEAKS_OF_ITSELF = re.compile(r"\b(?:my|me|myself)\b|^\W*[A-Za-z]-?[0-9]", re.IGNORECASE)
# What makes "I would ..." a hypothesis rather than a softened act: a condition, a contrast
# or a preference ("I would place tiles near the centre if I were new", "I would rather
# build Mines, but ...").
_COUNTERFACTUAL = re.compile(
    r"\b(?:if|unless|but|though|although|were|rather|instead|otherwise)\b", re.IGNORECASE
)
# The author's own clauses: each must hedge for the sentence to stay discussion.
_OWN_CLAUSE = re.compile(r"\bI\b[^,;:.!?]*", re.IGNORECASE)


# Someone named, then what "you" might do: advice to another person (P42-read-games-s10-6).
_ADVICE = re.compile(
    r"^(?-i:[A-Z])[\w\-]*\s*,\s*you\s+(?:may|might|could|should|can|would|will|want|need|ought)\b",
    re.IGNORECASE,
)


_HEREBY = re.compile(r"\bhereby\b", re.IGNORECASE)


def plainly_discussion(text: str, verbs: Collection[str], author: str | None = None) -> bool:
    """Whether a sentence no grammar read is plainly talk about the game, not an attempt.

    ``verbs`` are the games' verbs: a sentence opening with one is an imperative ("Place
    tiles at C5 and C6"), never a subject. A sentence whose subject is the ``author``'s
    own name is e writing of emself in the third person and stays an attempt.
    """
    stripped = text.strip(" \t\"'([")
    if _HEREBY.search(stripped) is not None:
        # "A tile is hereby placed at D7": words that act, never talk (P70-read-games-s19-2).
        return False
    if _ADVICE.match(stripped) is not None and _own_clauses_hedge(stripped, 0):
        return True  # "Janet, you may want to invest in Amber": advice to another
    not_now = _NOT_NOW.match(stripped)
    if not_now is not None:
        if not_now.group("mood") and _COUNTERFACTUAL.search(stripped) is None:
            return False  # "I would spend 1 Lumber to build a Farm": perhaps meant, so told
        return _own_clauses_hedge(stripped, not_now.end())
    match = _THIRD_PERSON.match(stripped)
    if match is None or _SPEAKS_OF_ITSELF.search(stripped):
        return False
    verb = _verb_told_of(match, verbs)
    if verb is None:
        return False
    subject = match.group("subject").casefold()
    if subject in _NOT_A_SUBJECT or (subject in verbs and verb not in _COPULAS):
        return False  # "Place tiles at C5": an imperative; "Stone is scarce": a subject
    if author is not None and subject == author.casefold():
        return False
    return _own_clauses_hedge(stripped, 0)


def _own_clauses_hedge(text: str, start: int) -> bool:
    """Whether every clause of the author's own from ``start`` on hedges ("..., but I
    don't think she had the 6 yet"): a plain one ("..., so I object to intent 2") may be
    an attempt, and is told."""
    return all(
        hedged(clause.group(0)) or _OPINION.match(clause.group(0)) is not None
        for clause in _OWN_CLAUSE.finditer(text, start)
    )


# "I'm mostly in favour", "I am against it": the author's opinion, a state, never an act.
_OPINION = re.compile(
    r"I(?:['\u2019]m|\s+am)\s+(?:(?:mostly|largely|broadly|generally|strongly|very|quite|not)\s+)*"
    r"(?:in\s+favou?r|against|opposed|happy|unhappy|glad|sceptical|skeptical|unconvinced|"
    r"convinced|torn|neutral)\b",
    re.IGNORECASE,
)


def _verb_told_of(match: re.Match[str], verbs: Collection[str]) -> str | None:
    """The verb said of the subject within a few words after it (a copula, or a verb of the
    game in its third person or its past: "places", "played"), the words before it being
    the subject's own ("nix's move was", "the Farm at (3, 3) is"); None if there is none."""
    if match.group("possessive") is not None or _noun_phrase(match) or _numbered(match):
        # "nix's move was odd", "the Farm at (3, 3) is idle": a thing is talked about only
        # with a copula ("The tile goes at G6" may be a sloppy attempt, and is told).
        return _copula_within(match)
    if match.group("subject").casefold().endswith("ing"):
        # "Claiming Land Units late is usually wrong": a gerund names an activity; only
        # a copula after it in its own clause makes the sentence talk about it ("Going
        # inactive, if that is ok" is the author's act, with a condition after a comma).
        return _copula_within(match, clause=True)
    for written in match.group("rest").split():
        word = written.casefold().strip(",;")
        if word in _ADVERBS:
            continue
        if word in _COPULAS or word in _IRREGULAR_PAST or _inflected(word, verbs):
            return word
        return None  # a person's verb comes straight after the name: "Janet placed"
    return None


def _copula_within(match: re.Match[str], *, clause: bool = False) -> str | None:
    words: list[str] = match.group("rest").split()
    for at, written in enumerate(words):
        word = written.casefold().strip(",;")
        if word in _COPULAS:
            return word
        if word in _NOT_A_SUBJECT:
            return None
        following = [w.casefold() for w in words[at + 1 : at + 2]]
        if clause and written.endswith(",") and following in _CONDITION_NEXT:
            return None  # the copula is the condition's ("..., if that is ok")
    return None


_CONDITION_NEXT = [[word] for word in ("if", "unless", "provided", "assuming", "when", "once")]


def _numbered(match: re.Match[str]) -> bool:
    """Whether the subject is a numbered thing ("Alliance 3 is big", "Intent 12 looks
    fine"): a thing talked about, only with a copula."""
    rest: str = match.group("rest")
    return rest.split(None, 1)[0].lstrip("#").isdigit()


def _noun_phrase(match: re.Match[str]) -> bool:
    """Whether the subject is a noun phrase that runs over several words ("the new Farm
    rules"), which only a determiner before it shows."""
    return match.group("determiner") is not None


def _inflected(word: str, verbs: Collection[str]) -> bool:
    for ending in ("s", "es", "d", "ed"):
        if word.endswith(ending) and word[: -len(ending)] in verbs:
            return True
    return word.endswith("ed") and word[:-2] + "e" in verbs
