"""Lines under a lead-in that makes them a plan, an example or a condition.

"My plan for next week:", "If nobody objects by Friday, then:", "For example, a valid
action would be:" end with a colon and govern the lines that follow them, up to the end of
the block after them (a blank line once the block has begun): an officer reads a list
under such a lead-in as what the author might do, not as what e does. "Janet said:" and its
like govern only the lines straight after them: someone else's words, unmarked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# Words that, in a lead-in, make what follows it not an act now. Narrower than a sentence's
# hedges (``normalise.hedged``): "Here are my actions, as I said yesterday:" governs nothing.
_GOVERNING = re.compile(
    r"\b(?:if|iff|unless|provided|providing|assuming|supposing|in\s+case|should|when|whenever|"
    r"once|hypothetic\w*|"
    # "Subject to Janet's approval:", "Barring objections:" (P74-read-agora-s20-1).
    r"conditional\w*|contingent|subject\s+to|depending|dependent|barring|"
    r"on\s+(?:the\s+)?condition|permitting|allowing|theoretic\w*|example|examples|instance|e\.g|such\s+as|something\s+like|"
    r"like\s+this|would(?!\s+(?:rather|prefer))|could|might|may|maybe|perhaps|plan|plans|planned|planning|intend|"
    r"intends|intending|(?<!arcadian\s)propos\w*|draft|idea|ideas|suggest\w*|options?|"
    r"consider\w*|thinking|tomorrow|later|next\s+(?:week|month|round|turn|time)|not\s+yet|"
    r"test|testing|"
    # A record or a rehearsal, not an act now: "Week 12 in review:", "Mock-up:", "Sample
    # message:", "Dry run:" (P72-lead-s18-4).
    r"review|recap|digest|mock[\s-]?ups?|samples?|simulat\w*|dry[\s-]+run|practi[cs]e|"
    r"rehears\w*|previously|"
    # What the author will not do, or might: "Things I won't do this week:", "Possible
    # moves:" (P67-lead-s17-13).
    r"won['\u2019]?t|will\s+not|wouldn['\u2019]?t|don['\u2019]?t|do\s+not|shan['\u2019]?t|never|"
    r"refus\w*|avoid\w*|possible|possibly|potential\w*|candidates?|alternatives?|"
    # What was done before, or by others: "Recap of the week:", "Last week's actions:",
    # "Changes since the last report:", "Janet's message:" (P71-read-agora-s19-10).
    r"recap|summary|history|log|changelog|changes\s+since|since\s+the\s+last|what\s+happened|"
    r"(?:last|previous)\s+(?:week|month|round|turn)['\u2019]s|"
    # (A name's "Janet's message:" is ``_PASSED_ON``'s, with the day's and the offices' own.)
    r"(?<!\bmy\s)(?<!\bour\s)(?:message|mail|e-?mail|post|reply|words|text|announcement)\s+"
    r"(?:from|by)\s+(?-i:[A-Z])[\w\-]*|"
    # What the author has yet to do: "TODO before Sunday:", "Reminders for myself:",
    # "Goals for this month:", "Upcoming:" (P71-read-agora-s19-3).
    r"to\s*-?\s*dos?|reminders?|remind\s+me|note\s+to\s+(?:self|myself)|goals?|aims?|"
    r"upcoming|coming\s+up|next\s+steps?|soon|eventually|some\s*day|agenda|wish\s*list|"
    r"bucket\s+list|check\s*list|pending|queued|scheduled|for\s+later|future|"
    # Instructions to others: "Here's how to do it:", "The syntax is:", "To place a tile,
    # write:" (P50-lead-s11-12).
    r"how\s+to|syntax|format|wording|templates?|"
    # Another's words passed on: "Janet asked me to post this for her:", "On Janet's
    # behalf:", "Posting for Murphy, who has no mail access:" (P50-lead-s11-15).
    r"behalf|proxy|forward\w*|relay\w*|asked\s+me|post\w*\s+(?:this\s+|these\s+|it\s+)?for|"
    r"for\s+(?:her|him|them|em))\b"
    r"|\b(?:write|type|send|say|use)\s*:$"
    r"|\b(?:I|we)['\u2019](?:ll|d)\b",
    re.IGNORECASE,
)


# Addresses and host names, whose words ("example.org") are no one's plan.
_ADDRESS = re.compile(r"<[^>]*>|\S+@\S+|\S+://\S+|\b[\w-]+(?:\.[\w-]+)+\b")


# A lead-in that ends by drawing its consequence ("I'll be away for a month, so:"): what
# follows is done now, whatever the reason before it says.
_CONSEQUENCE = re.compile(
    r"\b(?:so|therefore|thus|hence|accordingly|as\s+a\s+result|consequently)\s*:$", re.I
)


# What another wrote or did, or an old text, passed on: "Janet's moves this week:", "Here is
# Murphy's message:", "Copying the proposal:", "From the archive:" (P72-lead-s18-1).
_PASSED_ON = re.compile(
    # A name's possession, not the day's or the game's: "Today's moves:" are the author's.
    r"\b(?!(?i:it|that|this|here|there|what|who|let|he|she|today|tonight|now|everyone|one|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|month|agora|commune|"
    r"arcadia|okinawa|go|sensei|referee|speaker|gamesmaster|herald|notary|tailor|lord-ruler|ruler|"
    # An office's, whose holder writes as it ("Registrar's business:", "The Surveyor's
    # weekly duties:"): Agora's offices mostly end so.
    r"[\w\-]+(?:or|ar))['\u2019]s\b)[A-Z][\w\-]*['\u2019]s\b"
    r"|(?i:\b(?:his|her|their|eir)\b)"
    r"|(?i:\b(?:cop(?:y|ying|ied)|re-?post\w*|re-?send\w*|past(?:e|ed|ing)|archiv\w*|minutes|"
    r"transcripts?|excerpts?|verbatim)\b)"
)
# The author's own words passed on again ("Reposting my action, the list ate it:") are
# announced now, as when first written.
_OWN = re.compile(r"\b(?:my|mine|I|me|myself)\b", re.IGNORECASE)
# ... and so is a repost that says the list lost the first one ("Re-posting since the list
# ate it:", "Resending, it bounced:"): only the author knows eir own mail went astray
# (P74-read-agora-s20-9). Never with a name's possession in it ("Reposting Janet's ...").
_OWN_REPOST = re.compile(
    r"^\s*(?i:re-?(?:post|send|submit)\w*)\b(?![^:]*\b[A-Z][\w\-]*['\u2019]s\b)"
    r"(?![^:]*\b(?i:his|her|their|eir|for|behalf|from|what|whatever|someone|somebody|others?)\b)"
    # (... nor any name: "Reposting what Janet sent, since the list ate it:".)
    r"(?![^:]*\s(?!I\b|I['\u2019]m\b)[A-Z][\w\-]*)"
    r"[^:]*\b(?i:ate|eaten|bounced|swallowed|dropped|lost|mangled|garbled|"
    r"didn['\u2019]?t\s+(?:go\s+through|arrive|make\s+it|get\s+through)|"
    r"never\s+(?:arrived|made\s+it|went\s+through|got\s+through))\b"
)


def governing_lead_in(text: str) -> bool:
    """Whether a sentence is a lead-in (it ends with a colon) that governs what follows."""
    stripped = text.rstrip()
    if not stripped.endswith(":") or _CONSEQUENCE.search(stripped):
        return False
    plain = _ADDRESS.sub(" ", stripped)
    if _GOVERNING.search(plain) is not None:
        return True
    return (
        _PASSED_ON.search(plain) is not None
        and _OWN.search(plain) is None
        and _OWN_REPOST.search(plain) is None
    )


# "Janet said:", "Murphy wrote on Discord:", "The rule says:": someone else's words follow,
# written without quote marks. The author's own "I agree with what Janet wrote:" is not one.
_REPORTED = re.compile(
    r"^(?!I\b)[A-Z][\w'\-]*(?:\s+[\w'\-]+){0,3}\s+(?:said|says|wrote|writes|asked|asks|posted|"
    r"stated|states|replied|answered)(?:\s+(?:on|in|to|at)\s+[\w'\-]+){0,2}\s*:$"
)


def reported_speech(text: str) -> bool:
    """Whether a sentence introduces someone else's words ("Janet said:")."""
    return _REPORTED.match(text.strip()) is not None


