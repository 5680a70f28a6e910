"""What may stand before the "I" of an action: words that change nothing, and conditions.

Players open sentences with words that change nothing ("For the avoidance of doubt, I place
a tile at G6", "Also, I support intent 3"): they are set aside and the rest is read. A
sentence that makes its action depend on a condition ("If nix has not placed a tile, I
place a tile at G6") is never performed: the referee does not judge conditions, and says so
(docs/rulings.md, P1).
"""

from __future__ import annotations

import re
from dataclasses import replace

from referee.parsing.asides import pictograph
from referee.parsing.sentences import Sentence

_NEUTRAL_WORDS = (
    # How the author came to act, and asides about the message itself.
    "after much thought",
    "after some thought",
    "after careful thought",
    "after careful consideration",
    "after some consideration",
    "after much deliberation",
    "on reflection",
    "for what it's worth",
    "for what it\u2019s worth",
    "for what its worth",
    "fwiw",
    "imo",
    "imho",
    "with that said",
    "that said",
    "that being said",
    "having said that",
    "oh",
    "late to the party",
    "belatedly",
    "sorry for the delay",
    "apologies for the delay",
    "for the avoidance of doubt",
    "for clarity",
    "to be clear",
    "just to be safe",
    "to be safe",
    "per the rules",
    "as promised",
    "as announced",
    # The present named before the act ("Today I place a tile at G6"): it is now
    # (P50-lead-s11-1); a later time is never among these.
    "today",
    "this week",
    "right now",
    # "At this moment I place ...": the present, said at length (P73-read-games-s20-10).
    "at this moment",
    "at the moment",
    "as of this moment",
    "at present",
    "herewith",
    "once again",
    "once more",
    "also",
    "and",
    # "No. But I place a tile at F5.": "but" opening a sentence of its own (P50-lead-s11-6).
    "but",
    "now",
    "then",
    "finally",
    "next",
    "additionally",
    "furthermore",
    "moreover",
    "in addition",
    "firstly",
    "first",
    "secondly",
    "second",
    "thirdly",
    "third",
    "lastly",
    "okay",
    "ok",
    "yes",
    "yep",
    "yeah",
    "so",
    "anyway",
    "meanwhile",
    "with this message",
    "by this message",
    "in this message",
    "fyi",
    "btw",
    "fwiw",
    "for what it's worth",
    "for what it\u2019s worth",
    "tl;dr",
    "tldr",
    # Assent to the message replied to, before the author's own act ("Agreed, and I build
    # a Farm on (3, 3)", "Fine, and I place ..."): P54-mail-s12-4.
    "agreed",
    "fine",
    # A reply's turn to another matter, or to the question replied to, before the author's
    # own act ("Unrelated: I place ...", "And, answering your question, I claim ..."):
    # P57-mail-s13-2.
    "unrelated",
    "unrelatedly",
    "separately",
    "on another note",
    "on a different note",
    "on a separate note",
    "on an unrelated note",
    "in other news",
    "different topic",
    "changing the subject",
    "for the record",
    "answering your question",
    "to answer your question",
    "in answer to your question",
)
# The rule an action is taken under, named first: "Per rule 2162 I ...", "Pursuant to
# R2162, I ...", "Under Rule 478, I ..." (with or without the comma).
# "Per the Commune regulations I ...", "Under the Okinawa rules I ...": a game's rules,
# named by the game, with or without the comma too (P62-12).
_RULE_CITED = (
    r"(?:as\s+)?(?:per|pursuant\s+to|under|according\s+to|in\s+accordance\s+with)\s+"
    r"(?:the\s+)?(?:rules?\s*#?\s*\d+|R\s?\d+|"
    r"(?-i:[A-Z])[\w\-]*(?:\s+(?-i:[A-Z])[\w\-]*){0,2}\s+(?:rules?|regulations|ruleset|rule\s+text|"
    # "Under the Arcadia contract I ...", "Per this contract, I ...": the contract acted
    # under (P66-read-agora-s17-5).
    r"contract)|(?:this\s+)?contract)"
)
# "After reading the thread, I ...", "Having reviewed the rules, I ...", "This is a bit late
# but I ...": what the author did before acting, or a word on the message; never a condition
# ("After Janet joins, I ..." is one, and is not matched here).
_BEFORE_ACTING = (
    r"(?:after|having)\s+(?:read|reading|reviewed|reviewing|re-?read|re-?reading|checked|"
    r"checking|looked\s+at|looking\s+at)\s+(?:the|this|that|my|your|all|[A-Z][\w']*['\u2019]s)\b"
    r"[\w'\u2019 ]{0,40}?"
    r"|(?:this\s+is\s+|it['\u2019]?s\s+)?(?:a\s+(?:bit|little)\s+|rather\s+|very\s+)?late\s*,?\s*but"
    # "After years of lurking (reading the archives), I ...": a past spent before acting.
    r"|after\s+(?:many\s+|several\s+|a\s+few\s+)?(?:years|months|weeks|ages|decades)\s+of\s+"
    r"[a-z]+ing\b[\w'\u2019 ]{0,40}?"
)
# "After much thought, I ...": a reflection before the act, not a time ("after" is).
_AFTER_THOUGHT = (
    r"after\s+(?:much|some|long|careful|a\s+lot\s+of|due)\s+(?:thought|consideration|reflection|"
    r"deliberation)"
)
# "I placed... sorry, I place a tile at A6", "I play -- er, I capture ...": a false start of
# a few words with no object, broken off and taken back before the act (P62-13).
_FALSE_START = (
    r"I\s+[a-z]+(?:\s+[a-z]+){0,2}\s*(?:\.{2,}|\u2026|--|(?<=\s)-|[\u2013\u2014])\s*"
    r"(?:sorry|oops|er+m?|um+|uh+|I\s+mean|make\s+that|no\s+wait|wait\s+no)"
)
_NEUTRAL = re.compile(
    r"\s*(?:(?:"
    + "|".join(re.escape(w) for w in _NEUTRAL_WORDS)
    + "|"
    + _FALSE_START
    + "|"
    + _BEFORE_ACTING
    + "|"
    + _RULE_CITED
    + "|"
    + _AFTER_THOUGHT
    + r")\s*[,:]?\s+)+(?=i\b)",
    re.IGNORECASE,
)
# "Also, placing a tile at D4.", "Hmm, tile at D4.", "Ok, place a tile at D4.": the same
# openers, and a hesitation, before an act written without "I" (a gerund, a label, a bare
# verb), which was read as nothing and told nothing; only with the comma, and never before a
# lone "I" (read above) (P65-read-games-s17-19).
_NEUTRAL_BEFORE_BARE = re.compile(
    r"\s*(?:(?:"
    + "|".join(re.escape(w) for w in _NEUTRAL_WORDS)
    # "pls, tile at B2": the phone's "please" with its comma, as "Tile at B2 please" is read
    # (P68-read-games-s18-11).
    + r"|hm+|um+|er+m*|uh+|well|alright|all\s+right|pls|plz|please)\s*,\s*)+(?=[A-Za-z(])(?!I\b)"
    # ... never before the thing and its place alone ("Oh, a tile at G7.", "Also, G7."), an
    # act left unsaid and asked about (P57-mail-s13-1).
    r"(?!(?:an?|the|one)\s|\(|[A-Za-z]-?[0-9]{1,2}\b)",
    re.IGNORECASE,
)
# "ok so tile on H8", "so stone at (1, 1)": the phone's "ok so" with no comma, before a
# game's thing with no article and its place (P70-read-games-s19-8).
_SO_BEFORE_THING = re.compile(
    # "Also: tile at F5.": a colon after such a word, before the thing alone.
    r"\s*(?:(?:(?:ok(?:ay)?|right|alright)[\s,]+so|ok(?:ay)?|so)\s+|(?:also|plus|and\s+also)\s*:\s*)"
    r"(?=(?:tile|stone|investment)s?\s+(?:at|on|onto|in|into|to)\s)",
    re.IGNORECASE,
)
_FALSE_START_BEFORE_I = re.compile(_FALSE_START + r"\s*[,:]?\s+(?=I\b)", re.IGNORECASE)
# "Hereby deregistering.", "Hereby resigning as Surveyor": "hereby" before an act written
# as a gerund, which the normaliser reads as the author's own.
_HEREBY_GERUND = re.compile(r"hereby\s*,?\s+(?=[a-z]+ing\b)", re.IGNORECASE)
# A condition said as a phrase rather than a clause, before the act: "Conditional on Janet
# still being Registrar,", "Subject to Janet's approval,", "Pending a ruling,", "Barring
# objections,", "Failing that,", "In that case,", "Time permitting," (P74-read-agora-s20-1).
# Each makes the act depend on something, as "if" does; they had been set aside as a
# neutral opener and the act performed.
_PHRASE_CONDITION = (
    r"conditional(?:ly)?\s+(?:up)?on|contingent\s+(?:up)?on|subject\s+to|pending|"
    r"depending\s+(?:up)?on|dependent\s+(?:up)?on|on\s+(?:the\s+)?condition|barring|absent|"
    r"failing|in\s+(?:that|which|such\s+an?)\s+(?:case|event)|"
    r"(?:[\w'\u2019]+\s+){1,2}(?:permitting|allowing|willing)(?=\s*[,:\-\u2013\u2014])"
)
_CONDITION = re.compile(
    r"\s*(?P<condition>(?:if|iff|unless|provided(?:\s+that)?|assuming|when|whenever|"
    r"once(?!\s+(?:again|more)\b)|"
    rf"in\s+case|in\s+the\s+event|should|{_PHRASE_CONDITION})\b[^.;:]*?),\s*(?:then\s*,?\s*)?(?=i\b)",
    re.IGNORECASE,
)


