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

from referee.games.base import NUMBER_WORDS, Lexicon, rewrites
from referee.parsing import prefilter
from referee.parsing.asides import pictograph, trailing_courtesy

_HEDGE = re.compile(
    r"(?:\b(?:will|would|shall(?!\s+be\s+(?:named|called))|should|could|might|(?<!\d\s)(?<!\d(?:st|nd|rd|th)\s)may(?!\s+\d)|maybe|perhaps|"
    r"probably|think|guess|wonder|plan|planning|gonna|want|wanted|wish|hope|"
    r"was|were|had|did|didn't|not|(?<!\bto\s)never|if|unless|whether|suppose|supposing|"
    r"what|who|why|"
    r"how|can|cannot|can't|you|yesterday|ago|last|(?<!\bmy\s)earlier|tomorrow|later|next(?!\s+(?:single[\s-]+capture\s+go\b(?:\s+game\b)?|scgo?\b(?:\s+game\b)?|game\b|(?:surveyor|registrar|sensei|referee|lord[\s-]ruler)\b))|soon|"
    # Someone else's words, an example or a hypothesis, another time: not an act now.
    r"said|says|say|wrote|writes|asked|asks|claims|claimed|states|stated|told|quote|"
    r"quoting|quoted|example|instance|e\.g|sample|specimen|syntax|wording|proposed|"
    r"hypothetical(?:ly)?|theory|"
    r"theoretically|"
    # "In a perfect world, I ...", "In another life, I ...": not this world's act; "Ignore
    # this: I ...": the author says it is none (P67-lead-s17-11).
    r"in\s+(?:a|an|another|some)\s+(?:perfect|ideal|better|other|alternate|alternative|parallel|"
    r"different)\s+(?:world|universe|life|timeline)|in\s+another\s+(?:life|world|universe|timeline)|"
    # "In my dreams, I ...", "In a dream, I ...": a dream's act, not this world's (P75-lead-s20-1).
    r"in\s+(?:(?:my|your|his|her|our|their|one['\u2019]s)\s+(?:wildest\s+|sweetest\s+|worst\s+)?|a\s+)"
    r"(?:dreams?|fantas(?:y|ies)|nightmares?)|"
    r"(?<=^)(?:please\s+)?(?:ignore|disregard)\s+(?:this|the\s+following|what\s+follows|below|"
    r"everything)|"
    r"(?<=^)from\s+[\w\-]+['\u2019]s\s+(?:message|post|mail|e-?mail|letter)|"
    r"imagine|assume|assuming|provided|providing|(?:as|so)\s+long\s+as|in\s+case|after|before|until(?!\s+further\s+notice)|till|once(?!\s+(?:more|again|in|for)\b)|"
    r"when|whenever|question|behalf|proxy|forwarding|forwarded|relaying|relayed|pretend\w*|"
    r"kidding|joking|retroactiv\w*|backdat\w*|april\s+fool\w*|satir\w*|parod\w*|in\s+jest|"
    # ("Same idea, one over: I ...", "Good idea - I ...": another's idea agreed with, then the
    # author's own act; P73-read-games-s20-6.)
    r"(?<!arcadian\s)proposal|draft|test|(?<!\bsame\s)(?<!\bgood\s)(?<!\bgreat\s)(?<!\bnice\s)idea|"
    r"suggest\w*|option|alternatively|otherwise|or)\b|"
    r"\b(?:I|we)['\u2019](?:ll|d)\b|n['\u2019]t\b|\?|"
    # A label that makes the words a record, a jest or another's ("Recap: I ...", "Spoiler:
    # I ...", "Janet's move: I ...", "Janet posted: I ..."; P67-lead-s17-12).
    r"^\s*(?:recap|log|reminder|spoiler|fun\s+fact|trivia|vote|summary|history|transcript|"
    r"minutes|citation)\s*:|"
    # "Testing, ignore: I ...", "Test: I ...", "Ignore: I ...": the author marks the act as a
    # try, not meant (P73-read-games-s20-1).
    r"^[\s(\[]*(?:(?:just\s+)?test(?:ing)?(?:\s+(?:only|message|post|mail|run))?"
    r"(?:\s*[,;\-\u2013\u2014]?\s*(?:please\s+)?(?:ignore|disregard)(?:\s+(?:this|it|me))?)?|"
    r"(?:please\s+)?(?:ignore|disregard))[\s)\]]*(?::|\s[\-\u2013\u2014]{1,2}\s)|"
    # "Effective 1 January, I ...", "As of Monday, I ...": a date set for the act, which may
    # not be now (P72-lead-s18-8).
    r"^\s*(?:effective|as\s+of|starting|beginning|commencing|with\s+effect\s+from|on)\s+"
    r"(?:on\s+|from\s+)?(?:the\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|may\s+\d|noon\b|midnight\b)|"
    # "Subject to Janet's approval: I ...", "Barring objections - I ...": a condition said
    # as a phrase, opening the sentence (P74-read-agora-s20-1).
    r"^\s*(?:conditional(?:ly)?\s+(?:up)?on|contingent\s+(?:up)?on|subject\s+to|pending\s+\w|"
    r"depending\s+(?:up)?on|dependent\s+(?:up)?on|barring|absent\s+(?:any|an?|objections?)|"
    r"failing\s+(?:that|this|which|it)|on\s+(?:the\s+)?condition|"
    r"(?:[\w'\u2019]+\s+){1,2}(?:permitting|allowing)\s*[,:\-\u2013\u2014])|"
    # "From the archive: I ...": an old text passed on (P72-lead-s18-1).
    r"^\s*from\s+the\s+(?:archives?|minutes|logs?|history|transcripts?|records)\b|"
    # "Previously: I ...", "Dry run: I ...", "Mock-up: I ..." (P72-lead-s18-4).
    r"^\s*(?:previously|dry[\s-]+run|mock[\s-]?up|simulation|simulated|rehearsal|practice|"
    r"review)\s*:|"
    # "In Janet's words: I ...", "Janet, in her message: I ..." (P72-lead-s18-7).
    r"^\s*(?:in|from|per)\s+[\w\-]+['\u2019]s\s+(?:own\s+)?(?:words|message|post|mail|e-?mail|reply)\s*:|"
    r"^[^:]{0,40}\b(?:her|his|their|eir)\s+(?:own\s+)?(?:words|message|post|mail|e-?mail|reply)\s*:|"
    r"^\s*(?!(?:today|tonight|this|week|round|turn)['\u2019]s)[\w\-]+['\u2019]s\s+"
    r"(?:move|play|action|actions|turn|message|post|mail|words)\s*:|"
    r"^\s*[\w\-]+\s+(?:posted|announced|tweeted|messaged)\s*:)",
    re.IGNORECASE,
)


def hedged(text: str) -> bool:
    """Whether the words intend, wish, doubt, deny, ask or tell of the past: never acts."""
    return _first_hedge(text) is not None