# The same lead-in written without its colon, alone on its line, with the words it reports
# on the lines below ("Janet wrote\nI deregister.", "Janet's message said\nI place a tile
# at E5\nwhich I agree with.", "Murphy posted this morning\n..."): a careful reader takes
# the lines under it as the words reported, not as the author's (P71-read-agora-s19-2). A
# time or a place may follow the verb ("... said yesterday", "... wrote on Discord").
_REPORTED_UNMARKED = re.compile(
    r"^(?:[\w'\u2019.\-]+,?\s+){0,6}?"
    r"(?:said|says|wrote|writes|posted|posts|replied|replies|answered|stated|states|"
    r"put\s+it|told\s+(?:me|us|everyone|the\s+list)|tells\s+(?:me|us))"
    r"(?:\s+(?:this\s+(?:morning|afternoon|evening|week)|today|yesterday|earlier|before|"
    r"last\s+(?:week|night|time|month)|(?:on|in|to|at)\s+(?:the\s+)?[\w'\u2019\-]+)){0,2}"
    r"\s*(?:\.\.\.|\u2026|,|-{1,2}|\u2013|\u2014)?\s*$",
    re.IGNORECASE,
)


# ... or with no verb: a source named ("Per Murphy", "From Janet's mail", "Quoting Janet",
# "Janet (on Discord)", "Quote of the day") or an example announced ("e.g.", "For example").
_SOURCE_UNMARKED = re.compile(
    r"^(?:(?:per|as\s+per|according\s+to|from|quoting|via)\s+"
    r"(?!(?:me|my|myself|now|today|tonight|tomorrow|here|there|then|this|that)\b)"
    r"(?!(?:the\s+)?(?:rules?|regulations?|contract|ruleset|procedure)\b)"
    r"[\w'\u2019\-]+(?:\s+[\w'\u2019\-]+){0,4}"
    r"|quote\s+of\s+the\s+\w+"
    r"|(?-i:[A-Z])[\w\-]*\s*\(\s*(?:on|in|via|from|at)\s+[^()]{1,30}\)"
    r"|e\.\s?g\.?|i\.\s?e\.?|for\s+(?:example|instance)|examples?|such\s+as|like\s+this)"
    r"\s*(?:[,.]|\.\.\.|\u2026|-{1,2}|\u2013|\u2014)?\s*$",
    re.IGNORECASE,
)