# A reply's answer to the message replied to, before the author's own act (P57-mail-s13-2):
# "It does, and I place ...", "Whatever Janet did, I place ...", "Not the middle, but next to
# it: I claim ...", "Not me, but for the record I leave ...". Each says the act is done
# whatever the answer; one that names a condition or a doubt is never set aside.
_REPLY_LEAD = re.compile(
    r"\s*(?P<lead>(?:(?:yes|no)\s*,?\s*)?(?:it|that|this)\s+(?:does|did|is|was|has|works|"
    r"worked|counts|counted|went\s+through)(?:\s*n['\u2019]t|\s+not)?(?:\s+(?:too|indeed))?"
    r"\s*[,;:]\s*(?:and\s+|but\s+|so\s+)?"
    r"|(?:whatever|no\s+matter\s+what)\b[^,;:.!?]{1,40}?,\s*"
    r"|not\s+[^,;:.!?]{1,30}?,\s*but\s+(?:(?:(?!\bI\b)[^,;:.!?]){1,30}?\s*[,:]\s*)?)",
    re.IGNORECASE,
)
# "I hate to do this, but I deregister.", "It pains me, but I resign.": the author's
# reluctance, then the act done anyway (P72-lead-s18-10). Only feelings about doing it:
# a doubt or a condition before "but" is never set aside here.
_RELUCTANT = re.compile(
    r"\s*(?:I\s+(?:hate|regret|dislike)\s+(?:to|doing)\b|I\s*['\u2019]?\s*a?m\s+(?:sorry|sad|loath)\s+to\b|"
    r"it\s+(?:pains|saddens|hurts|grieves)\s+me\b|I\s+(?:don['\u2019]t|do\s+not)\s+(?:want|like)\s+to\b|"
    # "Don't tell anyone, but I play e5.": a word about keeping it secret (P75-lead-s20-9).
    r"(?:(?:please\s+)?(?:don['\u2019]t|do\s+not)\s+tell\s+(?:anyone|anybody|the\s+others|a\s+soul)\b|"
    r"(?:just\s+)?between\s+(?:you\s+and\s+me|us)\b))"
    r"(?:(?!\b(?:if|unless|whether|might|may|maybe|would|could|should)\b)[^,;:.!?]){0,40},\s*but\s+(?=I\s)",
    re.IGNORECASE,
)
_OWN_I = re.compile(r"I\b")
# Words that make a reply's lead a condition or a doubt, never set aside.
_NOT_PLAIN = re.compile(
    r"\b(?:if|iff|unless|provided|assuming|supposing|when|whenever|once|until|after|before|"
    r"should|would|could|might|may|maybe|perhaps|possibly|in\s+case|unsure|sure|know)\b",
    re.IGNORECASE,
)


