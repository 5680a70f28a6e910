"""The Arcadia contract's other words, put in its grammar's terms before parsing."""

from __future__ import annotations

import re

from referee.games.base import Lexicon, rewrites
from referee.games.tabled.wording import METHOD_NUMBERS, RULE_2124_ANSWERS

_CONTRACT = r"\s+(?=(?:the\s+)?arcadia(?:n)?\s+contract$)"
_PROPOSAL = r"(?=arcadian\s+proposal\b)"
_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_NUMBER_WORDS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"),
    *("nineteen", "twenty"),
)

_UNITS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_ORDINALS = (
    *_UNITS,
    *("tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth"),
    *("seventeenth", "eighteenth", "nineteenth", "twentieth"),
    *(rf"twenty[\s\-]?{unit}" for unit in _UNITS),
    *("thirtieth", r"thirty[\s\-]?first"),
)


def _dates() -> tuple[tuple[str, str], ...]:
    """A date written with its month's name ("1 December 2026", "December 1st, 2026",
    "Dec 1 2026") in the grammar's ISO form; any other date is not understood."""
    day = r"(?:the\s+)?(?P<day>[0-9]{1,2})(?:st|nd|rd|th)?"
    year = r"(?P<year>[0-9]{4})"
    pairs: list[tuple[str, str]] = []
    for number, month in enumerate(_MONTHS, 1):
        # "Sept." too, the one four-letter abbreviation in common use.
        short = "sept?" if month == "september" else month[:3]
        name = rf"(?:{month}|{short}\.?)"
        iso = rf"\g<year>-{number:02d}-\g<day>"
        pairs.append((rf"\b{day}\s+(?:of\s+)?{name},?\s+{year}\b", iso))
        pairs.append((rf"\b{name}\s+{day},?\s+{year}\b", iso))
    # A day written as an ordinal word: "the first of August, 2028" (P42-read-games-s10-3).
    months = "|".join(rf"{m}|{m[:3]}\.?" for m in _MONTHS) + r"|sept\.?"
    for number, word in enumerate(_ORDINALS, 1):
        pairs.insert(0, (rf"\b(?:the\s+)?{word}\s+(?:of\s+)?(?=(?:{months})\b)", f"{number} "))
    # A one-digit day gets its zero.
    pairs.append((r"\b([0-9]{4}-[0-9]{2})-([0-9])\b", r"\1-0\2"))
    return tuple(pairs)


