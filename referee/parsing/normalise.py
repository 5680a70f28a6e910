"""Words around an action that change nothing, set aside before a grammar reads it.

A careful officer reads "Pursuant to the regulations, I, nix, place a tile at G-6, to grow
Jade" as "I place a tile at G6": an opener, the author's own name, a coordinate written
another way and a reason change nothing. The grammars stay strict; this module only offers
them other forms of a sentence they did not accept as written, least changed first, and
a form is used only if a grammar accepts it whole. The answer then shows the form read
and what was set aside, so the author sees how e was read.

Nothing here may turn words that do not act into an act: a sentence that hedges ("I'll",
"I'd like to", "I think", "should I", "I might", "not"), talks of the past or asks a
question is never rewritten (see :func:`hedged`); conditions are the finder's business and
are refused before this module is asked.

A game adds its own words through its :class:`~referee.games.base.Lexicon`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from referee.games.base import Lexicon

_HEDGE = re.compile(
    r"(?:\b(?:will|would|shall(?!\s+be\s+(?:named|called))|should|could|might|(?<!\d\s)(?<!\d(?:st|nd|rd|th)\s)may(?!\s+\d)|maybe|perhaps|"
    r"probably|think|guess|wonder|plan|planning|gonna|want|wanted|wish|hope|"
    r"was|were|had|did|didn't|not|(?<!\bto\s)never|if|unless|whether|suppose|supposing|"
    r"what|who|why|"
    r"how|can|cannot|can't|you|yesterday|ago|last|earlier|tomorrow|later|next(?!\s+(?:single[\s-]+capture\s+go\b(?:\s+game\b)?|game\b))|soon|"
    # Someone else's words, an example or a hypothesis, another time: not an act now.
    r"said|says|say|wrote|writes|asked|asks|claims|claimed|states|stated|told|quote|"
    r"quoting|quoted|example|instance|e\.g|hypothetical(?:ly)?|theory|theoretically|"
    r"imagine|assume|assuming|provided|providing|(?:as|so)\s+long\s+as|in\s+case|after|before|until(?!\s+further\s+notice)|till|once(?!\s+(?:more|again|in|for)\b)|"
    r"when|whenever|question|"
    r"(?<!arcadian\s)proposal|draft|test|idea|suggest\w*|option|alternatively|otherwise|or)\b|"
    r"\b(?:I|we)['\u2019](?:ll|d)\b|n['\u2019]t\b|\?)",
    re.IGNORECASE,
)


def hedged(text: str) -> bool:
    """Whether the words intend, wish, doubt, deny, ask or tell of the past: never acts."""
    return _HEDGE.search(text) is not None


@dataclass(frozen=True)
class Reading:
    """One form of a sentence to offer a grammar, and what was set aside to get it."""

    text: str
    set_aside: str = ""


_COORD = r"[A-Za-z][1-9][0-9]?"
# "Put me down for Single-Capture Go", "Please add me to the Arcadian Tournament": a request
# to the officer who keeps the list of players is the author's own joining.
_SIGN_ME_UP = (
    r"^(?:please\s+)?(?:put|pencil|write|add|enter|enrol+|count|sign|deal)\s+me\s+(?:down\s+|up\s+|in\s+)?"
    r"(?:for|to|in|on|into)\s+",
    "I sign up for ",
)
# "Referee, please play d3": an officer addressed before a request.
_ADDRESSED_OFFICER = (
    r"^(?:dear\s+)?(?:referee|gamesmaster|lord[\s-]ruler|surveyor|sensei|registrar|officer)\s*[,:!]\s*"
    r"(?=please\b|[A-Za-z][1-9][0-9]?\b)",
    "",
)
# Openings with no "I" that still name a place: "Square d3, please", "Referee, please
# play d3", "Ok here goes: d3".
_PLACE_OPENING = re.compile(
    r"^\s*(?:(?:dear\s+)?(?:referee|gamesmaster|lord[\s-]ruler|surveyor|sensei|registrar|officer)\s*"
    r"[,:!]\s*(?:please\b|[A-Za-z][1-9][0-9]?\b)|(?:the\s+)?(?:square|point|cell|spot|location|"
    r"position|intersection)\s+[A-Za-z]\s*-?\s*[1-9]|(?:ok(?:ay)?\s*,?\s*)?(?:here\s+goes|here\s+it\s+is|"
    r"here\s+you\s+go|final\s+answer|decision)\s*[:\-\u2013\u2014]|let['\u2019]?s\s+(?:go|play|do|try)\b|"
    r"[A-Za-z]+\s*\(\s*round\s+[0-9]+\s*\)\s*[:\-\u2013\u2014])",
    re.IGNORECASE,
)
_REQUEST_ME = re.compile(
    r"^\s*(?:please\s+)?(?:put|pencil|write|add|enter|enrol+|deal)\s+me\b", re.IGNORECASE
)
# "For round 4, I play b2", "In round four: I play b2": the round is the play's, never an
# opener to set aside (a game reads its number words: "in round four").
_ROUND_OPENER = (
    r"^(?:for|in|during)\s+round\s+([0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\b"
    r"\s*[:,\-\u2013\u2014]?\s*(I\s+.*)$",
    r"\2 in round \1",
)
_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # A round's number in words, and a request to confirm in brackets at the end.
        *(
            (rf"^((?:my\s+)?(?:(?:move|play)\s+(?:for|in)\s+)?round\s+){word}\b", rf"\g<1>{number}")
            for number, word in enumerate(
                (
                    "zero",
                    "one",
                    "two",
                    "three",
                    "four",
                    "five",
                    "six",
                    "seven",
                    "eight",
                    "nine",
                    "ten",
                )
            )
        ),
        (r"\s*\(\s*(?:please\s+)?(?:confirm|acknowledge|ack)\w*[^()]*\)$", ""),
        # "Round 5: I play g7" is a play in round 5; "This round, I play g7" in this one.
        (r"^round\s+([0-9]+)\s*[:,\-\u2013\u2014]\s*(I\s+.*)$", r"\2 in round \1"),
        # "round-3", "Round #3": the round's number.
        (r"\bround\s*[-#]\s*(?=[0-9])", "round "),
        _ROUND_OPENER,
        (r"^(?:for\s+)?this\s+(?:round|turn)\s*,?\s*(?=I\b)", ""),
        # A whole sentence in brackets or quotes.
        (r"^\[(.*)\]$", r"\1"),
        (r"^\((.*)\)$", r"\1"),
        # Greetings and openers before the "I" (conditions were refused before this).
        (r"^(?:hi|hello|hey|dear)\b[^,:]{0,40}[,:!]\s*", ""),
        (r"^[^,:;]{1,60}?[,:]\s*(?:please\s+)?(?:note|record|be\s+advised)\s+that\s+(?=I\b)", ""),
        (r"^(?:please\s+)?(?:note|record|be\s+advised)\s+that\s+(?=I\b)", ""),
        (r"^(?!I\b)(?:[^,:;]{1,60}?(?:,|:|\s[-\u2013\u2014])\s*){1,3}(?=(?:I|my)\b)", ""),
        (r"^I\s+hereby\s*,?\s+", "I "),
        (
            r"^I\s+(?:too|as\s+well|then|now|next|also|additionally|subsequently|finally|publicly|"
            r"formally|officially)\s*,?\s+"
            r"(?=[a-z])",
            "I ",
        ),
        # "I, the referee, announce ...", "I, as Lord-Ruler, set ...".
        (
            r"^I\s*,\s*(?:the|your|as|in\s+my\s+role\s+as)\s+[A-Za-z\-]+(?:\s+[A-Za-z\-]+){0,2}\s*,\s*",
            "I ",
        ),
        _ADDRESSED_OFFICER,
        # A smiley or a frown at the end changes nothing.
        (r"\s+[:;=]-?[()DPp/|\\]+$", ""),
        (r"^please\s+(?=count\s+me\b|sign\s+me\s+up\b)", ""),
        (r"^sign\s+me\s+up\s+(?=for\b|to\b)", "I sign up "),
        _SIGN_ME_UP,
        # "I, nix, place ..." and "I (nix) place ...".
        (r"^I\s*,\s*[A-Za-z\u00C0-\u024F][\w'\-\u00C0-\u024F]*\s*,\s*", "I "),
        (r"^I\s*\(\s*[A-Za-z\u00C0-\u024F][\w'\-\u00C0-\u024F]*\s*\)\s*", "I "),
        # "Move: e7", "My play: g5", "Round 1 move: h8", "My move this round: e7".
        (
            rf"^(?:my\s+)?round\s+(\d+)(?:\s+(?:move|play))?\s*[:\-\u2013\u2014]\s*({_COORD})$",
            r"My move in round \1 is \2",
        ),
        (
            rf"^(?:my\s+)?(?:move|play)\s+(?:for|in)\s+round\s+(\d+)\s*[:\-\u2013\u2014]\s*({_COORD})$",
            r"My move in round \1 is \2",
        ),
        (
            rf"^(?:my\s+)?(?:move|play)(?:\s+(?:for\s+)?this\s+round)?\s*[:\-\u2013\u2014]\s*"
            rf"({_COORD})$",
            r"My move is \1",
        ),
        (rf"^(?:for\s+)?this\s+round\s*[:\-\u2013\u2014]\s*({_COORD})$", r"My move is \1"),
        (
            rf"^(?:also|and|plus|pick|choice|my\s+pick|my\s+choice)\s*[:\-\u2013\u2014]\s*({_COORD})$",
            r"My move is \1",
        ),
        (r"^(?:my\s+)?(?:move|play|action)s?\s*[:\-\u2013\u2014]\s*(?=[A-Za-z]{2,})", "I "),
        (
            rf"^(?:I\s+)?(?:please\s+)?(?:record|register|log|take)\s+my\s+(?:move|play)\s*"
            rf"(?:as|:|to\s+be)\s*({_COORD})$",
            r"My move is \1",
        ),
        # "I'm placing", "I am placing": the present, as "I place".
        (r"^I(?:['\u2019]m|\s+am)\s+(?=\w+ing\b)", "I "),
        # ", round 2" and "(round 2)" after a play; "please" at the end.
        (r",\s*(?=round\s+\d+$)", " in "),
        (r"\s*\(\s*(round\s+\d+)\s*\)", r" in \1"),
        (r"[\s,]+please$", ""),
    )
)

# Coordinates in other shapes, tried only on a sentence with a digit in it.
_COORDINATES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\b([A-Za-z])\s*-\s*([1-9][0-9]?)\b", r"\1\2"),
        (r"\s+@\s*(?=\(|[A-Za-z]\s*-?\s*[0-9])", " at "),
        (r"\(\s*([A-Za-z])\s*,\s*([1-9][0-9]?)\s*\)", r"\1\2"),
        (r"\b(at|on|to|play)\s+([A-Ta-t])\s+([1-9][0-9]?)\b", r"\1 \2\3"),
        (rf"\b(?:square|location|point|intersection|position)\s+({_COORD})\b", r"\1"),
        (rf"[\[\"\u201c']({_COORD})[\]\"\u201d']", r"\1"),
    )
)

_REASON = re.compile(
    r"\s*(?:,|;|\s[-\u2013\u2014]+\s|\s\(|\s(?=(?:since|because|as|to|so|hoping|"
    r"in\s+order|which|that|for|effective)\s))",
    re.IGNORECASE,
)
# What may follow a cut: a reason or an aside, never a second choice, an exception or more.
_NOT_AN_ASIDE = re.compile(
    r"^[\s(]*(?:or|and|but|then|unless|except|not|instead|plus|also|if|only|otherwise|"
    r"and/or|&|no(?!\s+(?:time|energy|lumber|stone|food|reason|idea|longer)\b)|nope|wait|"
    r"sorry(?!\s+(?:for|about)\b)|actually|correction|rather|make\s+that|"
    r"scratch|hmm|"
    r"maybe|perhaps|(?:just\s+)?(?:kidding|joking)|jk|j/k|lol|round|"
    # A condition is no reason: "I place a tile at C3, as long as nobody objects" is not done.
    r"(?:as|so)\s+long\s+as|as\s+soon\s+as|provided|providing|on\s+(?:the\s+)?condition|"
    r"in\s+case|assuming|supposing|once(?!\s+(?:more|again)\b)|when|whenever|until|till)\b|[?]",
    re.IGNORECASE,
)


def _rewrite(text: str, pairs: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    for pattern, replacement in pairs:
        text = pattern.sub(replacement, text).strip()
    return text


def _gerund(text: str, verbs: tuple[str, ...]) -> str:
    """ "Placing a tile at D4" → "I place a tile at D4" for a verb of the game."""
    match = re.match(r"^(?:I\s+)?(\w+)ing\b", text, re.IGNORECASE)
    if match is None:
        return text
    stem = match.group(1).casefold()
    for verb in verbs:
        if stem in (verb, verb.removesuffix("e")) or (len(stem) > 2 and stem[:-1] == verb):
            return "I " + verb + text[match.end() :]
    return text


def _bare_verb(text: str, verbs: tuple[str, ...]) -> str:
    """A list item with no "I" ("place a tile at B2") is the author's own act."""
    first = text.split(" ", 1)[0].casefold()
    return "I " + text if first in verbs else text