# "Destroying 1 Lumber and 1 Stone, I build a Farm at (3, 3).", "Paying my G and my 2, I
# place a tile at G2.": the payment said before the act is part of it, and is read after it,
# where the games read it; setting it aside would drop what the author said e pays
# (P73-read-games-s20-2).
_PAYMENT_FIRST = re.compile(
    r"(?P<payment>(?:by\s+)?(?:destroying|paying|spending|burning|using)\s+"
    r"[^;:.!?]{1,80}?)\s*,\s*(?P<act>I\s[^;!?]*?)(?P<end>[.!]*)$",
    re.IGNORECASE,
)
# What a payment names: an amount, or a token's Symbol ("my G and my 2"); never a
# constructor ("Using my Right Token Constructor, I begin ...", which is no payment).
_PAID = re.compile(r"\b(?:[0-9]+|(?-i:[A-J]))\b(?!.*\bconstructor)", re.IGNORECASE)


def _payment_after_act(sentence: Sentence) -> Sentence:
    """The sentence with a payment said before the act moved after it."""
    first = _PAYMENT_FIRST.match(sentence.text)
    if first is None or not _PAID.search(first.group("payment")):
        return sentence
    text = f"{first.group('act')}, {first.group('payment')}{first.group('end')}"
    return replace(sentence, text=text)