def reported_speech_unmarked(text: str, line: str) -> bool:
    """Whether a sentence that is a whole line (``line``, its text) introduces someone
    else's words below it without a colon ("Janet wrote", "Per Murphy"), or an example."""
    stripped = text.strip()
    if line.strip().rstrip(".!") != stripped.rstrip(".!"):
        return False
    return (
        _REPORTED_UNMARKED.match(stripped) is not None
        or _SOURCE_UNMARKED.match(stripped) is not None
    )


# A question asking which of several things to do, with the things listed under it ("Poll:
# which should I do?\n(a) I deregister\n(b) I become inactive"): the items are the choices
# offered, none of them done (P75-lead-s20-7).
_CHOICE_QUESTION = re.compile(
    r"(?:^|[:\-\u2013\u2014]\s*)(?:so\s+|ok\s*,?\s+)?(?:which|what)\b"
    r"|\b(?:poll|vote|choose|pick|options?|choices?|prefer|either)\b",
    re.IGNORECASE,
)
_LIST_ITEM = re.compile(
    r"^\s*(?:\(?(?:[a-z]|[ivx]{1,4}|[0-9]{1,2})[).:]|[-*+\u2022])\s*\S", re.IGNORECASE
)


def offers_choices(question: str, lines: Sequence[tuple[int, str]], line: int) -> bool:
    """Whether ``question``, a sentence asked on ``line``, asks which of several things to do
    and the next line that is not blank is an item of a list (the things to choose from)."""
    if _CHOICE_QUESTION.search(question) is None:
        return False
    following = next((text for number, text in lines if number > line and text.strip()), None)
    return following is not None and _LIST_ITEM.match(following) is not None


def governed_until(
    lines: Sequence[tuple[int, str]], lead_in_line: int, *, skip_blank: bool = True
) -> int:
    """The number of the last line a lead-in on ``lead_in_line`` governs: the lines after
    it, blank ones skipped until the block begins (unless ``skip_blank`` is False: someone
    else's words follow their attribution at once), up to the next blank line."""
    last = lead_in_line
    begun = False
    for number, text in lines:
        if number <= lead_in_line:
            continue
        if not text.strip():
            if begun or not skip_blank:
                break
            continue
        begun = True
        last = number
    return last