@lru_cache(maxsize=4096)
def _first_hedge(text: str) -> re.Match[str] | None:
    """The first hedge in ``text``, remembered: the same forms are asked about once per
    game (and sentences recur from message to message), and the search is the costliest
    of the normaliser's. Sentences are at most a thousand characters (longer ones are not
    read), so what is kept stays within a few megabytes."""
    return _HEDGE.search(text)


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
# "Referee, please play d3": an officer addressed before a request; "Surveyor: tile at H4",
# "Surveyor -- I place ...": before the act, or a thing the games read alone (P58-lead-s13-1).
_ADDRESSED_OFFICER = (
    r"^(?:(?:dear|hi|hello|hey)\s+)?(?:the\s+)?(?:referee|gamesmaster|lord[\s-]ruler|surveyor|sensei|"
    r"registrar|officer)\s*(?:[,:!]|\s(?:--?|[\u2013\u2014])(?=\s))\s*"
    r"(?=please\b|I\s|[A-Za-z][1-9][0-9]?\b|(?:an?\s+|one\s+)?(?:tiles?|stones?)\s+(?:at|on)\b|"
    # ... an investment, or a game's bare verb before its object ("Lord-Ruler: claim (2, 2)",
    # P62-7).
    r"(?:an?\s+|one\s+)?investment\s+(?:in|for)\b|"
    r"(?:claim|build|destroy|place|play|invest|capture)\s+(?=[a-z(]))",
    "",
)
# Openings with no "I" that still name a place: "Square d3, please", "Referee, please
# play d3", "Ok here goes: d3".
_PLACE_OPENING = re.compile(
    # ("Hi referee -- please record c5 for me": a greeting and a dash too, P62-6.)
    r"^\s*(?:(?:(?:dear|hi|hello|hey)\s+)?(?:the\s+)?(?:referee|gamesmaster|lord[\s-]ruler|surveyor|"
    r"sensei|registrar|officer)\s*(?:[,:!]|\s(?:--?|[\u2013\u2014])(?=\s))\s*"
    r"(?:please\b|[A-Za-z][1-9][0-9]?\b|(?:an?\s+|one\s+)?investment\s+(?:in|for)\b)|(?:the\s+)?(?:square|point|cell|spot|location|"
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
# Openers that tell the reader what to write ("To join, write:", "Newcomers, just send:",
# "Reply with:"), up to the "I" of the example.
_WRITE_THIS = (
    r"(?:[^,:;()]{1,60}(?:,|:|\s[-\u2013\u2014])\s*){0,2}(?:just\s+|simply\s+|then\s+|please\s+)?"
    r"(?:write|send|say|post|type|e-?mail|reply(?:\s+with)?|answer(?:\s+with)?|use|enter|submit|"
    # "Copy-paste this to join: I ...", "Paste the following: I ...": the reader's words to
    # copy, never the author's act (P75-lead-s20-2).
    r"announce|copy(?:\s*(?:[-/&]|and)\s*paste)?|paste|cut\s*(?:[-/&]|and)\s*paste)"
    r"(?:\s+(?:this(?:\s+lines?)?|these(?:\s+lines)?|it|the\s+following(?:\s+lines?)?|the\s+lines?\s+below|"
    r"something\s+like(?:\s+this)?|a\s+line\s+like))?"
    # A purpose after it ("Write this to join:"): still the reader's words.
    r"(?:\s+(?:(?:in\s+order\s+)?to|if\s+you\s+want\s+to|when\s+you\s+want\s+to)\s+[\w'\u2019]+(?:\s+[\w'\u2019]+){0,4})?"
    r"\s*(?:,|:|\s[-\u2013\u2014])\s*[\"'\u201c\u2018]?\s*I\b"
)

_RULE_CITED = r"(?:rules?|r)\s*#?\s*\d+(?:\s*\([^(),]{1,40}\))?"
_CITATION_AFTER_I = (
    r"^I\s*(?:,\s*(?:hereby\s*,?\s*)?|\s+hereby\s*,?\s*)"
    r"(?:per|pursuant\s+to|under|in\s+accordance\s+with|according\s+to|citing|invoking|"
    r"as\s+(?:permitted|authori[sz]ed|allowed|empowered|enabled|provided\s+for|specified)\s+"
    r"(?:by|in|under)|(?:acting\s+)?(?:under|by)\s+(?:the\s+)?(?:authority|power)\s+"
    r"(?:of|granted\s+(?:by|in|under)))\s+"
    rf"(?:{_RULE_CITED}(?:\s*(?:,|\band\b|&)\s*(?:rules?\s*|r)?#?\d+(?:\s*\([^(),]{{1,40}}\))?)*|"
    r"the\s+rules)\s*,\s*(?:hereby\s+)?"
    r"(?=[a-z])"
)


_REWRITES: tuple[tuple[re.Pattern[str], str], ...] = rewrites(
    *(
        # Emphasis a plain-text mail gives with asterisks or backticks ("*I place a tile at
        # C4.*", "at **C4**", "at `C4`"): marks, not words. A strikethrough ("~~...~~")
        # deletes its words and is never undone here.
        (r"(?<![\w*~])\*{1,2}(?=[\w(\[])|(?<=[\w)\]])[.!]*\*{1,2}(?![\w*~])", ""),
        (r"`([^`]{1,40})`", r"\1"),
        # "+" between two actions ("tile g6 + inv jade"): "and".
        (r"\s+\+\s+(?=[A-Za-z])", " and "),
        # A round's number in words, and a request to confirm in brackets at the end.
        *(
            (rf"^((?:my\s+)?(?:(?:move|play)\s+(?:for|in)\s+)?round\s+){word}\b", rf"\g<1>{number}")
            for number, word in enumerate(NUMBER_WORDS)
        ),
        (r"\s*\(\s*(?:please\s+)?(?:confirm|acknowledge|ack)\w*[^()]*\)$", ""),
        # "Round 5: I play g7" is a play in round 5; "This round, I play g7" in this one.
        (r"^round\s+([0-9]+)\s*[:,\-\u2013\u2014]\s*(I\s+.*)$", r"\2 in round \1"),
        # "round-3", "Round #3": the round's number.
        (r"\bround\s*[-#]\s*(?=[0-9])", "round "),
        _ROUND_OPENER,
        (r"^(?:for\s+)?this\s+(?:round|turn)\s*,?\s*(?=I\b)", ""),
        # "and another next to it at G7": where it lies beside the one before, said again
        # by the place that follows (P55-read-games-s13-5).
        (
            r"\b(and\s+(?:another|one\s+more)(?:\s+(?:one|tile|stone))?)\s+(?:right\s+|just\s+|directly\s+)?"
            r"(?:next\s+to|beside|adjacent\s+to|alongside)\s+(?:it|that(?:\s+one)?)\s*,?\s+(?=(?:at|on)\s)",
            r"\1 ",
        ),
        # A whole sentence in brackets or quotes ("(I place a tile at G6.)": its stop inside
        # them; P48-read-games-s11-6).
        (r"^\(\s*(?=I\s)((?:[^()]|\([^()]*\))*?)\s*[.!]+\s*\)$", r"\1"),
        (r"^\[(.*)\]$", r"\1"),
        (r"^\((.*)\)$", r"\1"),
        # "IMO this is good, so I support intent 3": an opinion, then the act it leads to.
        (
            r"^(?:imo|imho|fwiw|in\s+my\s+(?:humble\s+)?opinion)\s*,?\s+[^,;:.!?]{1,60}?\s*,\s*(?:and\s+)?so\s+"
            r"(?=I\s)",
            "",
        ),
        # "Having obtained 2 Agoran consent (supporters: Janet, Murphy), I ...": a bracket
        # in an opener, set aside with it.
        (r"^((?!I\b)[^(),:;]{1,60}?)\s*\([^()]{0,80}\)\s*(?=,\s*I\b)", r"\1"),
        # Greetings and openers before the "I" (conditions were refused before this).
        # ("Hello everyone -- I ...": a dash of one or two hyphens after it, with spaces.)
        (
            r"^(?:hi|hello|hey|dear)\b(?:[^,:]{0,40}[,:!]|[^,:]{0,40}?\s(?:--?|[\u2013\u2014])(?=\s))\s*",
            "",
        ),
        (r"^[^,:;]{1,60}?[,:]\s*(?:please\s+)?(?:note|record|be\s+advised)\s+that\s+(?=I\b)", ""),
        (r"^(?:please\s+)?(?:note|record|be\s+advised)\s+that\s+(?=I\b)", ""),
        # "Please consider this my announcement that I ...", "This message is (serves as)
        # notice that I ...", "Let this post serve as my announcement that I ...": the
        # message said to be the announcement of the act after "that" (P64-lead-s16-4).
        (
            r"^(?:(?:please\s+)?(?:consider|take|treat|accept)\s+this(?:\s+(?:message|e-?mail|post))?\s+"
            r"(?:as\s+)?|(?:let\s+)?this(?:\s+(?:message|e-?mail|post))?\s+(?:is|serves?\s+as|constitutes)\s+)"
            r"(?:my\s+|an\s+|the\s+)?(?:formal\s+|public\s+)?(?:announcement|notice|notification|declaration)"
            r"\s+that\s+(?=I\b)",
            "",
        ),
        # "PS I invest in Jade", "One more thing: I invest in Jade": a postscript's mark, or
        # the author's afterthought, before the "I" (P48-read-games-s11-6).
        (
            r"^(?:(?:p\.?\s?)?p\.?\s?s\b\.?|one\s+more\s+thing)"
            r"\s*[:,\-\u2013\u2014]?\s*(?=I\s)",
            "",
        ),
        # "Now that intent 12 has 2 supporters, I perform it": the one intent named first is
        # the one performed; a numbered thing named before "it" ("so", "that") is never set
        # aside with the opener, or "it" would be another (rulings P43-read-agora-s10-10).
        (
            r"^(?!I\b)(?:(?!intent)[^,:;]){0,60}?\bintent\s*#?(\d+)\b(?:(?!intent)[^,:;]){0,60}?[,:;]\s*"
            r"(?:so\s+)?I\s+(?:hereby\s+)?(?:do\s+so|perform\s+it|do\s+it)[\s.!]*$",
            r"I perform intent \1",
        ),
        (
            r"^(?!I\b)([^,:;]{0,60}?\b(?:intent|offer|proposal|alliance|community|constructor)s?\s*#?\d"
            r"[^,:;]{0,60}?)\s*[,:;]\s*(?=I\s[^,;:]*\b(?:it|so|this|that|them)[\s.!]*$)",
            r"\1 then ",
        ),
        # "Herewith I resign ...", "Hereby, I ...": the formal word first (P63-read-agora-s16-12).
        (r"^(?:herewith|hereby)\s*,?\s+(?=I\s)", ""),
        # The veteran's formal announcement: "Be it known that I ..." (P42-read-games-s10-1).
        (
            r"^(?:be\s+it\s+(?:hereby\s+)?known|let\s+it\s+be\s+(?:hereby\s+)?known|know\s+(?:ye|all)"
            r"(?:\s+(?:wo)?men)?(?:\s+by\s+these\s+presents)?|take\s+notice|notice\s+is\s+hereby\s+given)"
            r"\s*,?\s+that\s*,?\s+(?=I\b)",
            "",
        ),
        # (Never an intent's method: "Note: with 2 support, I intend ..." keeps it, moved
        # after the act below; rulings P49-read-agora-s11-2.)
        # Never a place alone ("e5, my final answer": the act itself) nor words that open
        # a bracket they do not close ("My move is h1 (corner, I know)": an aside inside);
        # P52-read-games-s12-6.
        (
            r"^(?!I\b)(?!\s*(?:[A-Za-z][1-9][0-9]?|\(\s*[+\-]?[0-9]+\s*,\s*[+\-]?[0-9]+\s*\))\s*(?:,|:|\s[-\u2013\u2014])"
            r"\s*my\b)"
            # Never an instruction to the reader ("To join, write: I become ..."): the words
            # after it are an example for others, never the author's act (P63-read-agora-s16-9).
            r"(?!" + _WRITE_THIS + r")"
            # Never the author's own switch said as a gerund ("Flipping my Activity switch to
            # Active - I'm back"): the act itself, with its reason after it (P69-read-agora-s18-10).
            r"(?!\s*(?:(?:flipping|switching|setting|turning|changing)\s+(?:my\s+(?:own\s+)?(?:activity|status)|"
            r"myself)|(?:marking|making|putting)\s+myself)\b)"
            r"(?:(?!\s*with(?:out)?\b[^,:;]{0,60}?\b(?:support|objections?|consent|notice)\b)"
            # ("sorry for the silence -- I ...": a dash typed as two hyphens; P66-read-agora-s17-5.)
            r"(?:[^,:;()]|\([^,:;()]*\)){1,60}?(?:,|:|\s-(?:-(?=\s))?|\s[\u2013\u2014])\s*){1,3}(?=(?:I|my)\b|"
            r"with(?:out)?\b[^,:;]{0,60}?\b(?:support|objections?|consent|notice)\b[^,:;]{0,40}?,\s*I\b)",
            "",
        ),
        # "I, without reservation, support ...", "I hereby, and with great reluctance,
        # resign ...": the manner of it or the author's feeling, between commas
        # (P75-lead-s20-3). Never a doubt, a jest or a condition ("I, if nobody objects, ...").
        (
            r"^I(?:\s+hereby)?\s*,\s*(?:and\s+)?(?:without\s+(?:reservation|hesitation|delay)|"
            r"with\s+(?:(?:great|much|some|deep|real|genuine|sincere|considerable|no\s+small)\s+)?"
            r"(?:pleasure|regret|reluctance|sadness|sorrow|joy|delight|pride|gratitude|relief)|"
            r"with\s+(?:immediate\s+)?effect(?:\s+from\s+now)?|"
            r"with\s+a\s+heavy\s+heart|for\s+my\s+part|for\s+one|(?:(?:very|most|rather|somewhat|quite)\s+)?"
            r"(?:reluctantly|regretfully|sadly|gladly|happily|humbly|respectfully|proudly|solemnly|"
            r"cheerfully|grudgingly|formally|officially))\s*,\s*",
            "I ",
        ),
        # "I hereby, as authorised by Rule 2124, become a supporter ...", "I, per R2124,
        # support ...": the rule the author acts under, cited between commas after "I"; it
        # changes nothing of the act, as the same citation before "I" does
        # (P74-read-agora-s20-4). Only a rule's number (or "the rules") is so set aside.
        (_CITATION_AFTER_I, "I "),
        (r"^I\s+hereby\s*,?\s+(?:and\s+(?=\w+ly\b|forthwith\b))?", "I "),
        # "I hereby place a tile at G6 and hereby invest in Jade": "hereby" again before the
        # second verb changes nothing (P50-lead-s11-2).
        (r"\b(and|then)\s+hereby\s*,?\s+(?=[a-z])", r"\1 "),
        (
            r"^I\s+(?:too|as\s+well|then|now|next|further|also|additionally|subsequently|finally|publicly|"
            r"formally|officially|irrevocably|unconditionally|explicitly|definitively|forthwith|duly|"
            r"herewith|accordingly|therefore|thus|(?:(?:very|most|rather|somewhat|quite)\s+)?"
            r"(?:reluctantly|regretfully|sadly|happily|humbly|proudly|solemnly|cheerfully|grudgingly))"
            r"\s*,?\s+(?=[a-z])",
            "I ",
        ),
        # "I, nix, as Lord-Ruler, set ...": the author's own name, then the capacity (the
        # finder has refused any other name first; P66-read-agora-s17-4).
        (
            r"^I\s*,\s*[A-Za-z\u00C0-\u024F][\w'\-\u00C0-\u024F]*\s*,\s*"
            r"(?=(?:the|your|as|in\s+my\s+(?:role|capacity)\s+as)\s[^,]{1,40},)",
            "I, ",
        ),
        # "I, the referee, announce ...", "I, as Lord-Ruler, set ...".
        (
            # (Never "I, as proxy for Murphy, ...": another's act, P50-lead-s11-11.)
            r"^I\s*,\s*(?:the|your|as|in\s+my\s+(?:role|capacity)\s+as)\s+"
            r"(?![^,]*\b(?:proxy|behalf|agent|representative|attorney|stand-?in)\b)"
            r"[A-Za-z\-]+(?:\s+[A-Za-z\-]+){0,2}\s*,\s*",
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
            # "Round move: f6", "This round's move: e3": the round is the present one (P62-4).
            rf"^(?:my\s+)?(?:(?:this\s+)?round(?:['\u2019]s)?\s+)?(?:move|play)"
            rf"(?:\s+(?:for\s+)?this\s+round)?\s*[:\-\u2013\u2014]\s*({_COORD})$",
            r"My move is \1",
        ),
        (rf"^(?:for\s+)?this\s+round\s*[:\-\u2013\u2014]\s*({_COORD})$", r"My move is \1"),
        # "f7 rather than e7", "f7, not e7": the square chosen over another (P50-lead-s11-3).
        (
            rf"^((?:I\s+(?:play|pick|choose)\s+)?{_COORD})\s*,?\s+"
            rf"(?:rather\s+than|instead\s+of|and\s+not|not)\s+{_COORD}$",
            r"\1",
        ),
        (
            rf"^(?:also|and|plus|pick|choice|my\s+pick|my\s+choice)\s*[:\-\u2013\u2014]\s*({_COORD})$",
            r"My move is \1",
        ),
        (r"^(?:my\s+)?(?:move|play|action)s?\s*[:\-\u2013\u2014]\s*(?=[A-Za-z]{2,})", "I "),
        # "My action this week is to invest in Jade", "My actions are to ...": the act
        # itself, now (P50-lead-s11-8); "will be" is an intention, and is not matched.
        (
            r"^my\s+(?:only\s+)?(?:(?:action|move|play)\s+(?:(?:for\s+)?this\s+(?:week|round|turn)\s+)?is|"
            r"actions\s+(?:(?:for\s+)?this\s+(?:week|round|turn)\s+)?are)\s+to\s+(?=[a-z]{2,})",
            "I ",
        ),
        (
            rf"^(?:I\s+)?(?:please\s+)?(?:record|register|log|take)\s+my\s+(?:move|play)\s*"
            rf"(?:as|:|to\s+be)\s*({_COORD})$",
            r"My move is \1",
        ),
        # A number written "number 4", "no. 4", "nr 4" or "#4" after the thing it numbers.
        (
            r"\b(offer|intent(?:ion)?|proposal|AP)\s+(?:number|num\.?|nr\.?|no\.?|#)\s*(?=\d)",
            r"\1 ",
        ),
        # "AP 9": the contract's abbreviation of an Arcadian Proposal.
        (r"(?-i:\bAPs?)\s*#?\s*(?=\d)", "Arcadian Proposal "),
        # "my trade offer 4": the offer is named by its number; "my" adds nothing.
        (r"\bmy\s+((?:trade\s+)?offer\s+#?\d)", r"\1"),
        # "im", "Im": "I'm" typed without its apostrophe (no other word is spelt so).
        (r"^im\b", "I'm"),
        # "I am placing a tile on G6 and investing in Amber": the second act's gerund after
        # "and", as the first's, the present (P73-read-games-s20-15).
        (
            r"^(I(?:['\u2019]?m|\s+am)\s+(?!going\b)\w+ing\b[^;:.!?]*?\sand\s+(?:then\s+|also\s+)?)"
            r"(nam|plac|captur|leav|trad)ing\b",
            r"\1\2e",
        ),
        (
            r"^(I(?:['\u2019]?m|\s+am)\s+(?!going\b)\w+ing\b[^;:.!?]*?\sand\s+(?:then\s+|also\s+)?)"
            r"(invest|claim|build|play|grant|destroy|accept|withdraw|support|object|join)ing\b",
            r"\1\2",
        ),
        # "I place a tile at C4 (not C5).", "I place a tile at C4, not C5.": the place
        # named, and another of the same kind refused, as "c3 (not c4)" is read
        # (P42-read-games-s10-5; P73-read-games-s20-10).
        (
            r"^(I\s[^()]*?\s(?:at|on|onto|in)\s+(?:[A-Ja-j]-?[0-9]\b|\(\s*[+\-\u2212]?[0-9]+\s*,\s*"
            r"[+\-\u2212]?[0-9]+\s*\)))\s*(?:\(\s*not\s+(?:at\s+|on\s+)?[A-Ja-j]-?[0-9]\s*\)|"
            r",\s*not\s+(?:at\s+|on\s+)?[A-Ja-j]-?[0-9])[\s.!]*$",
            r"\1",
        ),
        # "I'm placing", "I am placing": the present, as "I place".
        (r"^I(?:['\u2019]?m|\s+am)\s+(?=(?!going\s+to\b)\w+ing\b)", "I "),
        # ", round 2" and "(round 2)" after a play; "please" at the end.
        (r",\s*(?=round\s+\d+$)", " in "),
        (r"\s*\(\s*(round\s+\d+)\s*\)", r" in \1"),
        # ... and its phone shorthand ("pls", "plz", "thx", "ty"), one or more ("pls thx",
        # P65-read-games-s17-2).
        (r"(?:[\s,]+(?:please|pls|plz|thx|thanx|ty|tia))+$", ""),
        # "I place, by announcement, a tile at E5", "I (by announcement) claim (4, 4)", "I
        # hereby and by announcement place ...": the method inside the sentence
        # (P48-read-games-s11-8).
        (r"^(I\s+(?:hereby\s+)?[a-z]+)\s*,\s*by\s+announcement\s*,\s*", r"\1 "),
        (r"^I\s+(?:hereby\s+)?(?:and\s+)?\(?\s*by\s+announcement\s*\)?\s*,?\s*(?=[a-z]+\s)", "I "),
        # "I do place a tile", "I do deregister": the emphatic present is the act ("I do
        # so", "I do not", "I do hereby" are other words).
        (
            r"^I\s+do\s+(?=(?:place|play|put|support|object|deregister|resign|appoint|leave|join|"
            r"claim|build|destroy|intend|withdraw|become|name|grant|accept|offer|begin|capture|"
            r"invest|agree|flip|deactivate|register)\b)",
            "I ",
        ),
    )
)

# Coordinates in other shapes, tried only on a sentence with a digit in it.
_COORDINATES: tuple[tuple[re.Pattern[str], str], ...] = rewrites(
    *(
        (r"\b([A-Za-z])\s*-\s*([1-9][0-9]?)\b", r"\1\2"),
        (r"\s+@\s*(?=\(|[A-Za-z]\s*-?\s*[0-9])", " at "),
        (r"\(\s*([A-Za-z])\s*,\s*([1-9][0-9]?)\s*\)", r"\1\2"),
        (r"\b(at|on|to|play)\s+([A-Ta-t])\s+([1-9][0-9]?)\b", r"\1 \2\3"),
        (rf"\b(?:square|location|point|intersection|position)\s+({_COORD})\b", r"\1"),
        (rf"[\[\"\u201c']({_COORD})[\]\"\u201d']", r"\1"),
    )
)

# An office of the games' or of Agora's, named as the capacity the author acts in.
_AN_OFFICE = (
    r"(?i:(?:the\s+)?(?:surveyor|sensei|registrar|referee|gamesmaster|lord[\s-]*ruler|speaker|"
    r"arbitor|promotor|assessor|officer)\b)"
)

_REASON = re.compile(
    r"\s*(?:,|;|:(?=\s)|\s[-\u2013\u2014]+\s|\s\(|\s(?=(?:since|because|as|to|so|hoping|"
    r"in\s+order|which|that|for|effective|due\s+to|owing\s+to|"
    # A concession with no comma: "I support intent 3 even though I dislike it", "...
    # despite my doubts" (P74-read-agora-s20-14).
    r"even\s+though|although|despite|in\s+spite\s+of|regardless\s+of)\s|"
    # The rule it is done under: "... per rule 2162", "... under R478".
    r"(?:per|pursuant\s+to|under|in\s+accordance\s+with)\s+(?:the\s+)?(?:rules?\b|R\s?\d)|"
    # "... on procedural grounds", "... on principle", "... in protest": a reason.
    r"on\s+(?:[a-z]+\s+){0,2}grounds\b|on\s+principle\b|in\s+protest\b|"
    # "... in my capacity as Lord-Ruler", "... wearing my Registrar hat": the capacity.
    r"in\s+my\s+(?:capacity|role|function)\s+as\s+" + _AN_OFFICE + r"|"
    r"wearing\s+my\s+" + _AN_OFFICE + r"\s+hat\b))",
    re.IGNORECASE,
)
# What may follow a cut: a reason or an aside, never a second choice, an exception or more.
# "..., effective Monday", "..., starting next month", "as of 1 May": when the act is to
# take effect, at another time than now; never set aside (the act would be done now), so
# the sentence is told (rulings P43-read-agora-s10-9).
# An aside that is nothing but a past time, dating the act itself ("I set myself inactive
# for a bit last month", "I become inactive, yesterday"): a report of what was done, or a
# date the act cannot have; never set aside. (A clause that dates something else, "as I
# said last week", is a reason as before; P69-read-agora-s18-6.)
_PAST_TIME = re.compile(
    r"^[\s(]*(?:(?:just\s+|only\s+)?for\s+[^,;]{1,30}?\s+)?(?:back\s+)?(?:on\s+|in\s+)?"
    r"(?:last\s+(?:week|month|year|night|time|round|turn|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
    r"yesterday|(?:a\s+|one\s+|two\s+|three\s+|few\s+|several\s+|\d+\s+)*(?:days?|weeks?|months?|years?|"
    r"while)\s+ago|the\s+other\s+day|earlier\s+(?:this\s+(?:week|month|year)|today))[\s.!)]*$",
    re.IGNORECASE,
)
_LATER_EFFECT = re.compile(
    r"^[\s(]*(?:effective|starting|beginning|commencing|as\s+of|from|with\s+effect\s+from|taking\s+effect)\b"
    r"(?!\s+(?:immediately|now|today|at\s+once|forthwith|right\s+away|as\s+of\s+(?:now|today)|"
    # ("effective upon sending this message": the sending is now; P66-read-agora-s17-10.)
    r"(?:upon|on|with|at\s+the\s+end\s+of|by)\s+(?:(?:the\s+)?(?:receipt|sending|publication)\s+of\s+|"
    r"(?:sending|posting|publishing)\s+)?this\s+"
    r"(?:message|mail|e-?mail|post)|this\s+(?:message|moment))"
    # ... then nothing, or a courtesy after a comma ("effective immediately, sorry").
    r"[\s.!)]*(?:$|[,;]\s*(?!.*\b(?:after|before|upon|once|when|following|until|till|from)\b)))",
    re.IGNORECASE,
)


def _joins_another(base: str, cut: int, aside: str) -> bool:
    """ "... at A1 as well as A2": "as well as" joins another object, never opens a reason."""
    folded = aside[:11].casefold()
    if folded.startswith("as well as"):
        return True
    return folded.startswith("as ") and base[:cut].rstrip().casefold().endswith("as well")


# "..., not 13", "... but not intent 13": an intent excluded, named nowhere in the act.
_EXCLUDED = re.compile(r"^(?:but\s+)?not\s+(?:intents?\s+)?#?(\d+)[\s.!]*$", re.IGNORECASE)


# An act that ends a standing for good: deregistering (leaving Agora), resigning an office.
# Leaving a game or an alliance "for a while" is not one: it may be rejoined at any time.
_ENDS_A_STANDING = re.compile(
    r"^I\s+(?:hereby\s+)?(?:deregister|resign|(?:leave|quit|exit)\s+Agora)\b",
    re.IGNORECASE,
)
# Leaving an alliance, which is for good too (rejoining needs its members' support).
_LEAVES_AN_ALLIANCE = re.compile(
    r"^I\s+(?:hereby\s+)?leave\s+(?:(?:my|the|[\w\-]+['\u2019]s)\s+alliance\b|alliance\s+#?\d)",
    re.IGNORECASE,
)
# ... handed to someone, or into someone's hands ("to Janet", "in Janet's hands").
_HANDED_TO = re.compile(
    r"^(?:to|in(?:to)?|with)\s+(?:the\s+care\s+of\s+)?(?-i:[A-Z])[\w\-]*(?:['\u2019]s)?\b",
    re.IGNORECASE,
)
# A time limit after it ("for a week", "for a while", "until March"): the author means to
# come back, which no such act allows; told, never set aside (P67-lead-s17-10).
_DURATION = re.compile(
    r"^(?:just\s+|only\s+)?(?:for\s+(?:a|an|one|two|three|four|five|six|several|some|a\s+few|a\s+couple\s+of|"
    r"the\s+next|the\s+rest\s+of\s+the|the|this|[0-9]+)\b[^,;]*?\b(?:days?|weeks?|months?|years?|while|bit|"
    # (... and the short ones: "for a few minutes", "for an hour"; P74-read-agora-s20-11.)
    r"time|summer|winter|holidays?|break|minutes?|hours?|moments?|seconds?|evening|night|"
    r"weekend)\b|until\b|till\b|til\b|temporarily\b)",
    re.IGNORECASE,
)


_DURATION_START = re.compile(
    r"[\s,;(\-\u2013\u2014]+(?=(?:just\s+|only\s+)?(?:for|until|till|til|temporarily)\b)"
)


def time_limited_end(text: str) -> str | None:
    """The time limit after an act that ends a standing for good ("for a week" in "I leave
    Agora for a week"), or None."""
    if _ENDS_A_STANDING.match(text) is None:
        return None
    for start in _DURATION_START.finditer(text):
        rest = text[start.end() :]
        if _DURATION.match(rest) is not None:
            return rest.rstrip(" .!)")
    return None


def _excluded(kept: str, aside: str) -> bool:
    """Whether ``aside`` only excludes an intent ("not 13") that the act does not name: it
    changes nothing, and is set aside."""
    match = _EXCLUDED.match(aside)
    if match is None or "intent" not in kept.casefold():
        return False
    return re.search(rf"(?<![0-9]){match.group(1)}(?![0-9])", kept) is None


_NOT_AN_ASIDE = re.compile(
    # ("and thanks ...", "and good luck": courtesy, P42-read-games-s10-4.)
    # ("..., please, and an investment in Jade": a courtesy first hides nothing that follows.)
    r"^[\s(]*(?:(?:please|pls|plz|kindly)\s*,?\s*)?"
    r"(?:or|and(?!\s+(?:many\s+)?(?:thanks|thank\s+you|cheers|good\s+luck|kudos)\b)|but|then|unless|"
    r"except|not|instead|plus|also|if|only|otherwise|"
    # "..., no takers", "..., no interest": why an offer goes, no correction (P62-3).
    r"and/or|&|no(?!\s+(?:time|energy|lumber|stone|food|reason|idea|longer|takers|interest|bites|"
    r"demand|replies|response)\b)|nope|wait|"
    # "Sorry" opens a correction ("..., sorry, G7"), unless it only apologises to someone
    # ("..., sorry Janet", "..., sorry all") or for the author's lack of time.
    r"sorry(?!\s+(?:for|about)\b)(?!\s*(?:all|everyone|everybody|folks|guys|team|(?-i:[A-Z])[\w'\-]*)?"
    r"[\s,.!)]*$)(?!\s*,?\s*(?:I\s+have\s+)?no\s+time\b[^0-9(]*$)|actually|correction|rather|make\s+that|"
    r"scratch|hmm|"
    r"maybe|perhaps|possibly|probably|likely|(?:just\s+)?(?:kidding|joking)|jk|j/k|lol|round|"
    # A condition is no reason: "I place a tile at C3, as long as nobody objects" is not done.
    r"(?:as|so)\s+long\s+as|as\s+soon\s+as|provided|providing|on\s+(?:the\s+)?condition|"
    r"in\s+case|assuming|supposing|once(?!\s+(?:more|again)\b)|when|whenever|until|till)\b|[?]",
    re.IGNORECASE,
)


def _rewrite(text: str, pairs: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    # Each pattern in turn, the text stripped after each; runs of patterns that cannot
    # match are skipped (see ``referee.parsing.prefilter``).
    return prefilter.rewrite(text, pairs)


_GERUND = re.compile(r"^(?:I\s+)?(\w+)ing\b", re.IGNORECASE)


def _in_game_terms(text: str, lexicon: Lexicon) -> str:
    """``text`` with the game's rewrites applied, unless it has none of their words."""
    if lexicon.clues is not None and lexicon.clues.search(text) is None:
        return text
    return _rewrite(text, lexicon.rewrites)


def _gerund(text: str, verbs: tuple[str, ...]) -> str:
    """ "Placing a tile at D4" → "I place a tile at D4" for a verb of the game."""
    match = _GERUND.match(text)
    if match is None:
        return text
    stem = match.group(1).casefold()
    for verb in verbs:
        if stem in (verb, verb.removesuffix("e")) or (len(stem) > 2 and stem[:-1] == verb):
            return "I " + verb + text[match.end() :]
    return text


# "Going e5." in public is no move (a Go move is mailed to the referee alone: the reading of
# "going" is the private one's, P42); "Being ...", "Having ...", "Doing ..." are no acts.
_NOT_SYNONYM_GERUNDS = frozenset(("go", "be", "hav", "do", "say", "think", "consider"))


def _synonym_gerund(text: str, lexicon: Lexicon) -> str:
    """ "Putting a tile on E5", "Burning 2 Food for 2 Energy", "Taking an investment in Jade":
    the gerund of another word for a game's verb, which the game's rewrites read after "I"
    ("I put ...", "I burn ...", "I take ..."), is the author's act as the gerund of the verb
    itself is (P68-read-games-s18-5). Offered only when those rewrites take the verb."""
    match = _GERUND.match(text)
    if match is None or text[:2] == "I ":
        return text
    stem = match.group(1).casefold()
    if stem in _NOT_SYNONYM_GERUNDS:
        return text
    rest = text[match.end() :]
    candidates = [stem]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        candidates.insert(0, stem[:-1])  # "putting", "dropping", "grabbing"
    candidates.append(stem + "e")  # "taking", "placing"
    for verb in candidates:
        form = f"I {verb}{rest}"
        rewritten = _in_game_terms(form, lexicon)
        if rewritten != form and not rewritten.casefold().startswith(f"i {verb} "):
            return form
    return text


# "Quitting Commune.", "Exiting the Arcadia contract": a gerund of another verb of leaving,
# just before the game's own name, is the author's leaving, as "Leaving Commune." is; it is
# offered as "I quit ..." to the games that can be left, whose words for leaving read it
# (P62-2). Before anything but the game's name ("Quitting my alliance") it is left alone.
_LEAVING_GERUND = re.compile(
    r"^(?P<verb>quitting|exiting|departing\s+from|dropping\s+out\s+of)\s+", re.IGNORECASE
)
_LEAVING_VERB = {"quitting": "quit", "exiting": "exit", "departing": "depart from"}


@lru_cache(maxsize=64)
def _game_name_first(names: tuple[str, ...]) -> re.Pattern[str] | None:
    if not names:
        return None
    return re.compile(
        r"(?:the\s+)?(?:" + "|".join(f"(?:{n})" for n in names) + r")\b", re.IGNORECASE
    )


_HEADING_COLON = re.compile(r"\s*[:\-\u2013\u2014]\s*(?=[A-Za-z]{3,}ing\b)")


def _game_heading_over_gerund(text: str, names: tuple[str, ...]) -> str:
    """ "Arcadia: claiming (4, 5)" → "claiming (4, 5)": the game's own name as a heading over
    a gerund, which the game reads as the author's act (P68-read-games-s18-10)."""
    if ":" not in text[:30] and "-" not in text[:30]:
        return text
    name = _game_name_first(names)
    found = name.match(text) if name is not None else None
    if found is None:
        return text
    colon = _HEADING_COLON.match(text, found.end())
    return text if colon is None else text[colon.end() :]


def _leaving_gerund(text: str, lexicon: Lexicon) -> str:
    match = _LEAVING_GERUND.match(text)
    if match is None or "leave" not in lexicon.verbs:
        return text
    rest = text[match.end() :]
    name = _game_name_first(lexicon.trailing)
    if name is None or name.match(rest) is None:
        return text
    first = match.group("verb").split(None, 1)[0].casefold()
    verb = _LEAVING_VERB.get(first, "drop out of")
    return f"I {verb} {rest}"


def _bare_verb(text: str, verbs: tuple[str, ...]) -> str:
    """A list item with no "I" ("place a tile at B2") is the author's own act."""
    first = text.split(" ", 1)[0].casefold()
    if first not in verbs or _ASKS_FOR_ME.match(text, len(first)):
        # "Mark me as active.", "Flip me to inactive.": asked of someone, not done
        # (P63-read-agora-s16-5).
        return text
    # The verb in lower case, as the echo of the act writes it ("Place tile C4." is read
    # as "I place a tile at C4").
    return "I " + first + text[len(first) :]


# "me" right after a bare verb: the verb is asked of the reader for the author.
_ASKS_FOR_ME = re.compile(r"\s+me\b", re.IGNORECASE)


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


# (A phone's lowercase "i" too: "i suport intent 4"; P66-read-agora-s17-14.)
_VERB_AFTER_I = re.compile(r"^[Ii]\s+([A-Za-z]{4,})\b")


def _typo(text: str, verbs: tuple[str, ...]) -> str:
    """The verb after "I" corrected when it is one letter from exactly one verb of the game
    (and is not itself a tense of another word: "named", "placed", "plays" stay)."""
    match = _VERB_AFTER_I.match(text)
    if match is None:
        return _clipped_verb(text, verbs)
    verb = _typo_of(match.group(1).casefold(), verbs)
    return text if verb is None else "I " + verb + text[match.end() :]


_THREE_AFTER_I = re.compile(r"^I\s+([A-Za-z]{3})(?=\s)")


def _clipped_verb(text: str, verbs: tuple[str, ...]) -> str:
    """A four-letter verb after "I" with its last letter dropped ("I pla d4"): the three
    letters begin exactly one verb of the game and are no word of their own
    (P52-read-games-s12-5)."""
    match = _THREE_AFTER_I.match(text)
    if match is None:
        return text
    word = match.group(1).casefold()
    if word in verbs:
        return text
    fits = [verb for verb in verbs if len(verb) == 4 and verb[:3] == word]
    return "I " + fits[0] + text[match.end() :] if len(fits) == 1 else text


@lru_cache(maxsize=4096)
def _typo_of(word: str, verbs: tuple[str, ...]) -> str | None:
    """The one verb of ``verbs`` that ``word`` is a slip for, if any; remembered, since a
    mail's words after "I" are few and recur ("think", "would", "place")."""
    if word in verbs or _inflected(word, verbs):
        return None
    if _IRREGULAR_PAST.fullmatch(word):
        return None  # "I began", "I withdrew", "I built": the past, never a typo of an act
    near = tuple(verb for verb in _near(word, verbs) if _plausible_typo(word, verb))
    return near[0] if len(near) == 1 else None


def _mend_noun_slips(
    written: str, in_terms: str, lexicon: Lexicon, looks: Callable[[str], bool]
) -> str | None:
    """The sentence in the game's terms (``in_terms``, made from ``written``), with the
    slips in the game's nouns mended, or None when it does not look like the game's
    action. Slips are looked for only in a sentence that looks like an action, or that
    opens with one of the game's verbs ("I play a stoen at (1, 1)"): few sentences do, and
    the search is not free."""
    if not lexicon.nouns:
        return in_terms if looks(in_terms) else None
    if not looks(in_terms):
        words = written.split(None, 2)
        if len(words) < 2 or words[1].casefold() not in lexicon.verbs:
            return None
        mended = _noun_slips(written, lexicon.nouns)
        if mended == written:
            return None
        in_terms = _in_game_terms(mended, lexicon)
        return in_terms if looks(in_terms) else None
    mended = _noun_slips(written, lexicon.nouns)
    return in_terms if mended == written else _in_game_terms(mended, lexicon)


_LONG_WORD = re.compile(r"[A-Za-z]{4,}")


def _noun_slips(text: str, nouns: tuple[str, ...]) -> str:
    """``text`` with each plain slip in one of the game's ``nouns`` corrected ("I begin
    constructin a 2 with my rigth constructor"). A word is corrected only towards exactly
    one noun, as the verb after "I" is (:func:`_typo`)."""
    if not nouns:
        return text
    known = _NOUN_SLIPS.setdefault(nouns, {})
    slips = False
    for word in _LONG_WORD.findall(text):
        found = known.get(word)
        if found is None:
            if len(known) > _SLIPS_KEPT:
                known.clear()
            found = known[word] = _noun_for(word, nouns)
        slips = slips or found != word
    if not slips:
        return text  # the usual case, told by the words' answers kept below
    return _LONG_WORD.sub(lambda word: known.get(word.group(0)) or word.group(0), text)


# Each word's correction, kept per lexicon's nouns: words recur from sentence to sentence,
# and a word is looked up here once per game each time a sentence is read.
_NOUN_SLIPS: dict[tuple[str, ...], dict[str, str]] = {}
_SLIPS_KEPT = 20000


def _noun_for(word: str, nouns: tuple[str, ...]) -> str:
    folded = word.casefold()
    if folded in nouns or _IRREGULAR_PAST.fullmatch(folded):
        return word
    near = [noun for noun in nouns if _noun_slip(folded, noun)]
    return near[0] if len(near) == 1 else word


def _noun_slip(word: str, noun: str) -> bool:
    """Whether ``word`` is a slip for ``noun``. A short word one letter from a noun is
    often another word ("taken", "time"), so only two swapped letters count there."""
    if len(noun) <= 5:
        return _swapped(word, noun)
    if not _one_letter_apart(word, noun) or (word[0] != noun[0] and word[:2] != noun[1::-1]):
        return False
    # An "s" more or less at the end is the plural ("investments"), never a slip.
    shorter, longer = sorted((word, noun), key=len)
    return not (len(longer) > len(shorter) and longer == shorter + "s")


def _swapped(word: str, noun: str) -> bool:
    if len(word) != len(noun) or word == noun:
        return False
    diffs = [i for i, (a, b) in enumerate(zip(word, noun, strict=True)) if a != b]
    return (
        len(diffs) == 2
        and diffs[1] == diffs[0] + 1
        and word[diffs[0]] == noun[diffs[1]]
        and word[diffs[1]] == noun[diffs[0]]
    )


@lru_cache(maxsize=64)
def _trailing_patterns(names: tuple[str, ...]) -> tuple[re.Pattern[str], ...]:
    """A game's trailing names as patterns, compiled once per lexicon."""
    return tuple(
        re.compile(rf"\s+(?:in|for)\s+(?:the\s+)?{name}$", re.IGNORECASE) for name in names
    )


# Irregular past tenses one letter from a present ("began", "became", "withdrew", "built",
# "spent", "chose"): the author tells what happened, so they are never corrected into an act.
_IRREGULAR_PAST = re.compile(
    r"became|began|begun|bought|brought|built|came|caught|chose|dealt|drew|drove|fell|felt|"
    r"fought|forgot|gave|held|hung|kept|knew|laid|leant|lent|made|meant|overtook|paid|ran|"
    r"rode|rose|said|sent|shot|sold|spent|spoke|stood|stole|swore|taught|threw|told|took|"
    r"understood|went|withdrew|won|wore|wrote"
)


_AGREEMENT_SLIP = re.compile(
    r"^I\s+(?P<am>am\s+(?![a-z]+\s+to\b))?(?P<word>[A-Za-z]+)\b",
    re.IGNORECASE,
)


def _agreement(text: str, verbs: tuple[str, ...]) -> str:
    """A verb after "I" in the form of another person ("I places", "I becomes") or after a
    bare "am" ("I am place") is the author's present act (rulings P1o): with "I" as its
    subject, no other reading of it is English. The past ("I placed") and the progressive
    ("I am placing") are other words, read or not elsewhere."""
    second = text[2:].lstrip().split(" ", 1)[0]
    if not second.endswith(("s", "S")) and second.casefold() != "am":
        return text  # the cheap test first: most verbs after "I" agree
    match = _AGREEMENT_SLIP.match(text)
    if match is None:
        return text
    word = match.group("word").casefold()
    if match.group("am"):
        verb = word if word in verbs else None
    elif _inflected(word, verbs):
        verb = word[:-1] if word[:-1] in verbs else word[:-2]
    else:
        verb = None
    return text if verb is None else "I " + verb + text[match.end() :]


def _inflected(word: str, verbs: tuple[str, ...]) -> bool:
    """Whether ``word`` is a verb's third person ("places", "names"): a tense, never a
    typo. "invets" is not: only two of its letters are swapped."""
    return word.endswith("s") and (word[:-1] in verbs or word[:-2] in verbs)


def _plausible_typo(word: str, verb: str) -> bool:
    """Whether ``word`` can be a slip for ``verb``: it keeps the verb's first letter, or
    swaps it with the second ("lpay"; another first letter is another word: "reactivate" is
    no "deactivate"), and a word one
    letter longer or shorter is no tense of it ("placed", "plays", "naming" stay)."""
    swapped_first = len(word) == len(verb) and word[:2] == verb[1::-1]  # "lpay", "palce"
    if word[0] != verb[0] and not swapped_first:
        return False
    return len(word) == len(verb) or not word.endswith(("ed", "ing", "s"))


@lru_cache(maxsize=64)
def _naming_the_game(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """The game's name alone before a bare verb ("Arcadia claim (3, 4)", "Commune: place a
    tile at C4"): a label saying which game the act is in, as "Okinawa move: ..." is."""
    if not names:
        return None
    return re.compile(
        # ("Okinawa move: Stone at (1, 3)", "Arcadia action - claim (3, 3)": P62-11.)
        r"^(?:the\s+)?(?:" + "|".join(f"(?:{n})" for n in names) + r")"
        r"(?:\s+(?:move|play|action|turn)(?=\s*[:\-\u2013\u2014]))?\s*[:\-\u2013\u2014]?\s+(?=[a-z])",
        re.IGNORECASE,
    )


@lru_cache(maxsize=64)
def _leading_pattern(names: tuple[str, ...]) -> re.Pattern[str] | None:
    """The game named before the "I" with no comma ("In Okinawa I play ..."), compiled
    once per lexicon. With a comma any opener is set aside (:data:`_REWRITES`); without
    one only the game's own name is, so that no other words before the "I" are lost."""
    if not names:
        return None
    return re.compile(
        # An opener before it ends with a comma or colon ("For the record, in Okinawa I
        # play ..."), set aside as any opener before an "I" is.
        r"^(?:[^,:;]{1,60}?[,:]\s*)?(?:in|for)\s+(?:the\s+)?(?:"
        + "|".join(f"(?:{n})" for n in names)
        + r")\s+(?=I\s)",
        re.IGNORECASE,
    )


def _leading_game(text: str, names: tuple[str, ...]) -> str:
    pattern = _leading_pattern(names)
    return text if pattern is None else pattern.sub("", text, count=1)


@lru_cache(maxsize=64)
def _game_noun_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """ "Commune game", "the Okinawa game": a game's name followed by the word "game"."""
    # "a new Single-Capture Go game" is one of its games, which its grammar reads as such.
    return re.compile(rf"(?<!\bnew\s)(?<!\ba\s)\b({'|'.join(names)})\s+game\b", re.IGNORECASE)


def _without_game_noun(text: str, names: tuple[str, ...]) -> str:
    """ "I leave (the) Commune game" is "I leave Commune": the word adds nothing."""
    if not names or "game" not in text.casefold():
        return text
    return _game_noun_pattern(names).sub(r"\1", text)


def _trailing_game(text: str, names: tuple[str, ...]) -> str:
    for pattern in _trailing_patterns(names):
        cut = pattern.sub("", text)
        if cut != text:
            return cut
    return text


class Labels:
    """The games' labels that carry meaning (:attr:`~referee.games.base.Lexicon.labels`),
    with one pattern that any of them matches at the start of a sentence (each opens with
    "^"), so that most sentences meet one test instead of every label."""

    def __init__(self, rewrites: tuple[tuple[re.Pattern[str], str], ...]) -> None:
        self.rewrites = rewrites
        self.gate = (
            re.compile("|".join(f"(?:{p.pattern})" for p, _ in rewrites), re.IGNORECASE)
            if rewrites
            else None
        )

    def apply(self, text: str) -> str:
        if self.gate is None or self.gate.match(text) is None:
            return text
        return _rewrite(text, self.rewrites)


_WHERE_WRITTEN = (
    r"(?:my\s+|the\s+)?(?:phone|mobile|cell|tablet|laptop|train|bus|plane|airport|office|work|"
    r"car|couch|beach)"
)
_NOW_LABEL = re.compile(
    rf"^(?:today|this\s+week|this\s+round|this\s+turn|now|for\s+now|"
    # "For this week: tile G6, invest Amber" (P73-read-games-s20-15).
    r"for\s+(?:this\s+(?:week|round|turn)|today)|"
    # "Actions this week: tile at E2, investment in Jade" (P62-14).
    r"(?:my\s+)?actions\s+(?:for\s+)?(?:this\s+(?:week|round|turn)|today)|"
    # "Quick one from my phone: tile E5 pls", "For the record: tile at E5": the author's
    # word on the message itself, never on the act (P67-lead-s17-1).
    # "Quick one from the train:", "Before I forget --", "While I remember:": where or how
    # the message was written, or the author's memory, never a condition (P68-read-games-s18-2).
    rf"(?:(?:just\s+)?a\s+)?quick\s+(?:one|note|post|update)(?:\s+from\s+{_WHERE_WRITTEN})?|"
    rf"(?:sent\s+|posting\s+|writing\s+)?from\s+{_WHERE_WRITTEN}|for\s+the\s+record|fyi|"
    r"before\s+I\s+forget|while\s+I\s+(?:remember|think\s+of\s+it)|in\s+a\s+(?:rush|hurry)|"
    r"real\s+quick|on\s+(?:my\s+)?(?:phone|mobile)|"
    # "Sorry for the noise --", "Apologies for the double post:": a word on the message
    # itself (P73-read-games-s20-16).
    r"(?:sorry|apologies)\s+for\s+(?:the\s+)?(?:noise|spam|delay|double\s+post|late\s+(?:reply|post|mail)|"
    r"confusion|mess))"
    r"\s*(?:--|[:,\-\u2013\u2014])\s*(?=\S)",
    re.IGNORECASE,
)
_NOW_LABEL_FIRST = frozenset("TtNnAaMmQqJjSsFfBbWwIiRrPpOo")
"""The letters a heading of ``_NOW_LABEL`` begins with: the cheap test before it."""


# "Tile -> C8", "Stone => (0, 4)", "Round move → b2": an arrow between a label of words
# and what it names, as phones and plain-text lists write it; read as the label's colon
# ("Tile: C8"), which the games' labels read (P68-read-games-s18-1). Only after words (never
# a place: "c3 -> c4" is a change of mind, left to be told).
_ARROW_LABEL = re.compile(
    # ... never after the author's own "I" ("I set my Activity -> Active": a switch's new
    # value, which the games' own rewrites read).
    r"^(?!\s*I\s)(\s*[A-Za-z][A-Za-z' ]{0,30}?)\s*(?:-+>|=+>|\u2192|\u21d2|\u27f6)\s*(?=\S)"
)


def _arrow_as_colon(text: str) -> str:
    if ">" not in text[:40] and not any(a in text[:40] for a in ("\u2192", "\u21d2", "\u27f6")):
        return text
    return _ARROW_LABEL.sub(r"\1: ", text, count=1)


# "Okinawa, this week: Stones on ...", "Commune today - tile at C4": the time of now inside a
# name's heading, which says no more than the name alone does (P73-read-games-s20-3).
_NOW_IN_HEADING = re.compile(
    r"^(?!(?:for|in|as|at|on|by|to|from|and|but|so|all|my|our|just|only|also|and|or)\b)"
    r"((?-i:[A-Z])[\w\-]*(?:\s+(?-i:[A-Z])[\w\-]*)?)\s*,?\s+(?:for\s+)?"
    r"(?:this\s+(?:week|round|turn)|today|now)\s*(?=[:\u2013\u2014]|-(?![0-9]))",
    re.IGNORECASE,
)


# Emoji that doubt, hope, wink or laugh ("e5 \U0001f914"): never set aside as decoration.
_NOT_DECORATION = frozenset(
    "\U0001f914\U0001f928\U0001f937\u2753\u2754\u2049\U0001f615\U0001f62c\U0001f644"
    "\U0001fae4\U0001f91e\U0001f609\U0001f61c\U0001f643\U0001f60f\U0001f602\U0001f923"
    "\U0001f606\U0001f92a\U0001f0cf"
)


def _without_trailing_pictographs(text: str) -> str:
    """``text`` without the emoji that decorate its end ("Farm at (2, 2) \U0001f33e")."""
    end = len(text)
    while end > 0 and (text[end - 1].isspace() or pictograph(text[end - 1])):
        if text[end - 1] in _NOT_DECORATION:
            return text
        end -= 1
    return text[:end] if end else text


def without_now_label(text: str) -> str:
    """``text`` without a heading that says only "now" or how the message was written
    ("Today:", "Quick one from my phone:")."""
    if text[:1] in _NOW_LABEL_FIRST:
        text = _NOW_LABEL.sub("", text, count=1)
    if text[:1].isupper() and (" this " in text[:40] or " today" in text[:40]):
        text = _NOW_IN_HEADING.sub(r"\1", text, count=1)
    return text


# "one (1) tile", "two (2) Food", "2 (two) Food": a number written in words and again in
# figures, as Agora's legal style writes it (P67-lead-s17-2). Read once, as the words
# give it, only where both say the same number.
_DOUBLED_NUMBER = re.compile(
    r"\b(?P<word>one|two|three|four|five|six|seven|eight|nine|ten)\s*\(\s*(?P<figure>[0-9]+)\s*\)"
    r"|\b(?P<figure2>[0-9]+)\s*\(\s*(?P<word2>one|two|three|four|five|six|seven|eight|nine|ten)\s*\)",
    re.IGNORECASE,
)
_NUMBER_WORD_VALUES = {
    word: value
    for value, word in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 1
    )
}


def _once_each_number(text: str) -> str:
    """``text`` with each number written twice that agrees with itself written once."""

    def once(match: re.Match[str]) -> str:
        word = match["word"] or match["word2"]
        figure = match["figure"] or match["figure2"]
        if _NUMBER_WORD_VALUES[word.casefold()] != int(figure):
            return match[0]  # two numbers that differ: left for the reader to be told
        return match["word"] or match["figure2"]

    return _DOUBLED_NUMBER.sub(once, text)


# "(one, minus two)", "(zero, four)": a place's two numbers in words, with "minus" or
# "negative" for the sign (P70-read-games-s19-10).
_NUMBER_IN_WORDS = (
    r"(?:(?:minus|negative)\s+)?(?:zero|one|two|three|four|five|six|seven|eight|nine)|[+\-]?[0-9]"
)
_PAIR_IN_WORDS = re.compile(
    rf"\(\s*(?P<a>{_NUMBER_IN_WORDS})\s*,\s*(?P<b>{_NUMBER_IN_WORDS})\s*\)", re.IGNORECASE
)


def _in_figures(number: str) -> str:
    words = number.casefold().split()
    if words[-1][-1:].isdigit():
        return number
    value = 0 if words[-1] == "zero" else _NUMBER_WORD_VALUES[words[-1]]
    return f"-{value}" if len(words) > 1 and value else str(value)


def _pair_in_figures(text: str) -> str:
    """``text`` with a place written in words ("(one, minus two)") in figures ("(1, -2)")."""

    def figures(match: re.Match[str]) -> str:
        if match["a"][-1:].isdigit() or match["b"][-1:].isdigit():
            # "(3, three)": words and figures mixed are told (ninth batch), never guessed.
            return match[0]
        return f"({_in_figures(match['a'])}, {_in_figures(match['b'])})"

    return _PAIR_IN_WORDS.sub(figures, text)


# "(Late, sorry.) I place ...", "[Note: I realise this is late.] I support ...": words in
# brackets before the act. They are moved after it, where they are judged as every aside
# at the end of an action is (a doubt, a condition, a joke or another time is told, never
# set aside). A single bare word ("[Commune]", "(a)") is a tag or a list marker, read
# elsewhere (P50-lead-s11-4).
_LEADING_BRACKETS = re.compile(r"^[(\[]\s*([^()\[\]]{1,100}?)\s*[)\]]\s*,?\s*(?=I\b)")


def _leading_brackets_last(text: str) -> str:
    match = _LEADING_BRACKETS.match(text)
    if match is None:
        return text
    inner = match.group(1)
    if inner.isalnum():
        return text
    return f"{text[match.end() :].rstrip()} ({inner})"


_UNDERSCORED = re.compile(r"^_{1,2}(?=[^\W_])(.*?[^\W_])[.!]*_{1,2}$")


# "a9 is what I'm playing.": the square, then the play it is, in the present; its "what"
# asks nothing, so it is read before the hedge test sees it (P62-6). "What I'd play" and
# "... is what I'm playing?" stay hedges.
_WHAT_I_PLAY = re.compile(
    rf"^({_COORD})\s+is\s+what\s+I(?:['\u2019]m\s+playing|\s+am\s+playing|\s+play)\b"
    r"(?=(?:\s+(?:for\s+)?this\s+round)?[\s.!]*$)",
    re.IGNORECASE,
)


_MOVE_LABELS = frozenset(("move", "play", "action", "turn"))


# "Since nobody else will, I object ...": a reason before the act whose only hedge is what
# someone else will (not) do; the act is the author's, now (P74-read-agora-s20-15).
_OTHERS_FUTURE_REASON = re.compile(
    r"^\s*(?:since|because|as|seeing\s+(?:as|that))\s+(?!I\b|I['\u2019])"
    r"(?:nobody|no\s*one|someone|somebody|everyone|everybody|others|(?-i:[A-Z])[\w\-]*)(?:\s+else)?\s+"
    r"(?:will|won['\u2019]?t|can['\u2019]?t|cannot)(?:\s+[a-z]+){0,2}\s*,\s*$",
    re.IGNORECASE,
)


def prepare(text: str, verbs: frozenset[str], labels: Labels | None = None) -> str | None:
    """The sentence with the words every game sets aside rewritten (openers, the author's
    name, labels, coordinates), or None when no game could read another form of it: it
    hedges, or it has no speaker ("I", "my") and does not open with one of the games'
    ``verbs``, a gerund, a label or a square. The games' ``labels`` that carry meaning are
    rewritten first. Done once per sentence."""
    # "Today: tile at C4", "This week - invest in Amber": the time is now, a heading over
    # the author's act (P42-read-games-s10-7).
    text = without_now_label(_arrow_as_colon(text))
    if text[:1] == "_":
        text = _UNDERSCORED.sub(r"\1", text)  # "_I deregister._": emphasis, not words
    if "(" in text:
        text = _pair_in_figures(_once_each_number(text))
    if " is what " in text[:12].casefold():
        text = _WHAT_I_PLAY.sub(r"I play \1", text, count=1)
    if text[:6].casefold() == "claims":
        # "Claims: (3, 3), (3, 4).": the plural label, as "Claim:" (P70-read-games-s19-17).
        text = _PLURAL_CLAIMS.sub("Claim:", text, count=1)
    if "going with" in text[:20]:
        text = _GOING_WITH.sub("", text, count=1)
    if labels is not None:
        labelled = labels.apply(text)
        if labelled == text and text and not text[-1].isascii():
            # "🌾 Farm at (2, 2) 🌾": the emoji after a label's place, set aside as after any
            # act, for the labels that end at the place (P73-read-games-s20-14); a sentence
            # no label reads keeps them, for the asides to set aside and show.
            bare = _without_trailing_pictographs(text)
            relabelled = labels.apply(bare)
            labelled = relabelled if relabelled != bare else text
        text = labelled
    if text[:1] in "([":
        text = _leading_brackets_last(text)
    if " by me" in text:
        text = _passive_by_me(text)
    if text[:2].casefold() == "to":
        text = _TO_WHOM.sub("", text, count=1)  # its "may" is no hedge
    speaker = _SPEAKER.search(text)
    if speaker is None and not _SPEAKERLESS.match(text):
        words = text.split(None, 3)
        first = words[0].strip("[(\"'").casefold() if words else ""
        # "Arcadia claim (3, 4)": a name (a game's, for its reading to set aside) before
        # the verb; "Arcadia move: claim (3, 3)": the name and a label (P62-11).
        named = len(words) > 1 and words[0][:1].isupper()
        second = words[1].casefold() if named else ""
        third = (
            words[2].casefold()
            if named and len(words) > 2 and second.rstrip(":-") in _MOVE_LABELS
            else ""
        )
        # "Arcadia: claiming (4, 5)": a game's name as a heading over a gerund
        # (P68-read-games-s18-10).
        gerund = named and words[0].endswith(":") and second.endswith("ing") and len(second) > 5
        if (
            first not in verbs
            and second not in verbs
            and third not in verbs
            and not gerund
            and not _other_opening().match(text)
        ):
            return None
    if speaker is not None and _may_give_a_reason(text):
        later = _later_reason(text)
        if later is not None:
            # "Moving house next week, so I become inactive": the act is now.
            text = text[later:]
            speaker = _SPEAKER.search(text)
    if speaker is not None and speaker.start() > 0 and _may_give_a_reason(text):
        text = _set_aside_fact(text, verbs)
        speaker = _SPEAKER.search(text)
    if (
        speaker is not None
        and hedged(text[: speaker.start()])
        and not _OTHERS_FUTURE_REASON.match(text[: speaker.start()])
    ):
        return None
    if speaker is None and _hedged_before_any_reason(text):
        return None
    prepared = _rewrite(_method_opener_last(text), _REWRITES)
    if labels is not None and prepared != text and not prepared.startswith("I "):
        # "Surveyor: an investment in Amber": a label the opener set aside had hidden.
        prepared = labels.apply(prepared)
    # A method left first once an opener before it is set aside ("Note: with support, I
    # intend ..."), moved after the act as at the start.
    prepared = _set_aside_leading_reason(_method_opener_last(prepared))
    if any(map(str.isdigit, prepared)):
        prepared = _rewrite(prepared, _COORDINATES)
    return prepared


# "A tile is hereby placed by me at D7.", "(3, 3) is claimed by me.": the author's act in the
# passive, now (is/are, never was/will be), by the author's own hand (P70-read-games-s19-2).
_PASSIVE_BY_ME = re.compile(
    r"^(?P<thing>(?:(?:a|an|one|my|the|this|two|three|[0-9]+)\s+)?[\w'(),+\-\s]{1,40}?)\s+"
    r"(?:is|are)\s+(?:hereby\s+)?(?P<done>placed|played|put|built|claimed|destroyed|captured|"
    r"withdrawn|accepted)\s+(?:hereby\s+)?(?P<where>(?:at|on|onto|in)\s+(?:\([^()]{1,12}\)|[^,;.!?()\s]{1,12})\s+)?"
    r"by\s+me\b(?!\s+and\b)(?P<rest>.*)$",
    re.IGNORECASE,
)
_PLURAL_CLAIMS = re.compile(r"^claims\s*:", re.IGNORECASE)
# "I'm going with a tile at F3.": the author's choice now, before a piece and its place
# with no verb, which the games read as the act (P70-read-games-s19-11). "I'm going to" is
# an intention, never matched.
_GOING_WITH = re.compile(
    r"^(?:I['\u2019]?m|I\s+am|so\s+I['\u2019]?m)\s+(?:just\s+)?going\s+with\s+(?:an?\s+|one\s+)?"
    r"(?=(?:tile|stone)s?\s+(?:at|on|onto|in)\s)",
    re.IGNORECASE,
)
_ACTIVE_OF = {
    "placed": "place",
    "played": "play",
    "put": "put",
    "built": "build",
    "claimed": "claim",
    "destroyed": "destroy",
    "captured": "capture",
    "withdrawn": "withdraw",
    "accepted": "accept",
}


def _passive_by_me(text: str) -> str:
    """``text`` in the active voice when it is the author's act in the passive."""
    match = _PASSIVE_BY_ME.match(text)
    if match is None:
        return text
    thing = match.group("thing")
    if thing.split(None, 1)[0].casefold() in {"a", "an", "one", "the", "this", "my"}:
        thing = thing[:1].lower() + thing[1:]
    where = (match.group("where") or "").rstrip()
    verb = _ACTIVE_OF[match.group("done").casefold()]
    return " ".join(part for part in (f"I {verb} {thing}", where) if part) + match.group("rest")


# "With the support of all its members, I intend to join ...": the opener is the intent's
# method (rule 1728), never words to set aside; it is moved after the action, where the
# grammars read a method.
_METHOD_OPENER = re.compile(
    r"^(?P<method>with(?:out)?\b[^,:;]{0,60}?\b(?:support|objections?|consent|notice)\b"
    r"[^,:;]{0,40}?)\s*,\s*(?P<rest>I\b[^,;:]*?)[\s.!]*$",
    re.IGNORECASE,
)


def _method_opener_last(text: str) -> str:
    head = text[:6].casefold()
    if not head.startswith(("with", "please")):
        return text  # the cheap test first: most sentences open otherwise
    if _POLITE_RESIGNATION.match(text) is not None:
        # "Please accept my resignation as Surveyor": the author's own resignation.
        return _POLITE_RESIGNATION.sub("I tender my resignation", text, count=1)
    match = _METHOD_OPENER.match(text)
    if match is None:
        return text
    return f"{match.group('rest')}, {match.group('method')}"


_POLITE_RESIGNATION = re.compile(r"^please\s+accept\s+my\s+resignation\b", re.IGNORECASE)


# "Moving house next week, so I become inactive": the author's circumstances, at a time to
# come, before an act now that they are the reason for ("so", "therefore", or a semicolon).
# Only words of time may hedge in them: any other (a modal, a condition, a doubt, someone
# else's words) is judged as before, and the sentence is not read (rulings P43-read-agora-s10-1).
_LATER_REASON = re.compile(
    r"^(?P<reason>(?:I(?:['\u2019]m|\s+am|['\u2019]ve|\s+have)\s+|I\s+(?=\w+ing\b))?"
    r"(?P<first>[A-Za-z]+)\b[^;:.!?,]{0,80}?)"
    r"(?:\s*,\s*(?:and\s+)?(?:so|thus|hence|therefore)\s+|\s*;\s*(?:so\s+|thus\s+|hence\s+|therefore\s+)?)"
    r"(?=I\s)",
    re.IGNORECASE,
)
_TIME_WORDS = frozenset(
    {"next", "tomorrow", "soon", "later", "after", "before", "until", "till", "tonight"}
)
# The openers of circumstances: a gerund ("Moving", "Travelling"), being away or busy. (A
# game's verb too: at a time to come, "Joining Janet's alliance next week" is no act now.)
_CIRCUMSTANCE = re.compile(r"\w{3,}ing|away|busy|off|out|back|exams?", re.IGNORECASE)


def _may_give_a_reason(text: str) -> bool:
    """Whether ``text`` holds a joint a reason may end at (plain substring tests, far
    cheaper than the pattern)."""
    return (
        "; " in text
        or ", so " in text
        or ", and so " in text
        or "therefore" in text
        or ", thus " in text
        or ", hence " in text
    )


def _later_reason(text: str) -> int | None:
    """Where the act starts after a reason at a time to come, if the sentence opens with
    one whose only hedges are words of time; else None."""
    match = _LATER_REASON.match(text)
    if match is None:
        return None
    if not _CIRCUMSTANCE.fullmatch(match.group("first")):
        return None  # no circumstance of the author's ("Next week, so I ...")
    hedges = list(_HEDGE.finditer(match.group("reason")))
    if not hedges or any(hedge.group().casefold() not in _TIME_WORDS for hedge in hedges):
        return None
    if _THEN.search(text, match.end()):
        return None  # "..., so I become inactive then": the act at that time to come
    return match.end()


_THEN = re.compile(r"\b(?:then|that\s+(?:time|point|day|week))\b", re.IGNORECASE)


# "The Land Unit at (2, 9) is still free, so I claim it": a fact, in no one's voice, as the
# reason for the act after it (P50-lead-s11-14). Never the author's own words ("I ...",
# "my ..."), which may be an act of their own, never a hedge, a condition or a game's verb.
_FACT_REASON = re.compile(
    r"^(?P<reason>[^;:!?]{3,120}?)\s*(?:,\s*(?:and\s+)?(?:so|thus|hence|therefore)|;\s*(?:so|thus|"
    r"hence|therefore)?)\s+(?=I\s)",
    re.IGNORECASE,
)


def _set_aside_fact(text: str, verbs: frozenset[str]) -> str:
    match = _FACT_REASON.match(text)
    if match is None:
        return text
    reason = match.group("reason")
    first = reason.split(None, 1)[0].strip("[(\"'").casefold()
    if (
        _SPEAKER.search(reason) is not None
        or first in verbs
        or hedged(reason)
        or _MODAL.search(reason)
        or _CONDITIONAL_ASIDE.search(reason)
        # "Intent 6 is ripe, so I perform it": the numbered thing "it" points back to is
        # never set aside (P43-read-agora-s10-10; rulings P49-read-agora-s11-13).
        or (
            _NUMBERED_THING.search(reason) is not None
            and _POINTS_AHEAD.search(text[match.end() :].rstrip(" .!")) is not None
        )
    ):
        return text
    return text[match.end() :]


# A modal anywhere in a fact ("D4 may be free"), where the hedge's own test spares "may"
# after a number for the month ("4 May").
_MODAL = re.compile(r"\b(?:may|might|could|would|should|will|must)\b", re.IGNORECASE)


# "I'm going on holiday, so I become inactive", "Going on holiday; I become inactive": a
# clause of the author's own circumstances before the action, set aside like a reason
# after it, unless it hedges or conditions ("If ..., I", "I might be away, so I").
_LEADING_REASON = re.compile(
    r"^(?P<reason>(?:I(?:['\u2019]m|\s+am|['\u2019]ve|\s+have|\s+(?=\w+ing\b))|going|being|"
    r"having|back|away|busy)\b[^;:.!?]{0,80}?)(?:\s*,\s*(?:so|and(?:\s+so)?|thus|hence|therefore)\s+|"
    r"\s*[;:]\s*(?:so\s+|and\s+|thus\s+|hence\s+|therefore\s+)?)(?=I\b)",
    re.IGNORECASE,
)


def _set_aside_leading_reason(text: str) -> str:
    if " that " in text or text[:12].casefold().startswith("i do hereby"):
        text = _ANNOUNCE_THAT.sub("I ", text, count=1)
    if "," not in text and ";" not in text and ":" not in text:
        return text  # no clause before the action to set aside
    match = _LEADING_REASON.match(text)
    if match is None or hedged(match.group("reason")):
        return text
    return _HEREBY.sub("I ", text[match.end() :])


_HEREBY = re.compile(r"^I\s+hereby\s*,?\s+", re.IGNORECASE)
# "I announce that I resign as Surveyor", "I do hereby resign": the act announced.
_ANNOUNCE_THAT = re.compile(
    r"^I\s+(?:hereby\s+)?(?:announce|declare|state|confirm)\s+that\s+(?:I\s+(?:hereby\s+)?)?(?=\w)|"
    r"^I\s+do\s+hereby\s+",
    re.IGNORECASE,
)


# The speaker; "i" too, as phones and quick typists write it (never "i.e.").
# "my" after "in", "of" or "about" ("In my dreams, I ...", "the old text of my message was:
# I ...") is no speaker: the words before the "I" are read whole, a hedge among them too
# (P75-lead-s20-1, -4).
_SPEAKER = re.compile(
    r"\b(?:[Ii](?:['\u2019]?m)?|(?<!\b[Ii]n\s)(?<!\b[Oo]f\s)(?<!\b[Aa]bout\s)[Mm]y)\b(?!\.)"
)
_TO_WHOM = re.compile(r"^to\s+whom\s+it\s+may\s+concern\s*[,:;.!\-\u2013\u2014]\s*", re.IGNORECASE)
# Forms with no "I" that a game may still read: a gerund, a label, a square, politeness.
_SPEAKERLESS = re.compile(
    r"^\s*[\[(\"'*`]{0,2}\s*(?:\w+ing\b|[A-Za-z][\-\u2013]?[1-9][0-9]?\b|(?:(?:this\s+)?round(?:\s+\d+|['\u2019]s)?\s+)?(?:move|play|"
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


# "I name the community I founded last week Teal": a time inside a relative clause of the
# author's own past act on the object tells when the object came to be, not when the act is
# done; left to the game's rewrites, each form still asked whether it hedges
# (P65-read-games-s17-4).
_WHEN_MADE = re.compile(
    r"(\bthe\s+[a-z]+\s+(?:that\s+|which\s+)?I\s+(?:founded|started|created))\s+(?:last\s+"
    r"(?:week|round|month|time)|yesterday|earlier(?:\s+(?:today|this\s+week))?|(?:a\s+(?:few\s+)?|"
    r"two\s+|three\s+)?(?:days?|weeks?)\s+ago)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _hedged_before_any_reason(text: str) -> bool:
    """Whether ``text`` hedges before anything that could be set aside as a reason, so
    that no beginning of it is an act. Remembered: most games make the same form of a
    sentence, and each asks."""
    text = _WHEN_MADE.sub(r"\1", text)
    hedge = _first_hedge(text)
    return hedge is not None and not any(
        cut.start() <= hedge.start() for cut in _REASON.finditer(text, 0, hedge.start() + 1)
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
    if not prepared.startswith(("I ", "My ", "my ")):
        prepared = _leading_game(prepared, lexicon.trailing)
        prepared = _game_heading_over_gerund(prepared, lexicon.trailing)
    bare = _bare_verb(prepared, lexicon.verbs) != prepared  # "Place a tile ...": no "I"
    base = _gerund(_leaving_gerund(prepared, lexicon), lexicon.verbs)
    if base == prepared and base[:2] != "I ":
        base = _synonym_gerund(base, lexicon)
    base = _bare_verb(base, lexicon.verbs)
    if not base.startswith(("I ", "My ", "my ")):
        labelled = _naming_the_game(lexicon.trailing)
        unlabelled = labelled.sub("", base, count=1) if labelled is not None else base
        if unlabelled != base and _bare_verb(unlabelled, lexicon.verbs) != unlabelled:
            base = _bare_verb(unlabelled, lexicon.verbs)
    base = _agreement(_typo(base, lexicon.verbs), lexicon.verbs)
    base = _without_game_noun(base, lexicon.trailing)
    if private:
        squared = _rewrite(base, lexicon.private_rewrites)
        # "c4, Janet": a square alone then a name, as a bare verb then a name (P65-...-20).
        bare = bare or (squared != base and not base.startswith(("I ", "My ", "my ")))
        base = squared
    if not _SPEAKS.match(base):
        return
    # Every form offered is a beginning of the sentence: none can reach past a hedge.
    if _hedged_before_any_reason(base):
        return
    mended = _mend_noun_slips(base, _in_game_terms(base, lexicon), lexicon, looks)
    if mended is None:
        return  # setting words aside below can only take clues away
    base = mended
    seen = {text}
    yield from _forms(base, lexicon, looks, seen, imperative=bare)
    inner = _inner_aside(base, lexicon, looks)
    if inner is not None:
        # "I support intent 4 (seems harmless) and object to intent 5": a remark in brackets
        # before the next act, set aside, then the rest read as before (P53-read-agora-s12-4).
        without, aside = inner
        for reading in _forms(without, lexicon, looks, seen, imperative=bare):
            both = f"{aside}; {reading.set_aside}" if reading.set_aside else aside
            yield Reading(reading.text, both)


# A short remark in brackets, in words alone, just before "and" and the next act.
_INNER_BRACKET = re.compile(
    r"\s*\((?P<aside>[A-Za-z][A-Za-z'\u2019 ,\-]{0,50})\)(?=\s*,?\s+and\s+(?:I\s+)?[a-z])"
)
# Words that would make the remark part of the act, or change it.
_INNER_CHANGES = re.compile(
    r"\b(?:not|no|nor|but|only|except|instead|or|rather|and|then|also|both|each|all|every|"
    r"unless|until|later|tomorrow|maybe|perhaps|probably|twice|thrice|once|again|more|another|"
    r"other|same)\b|n['\u2019]t\b|"
    # A name or a place in brackets may correct the act ("(Murphy)", "(E4)"): never a remark.
    r"(?-i:\b[A-Z])",
    re.IGNORECASE,
)


# ", which nobody seems to want, and then I build ...": a clause about the thing just
# acted on, between two commas, before "and" and the next act (P62-5).
_INNER_WHICH = re.compile(
    r",\s*(?P<aside>which\s+[A-Za-z][A-Za-z'\u2019 \-]{0,60}?)\s*,"
    r"(?=\s+and\s+(?:then\s+)?(?:I\s+)?[a-z])",
    re.IGNORECASE,
)
# What would make such a clause part of the act or change it: a denial, another choice, a
# condition, another time, a number or a place. A name may describe ("which connects to
# Jade"), and a doubt about the thing is no doubt about the act ("which nobody seems to want").
_WHICH_CHANGES = re.compile(
    r"\b(?:not|nor|but|only|except|instead|or|rather|and|then|also|unless|until|if|when|once|"
    r"later|tomorrow|again|another|other|same|I|me|my|you|your)\b|n['\u2019]t\b|"
    r"\b[A-Ia-i][1-9]\b",
    re.IGNORECASE,
)


def _labelled_act(aside: str, lexicon: Lexicon, looks: Callable[[str], bool]) -> bool:
    """Whether ``aside`` is an act of the game written without a verb, as its labels read
    one alone ("investment in Jade", "a tile at E3")."""
    if not lexicon.labels or aside[:1] in "(-":
        return False
    labelled = _rewrite(aside, lexicon.labels)
    return labelled != aside and labelled.startswith("I ") and looks(labelled)


def _may_change_the_act(aside: str, lexicon: Lexicon, looks: Callable[[str], bool]) -> bool:
    """Whether a remark inside a sentence, between an act and the next, may be part of an
    act or change one: a condition, an unreal or altering word, an act, or a game's verb."""
    return bool(
        _CONDITIONAL_ASIDE.search(aside)
        or _UNREAL.search(aside)
        or _alters(aside)
        or _acts(aside, lexicon.verbs, looks)
        or _another_action(aside, lexicon.verbs)
        or any(word.casefold() in lexicon.verbs for word in aside.split())
    )


def _inner_which(
    base: str, lexicon: Lexicon, looks: Callable[[str], bool]
) -> tuple[str, str] | None:
    """(``base`` without it, the clause) for one clause ", which ..., and ..." about the
    thing acted on that changes nothing; else None."""
    matches = list(_INNER_WHICH.finditer(base))
    if len(matches) != 1:
        return None
    match = matches[0]
    aside = match.group("aside").strip()
    if _WHICH_CHANGES.search(aside) or _may_change_the_act(aside, lexicon, looks):
        return None
    return base[: match.start()] + base[match.end() :], aside


def _inner_aside(
    base: str, lexicon: Lexicon, looks: Callable[[str], bool]
) -> tuple[str, str] | None:
    """(``base`` without it, the remark) for one remark in brackets before ", and ..." that
    changes nothing; else None."""
    if "which" in base.casefold():
        which = _inner_which(base, lexicon, looks)
        if which is not None:
            return which
    if "(" not in base:
        return None  # the cheap test first
    matches = list(_INNER_BRACKET.finditer(base))
    if len(matches) != 1:
        return None
    match = matches[0]
    aside = match.group("aside").strip()
    if hedged(aside) or _INNER_CHANGES.search(aside) or _may_change_the_act(aside, lexicon, looks):
        return None
    return base[: match.start()] + base[match.end() :], f"({aside})"


# "Place a tile at D4, Janet.": a person named after a bare verb is the one told to do it,
# never set aside; an officer so named ("..., Surveyor.") is the one asked to record the
# author's act (P65-read-games-s17-20).
_ADDRESSEE = re.compile(
    r"^(?!(?:surveyor|sensei|registrar|referee|lord[\s\-]ruler|gamesmaster|officer|all|everyone|"
    r"everybody|folks|guys|team|please|pls|plz|thanks|thx|ty|cheers)\b)(?-i:[A-Z])[\w\-']*"
    r"(?:\s*,?\s*(?:please|pls|plz))?[\s.!]*$",
    re.IGNORECASE,
)


def _forms(
    base: str,
    lexicon: Lexicon,
    looks: Callable[[str], bool],
    seen: set[str],
    *,
    imperative: bool = False,
) -> Iterator[Reading]:
    """The forms of ``base``: as it stands, with its game's name, its verb shared, and
    then with the words at its end set aside, from the shortest. ``imperative``: the
    author wrote the verb bare, with no "I"."""
    for form in (base, _trailing_game(base, lexicon.trailing)):
        if form not in seen and not hedged(form):
            seen.add(form)
            yield Reading(form)
    for form in _shared_verb_forms(base, lexicon):
        if form not in seen and not hedged(form):
            seen.add(form)
            yield Reading(form)
    courtesy = trailing_courtesy(base)
    if courtesy is not None:
        kept = _in_game_terms(courtesy[0], lexicon)  # the game's words may end the sentence
        for form in (
            kept,
            _trailing_game(kept, lexicon.trailing),
            *_shared_verb_forms(kept, lexicon),
        ):
            if form not in seen and not hedged(form):
                seen.add(form)
                yield Reading(form, courtesy[1])
    cuts = [m for m in _REASON.finditer(base) if m.start() > 2]
    if " and " in base:
        cuts = sorted([*cuts, *_ANOTHERS_ACT_AFTER.finditer(base)], key=lambda m: m.start())
    for cut in reversed(cuts):
        aside = base[cut.start() :].strip(" ,;-\u2013\u2014")
        kept = _in_game_terms(base[: cut.start()].rstrip(" ,;"), lexicon)
        if _ANOTHERS_ACT.match(aside) and _ANSWER_KEPT.match(kept) and not hedged(aside):
            # "I support intent 3 and Janet objects to it": what another does, said beside
            # the author's answer, changes nothing of it (P74-read-agora-s20-15).
            if kept not in seen and not hedged(kept):
                seen.add(kept)
                yield Reading(kept, aside)
            continue
        if (
            not aside
            or (
                _NOT_AN_ASIDE.match(aside)
                and not _apology_for_no_time(aside)
                and not _excluded(kept, aside)
            )
            or _BARE_DOUBT.match(aside)
            or _LEADING_DOUBT.match(aside)
            or _more_objects(base[: cut.start()].rstrip(" ,;"), aside)
            or (_LAST_DOUBT.search(aside) and not _OWN_CLAUSE.match(aside))
            or "?" in aside
            or (_alters(aside) and not _excluded(kept, aside))
            or _UNREAL.search(aside)
            or _FOR_ANOTHER.match(aside)
            or (imperative and _ADDRESSEE.match(aside))
            or (lexicon.kept_asides is not None and lexicon.kept_asides.match(aside))
            or _LATER_EFFECT.match(aside)
            or _PAST_TIME.match(aside)
            or _joins_another(base, cut.start(), aside)
        ):
            continue
        if _acts(aside, lexicon.verbs, looks) or _more_of_the_same(aside, lexicon, looks):
            continue
        if _ENDS_A_STANDING.match(kept) and _DURATION.match(aside):
            continue  # "I leave Agora for a week": a time limit makes it another act
        if _LEAVES_AN_ALLIANCE.match(kept) and _HANDED_TO.match(aside):
            # "I leave my alliance to Janet (in my will)": a handing over, which no
            # announcement does (P74-read-agora-s20-11). A time limit stays set aside: an
            # alliance left "for a while" is left (P67-lead-s17-10).
            continue
        if _labelled_act(aside, lexicon, looks):
            continue  # "Tile at E2, investment in Jade": another act, never set aside (P62-14)
        if (
            (_another_action(aside, lexicon.verbs) and not _excluded(kept, aside))
            or _CONDITIONAL_ASIDE.search(aside)
            or _runs_on(aside)
        ):
            continue
        if _part_of_an_intent(base[: cut.start()], aside):
            continue
        if _NAME_FOR_NAME.match(aside) and _ENDS_WITH_NAME.search(kept):
            continue  # "I deactivate Janet (Murphy)": which one is meant is not guessed
        if _POINTS_AHEAD.search(kept) and _NUMBERED_THING.search(aside):
            continue  # "I do it: intent 3": the aside says what "it" is (rulings P1q)
        shared = _shared_verb_forms(kept, lexicon) if _JOINED.search(kept) else ()
        for form in (kept, _trailing_game(kept, lexicon.trailing), *shared):
            if form not in seen and not hedged(form):
                seen.add(form)
                yield Reading(form, aside)
        # "I play a Stone at (1, 2) again, since the first was refused": words that change
        # nothing left at the end once the reason is set aside (P62-1).
        courteous = trailing_courtesy(kept)
        if courteous is not None and courteous[0] not in seen and not hedged(courteous[0]):
            seen.add(courteous[0])
            yield Reading(_in_game_terms(courteous[0], lexicon), f"{courteous[1]}; {aside}")


# "... and Janet objects to it", "... and Murphy does too": another's act, after "and".
_ANOTHERS_ACT_AFTER = re.compile(
    r"\s(?=and\s+(?!I\b)(?-i:[A-Z])[\w\-]*\s+(?:[a-z]+s|is|was|has|had|did|does|will)\b)"
)
_ANOTHERS_ACT = re.compile(
    r"^and\s+(?!I\b)(?-i:[A-Z])[\w\-]*\s+(?:[a-z]+s|is|was|has|had|did|does|will)\b[^,;:]*$"
)
# The answers (and Agora's acts) beside which another's act is set aside: only these, so
# that the games' acts are read as they were.
_ANSWER_KEPT = re.compile(
    r"^I\s+(?:hereby\s+)?(?:support|object\s+to|withdraw\s+my\s+(?:support|objection))\s+"
    r"intent\s+#?\d+$",
    re.IGNORECASE,
)


# A name alone in brackets after a name ("I deactivate Janet (Murphy)"): another person,
# perhaps the one meant, never a remark to set aside (P53-read-agora-s12-4).
_NAME_FOR_NAME = re.compile(r"^\(\s*(?-i:[A-Z])[\w\-]*\s*\)$")
_ENDS_WITH_NAME = re.compile(r"(?:^|\s)(?-i:[A-Z])[\w\-]*$")


# An action whose object is a pronoun ("I do it", "I support that", "I withdraw it"), and
# a numbered thing of a game ("intent 3", "offer 4"): after such an action, the words that
# name the thing say what the pronoun stands for, so they are never set aside.
_POINTS_AHEAD = re.compile(r"\b(?:it|this|that|so|them)$", re.IGNORECASE)
_NUMBERED_THING = re.compile(
    r"\b(?:intent|offer|proposal|community|constructor|alliance)s?\s*(?:no\.?\s*|#)?[0-9]+\b",
    re.IGNORECASE,
)


# "sorry folks, no time these days", "sorry all - too busy": an apology to the list for
# the author's lack of time, the usual reason for leaving. Nothing after it names a place,
# a number or a bracket, so it corrects nothing.
_NO_TIME_APOLOGY = re.compile(
    r"^sorry(?:\s+(?:all|everyone|everybody|folks|guys|team|y['\u2019]?all|(?-i:[A-Z])[\w'\-]*))?"
    r"\s*[,;:\-\u2013\u2014]?\s*(?:but\s+)?(?:I\s+(?:have|got)\s+|I['\u2019]m\s+|I\s+am\s+)?"
    r"(?:no|not\s+enough|too\s+little)\s+(?:free\s+)?(?:time|energy)\b[^0-9(]*$|"
    r"^sorry(?:\s+(?:all|everyone|everybody|folks|guys|team|y['\u2019]?all|(?-i:[A-Z])[\w'\-]*))?"
    r"\s*[,;:\-\u2013\u2014]?\s*(?:I['\u2019]m\s+|I\s+am\s+)?(?:too\s+|just\s+|very\s+)?busy\b[^0-9(]*$",
    re.IGNORECASE,
)


def _apology_for_no_time(aside: str) -> bool:
    """Whether ``aside`` only apologises for the author's lack of time (never a correction)."""
    return aside[:5].casefold() == "sorry" and _NO_TIME_APOLOGY.match(aside) is not None


# One word after "for" or "as" that is a reason or a manner, never a person's name.
_COMMON_AFTER_FOR = (
    r"(?:fun|now|luck|real|sure|good|once|safety|clarity|completeness|free|me|myself|it|that|"
    r"this|them|growth|strategy|position|defen[cs]e|offen[cs]e|points|tempo|speed|practice|"
    r"reference|posterity|balance|symmetry|connectivity|expansion|variety|insurance|"
    r"well|usual|planned|promised|announced|agreed|discussed|requested|before|intended|such|"
    r"always|expected|stated|noted|above|below|follows|ever|mentioned|described|needed|"
    r"required|appropriate|necessary|instructed|advertised|payment)\b"
    # ... and any word with the ending of an abstract noun, a gerund, a participle or a role
    # ("for inactivity", "for blocking", "as drafted", "as written", "as founder", "as
    # participant"), which no player's name has.
    r"|[a-z]+(?:ity|ion|ness|ment|ing|ance|ence|al|ure|th|cy|ism|ship|hood|ed|en|er|or|ant|"
    r"ent|ist|ee)\b"
)


# Words that, anywhere in what would be set aside, say the action is not real or not the
# author's own: a test, a theory, a joke, a retraction, someone else's words, an action for
# another ("I place a tile at C4, in theory", "(this is a test)", "(edit: never mind)",
# "(for Janet)"). Such a sentence is reported, never cut down to an act.
_UNREAL = re.compile(
    r"(?i:\b(?:theor\w*|hypothetic\w*|tests?|testing|kidding|joking|jokes?|jk|j/k|"
    r"never\s*mind|nevermind|not\s+really|(?<!\bI\s)said|says|ignore|disregard|pretend\w*|imagin\w*|"
    # "..., Janet wrote last week": someone else's words, quoted (P67-lead-s17-11).
    r"(?<!\bI\s)(?<!\bwho\s)(?:wrote|writes)|"
    r"dreams?|example|instance|draft|cancel\w*|retract\w*|edit|behalf|proxy|universe|fake|quot\w*|"
    r"sarcas\w*|irony|ironic\w*|april\s+fool\w*|satir\w*|parod\w*|jest\w*|"
    # Another time: the action would not be now ("..., effective tomorrow"), or would be
    # an earlier one, which no announcement can make ("..., effective yesterday", "as of
    # last Monday", "retroactively"): told, never performed now instead.
    r"tomorrow|tonight|next\s+(?:week|month|round|turn|time|year|day)|retroactiv\w*|backdat\w*|"
    # More than once ("..., twice"), or a limit no rule gives the act ("..., to be accepted
    # by Friday", "(expires Monday)"): cutting them would do something else (P50-lead-s11-11).
    r"twice|thrice|(?:\d+|two|three|four|five|six|seven|eight|nine|ten|several|many)\s+times|"
    r"repeatedly|expir\w*|by\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|"
    r"next|the\s+end|end\s+of|noon|midnight|\d)|"
    r"(?:effective|as\s+of|dated|starting|beginning)\s+(?:on\s+|at\s+|from\s+)?(?:yesterday|"
    r"last|earlier|\d|the\s+\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*))\b)"
    # "for Janet", "as Murphy": a person named as the one the action is for; "for nix",
    # "as snail": many players' names are written in lower case, so any one word that is
    # not a common word of reasons and manners is taken for a name (P50-lead-s11-10).
    # ("as Registrar", "as Lord-Ruler": an office, the capacity the author acts in, is no
    # person's name; P63-read-agora-s16-4.)
    # ("..., to Janet" after a transfer to Murphy: another recipient, never an aside;
    # P73-read-games-s20-12.)
    r"|^[\s(]*(?:(?i:for)|(?i:to)|(?i:as)(?!\s+"
    + _AN_OFFICE
    + r"[\s).!]*$))\s+[A-Z][\w'\-]*[\s).!]*$"
    # "Tile at D4: done last week.", "(yesterday)": nothing but a past time, the act's: a
    # record of it, not one announced now (P75-lead-s20-8). A reason that speaks of the past
    # ("..., as I said last week") is the reason's.
    r"|^[\s(:;,\-\u2013\u2014]*(?i:(?:done|placed|played|made|sent|posted|submitted|claimed|"
    r"built)\s+)?(?i:yesterday|last\s+(?:week|month|round|turn|time|year|night|(?:mon|tues|wednes|"
    r"thurs|fri|satur|sun)day)|(?:a|an|one|two|three|few|several|\d+)\s+(?:days?|weeks?|hours?|"
    r"months?)\s+ago)[\s).!]*$"
    r"|^[\s(]*(?i:for|as)\s+(?!" + _COMMON_AFTER_FOR + r")[a-z][\w'\-]*[\s).!]*$"
)


# An aside that is nothing but the author's doubt ("I place a tile at G6, I think.", "...,
# I guess", "... - I hope"): the announcement is not clear, so it is told, never cut down to
# the act. A doubt inside a reason ("..., which I think connects Jade") is the reason's.
# The verbs of an author's doubt after "I".
_DOUBTING = (
    r"(?:think|guess|suppose|believe|reckon|hope|expect|assume|presume|imagine|gather|figure|"
    r"bet)"
)
_BARE_DOUBT = re.compile(
    rf"^[\s(]*(?:(?:or\s+so\s+)?I\s+{_DOUBTING}|I['\u2019]m\s+not\s+(?:sure|certain)|"
    r"(?:most\s+)?(?:likely|possibly|probably|presumably|hopefully)|"
    # "..., sort of", "..., kinda": a half-meant announcement.
    r"sort\s+of|kind\s+of|kinda|sorta|more\s+or\s+less|-?ish)(?:\s+so)?[\s.!)]*$",
    re.IGNORECASE,
)


# A doubt opening a longer aside ("..., I think, for a while"): about the act
# (P50-lead-s11-13).
_LEADING_DOUBT = re.compile(
    rf"^[\s(]*I\s+{_DOUBTING}\s*[,;:\-]",
    re.IGNORECASE,
)


# More persons after a comma ("I deactivate Murphy, Janet and nix"): more objects of the
# act, never an aside to set aside (P50-lead-s11-13).
_MORE_NAMES = re.compile(
    r"^(?:[A-Za-z][\w'\-]*\s*,\s*)*[A-Za-z][\w'\-]*\s*,?\s*(?:and|&)\s+[A-Za-z][\w'\-]*[\s.!]*$"
)


def _more_objects(kept: str, aside: str) -> bool:
    """Whether ``aside`` names more persons as objects of the act that ``kept`` ends with
    one of ("I deactivate Murphy" + "Janet and nix"); a list after "with" names the company
    of the act ("... a game with Janet, Murphy and nix"), which its game reads or sets aside
    as a whole."""
    return _MORE_NAMES.match(aside) is not None and _WITH_LAST.search(kept) is None


_WITH_LAST = re.compile(r"\bwith\s+[\w'\-]+$", re.IGNORECASE)


# A doubt as the last words of a longer aside ("..., for a bit, maybe"): about the act.
_LAST_DOUBT = re.compile(
    r"(?:[,;\u2013\u2014]|\s-)\s*(?:maybe|perhaps|probably|possibly|hopefully|or\s+not|"
    r"I\s+(?:think|guess|suppose|hope)|I['\u2019]m\s+not\s+(?:sure|certain))[\s.!)]*$",
    re.IGNORECASE,
)


# A clause with a verb of its own ("which should merge Amber into Jade, I think", "since
# Janet left, I guess"): a doubt at its end is about the clause, not about the act.
_OWN_CLAUSE = re.compile(
    r"^[\s(]*(?:which|that|since|because|as|so\s+that|hoping|in\s+order\s+to)\b", re.IGNORECASE
)


# Every form a grammar reads starts with its speaker ("I ...", "My move is ...").
_SPEAKS = re.compile(r"^(?:I|My|count\s+me)\b", re.IGNORECASE)


# Words that, anywhere in what would be set aside, make it part of the action: another
# choice, an exception, a restriction, a payment or more of the same ("I offer my B for a
# 3, 4 or 5, only to Janet", "I build an Orchard at (3, 4), paying 2 Stone", "I play one
# Stone at (1, 1), one at (1, 2)"). Such a sentence is read whole or reported, never cut.
_ALTERING = re.compile(
    # "I'd rather ..." is a preference, the author's reason, not "or rather" changing the act.
    r"\b(?:or|only|except|unless|instead|but|(?<!I['\u2019]d\s)(?<!would\s)rather|not|nor|either|"
    r"neither)\b|n['\u2019]t\b"
    r"|^[\s(]*+(?:[0-9\[\u2212+\-]|\((?=\s*[0-9+\-\u2212])|(?:one|another|two|three|four|"
    r"five|both|each|the\s+other"
    r"|paying|spending|using|giving|destroying|costing|trading|offering|from|plus)\b"
    # "with a Lumber" pays; "with a heavy heart" only feels.
    r"|with\s+(?!an?\s+(?:heavy|sad|glad|happy|light)\s+heart\b)"
    r"(?:(?:my|an?|one|two|three)\b|[0-9]|the\s+[A-Za-z0-9]\b))"
    # A round named: which play it is, not a reason.
    r"|\bround\s+(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\b"
    # ... and beyond ten ("for round sixteen"): never set aside as a reason.
    r"|\bround\s+(?:eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|"
    r"twenty)\b",
    re.IGNORECASE,
)


# Another numbered thing straight after the action ("I support AP 36 to AP 38", "..., intent
# 4"): the end of a range or more of the same, never a reason (P42-read-games-s10-1).
_ANOTHER_THING = re.compile(
    r"^[\s(]*(?:(?:to|through|thru|till|until|and|&|plus)\s+)?(?:the\s+)?(?:arcadian\s+|trade\s+)?"
    r"(?:intent|offer|proposal|community|constructor|alliance)\s*(?:no\.?\s*|#)?[0-9]+\b",
    re.IGNORECASE,
)


# Two Symbols named together in an aside ("(G + 6 spent)", "(my G and my 6)"): the tokens
# an action pays, never a reason (P42-read-games-s10-3).
_SYMBOLS_NAMED = re.compile(
    r"^[\s(]*(?:(?:paid|spent|spending|using|paying)\s+(?:with\s+)?)?(?:my\s+)?(?-i:[A-J])\s*"
    r"(?:\+|&|/|,|and)\s*(?:my\s+)?[0-9](?![\w'])"
    # "..., a 6 with my middle one": another Symbol for another constructor.
    r"|^[\s(]*an?\s+[A-Ja-j0-9]\s+(?:with|from|in|on|for)\s+my\b",
    re.IGNORECASE,
)


# Another place named after a comma or dash, not as a reason ("since", "to", "as"...):
# more of the action ("I play a Stone at (0, 1), a Stone at (0, 2)"), never set aside.
_ANOTHER_PLACE = re.compile(
    r"\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)|\b[A-Za-z]-?[0-9]{1,2}\b"
)
# Another of the action joined on inside an aside ("to block Janet, and another at (0, 1)"):
# the aside holds more of the action, so it is never set aside (P42-read-games-s10-5).
_MORE_AFTER = re.compile(
    r"(?:,|\band\b|\bthen\b|\bplus\b)\s*(?:also\s+)?(?:another|one\s+more|a\s+second|one|an?\s+[A-Za-z]+)"
    r"\s+(?:at|on|in)\s+(?:" + _ANOTHER_PLACE.pattern + ")",
    re.IGNORECASE,
)
_A_REASON = re.compile(
    r"^[\s(]*(?:since|because|as|to|so|hoping|in\s+order|which|that|for|effective)\b",
    re.IGNORECASE,
)


# A clause that opens as a plain reason ("as e has not posted", "since I have no Stone")
# explains the action: its own "not" or "or" is the reason's, not a change to the action.
_PLAIN_REASON = re.compile(
    r"^[\s(]*(?:since|because|as(?!\s+(?:well|long|soon|if|though)\b)|who(?:se)?)\s"
    # The author's lack of time, the usual reason for leaving, said as a clause of its own.
    r"|^[\s(]*I(?:\s+(?:just|simply|really))?\s+(?:don['\u2019]t|do\s+not|no\s+longer)\s+have\s+"
    r"(?:the\s+|enough\s+|much\s+|any\s+)?time\b"
    # Someone else's view, denied ("... - we don't need more mega-alliances"): never "it"
    # or "this", which may speak of the act itself ("..., this is not official").
    r"|^[\s(]*(?:we|you|people|everyone|everybody|nobody|he|she|e)\s+(?:really\s+|just\s+)?"
    r"(?:don['\u2019]t|do\s+not|doesn['\u2019]t|does\s+not|can['\u2019]t|cannot|won['\u2019]t|"
    r"shouldn['\u2019]t|aren['\u2019]t|are\s+not|isn['\u2019]t|is\s+not|haven['\u2019]t|have\s+not)\s",
    re.IGNORECASE,
)
_ROUND_NAMED = re.compile(
    r"\bround\s+(?:[0-9]+|one|two|three|four|five|six|seven|eight|nine|ten)\b", re.IGNORECASE
)


def _acts(aside: str, verbs: tuple[str, ...], looks: Callable[[str], bool]) -> bool:
    """Whether words after a comma or dash are themselves an action of the game: a clause
    of the author's with a verb of the game ("I grant myself the token it is constructing")
    or more objects ("a G with my middle one"), never a reason to set aside. A clause that
    names the author doing one of the game's verbs anywhere in it ("..., which I name
    Amber") is an action too (P42-read-games-s10-1)."""
    if "I " in aside and any(own.group(1).casefold() in verbs for own in _OWN_VERB.finditer(aside)):
        return True
    for index, part in enumerate(_PARTS.split(aside)):
        if _VERBLESS_THING.match(part):
            return True  # "Tile at E5, investment in Jade, and a 7 ...": another act
        clause = _CLAUSE.match(part)
        if clause is None:
            continue
        word = (clause.group("verb") or "").casefold()
        if word == "i":
            if looks(part):
                return True
        elif word in verbs and index > 0:
            return True  # "..., which founds a new community, and name it Apricot"
        elif (word in verbs or not word) and looks("I " + (part if index else aside)):
            return True
    return False


# A game's thing and where it goes, with no verb, as a list's item ("investment in Jade",
# "a 7 in my left constructor", "stone at (1, 1)"): an act, never an aside to set aside
# (P70-read-games-s19-16).
_VERBLESS_THING = re.compile(
    r"^\s*(?:(?:an?|one|another|my)\s+)?(?:(?:tile|stone|investment)s?\s+(?:at|on|onto|in|into)\b|"
    r"[A-Ja-j0-9]\s+(?:in|with|on|from)\s+my\s+(?:left|middle|right)\b)",
    re.IGNORECASE,
)
# The author doing something inside an aside: "which I name Amber", "so that I invest".
_OWN_VERB = re.compile(r"\bI\s+(?:hereby\s+|also\s+|then\s+|now\s+|just\s+)?([A-Za-z]+)")


# "(my usual weekly investment)", "(my regular move)": the author's habit, naming the act
# just done by its kind, is a remark on it, set aside as "(weekly investment)" is
# (P65-read-games-s17-14).
_MY_HABIT = re.compile(
    r"^my\s+(?:(?:usual|weekly|regular|normal|customary|routine|standard)\s+){1,2}"
    r"(?:investment|tile(?:\s+placement)?|placement|move|play|action|one)s?"
    r"(?:\s+(?:for\s+)?this\s+(?:week|round))?[\s.!)\]]*$",
    re.IGNORECASE,
)
# "(Janet's investment)", "(Murphy's tile)", "(investment for Janet)": words naming another
# person as the act's owner or the one it is done for: the act may be meant as another's,
# so they are never set aside and the sentence is told (P65-read-games-s17-15).
_FOR_ANOTHER = re.compile(
    r"^[\s(\[]*(?:(?:it\s+is|it['\u2019]s|this\s+is|that['\u2019]s)\s+)?(?:(?:the|an?)\s+)?"
    r"(?:(?-i:[A-Z])[\w\-]*['\u2019]s\s+(?:(?:usual|weekly|first|own|new|next)\s+)?(?:investment|tile|"
    r"placement|stone|move|play|turn|token|offer|claim|land(?:\s+unit)?|farm|mine|orchard|monument|"
    r"facility|food|lumber|energy|chain|square|action|go)s?|"
    r"(?:investment|tile|placement|stone|move|play|turn|action|claim)s?\s+(?:for|of|by)\s+"
    r"(?!(?:Commune|Okinawa|Arcadia|Agora|this|the|me|myself|now|today)\b)(?-i:[A-Z])[\w\-]*)"
    r"[\s)\].!]*$",
    re.IGNORECASE,
)


def _more_of_the_same(aside: str, lexicon: Lexicon, looks: Callable[[str], bool]) -> bool:
    """Whether words after a comma or in brackets are part of the action: another of the
    author's things that the game would act on ("..., my middle one to build a 4", "(my D
    and 0 tokens)"), or a time the action would last until ("..., valid until Friday").
    Such a sentence is read whole or told, never cut down."""
    if _may_say_how_long(aside) and _HOW_LONG.search(aside) is not None:
        return True
    opening = aside.lstrip("([ ")
    if opening[:3].casefold() != "my ":
        return False  # the cheap test first: most asides open otherwise
    if _MY_HABIT.match(opening):
        return False  # "(my usual weekly investment)": the act described, nothing more of it
    if looks("I " + opening):
        return True
    return lexicon.own_words is not None and lexicon.own_words.search(opening) is not None


def _may_say_how_long(aside: str) -> bool:
    return "til" in aside or "valid" in aside or "expir" in aside  # before the pattern


# How long an action would stand: a limit that changes it, never a reason.
_HOW_LONG = re.compile(r"\b(?:until|till|valid|expir\w*)\b", re.IGNORECASE)


# The clauses of an aside: "which founds a new community, and name it Apricot".
_PARTS = re.compile(r"\s*(?:[,;]|\band\b|\bthen\b)\s*", re.IGNORECASE)


# An aside that opens as the author's own clause, a game's verb, or another object named by
# its Symbol ("a G", "an E").
_CLAUSE = re.compile(
    r"^[\s(]*(?:(?:and\s+|then\s+)*(?P<verb>I\b|[a-z]+\b)|an?\s+[A-Za-z0-9](?![\w']))",
    re.IGNORECASE,
)


# What an intent intends ("Murphy's intent to join ...") and a tabled action's method ("...,
# with the support of all of its members"): the action itself, never a reason to set aside.
_INTENT_BEFORE = re.compile(r"\bintent(?:ion)?s?\s*$", re.IGNORECASE)
_TO_AFTER = re.compile(r"^to\b", re.IGNORECASE)
_A_METHOD = re.compile(
    # ("with her consent", "with Janet's consent": a person's agreement, no method;
    # P63-read-agora-s16-10.)
    r"(?<![A-Za-z])with(?:out)?\b(?!\s+(?:her|his|eir|their|hir|xir|em|[\w\-]+['\u2019]s)\s+"
    r"(?:full\s+|kind\s+|express\s+)?consent\b)"
    r"[^,;]{0,60}?\b(?:support|objections?|consent|notice|members)\b",
    re.IGNORECASE,
)


def _another_action(aside: str, verbs: tuple[str, ...]) -> bool:
    """Whether words after a comma or dash are another action ("I claim (2, 2), build a
    Farm there", "..., construct a Castle there"): more of what the author does, never a
    reason to set aside, so the sentence is read whole or reported."""
    if _A_REASON.match(aside) is not None or _SEE_BELOW.match(aside) is not None:
        return False
    first = aside.split(None, 1)[0].casefold()
    # A gerund describes the action ("I perform intent 5, joining alliance 2").
    if not first.isalpha() or first.endswith(("ing", "ly")) or first in _NOT_A_VERB:
        return False
    return _VERB_AND_OBJECT.match(aside) is not None or first in verbs


# "see my reasons below", "see the thread above": a pointer to the author's reasons
# elsewhere in the mail or thread, never another action (P69-read-agora-s18-9).
_SEE_BELOW = re.compile(
    r"^[\s(]*(?:please\s+)?(?:see|read|cf\.?)\s+(?:(?:my|the|our|Janet['\u2019]s|[\w\-]+['\u2019]s)\s+)?"
    r"(?:(?:full\s+|long\s+|detailed\s+)?(?:reasons?|reasoning|explanation|arguments?|comments?|notes?|details|"
    r"discussion|thread|post|message|mail|reply|rationale)\s+)?(?:below|above|(?:in\s+|on\s+)?(?:the\s+)?"
    r"(?:thread|discussion\s+forum|discord))[\s).!]*$",
    re.IGNORECASE,
)


# A verb and its object after a comma: "build a Farm there", "claim (3, 4)".
_VERB_AND_OBJECT = re.compile(
    r"^[a-z]+\s+(?:(?:an?|the|my|one|two|three)\b|[0-9]|\()", re.IGNORECASE
)


# An aside that makes the action depend on something ("(Energy permitting)", "if
# possible", "resources allowing"): never set aside, so the action is not performed.
_CONDITIONAL_ASIDE = re.compile(
    r"\b(?:permitting|allowing|willing|if|iff|unless|provided|assuming|whenever|"
    # "..., pending Janet's approval", "- conditional on ...", "subject to ..."
    # (P50-lead-s11-10).
    r"conditional(?:ly)?|contingent|pending|subject\s+to|depending|dependent|"
    # "..., barring objections", "..., failing which ...", "..., in that case"
    # (P74-read-agora-s20-1).
    r"barring|absent\s+(?:any|an?|objections?)|failing\s+(?:that|this|which|it)|"
    r"in\s+(?:that|which|such\s+an?)\s+(?:case|event))\b",
    re.IGNORECASE,
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


def _part_of_an_intent(kept: str, aside: str) -> bool:
    """Whether ``aside`` is what an intent intends, or a method of performing it."""
    if _A_METHOD.search(aside) is not None:
        return True
    return _TO_AFTER.match(aside) is not None and _INTENT_BEFORE.search(kept) is not None


# "(it wasn't producing much)", "(it isn't pretty, but it works)": a remark in brackets on
# the thing acted on, whose denial is of a quality of it, never of the act (P62-10). Words
# that would deny the act itself ("it isn't final", "it doesn't count"), a time, a doubt,
# another choice, a name or a place keep it told.
_REMARK_ON_THE_THING = re.compile(
    r"^\(\s*(?:it|that|this)\s+(?:(?:is|was|does|did)n['\u2019]t|(?:is|was)\s+not)\s+"
    r"(?!.*\b(?:final|certain|sure|official|binding|real|serious|decided|definite|meant|intended|"
    r"count\w*|valid|legal|allowed|possible|mine|yours|my|your|his|her|their|move|action|act|"
    r"really|happening|done|now|yet|today|tomorrow|actually|true|urgent|necessary|required|"
    r"or|if|unless|instead|rather|maybe|perhaps|later|until|ignore|joke|joking|kidding|apply|"
    r"stand|hold|effect|matter|work)\b)"
    r"[a-z' ,\u2019]{1,50}\)$"
)


def _alters(aside: str) -> bool:
    """Whether words after a comma or dash change the action rather than explain it."""
    if aside[:1] == "(" and _REMARK_ON_THE_THING.match(aside) is not None:
        return False
    if _MORE_AFTER.search(aside) is not None:
        return True  # "... to block Janet, and another at (0, 1)": more of the action
    if _PLAIN_REASON.match(aside) is not None:
        return _ROUND_NAMED.search(aside) is not None
    if _ALTERING.search(aside) is not None:
        return True
    if _ANOTHER_THING.match(aside) is not None or _SYMBOLS_NAMED.match(aside) is not None:
        return True  # "I support AP 36 to AP 38", "(G + 6 spent)": more of the action
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
        yield _in_game_terms(head + shared, lexicon)