# "[ACTION] I place ...", "[BUS] I claim ...": a tag saying the line is business, as
# Agora's subject lines tag it; "Since it wasn't recorded, again: I place ...": why the act
# is announced again. Neither changes the act (P73-read-games-s20-10).
_TAG_OR_AGAIN = re.compile(
    r"(?:\[\s*(?:game\s+)?(?:actions?|moves?|plays?|bus|business|official)\s*\]\s*[:\-]?\s*"
    r"|(?:since|as|because)\s+(?:it|that|my\s+(?:move|action|post|mail|message))\s+"
    r"(?:was\s*n['\u2019]?t|was\s+not|did\s*n['\u2019]?t\s+get|did\s+not\s+get)\s+"
    r"(?:recorded|noted|counted|seen|received|processed|logged|picked\s+up)\s*,?\s*"
    r"(?:(?:here\s+it\s+is\s+)?again|once\s+more|re-?sending|re-?posting)\s*[:,\-\u2013\u2014]\s*)"
    r"(?=I\s)",
    re.IGNORECASE,
)


# "At (1, 1), I play a Stone.", "On C4 I place a tile.", "To Janet I transfer 2 Food.": the
# place or the recipient said before the act, which the games read after it; moved there
# when the act names none of its own (P73-read-games-s20-12).
_PLACE = r"\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|[A-Ja-j]-?[0-9]\b"
_FRONTED = re.compile(
    rf"(?P<where>(?:at|on|onto)\s+(?:{_PLACE})|to\s+(?-i:[A-Z])[\w\-]*)\s*,?\s+"
    r"(?P<act>I\s+(?:hereby\s+)?(?:play|place|put|claim|build|capture|transfer|give)\b[^,;:!?]*?)"
    r"(?P<end>[.!]*)$",
    re.IGNORECASE,
)