LEXICON = Lexicon(
    # "> I intend, with 2 support and without 2 objections, to apply the changes in Arcadian
    # Proposal 1 to the Tournament Template.": the proposal's own intent restated (A12), which
    # a bare "I object." under it answers (P71-read-agora-s19-4).
    quoted_intents=(
        (
            re.compile(
                r"\bI\s+(?:hereby\s+)?intend\b[^.;]{0,120}?\bto\s+apply\s+"
                r"(?:the\s+changes\s+(?:listed\s+)?(?:in|of|from)\s+)?"
                r"(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*([0-9]+)(?![0-9])"
                # ... one proposal: "AP 1 and 2" is told, as two intents would be.
                r"(?!\s*(?:[,&]|and\b|or\b)\s*(?:(?:arcadian\s+proposals?|(?-i:APs?))\s*)?#?\s*[0-9]"
                r"|\s*(?:through|thru|to|-|\u2013)\s*(?:(?:arcadian\s+proposal|(?-i:AP))\s*)?#?\s*[0-9])",
                re.IGNORECASE,
            ),
            r"apply Arcadian Proposal \1",
        ),
    ),
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    # "AP" as Agorans abbreviate it, in capitals only ("the AP Janet posted" is an attempt).
    own_words=re.compile(
        r"\b(?:arcadian\s+proposals?|arcadian\s+contract|(?-i:APs?))\b|"
        # "I leave the contract.": which contract, only its author can say; told with the
        # contract's forms, never read as this one (P67-lead-s17-8).
        r"\bthe\s+contract\s*[.!]?\s*$",
        re.IGNORECASE,
    ),
    verbs=(
        *("become", "join", "agree", "leave", "create", "support", "object", "withdraw", "apply"),
        "objection",
    ),
    trailing=(r"(?:the\s+)?arcadia(?:n)?\s+contract",),
    # "Arcadian Proposal 3: I object.", "AP 2 - I support it": the proposal named first.
    labels=rewrites(
        # "Please consider me a party to the Arcadia contract", "Consider me a participant in
        # the Arcadian Tournament": becoming one (the tournament's words are Arcadia's to read;
        # the label is one for both, to cost every sentence one test).
        (
            r"^(?=[pcml])(?:please\s+)?(?:consider|count|make|list|mark)\s+me\s+(?:as\s+)?(?:an?\s+)?"
            r"(?=(?:party\s+to|participant\s+in|player\s+(?:in|of)|competitor\s+in|member\s+of)\s+"
            r"(?:the\s+)?arcadia)",
            "I become a ",
        ),
        *(
            (
                # ("Re: AP 7 - I support": the reply's label before it; P48-read-games-s11-3.)
                r"^(?:re\s*:\s*|regarding\s+)?(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*([0-9]+)\s*[:\-\u2013\u2014]\s*"
                r"I\s+(?:hereby\s+)?"
                rf"{verb}(?:\s+(?:to\s+)?(?:it|this(?:\s+one)?))?[\s.!]*$",
                rf"I {form} Arcadian Proposal \1",
            )
            for verb, form in (("support", "support"), ("object", "object to"))
        ),
        # "+1 to AP 40", "+1 for Arcadian Proposal 40": the list's sign of support.
        (
            r"^(?=\+)\+\s*1\s*(?:to|for|on|from\s+me\s+(?:to|for|on))?\s*[:,\-]?\s*(?=(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*"
            r"[0-9]+[\s.!]*$)",
            "I support ",
        ),
        # "Support: AP 40", "Objection - Arcadian Proposal 41": the answer as the label
        # (P42-read-games-s10-3).
        *(
            (
                rf"^(?=[so]){label}\s*[:\-\u2013\u2014]\s*(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*([0-9]+)"
                r"[\s.!]*$",
                rf"I {form} Arcadian Proposal \1",
            )
            for label, form in (("support(?:ed)?", "support"), ("object(?:ion|ed)?", "object to"))
        ),
        # "Support: AP 14, AP 15", "Object - AP 16 and 17": the answer as the label of a
        # list of proposals, each answered (P52-read-games-s12-7).
        *(
            (
                rf"^(?=[so]){label}\s*[:\-\u2013\u2014]\s*(?=(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*[0-9]+"
                r"\s*(?:,|and\b|&)\s*(?:(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*)?[0-9]+)",
                f"I {form} ",
            )
            for label, form in (("support(?:ed)?", "support"), ("object(?:ion|ed)?", "object to"))
        ),
        # "AP 14: support.", "Re AP 14 - object": the proposal as the label, the answer alone
        # after it (as "Intent 5: support." answers an intent; P52-read-games-s12-7).
        *(
            (
                r"^(?:re\s*:?\s*|regarding\s+)?(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*([0-9]+)\s*[:\-\u2013\u2014]\s*"
                rf"{answer}[\s.!]*$",
                rf"I {form} Arcadian Proposal \1",
            )
            for answer, form in (("support(?:ed)?", "support"), ("object(?:ion|ed)?", "object to"))
        ),
    ),
    rewrites=rewrites(
        # "the intent to apply (the changes in) Arcadian Proposal 1 (to the Tournament
        # Template)", "Trigon's intent to apply AP 1": the proposal, which is its own intent
        # (A12), with the sponsor named kept as its submitter (P71-read-agora-s19-4).
        (
            r"\b(?:(?:the|that|this|your|his|her|their|eir)\s+|([A-Za-z\u00C0-\u024F][\w\-]*['\u2019]s)\s+)"
            r"intent(?:ion)?\s+to\s+apply\s+(?:the\s+changes\s+(?:listed\s+)?(?:in|of|from)\s+)?"
            r"((?:arcadian\s+proposal|(?-i:AP))\s*#?\s*[0-9]+)(?:\s+to\s+the\s+tournament\s+template)?",
            r"\1 \2",
        ),
        # "Janet's AP 14": the proposal by its number, its submitter kept and checked (the
        # intent to apply it is hers), never dropped (P55-read-games-s13-3).
        (
            r"(?<![\w'\u2019])(?!(?:it|that|what|here|there|let|who|one|someone|somebody|everyone)"
            r"['\u2019]s\b)([A-Za-z\u00C0-\u024F][\w\-]*)['\u2019]s\s+(?:arcadian\s+proposal|(?-i:AP))"
            r"\s*#?\s*([0-9]+)\b",
            r"Arcadian Proposal \2 submitted by \1",
        ),
        *METHOD_NUMBERS,
        *RULE_2124_ANSWERS,
        # "I support AP 14, AP 15": two proposals, each named, with a comma alone between
        # them ("Arcadian Proposal 15, 16" stays told: the bare number may be another thing).
        (
            r"^(I\s+(?:support|object\s+to)\s+(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*[0-9]+)\s*,\s*"
            r"(?=(?:arcadian\s+proposal|(?-i:AP))\s*#?\s*[0-9]+[\s.!]*$)",
            r"\1 and ",
        ),
        # "... on principle", "... with regret": the author's manner, at the end.
        (
            r"\s*[,;]?\s+(?:on\s+principle|in\s+protest|with\s+regret|with\s+pleasure|reluctantly|gladly|"
            r"happily|wholeheartedly|strongly|respectfully)[\s.!]*$",
            "",
        ),
        # "I support, by announcement, Arcadian Proposal 25": the method, said in the middle.
        (r"^(I\s+(?:hereby\s+)?[a-z]+)\s*,\s*by\s+announcement\s*,\s*", r"\1 "),
        # "I create an Arcadian Proposal titled "Cheaper Farms" with the text: ...": its title.
        (
            r"^(I\s+(?:create|submit)\s+an\s+arcadian\s+proposal)\s+(?:titled|called|named|entitled)\s+"
            r"[\"\u201c][^\"\u201c\u201d]*[\"\u201d]\s*,?\s*",
            r"\1 ",
        ),
        # "(no joke)", "(seriously)": the author insisting, not joking.
        (r"\s*\(\s*(?:no\s+joke|not\s+a\s+joke|seriously|for\s+real)\s*\)[\s.!]*$", ""),
        # "I support both AP 20 and AP 21": "both" before two proposals.
        (r"^I\s+(support|object\s+to)\s+both\s+(?=arcadian\s+proposal)", r"I \1 "),
        # "I apply Arcadian Proposal 20 (2 support, no objections)": the rule's condition.
        (
            r"^(I\s+apply\s+arcadian\s+proposal\s+#?[0-9]+)\s*\(\s*(?:with\s+)?(?:2|two)\s+support[^()]*\)$",
            r"\1",
        ),
        # "I create an Arcadian Proposal, text: ...".
        (
            r"^(I\s+(?:create|submit)\s+an\s+arcadian\s+proposal)\s*,\s*(?:with\s+)?(?:the\s+)?(?:following\s+)?"
            r"(?:text|wording)\s*:\s*",
            r"\1 with the following text: ",
        ),
        # "... as Lord-Ruler": the office the author acts in, at the end.
        (
            r"\s*,?\s+(?:as|in\s+my\s+(?:role|capacity|function)\s+as)\s+(?:the\s+)?lord[\s-]ruler[\s.!]*$",
            "",
        ),
        # "I object to AP 15 [see above]": an aside in square brackets, as in round ones.
        (r"\s+\[([^\[\]0-9]*)\]$", r" (\1)"),
        # "to" dropped: "I object Arcadian Proposal 2".
        (r"^I\s+object\s+(?=arcadian\s+proposal\b)", "I object to "),
        # A proposal's number in words ("Arcadian Proposal two", "AP fourteen";
        # P48-read-games-s11-1).
        *(
            (rf"\b(?:arcadian\s+proposal|(?-i:AP))\s+{word}\b", rf"Arcadian Proposal {number}")
            for number, word in enumerate(_NUMBER_WORDS)
        ),
        # Becoming and ceasing to be a party.
        (
            rf"^I\s+(?:sign|enter(?:\s+into)?|sign\s+up\s+(?:to|for)|consent\s+to){_CONTRACT}",
            "I join ",
        ),
        (
            rf"^I\s+(?:cease|stop)\s+being\s+a\s+party\s+to{_CONTRACT}",
            "I cease to be a party to ",
        ),
        (rf"^I\s+(?:quit|exit|depart(?:\s+from)?|drop\s+out\s+of){_CONTRACT}", "I leave "),
        (
            r"^I(?:\s+am|['\u2019]m)\s+no\s+longer\s+(?:a\s+)?party\s+to" + _CONTRACT,
            "I cease to be a party to ",
        ),
        # Support and objection in other words.
        (rf"^I\s+(?:second|endorse|back)\s+{_PROPOSAL}", "I support "),
        (
            r"^I\s+(?:give|lend|offer|add|pledge)\s+my\s+support\s+to\s+" + _PROPOSAL,
            "I support ",
        ),
        (
            r"^I\s+(?:raise|register|lodge|file|state)\s+(?:an|my)\s+objection\s+(?:to|against)\s+"
            + _PROPOSAL,
            "I object to ",
        ),
        (
            r"^I\s+(?:rescind|retract|revoke)\s+my\s+(support|objection)\s+",
            r"I withdraw my \1 ",
        ),
        # "I remove (take back, pull, cancel) my support from AP 5".
        (
            r"^I\s+(?:remove|take\s+back|pull|cancel|drop)\s+my\s+support\s+(?:from|for|of)\s+"
            + _PROPOSAL,
            "I withdraw my support for ",
        ),
        (
            r"^I\s+(?:remove|take\s+back|pull|cancel|drop)\s+my\s+objection\s+(?:from|to|against|of)\s+"
            + _PROPOSAL,
            "I withdraw my objection to ",
        ),
        # "I support: AP 5", "I object: Arcadian Proposal 5": the verb's colon.
        (r"^I\s+(support|apply)\s*:\s*" + _PROPOSAL, r"I \1 "),
        (r"^I\s+object(?:\s+to)?\s*:\s*" + _PROPOSAL, "I object to "),
        # Applying.
        (rf"^I\s+(?:enact|adopt|carry\s+out|implement)\s+{_PROPOSAL}", "I apply "),
        (
            r"^I\s+apply\s+the\s+(?:changes|amendments|text)\s+(?:in|of|from|listed\s+in|"
            r"proposed\s+in)\s+" + _PROPOSAL,
            "I apply ",
        ),
        # The rule's own method after an application changes nothing.
        (
            r"^(I\s+apply\s+arcadian\s+proposal\s+#?[0-9]+)\s*,?\s*with\s+(?:2|two)\s+support"
            r"(?:\s+and\s+without\s+(?:2|two)\s+objections?)?$",
            r"\1",
        ),
        (r"^I\s+(?:oppose|object\s+against)\s+" + _PROPOSAL, "I object to "),
        # "AP 11": the contract's proposals by their initials (capitals only).
        (r"(?-i:\bAPs?)\s*#?\s*(?=[0-9])", "Arcadian Proposal "),
        # "I support and then apply AP 14": two answers sharing one proposal, each said of it
        # (P48-read-games-s11-1).
        (
            r"^I\s+(support|object\s+to|apply)\s*,?\s*(?:and|&)\s*(?:then\s+)?(support|object\s+to|apply)\s+"
            r"(arcadian\s+proposal\s+[0-9]+)$",
            r"I \1 \3 and \2 \3",
        ),
        # "A.P. 40": the initials with their full stops (P42-read-games-s10-6).
        (r"(?-i:\bA\.\s?P\.?)\s*#?\s*(?=[0-9])", "Arcadian Proposal "),
        (r"\bto\s+never\s+again$", "to Never"),
        # 'I set the Iteration Date to "Never"': the value quoted as the rule text writes it.
        (r"\b(Iteration\s+Date\s+to)\s+[\"\u201c\u201d']never[\"\u201c\u201d']$", r"\1 Never"),
        # "I submit AP: Mines produce 2 Stone": a proposal created by its initials (P42-...-5).
        (
            r"^I\s+(?:hereby\s+)?(?:submit|create|propose|post|make)\s+(?:an?\s+)?(?:new\s+)?(?-i:AP)\s*[:\-\u2013\u2014]\s*(?=\S)",
            "I create an Arcadian Proposal with the following text: ",
        ),
        # "... to 2028-08-01 00:00 UTC": midnight, the start of the date (any other time is told).
        (
            r"\b([0-9]{4}-[0-9]{2}-[0-9]{2})\s*(?:at\s+)?(?:00:00(?::00)?|0:00|midnight)\s*(?:UTC|GMT|Z)?$",
            r"\1",
        ),
        # "Support for Arcadian Proposal 8", "Objection to Arcadian Proposal 8".
        (r"^I\s+support\s+(?:for|of)\s+" + _PROPOSAL, "I support "),
        (r"^I\s+objection\s+(?:to|against)\s+" + _PROPOSAL, "I object to "),
        (r"\bmy\s+(support|objection)s\b", r"my \1"),
        # "..., now that it has 2 support": why it may be applied now.
        (
            r"^(I\s+apply\s+arcadian\s+proposal\s+#?[0-9]+)\s*,?\s+(?:now\s+that|given\s+that|"
            r"seeing\s+(?:that|as))\b.*$",
            r"\1",
        ),
        # "the Lord-Ruler's intent to begin", "beginning a new Free Tournament".
        (
            r"\b(?:the\s+)?[A-Za-z\-]+['\u2019]s\s+(?=intent(?:ion)?\s+to\s+(?:begin|start)\b)",
            "the ",
        ),
        (
            r"^I\s+(support|object\s+to)\s+(?:beginning|starting)\s+(?=(?:a\s+)?(?:new\s+)?free\s+tournament)",
            r"I \1 the intent to begin ",
        ),
        # "Arcadian Proposal number 2", "the Arcadian Proposal 2", "Arcadian Proposals 2 and 3".
        (r"(arcadian\s+proposal)\s+(?:number|no\.?|num\.?|nr\.?)\s*(?=#?[0-9])", r"\1 "),
        (r"\bthe\s+(?=arcadian\s+proposal\s+#?[0-9])", ""),
        (
            r"\barcadian\s+proposals?\s+#?([0-9]+)\s*,\s*#?([0-9]+)\s*,?\s*(?:and|&)\s+#?([0-9]+)$",
            r"Arcadian Proposal \1, Arcadian Proposal \2 and Arcadian Proposal \3",
        ),
        (
            r"\barcadian\s+proposals?\s+#?([0-9]+)\s*(?:,?\s*and|&)\s*#?([0-9]+)$",
            r"Arcadian Proposal \1 and Arcadian Proposal \2",
        ),
        (
            r"^I\s+(withdraw\s+my\s+(?:support\s+(?:for|from)|objection\s+(?:to|against))|support|object\s+to|"
            r"apply)\s+arcadian\s+proposal\s+([0-9]+)\s+and\s+arcadian\s+proposal\s+([0-9]+)$",
            r"I \1 Arcadian Proposal \2 and \1 Arcadian Proposal \3",
        ),
        # "I support Arcadian Proposals 3 and 4, and object to Arcadian Proposal 5": the pair,
        # then another answer (P48-read-games-s11-3).
        (
            r"^I\s+(support|object\s+to|apply)\s+arcadian\s+proposals\s+#?([0-9]+)\s*(?:,?\s*and|&)\s*#?([0-9]+)"
            r"\s*,?\s*(?=and\s+(?:I\s+)?(?:support|object|withdraw|apply)\b)",
            r"I \1 Arcadian Proposal \2 and \1 Arcadian Proposal \3 ",
        ),
        # "I withdraw my objection to AP 7 and support it", "I withdraw my support for, and
        # object to, AP 32": two answers to the one proposal, each said of it, in order
        # (P48-read-games-s11-3).
        (
            r"^I\s+(withdraw\s+my\s+(?:support\s+(?:for|from)|objection\s+to)|support|object\s+to)\s+"
            r"(arcadian\s+proposal\s+[0-9]+)\s*,?\s*(?:and|&)\s*(?:then\s+)?(?:I\s+)?"
            r"(support|object\s+to|apply|withdraw\s+my\s+(?:support\s+for|objection\s+to))\s+(?:it|that\s+one)"
            r"(?:\s+(?:instead|now|too|as\s+well))?$",
            r"I \1 \2 and \3 \2",
        ),
        (
            r"^I\s+(withdraw\s+my\s+(?:support\s+for|objection\s+to))\s*,\s*(?:and|&)\s+(?:then\s+)?"
            r"(support|object\s+to)\s*,\s*(arcadian\s+proposal\s+[0-9]+)$",
            r"I \1 \3 and \2 \3",
        ),
        # Creating a proposal in other words.
        (
            r"^I\s+(?:create|submit|propose|make|put\s+forward)\s+the\s+following\s+"
            r"arcadian\s+proposal\s*:?\s*",
            "I create an Arcadian Proposal with the following text: ",
        ),
        (
            r"^I\s+(?:propose|make|put\s+forward)\s+(?=an\s+arcadian\s+proposal\b)",
            "I create ",
        ),
        (
            r"^(I\s+(?:create|submit)\s+an\s+arcadian\s+proposal)\s*:\s*",
            r"\1 with the following text: ",
        ),
        (
            r"^(I\s+apply\s+arcadian\s+proposal\s+#?[0-9]+)(?:\s+to\s+the\s+tournament\s+template)?\s*,?\s*"
            r"and\s+post\s+(?:the\s+)?(?:full\s+)?(?:modified|amended|new|updated|changed)\s+tournament\s+"
            r"template(?:\s+to\s+the\s+public\s+forum)?(?:\s+(?:below|here|above|in\s+this\s+message))?$",
            r"\1",
        ),
        (
            r"^(I\s+create\s+an\s+arcadian\s+proposal)\s+with\s+the\s+(?:text|wording)\b",
            r"\1 with the following text",
        ),
        # Parties: the contract named another way, "party" without its article.
        (
            r"\bthe\s+(?:contract\s+(?:for|of)\s+arcadia|arcadia['\u2019]s\s+contract)$",
            "the Arcadia contract",
        ),
        (
            r"^I\s+(?:consent|agree)\s+to\s+(?:be|become)\s+(?:a\s+)?party\s+to" + _CONTRACT,
            "I become a party to ",
        ),
        (r"^I\s+(become|cease\s+to\s+be)\s+party\s+to\b", r"I \1 a party to"),
        (r"^I\s+agree\s+to\s+be\s+bound\s+by" + _CONTRACT, "I join "),
        # The Iteration Date: other verbs, and dates with a month's name.
        (r"^I\s+(?:change|reset|update|move|switch|flip)\s+(?=the\s+iteration\s+date\b)", "I set "),
        (r"^I\s+set\s+(?=iteration\s+date\b)", "I set the "),
        (r"^(I\s+set\s+the\s+iteration\s+date)\s+(?:back|again|once\s+more)\s+to\b", r"\1 to"),
        # "2027/03/15", "2027.03.15": the same date with dashes.
        (r"\b([0-9]{4})[/.]([0-9]{1,2})[/.]([0-9]{1,2})\b", r"\1-\2-\3"),
        # "I support Arcadian Proposal 2 but object to Arcadian Proposal 3".
        (r"\s+but\s+(?=(?:I\s+)?(?:support|object|withdraw|apply)\b)", " and "),
        # "2027-1-4": the month with its zero.
        (r"\b([0-9]{4})-([0-9])-(?=[0-9])", r"\1-0\2-"),
        *_dates(),
        # ... and midnight after a date with its month's name ("1 April 2027 00:00 UTC";
        # P48-read-games-s11-4).
        (
            r"\b([0-9]{4}-[0-9]{2}-[0-9]{2})\s*(?:at\s+)?(?:00:00(?::00)?|0:00|midnight)\s*(?:UTC|GMT|Z)?$",
            r"\1",
        ),
        # "I set the Iteration Date to 2028-05-01 and announce that date": the rule's own
        # announcement of the date, said after.
        (
            r"^(I\s+set\s+the\s+iteration\s+date\s+to\s+[0-9]{4}-[0-9]{2}-[0-9]{2})\s*,?\s*and\s+(?:hereby\s+)?"
            r"announce\s+(?:that|this|the\s+new|it\s+as\s+the\s+new)\s+date$",
            r"\1",
        ),
        # The rule's own words: "announce a new date and set the Iteration Date to it".
        (
            r"^I\s+announce\s+(?:the\s+(?:new\s+)?date\s+|a\s+new\s+date\s*[,:]?\s*)?(?:of\s+)?"
            r"([0-9]{4}-[0-9]{2}-[0-9]{2})"
            r"(?:\s*,?\s+as\s+(?:the|a|my)\s+(?:new\s+)?(?:iteration\s+)?date)?"
            r"\s*,?\s+and\s+(?:I\s+)?set\s+the\s+iteration\s+date\s+to\s+(?:it|that(?:\s+date)?|this(?:\s+date)?)$",
            r"I set the Iteration Date to \1",
        ),
        # "I announce 2027-06-01 as the new Iteration Date", "I announce the new Iteration Date:
        # 2027-06-01": the announcement and the setting in one (P65-read-games-s17-10).
        (
            r"^I\s+(?:hereby\s+)?announce\s+([0-9]{4}-[0-9]{2}-[0-9]{2})\s*,?\s+as\s+(?:the|a)\s+(?:new\s+)?"
            r"iteration\s+date$",
            r"I set the Iteration Date to \1",
        ),
        (
            r"^I\s+(?:hereby\s+)?announce\s+(?:the|a)\s+new\s+iteration\s+date\s*[:,\-\u2013\u2014]?\s*(?:of\s+)?"
            r"([0-9]{4}-[0-9]{2}-[0-9]{2})$",
            r"I set the Iteration Date to \1",
        ),
        (r"\b(begin|start)\s+the\s+new\s+free\s+tournament\b", r"\1 a new Free Tournament"),
        # ... also in brackets: "... a new Free Tournament (using the Tournament Template)".
        (
            r"\s*\(?\s*\b(?:with|using|from|per|following|under|according\s+to)\s+the\s+(?:regulations\s+"
            r"(?:of|in|from)\s+the\s+)?tournament\s+template(?:['\u2019]s\s+regulations)?(?:\s*\))?"
            # (... or before the method said after it, as an opener moved to the end leaves
            # it: "With 2 Agoran consent, I begin ... in the Tournament Template";
            # P66-read-agora-s17-6.)
            r"(?=\s*,\s*with(?:out)?\s[^,]{0,60}$|$)",
            " with the regulations of the Tournament Template",
        ),
        # "I announce (table, post) intent to begin a new Free Tournament", "I announce an
        # intent, with 2 Agoran consent, to begin ...": tabling, as "I intend" is
        # (P66-read-agora-s17-6).
        (
            r"^I\s+(?:announce|table|post|file|submit|lodge|make|issue|put\s+forward)\s+(?:my\s+|an\s+)?"
            r"intent(?:ion)?\s*,\s*(with\b[^,]{0,60}?)\s*,\s*to\s+(?=(?:begin|start|initiate)\b)",
            r"I intend, \1, to ",
        ),
        (
            r"^I\s+(?:announce|table|post|file|submit|lodge|make|issue|put\s+forward)\s+(?:my\s+|an\s+)?"
            r"intent(?:ion)?\s+to\s+(?=(?:begin|start|initiate)\b)",
            "I intend to ",
        ),
        # The Lord-Ruler's attempt to begin a new Free Tournament, named another way.
        (
            r"^I\s+(support|object\s+to)\s+the\s+(?:attempt|plan|intent(?:ion)?)\s+to\s+"
            r"(?=begin\b|start\b|initiate\b)",
            r"I \1 the intent to ",
        ),
    ),
)