def _one_letter_apart(word: str, verb: str) -> bool:
    if word == verb:
        return False
    if len(word) == len(verb):
        diffs = [i for i, (a, b) in enumerate(zip(word, verb, strict=True)) if a != b]
        if len(diffs) == 1:
            return True
        return (
            len(diffs) == 2
            and diffs[1] == diffs[0] + 1
            and word[diffs[0]] == verb[diffs[1]]
            and word[diffs[1]] == verb[diffs[0]]
        )
    longer, shorter = (word, verb) if len(word) > len(verb) else (verb, word)
    if len(longer) - len(shorter) != 1:
        return False
    return any(longer[:i] + longer[i + 1 :] == shorter for i in range(len(longer)))


@lru_cache(maxsize=4096)
def _near(word: str, verbs: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(verb for verb in verbs if _one_letter_apart(word, verb))


def _typo(text: str, verbs: tuple[str, ...]) -> str:
    """The verb after "I" corrected when it is one letter from exactly one verb of the game
    (and is not itself a tense of another word: "named", "placed", "plays" stay)."""
    match = re.match(r"^I\s+([A-Za-z]{4,})\b", text)
    if match is None:
        return text
    word = match.group(1).casefold()
    if word in verbs or word.endswith(("ed", "ing", "s")):
        return text
    near = _near(word, verbs)
    if len(near) != 1:
        return text
    return "I " + near[0] + text[match.end() :]


def _trailing_game(text: str, names: tuple[str, ...]) -> str:
    for name in names:
        cut = re.sub(rf"\s+(?:in|for)\s+(?:the\s+)?{name}$", "", text, flags=re.IGNORECASE)
        if cut != text:
            return cut
    return text


def prepare(text: str, verbs: frozenset[str]) -> str | None:
    """The sentence with the words every game sets aside rewritten (openers, the author's
    name, labels, coordinates), or None when no game could read another form of it: it
    hedges, or it has no speaker ("I", "my") and does not open with one of the games'
    ``verbs``, a gerund, a label or a square. Done once per sentence."""
    speaker = _SPEAKER.search(text)
    if speaker is None and not _SPEAKERLESS.match(text):
        first = text.split(None, 1)[0].strip("[(\"'").casefold() if text.strip() else ""
        if first not in verbs and not _other_opening().match(text):
            return None
    if hedged(text[: speaker.start()] if speaker else text):
        return None
    prepared = _rewrite(text, _REWRITES)
    if any(character.isdigit() for character in prepared):
        prepared = _rewrite(prepared, _COORDINATES)
    return prepared


_SPEAKER = re.compile(r"\b(?:I|[Mm]y)\b")
# Forms with no "I" that a game may still read: a gerund, a label, a square, politeness.
_SPEAKERLESS = re.compile(
    r"^\s*[\[(\"']?\s*(?:\w+ing\b|[A-Za-z][1-9][0-9]?\b|(?:round\s+\d+\s+)?(?:move|play|"
    r"action)s?\b|round\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s*[:\-]|please\b|count\s+me\b|record\b|register\b|log\b|"
    r"take\b|sign\s+me\s+up\b|(?:for\s+)?this\s+round\s*[:\-]|"
    r"(?:also|and|plus|pick|choice)\s*[:\-]\s*[A-Za-z][1-9][0-9]?\s*$)",
    re.IGNORECASE,
)


# "Square: c5", "Target - e7": a label and a place, read by a game that knows the label.
_LABELLED_PLACE = re.compile(
    rf"^\s*(?:my\s+)?[A-Za-z]+(?:[\s\-]*#?[0-9]+)?(?:\s+[A-Za-z]+){{0,2}}\s*[:,\-\u2013\u2014=]\s*{_COORD}"
    r"\s*[.!]?\s*$"
)


@lru_cache(maxsize=1)
def _other_opening() -> re.Pattern[str]:
    """Every other opening with no speaker that a game may read, as one pattern."""
    return re.compile(
        "|".join(f"(?:{p.pattern})" for p in (_LABELLED_PLACE, _REQUEST_ME, _PLACE_OPENING)),
        re.IGNORECASE,
    )


def readings(
    text: str,
    prepared: str,
    lexicon: Lexicon,
    looks: Callable[[str], bool],
    *,
    private: bool = False,
) -> Iterator[Reading]:
    """The forms of ``text`` (``prepared`` by :func:`prepare`) to offer a game's grammar,
    least changed first.

    ``looks`` is the game's cheap test (``looks_like_action``). The first form has the
    game's own words put in its grammar's terms; the next ones set
    aside a trailing game name and then a trailing reason, from the shortest. A form that
    hedges is never offered.
    """
    base = _bare_verb(_gerund(prepared, lexicon.verbs), lexicon.verbs)
    base = _typo(base, lexicon.verbs)
    if private:
        base = _rewrite(base, lexicon.private_rewrites)
    if not _SPEAKS.match(base):
        return
    # Every form offered is a beginning of the sentence: none can reach past a hedge.
    hedge = _HEDGE.search(base)
    if hedge is not None and not any(
        cut.start() <= hedge.start() for cut in _REASON.finditer(base, 0, hedge.start() + 1)
    ):
        return
    base = _rewrite(base, lexicon.rewrites)
    if not looks(base):
        return  # setting words aside below can only take clues away
    seen = {text}
    for form in (base, _trailing_game(base, lexicon.trailing)):
        if form not in seen and not hedged(form):
            seen.add(form)
            yield Reading(form)
    for form in _shared_verb_forms(base, lexicon):
        if form not in seen and not hedged(form):
            seen.add(form)
            yield Reading(form)
    cuts = [m for m in _REASON.finditer(base) if m.start() > 2]
    for cut in reversed(cuts):
        aside = base[cut.start() :].strip(" ,;-\u2013\u2014")
        kept = _rewrite(base[: cut.start()].rstrip(" ,;"), lexicon.rewrites)
        if not aside or _NOT_AN_ASIDE.match(aside) or "?" in aside or _alters(aside):
            continue
        if _acts(aside, lexicon.verbs) or _CONDITIONAL_ASIDE.search(aside) or _runs_on(aside):
            continue
        shared = _shared_verb_forms(kept, lexicon) if _JOINED.search(kept) else ()
        for form in (kept, _trailing_game(kept, lexicon.trailing), *shared):
            if form not in seen and not hedged(form):
                seen.add(form)
                yield Reading(form, aside)


# Every form a grammar reads starts with its speaker ("I ...", "My move is ...").
_SPEAKS = re.compile(r"^(?:I|My|count\s+me)\b", re.IGNORECASE)


# Words that, anywhere in what would be set aside, make it part of the action: another
# choice, an exception, a restriction, a payment or more of the same ("I offer my B for a
# 3, 4 or 5, only to Janet", "I build an Orchard at (3, 4), paying 2 Stone", "I play one
# Stone at (1, 1), one at (1, 2)"). Such a sentence is read whole or reported, never cut.
_ALTERING = re.compile(
    r"\b(?:or|only|except|unless|instead|but|rather|not|nor|either|neither)\b|n['\u2019]t\b"
    r"|^[\s(]*+(?:[0-9\[\u2212+\-]|\((?=\s*[0-9+\-\u2212])|(?:one|another|two|three|four|"
    r"five|both|each|the\s+other"
    r"|paying|spending|using|giving|destroying|costing|trading|offering|from|plus)\b"
    r"|with\s+(?:my|an?|one|two|three|[0-9]|the\s+[A-Za-z0-9]\b))"
    # A round named: which play it is, not a reason.
    r"|\bround\s+(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\b",
    re.IGNORECASE,
)


# Another place named after a comma or dash, not as a reason ("since", "to", "as"...):
# more of the action ("I play a Stone at (0, 1), a Stone at (0, 2)"), never set aside.
_ANOTHER_PLACE = re.compile(
    r"\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|\b[A-Za-z]-?[0-9]{1,2}\b"
)
_A_REASON = re.compile(
    r"^[\s(]*(?:since|because|as|to|so|hoping|in\s+order|which|that|for|effective)\b",
    re.IGNORECASE,
)


# A clause that opens as a plain reason ("as e has not posted", "since I have no Stone")
# explains the action: its own "not" or "or" is the reason's, not a change to the action.
_PLAIN_REASON = re.compile(
    r"^[\s(]*(?:since|because|as(?!\s+(?:well|long|soon|if|though)\b))\s", re.IGNORECASE
)
_ROUND_NAMED = re.compile(
    r"\bround\s+(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.IGNORECASE
)


def _acts(aside: str, verbs: tuple[str, ...]) -> bool:
    """Whether words after a comma or dash are another action ("I claim (2, 2), build a
    Farm there", "..., construct a Castle there"): more of what the author does, never a
    reason to set aside, so the sentence is read whole or reported."""
    if _A_REASON.match(aside) is not None:
        return False
    first = aside.split(None, 1)[0].casefold()
    # A gerund describes the action ("I perform intent 5, joining alliance 2").
    if not first.isalpha() or first.endswith(("ing", "ly")) or first in _NOT_A_VERB:
        return False
    return _VERB_AND_OBJECT.match(aside) is not None or first in verbs


# A verb and its object after a comma: "build a Farm there", "claim (3, 4)".
_VERB_AND_OBJECT = re.compile(
    r"^[a-z]+\s+(?:(?:an?|the|my|one|two|three)\b|[0-9]|\()", re.IGNORECASE
)


# An aside that makes the action depend on something ("(Energy permitting)", "if
# possible", "resources allowing"): never set aside, so the action is not performed.
_CONDITIONAL_ASIDE = re.compile(
    r"\b(?:permitting|allowing|willing|if|iff|unless|provided|assuming|whenever)\b", re.IGNORECASE
)


# What a list of objects needs before one verb can be shared ("(3, 4) and (4, 3)").
_JOINED = re.compile(r"\s(?:and|then)\s|[;&]")


def _runs_on(aside: str) -> bool:
    """Whether an aside that opens a bracket goes on after it closes ("with nix (A), Janet
    (B) and Murphy (C)"): the bracket was inside the action, not an aside after it."""
    if not aside.startswith("("):
        return False
    close = aside.find(")")
    return close < 0 or re.search(r"\w", aside[close + 1 :]) is not None


# Words that open an aside but never an action of the author's.
_NOT_A_VERB = frozenset(
    (
        *("it", "this", "that", "which", "who", "i", "my", "the", "a", "an", "e", "eir", "em"),
        *("we", "you", "they", "he", "she", "its", "their", "our", "your", "his", "her"),
        *("per", "in", "at", "on", "for", "with", "by", "from", "of", "as", "via", "under"),
        *("after", "before", "according", "following", "pursuant", "thanks", "hence", "thus"),
        *("therefore", "all", "both", "each", "here", "there", "now", "again", "too", "please"),
    )
)


def _alters(aside: str) -> bool:
    """Whether words after a comma or dash change the action rather than explain it."""
    if _PLAIN_REASON.match(aside) is not None:
        return _ROUND_NAMED.search(aside) is not None
    if _ALTERING.search(aside) is not None:
        return True
    return _ANOTHER_PLACE.search(aside) is not None and _A_REASON.match(aside) is None


# "I destroy the Farm at (3, 4) and the Mine at (4, 4)": one verb, several objects. The
# verb is the words after "I" up to the first object; a joiner followed by another object
# (not a verb) gets the verb again, and the grammar must then accept the sentence whole.
_VERB_PHRASE = re.compile(r"^I\s+((?:[a-z]+\s+){1,3}?)(?=(?:an?|the|one|my)\b|[(0-9A-Z])")
_OBJECT_JOINER = re.compile(
    r"(\s*,\s*(?:and\s+)?(?:then\s+)?|\s+and\s+(?:then\s+)?|\s+then\s+|\s*;\s*|\s+&\s+)"
    r"(?=(?:an?|the|one|another|my)\s|[(0-9A-Z])"
)


def _shared_verb_forms(base: str, lexicon: Lexicon) -> Iterator[str]:
    """The sentence with its verb repeated before each further object, if it has any."""
    verb = _VERB_PHRASE.match(base)
    if verb is None:
        return
    phrase = verb.group(1).strip()
    head, tail = base[: verb.end()], base[verb.end() :]
    depth = [0] * (len(tail) + 1)
    for index, character in enumerate(tail):
        step = 1 if character in "([" else -1 if character in ")]" else 0
        depth[index + 1] = depth[index] + step
    joiners = [j for j in _OBJECT_JOINER.finditer(tail) if depth[j.start()] == 0]
    # A bare comma joins objects only in a list that ends with "and", "then" or ";": else
    # it opens an apposition ("I invest in Amber, the community at C3": one investment).
    last_word = max((j.start() for j in joiners if j.group(1).strip() != ","), default=-1)
    chosen = {j.start() for j in joiners if j.group(1).strip() != "," or j.start() < last_word}
    shared = _OBJECT_JOINER.sub(
        lambda joiner: (
            f"{joiner.group(1)}{phrase} " if joiner.start() in chosen else joiner.group(0)
        ),
        tail,
    )
    if shared != tail:
        yield _rewrite(head + shared, lexicon.rewrites)