def _fronted_after_act(sentence: Sentence) -> Sentence:
    """The sentence with a place or recipient said before the act moved after it."""
    fronted = _FRONTED.match(sentence.text)
    if fronted is None:
        return sentence
    # ("At C4, I place a tile at D4." names two places: moved all the same, the act then
    # reads as none, and is told rather than one place dropped.)
    where, act = fronted.group("where"), fronted.group("act")
    if where[:2].casefold() == "to" and _OWN_RECIPIENT.search(act):
        # "To Janet, I transfer 2 Food to Murphy.": two recipients, which reads as none.
        return replace(sentence, text=f"{act} and {where}{fronted.group('end')}")
    return replace(sentence, text=f"{act} {where}{fronted.group('end')}")


_OWN_RECIPIENT = re.compile(r"\bto\s+(?-i:[A-Z])", re.IGNORECASE)


def set_aside_neutral_opener(sentence: Sentence) -> Sentence:
    """The sentence without opening words that change nothing ("Also, I ..." → "I ...")
    and without an emoji before them ("🎉 I claim ...")."""
    sentence = _set_aside_leading_pictographs(sentence)
    if sentence.text[:1] in "[SsAaBb":
        tag = _TAG_OR_AGAIN.match(sentence.text)
        if tag is not None:
            sentence = replace(
                sentence, text=sentence.text[tag.end() :], column=sentence.column + tag.end()
            )
    if sentence.text[:1] in "BDPSUbdpsu":
        sentence = _payment_after_act(sentence)
    if sentence.text[:1] in "AaOoTt":
        sentence = _fronted_after_act(sentence)
    if sentence.text[:1] == "(" and sentence.text.rstrip(" .!")[-1:] == ")":
        sentence = _unbracketed(sentence)
    reluctant = _RELUCTANT.match(sentence.text) if " but " in sentence.text[:80] else None
    if reluctant is not None:
        return replace(
            sentence,
            text=sentence.text[reluctant.end() :],
            column=sentence.column + reluctant.end(),
        )
    if sentence.text[:2] == "I ":
        # The cheap test first: no opener begins so but a false start, and most actions do.
        false_start = (
            _FALSE_START_BEFORE_I.match(sentence.text)
            if any(mark in sentence.text[:40] for mark in ("..", "\u2026", "-", "\u2013", "\u2014"))
            else None
        )
        if false_start is None:
            return sentence
        return replace(
            sentence,
            text=sentence.text[false_start.end() :],
            column=sentence.column + false_start.end(),
        )
    if sentence.text[:6].casefold() == "hereby":
        gerund = _HEREBY_GERUND.match(sentence.text)
        if gerund is not None:
            return replace(
                sentence, text=sentence.text[gerund.end() :], column=sentence.column + gerund.end()
            )
    lead = _REPLY_LEAD.match(sentence.text)
    if (
        lead is not None
        and _NOT_PLAIN.search(lead.group("lead")) is None
        and (_OWN_I.match(sentence.text, lead.end()) or _NEUTRAL.match(sentence.text, lead.end()))
    ):
        sentence = replace(
            sentence, text=sentence.text[lead.end() :], column=sentence.column + lead.end()
        )
    match = (
        _NEUTRAL.match(sentence.text)
        or _NEUTRAL_BEFORE_BARE.match(sentence.text)
        or _SO_BEFORE_THING.match(sentence.text)
    )
    if match is None:
        return sentence
    return replace(
        sentence, text=sentence.text[match.end() :], column=sentence.column + match.end()
    )


# "(Also: tile at F5.)", "(Stone at (1, 1).)": a whole sentence in brackets, its words and
# not a place alone ("(3, 3)") nor a tag ("(a)", "(Commune)"), and naming a place or a number
# (P70-read-games-s19-18).
_WHOLLY_BRACKETED = re.compile(
    r"^\(\s*(?P<inner>[A-Za-z][A-Za-z']*[\s,:;](?:[^()]|\([^()]*\))*?)[\s.!]*\)[\s.!]*$"
)


def _unbracketed(sentence: Sentence) -> Sentence:
    """``sentence`` without the brackets around the whole of it."""
    match = _WHOLLY_BRACKETED.match(sentence.text)
    if match is None or not any(map(str.isdigit, match.group("inner"))):
        return sentence  # "(Sorry, Janet!)": a remark, no act of a place or number
    inner = match.group("inner")
    return replace(sentence, text=inner, column=sentence.column + match.start("inner"))


def _set_aside_leading_pictographs(sentence: Sentence) -> Sentence:
    text = sentence.text
    if not text or text[0].isascii():
        return sentence  # the cheap test first: almost every sentence opens so
    start = 0
    while start < len(text) and (text[start].isspace() or pictograph(text[start])):
        start += 1
    if start == 0 or start == len(text) or not text[:start].strip():
        return sentence
    return replace(sentence, text=text[start:], column=sentence.column + start)


def split_condition(sentence: Sentence) -> tuple[str, Sentence] | None:
    """(the condition, the action it governs) when the sentence opens with a condition."""
    match = _CONDITION.match(sentence.text)
    if match is None:
        return None
    condition = match.group("condition").strip()
    rest = replace(
        sentence, text=sentence.text[match.end() :], column=sentence.column + match.end()
    )
    return condition, rest


_TRAILING_CONDITION = re.compile(
    r",?\s+(?P<condition>(?:if|iff|unless|provided(?:\s+that)?|assuming|in\s+case)\b.*)$",
    re.IGNORECASE,
)


def trailing_condition(text: str) -> str | None:
    """The condition a sentence ends with ("I place a tile at G6 if it is empty"), if any.

    Asked only of a sentence no grammar could read: a grammar that allows a condition (an
    intent's, rule 1728) has read it already.
    """
    match = _TRAILING_CONDITION.search(text)
    return None if match is None else match.group("condition").strip()


# The words every condition found below opens with.
_CONDITION_WORDS = (
    "if",
    "unless",
    "provided",
    "assuming",
    "when",
    "once",
    "case",
    "event",
    "should",
    # The phrases of ``_PHRASE_CONDITION``.
    "conditional",
    "contingent",
    "subject",
    "pending",
    "depend",
    "condition",
    "barring",
    "absent",
    "failing",
    "permitting",
    "allowing",
    "willing",
)
# A condition before words of any kind ("If there is room, count me in for Commune"):
# looked for only to tell such a sentence, never to read its action.
_LEADING_CONDITION = re.compile(_CONDITION.pattern.removesuffix(r"(?=i\b)"), re.IGNORECASE)


# "If it is free: tile at A0", "Unless Janet objects - stone at (1, 1)": the same condition
# closed by a colon or a dash instead of a comma, over an act with or without its "I";
# looked for only to tell it, never to read its action (P68-read-games-s18-3).
_LEADING_CONDITION_COLON = re.compile(
    r"\s*(?P<condition>(?:if|iff|unless|provided(?:\s+that)?|assuming|when|whenever|"
    rf"once(?!\s+(?:again|more)\b)|in\s+case|in\s+the\s+event|should|{_PHRASE_CONDITION})\b"
    r"[^.;:,\-\u2013\u2014]*?)"
    r"\s*(?::|\s-+|[\u2013\u2014])\s*(?=\S)",
    re.IGNORECASE,
)


def conditioned(text: str) -> tuple[str, str] | None:
    """(the condition, the words it governs) when ``text`` opens or ends with a condition."""
    folded = text.lower()
    if not any(word in folded for word in _CONDITION_WORDS):
        return None  # the cheap test first: most sentences have no condition at all
    found = [m for m in (_LEADING_CONDITION.match(text), _LEADING_CONDITION_COLON.match(text)) if m]
    leading = min(found, key=lambda match: match.end()) if found else None  # the first to close
    if leading is not None:
        return leading.group("condition").strip(), text[leading.end() :]
    trailing = _TRAILING_CONDITION.search(text)
    if trailing is not None:
        return trailing.group("condition").strip(), text[: trailing.start()].rstrip(" ,;")
    return None
