"""Single-Capture Go's other words for a play, put in its grammar's terms before parsing."""

from __future__ import annotations

import re

from referee.games.base import Lexicon, rewrites

_SQ = r"([A-Za-z][1-9][0-9]?)"
_GAME = r"single[\s-]+capture\s+go"
_LABEL = (
    r"(?:my\s+)?(?:(?:chosen|selected)\s+)?(?:square|location|coordinates?|target|position|point|cell|spot|answer|"
    r"selection|vote|pick|choice|play|move|entry|submission|mv|mov|go|final(?:\s+answer)?|decision|decided|"
    r"(?:for\s+)?this\s+(?:round|turn))(?:\s+(?:this|for\s+this)\s+(?:round|turn))?"
)
# The nouns a label of a play may be, in a line with no "I".
_LABEL_WORD = r"(?:move|play|mv|mov|square|pick|choice)"
_NOUN = r"(?:move|play|choice|pick|square|submission|entry|selection|answer|target|vote)"
# "the 3rd round", "third round": round 3.
_ORDINAL_ROUNDS: tuple[tuple[str, str], ...] = (
    (r"\b(?:the\s+)?([0-9]+)(?:st|nd|rd|th)\s+round\b", r"round \1"),
    *(
        (rf"\b(?:the\s+)?{word}\s+round\b", f"round {n}")
        for n, word in enumerate(
            (
                *("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"),
                *("ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth"),
                *("sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth"),
            ),
            1,
        )
    ),
)
_NUMBERS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"),
    *("nineteen", "twenty"),
)

LEXICON = Lexicon(
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    # "Count me in for Go.": the game's short name after a word of taking part; told, never
    # read as the game (P70-read-games-s19-20).
    own_words=re.compile(
        r"\b(?:single[\s-]*capture(?:\s+go)?|scg)\b|"
        r"\b(?:for|play|join|playing|joining)\s+(?-i:Go)\b(?!\s+(?:to|ahead|for|on|back|away))",
        re.IGNORECASE,
    ),
    verbs=("play", "place", "agree", "announce", "take", "pick", "choose", "submit", "select"),
    trailing=(_GAME, r"the\s+game"),
    # "Count me in for Single-Capture Go; I agree to play.": the game left out, told alone,
    # left alone after the very agreement it repeats.
    circumstances=rewrites(
        (
            r"^I\s+(?:hereby\s+)?(?:also\s+)?(?:agree|consent)\s+to\s+play(?:\s+(?:too|as\s+well))?$",
            "I agree to play Single-Capture Go",
        ),
    ),
    # The game named first, then agreeing with no game after it: "Single-Capture Go: I agree
    # to play", "In Single-Capture Go, I agree to play". The game is what is agreed to; a
    # later opener rule would set its name aside with the comma or colon.
    labels=rewrites(
        # "c3 (not c4)", "c3, not c4": the square named, the other one refused (a square alone,
        # which only a mail to the referee reads as a play; P42-read-games-s10-5).
        (
            r"^(?=[A-Za-z][1-9])([A-Za-z][1-9][0-9]?)\s*(?:\(\s*not\s+[A-Za-z][1-9][0-9]?\s*\)|,\s*not\s+"
            r"[A-Za-z][1-9][0-9]?)[\s.!]*$",
            r"\1",
        ),
        # "Play = e5", "Move: E 5", "--> e5": a label's equals sign spaced, a square written
        # with a space between its letter and its number, an arrow with no label before a
        # square alone; each the label or the square as the referee reads it written closed
        # up (P73-read-games-s20-5).
        (
            rf"^((?:my\s+)?{_LABEL_WORD})\s+=\s+(?=[A-Za-z]\s?[1-9][0-9]?[\s.!]*$)",
            r"\1: ",
        ),
        (
            rf"^((?:my\s+)?{_LABEL_WORD}\s*[:=]\s*)([A-Za-z])\s([1-9][0-9]?)(?=[\s.!]*$)",
            r"\1\2\3",
        ),
        (rf"^(?:-+>|=+>|\u2192)\s*(?={_SQ}[\s.!]*$)", ""),
        # "My move for this round is the square c5": the square named as such
        # (P73-read-games-s20-14).
        (
            r"^((?:my\s+)?(?:move|play|choice|pick)(?:\s+(?:for\s+)?this\s+(?:round|turn))?\s*(?:is|:))"
            r"\s+(?:the\s+)?square\s+(?=[A-Za-z][1-9][0-9]?\b)",
            r"\1 ",
        ),
        # A label with an arrow ("Move -> e7", "mv => e7", "Round 12 => e2"): the label's colon.
        (
            rf"^((?:my\s+)?{_LABEL_WORD}(?:\s+(?:for\s+)?this\s+(?:round|turn)|\s+(?:for|in)\s+round\s+[0-9]+)?|"
            r"round\s+[0-9]+)\s*"
            rf"(?:-+>|=+>|\u2192)\s*(?={_SQ}\b)",
            r"\1: ",
        ),
        # Openers set aside, where the normaliser sets them aside only before an "I": a
        # greeting or "ok" before a play ("Hi, round 4 play is e7", "Okay my move: e7"); an
        # assent before a request to be counted ("Agreed - count me in for ..."); "Just"
        # before a square alone ("Just d8 this time"); a list's bullet before a square alone
        # ("- a1"); the announcer's office ("As GamesMaster I announce ...", "As Lord-Ruler I
        # set ..."). One pattern, whose first letter turns most sentences away at once.
        (
            r"^(?=[hdosrawygjc\-*\u2022\[])(?:"
            rf"(?:(?:hi|hello|hey|dear)\b[^,:]{{0,40}}?(?:[,:!]|\s(?:--?|[\u2013\u2014]))|"
            # ("OK referee, f6": the officer addressed after it; P55-read-games-s13-6.)
            r"(?:ok(?:ay)?|so|right|alright|well|yes|yep|yeah)\b(?:\s+then)?(?:\s+(?:referee|ref|gamesmaster))?"
            r"(?:\s*[,:!]|\s+[\-\u2013\u2014])?)\s*"
            rf"(?=(?:my\s+)?(?:round\s+[0-9]+\s+)?{_LABEL_WORD}\b|round\s+[0-9]+\b|(?:for\s+)?this\s+(?:round|turn)\b|"
            rf"{_SQ}\b)|"
            r"(?:agreed|yes|yep|sure|absolutely|definitely|gladly|happily)\s*[,:!\-\u2013\u2014]+\s*"
            r"(?=(?:please\s+)?(?:count|sign|put|deal|add)\s+me\b)|"
            rf"(?:just|only|simply|definitely|certainly)\s+(?={_SQ}\b)|"
            # "[Arcadia] I claim (3, 8)": a game's name in brackets, as a tag.
            r"\[\s*(?:arcadia(?:n\s+tournament|\s+contract)?|single[\s-]+capture\s+go|scgo)\s*\]\s*(?=I\s)|"
            rf"[\-*\u2022]\s*(?={_SQ}[\s.!]*$)|"
            r"as\s+(?:the\s+)?(?:games\s*master|referee|lord[\s-]ruler)\s*,?\s+(?=I\s)|"
            # "[passphrase above] c2", "Here you go: c2" (its "you" no other person's act).
            rf"\[\s*(?:passphrase|pass\s+phrase|pw)[^\[\]]{{0,30}}\]\s*(?={_SQ}[\s.!]*$)|"
            rf"here\s+(?:you\s+go|it\s+is|goes)\s*[:\-\u2013\u2014]\s*(?={_SQ}[\s.!]*$))",
            "",
        ),
        # Words after a square with no "I" that would otherwise hide the play: the square it
        # is not ("c6, not c5", what is left of "I meant c6, not c5"); a sign-off on the next
        # line, joined to it ("Square: e9 cheers"); thanks, whose "you" is no other person's
        # act ("Round 6 move is a1, thank you").
        (
            rf"^(?=[a-z][1-9]|[mrpscft])((?:(?:my\s+)?(?:round\s+[0-9]+\s+)?(?:{_LABEL_WORD}|(?:for\s+)?this\s+(?:round|turn))(?:\s+is)?"
            rf"\s*[:\-=]?\s*)?{_SQ})(?:\s*,?\s*not\s+{_SQ}|[\s,.!]+(?:cheers|thanks|thx|ty|ta|regards|"
            r"best(?:\s+regards)?)[\s,.!]*|(?:[\s,]+(?:please|pls)(?:\s+and)?)?\s*[,\-\u2013\u2014!.]?\s*"
            r"thank\s+you(?:\s+(?:referee|all|again|"
            r"very\s+much))?)[\s.!]*$",
            r"\1",
        ),
        # "During round 7, my move is b5": the round is the play's, so its comma goes (the
        # normaliser sets aside whatever stands before a comma and "my"). A play it does not
        # fit is then told, never recorded for another round (P22-go-arcadia).
        (
            r"^(?:(?:for|in|during)\s+)?round\s+([0-9]+|zero|one|two|three|four|five|six|seven|eight|nine|"
            r"ten)\s*[:,\-\u2013\u2014]\s*(?=my\b)",
            r"Round \1 ",
        ),
        # "C 4": a square alone, written with a space.
        (r"^([a-z])\s+([1-9][0-9]?)[\s.!]*$", r"\1\2"),
        # "me play c4": "me" for "I" before a verb of the games, as some write it.
        (r"^me\s+(?=(?:play|claim|build|join|leave|support|object|agree|destroy)\b)", "I "),
        # "The answer is f1", "The square is f1": the label, said as a sentence.
        (
            rf"^(?=t)the\s+(answer|square|move|play|pick|choice)\s+is\s+(?={_SQ}[\s.!]*$)",
            r"\1: ",
        ),
        # "Single-Capture Go - count me in!": the request, the game named first.
        (
            r"^(?=s)single[\s-]+capture\s+go\s*[:\-\u2013\u2014]\s*(?:please\s+)?(?:count|sign)\s+me\s+(?:in|up)"
            r"[\s.!]*$",
            "Count me in for Single-Capture Go",
        ),
        # "Letter on a9", "Mark a9 for me": no speaker, the request is the play's.
        (rf"^(?=[lm])(?:(?:my\s+)?letter\s+(?:on|at|in)|mark)\s+(?={_SQ}\b)", "Please mark "),
        # "mv a1": the label abbreviated, with no colon.
        (rf"^mv\s+(?={_SQ}[\s.!]*$)", "Move "),
        # "Count me in for the next round of Single-Capture Go": the next game (its "next"
        # is no hedge, as in "the next game of").
        (
            r"^((?:please\s+)?(?:count|sign|put|deal)\s+me\s+(?:in|up|down)\s+for\s+)the\s+(?:next|upcoming)\s+"
            r"(?:round|match)\s+of\s+(?=single[\s-]+capture)",
            r"\1the next game of ",
        ),
        # "Consider me in for Single-Capture Go": the request to be counted in.
        (r"^(?:please\s+)?consider\s+me\s+(?:in|on\s+board)\s+(?=for\b|on\b)", "Count me in "),
        # "Single-Capture Go begins now, with nix, Janet and Murphy": the referee's
        # announcement with no "I".
        (
            rf"^(?:(?:a|the)\s+(?:new\s+)?game\s+of\s+)?{_GAME}(?:\s+game)?\s+(?=(?:begins|starts|has\s+begun|"
            rf"has\s+started|is\s+(?:beginning|starting))(?:\s+(?:now|today))?\s*,?\s+with\b)",
            "I announce that Single-Capture Go ",
        ),
        (
            rf"^(?:(?:in|for|re|re:)\s+)?(?:the\s+)?(?:(?:next|new|upcoming)\s+)?(?:game\s+of\s+)?{_GAME}"
            rf"(?:\s+game)?\s*[:,\-\u2013\u2014]?\s+I\s+(?:hereby\s+)?(?:agree|consent)\s+to\s+"
            rf"(?:play|participate|take\s+part|join)(?:\s+(?:in\s+)?it)?[\s.!]*$",
            "I agree to play Single-Capture Go",
        ),
    ),
    # The rule text's own example of a play is the square alone, mailed to the referee.
    private_rewrites=rewrites(
        # "My move is a1 (sorry, late).": an aside in brackets after the square, in a mail to
        # the referee alone, unless it offers another square or a doubt (P52-read-games-s12-6).
        (
            rf"^(.*\b{_SQ})\s*\((?![^()]*\b(?:or|if|unless|maybe|perhaps|not|instead|rather|either|"
            r"round|rd|turn|for|from|by|behalf|proxy|[A-Za-z][1-9][0-9]?|\w+['\u2019]s)\b)"
            r"(?![^()]*[0-9])[^()]*\)[\s.!]*$",
            r"\1",
        ),
        *_ORDINAL_ROUNDS,
        # "Dear referee, for round 5 I pick c3": the round before the play, once the greeting
        # the play's line was joined to is set aside (P48-read-games-s11-4).
        (
            rf"^(?:for|in|during)\s+round\s+([0-9]+)\s*,?\s*I\s+(?:pick|choose|play|take|select|"
            rf"go\s+(?:with|for))\s+{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "I play h6 to h7": a second square after "to" is no reason to set aside (it was cut
        # off as one, and h6 played): read as the two squares it names, and told.
        (rf"^(I\s+play\s+{_SQ})\s+(?:to|into|towards?)\s+(?={_SQ}\b)", r"\1 or "),
        # "e3 — my move for round 18": the square, then the label naming its round.
        (
            rf"^{_SQ}\s*[,\-\u2013\u2014:]?\s*(?:that['\u2019]?s\s+|this\s+is\s+)?my\s+{_NOUN}\s+(?:for|in)\s+"
            r"round\s+([0-9]+)[\s.!]*$",
            r"I play \1 in round \2",
        ),
        # "d4 for R7, thanks", "d4 in round 7": the square, then the round it is for (the
        # round abbreviated as in "R4: e7"; P48-read-games-s11-1).
        (
            rf"^{_SQ}\s*,?\s*(?:for|in)\s+(?:round\s*|rd\.?\s*|r\.?\s*)([0-9]+)"
            r"(?:[\s,.!]+(?:cheers|thanks|thx|ty|ta|please|pls))?[\s,.!]*$",
            r"I play \1 in round \2",
        ),
        # ... with the round in words: "c3 for round five" (P48-read-games-s11-4).
        *(
            (
                rf"^{_SQ}\s*,?\s*(?:for|in)\s+round\s+{word}"
                r"(?:[\s,.!]+(?:cheers|thanks|thx|ty|ta|please|pls))?[\s,.!]*$",
                rf"I play \1 in round {n}",
            )
            for n, word in enumerate(_NUMBERS)
        ),
        # "a3 please, and thanks for refereeing": the square, then the author's thanks
        # (P48-read-games-s11-7).
        (
            rf"^{_SQ}\s*,?\s*(?:please|pls)?\s*,?\s*(?:and\s+)?(?:many\s+)?(?:thanks|thank\s+you)"
            r"(?:\s+(?:again\s+)?for\s+(?:refereeing|running\s+(?:this|the\s+game)|everything|your\s+work))?"
            r"[\s,.!]*$",
            r"I play \1",
        ),
        # "I've decided on e3", "I decide on e3".
        (rf"^I(?:['\u2019]ve|\s+have)?\s+decided?\s+(?:on|upon)\s+(?={_SQ}\b)", "I play "),
        # "f1 —nix": a dash against the word after it, spaced as an aside's.
        (rf"^({_SQ})\s*([\u2013\u2014])\s*(?=[A-Za-z])", r"\1 \3 "),
        # "this round: e9 cheers": a sign-off on the next line, joined to the play's line
        # (only a bare "Move: e9" line is kept apart from its neighbours).
        (
            rf"^(.*?\b{_SQ})[\s,.!]+(?:cheers|thanks|thx|ty|ta|regards|best(?:\s+regards)?)[\s,.!]*$",
            r"\1",
        ),
        # "I play f7, not e7", "my move is f7 not e7": the square played, and the one it
        # is not (a correction said in the same breath, not a denial of the play).
        # "d5 instead of d4", "d5 rather than d4" too (P48-read-games-s11-1).
        (
            rf"^(.*?\b{_SQ})\s*,?\s*(?:and\s+)?(?:not|instead\s+of|rather\s+than)\s+{_SQ}"
            r"(?:[\s,.!]+(?:sorry|thanks|please|cheers))?[\s.!]*$",
            r"\1",
        ),
        # "R4: e7", "Rd 4 - e7": the round, abbreviated, as a label.
        (
            rf"^r(?:d|nd)?\.?\s*([0-9]+)\s*[:\-\u2013\u2014=]\s*{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "Moving to e7", "Heading for e7", "Opting for e7": a gerund of choosing a square.
        (
            rf"^(?:moving|heading|opting|settling|marking|occupying|designating)\s+"
            rf"(?:(?:to|for|on|into|onto)\s+)?(?={_SQ}\b)",
            "I play ",
        ),
        # "Round 7 my move is b5" (the label's comma taken out): the play in round 7.
        (
            rf"^round\s+([0-9]+)\s+my\s+{_NOUN}\s*(?:[:\-=]|\s+is)\s*{_SQ}"
            r"(?=[\s.!]*$|\s*(?:\(|,|;|\s[\-\u2013\u2014]\s))",
            r"I play \2 in round \1",
        ),
        # "For round 6 my move is a1": the round before a play said with "my".
        (
            rf"^(?:for|in|during)\s+round\s+([0-9]+)\s*[:,\-\u2013\u2014]?\s*my\s+{_NOUN}\s+is\s+{_SQ}"
            r"[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "Round 6 move is a1, thanks": the round's label with an aside after the square.
        (
            rf"^(?:my\s+)?round\s+([0-9]+)\s+{_NOUN}\s*(?:[:\-=]|\s+is)\s*{_SQ}"
            r"(?=\s*(?:\(|,|;|\s[\-\u2013\u2014]\s))",
            r"I play \2 in round \1",
        ),
        # "My stone goes on c4 this round", "my stone goes to d7": where the author's stone
        # goes is the square e plays (P62-4).
        (
            rf"^my\s+(?:stone|piece)\s+goes\s+(?:on|at|to|in|into|onto)\s+"
            rf"(?:square\s+)?(?={_SQ}\b)",
            "I play ",
        ),
        # "My move is at a1", "my play is on square a1".
        (rf"^(my\s+{_NOUN}\s+is)\s+(?:at|on|in)\s+(?:square\s+)?(?={_SQ}\b)", r"\1 "),
        # "a1 (round six)", "a1 (round 6)": the round in brackets after a square alone.
        *(
            (
                rf"^{_SQ}\s*\(\s*(?:in\s+|for\s+)?round\s+{word}\s*\)[\s.!]*$",
                rf"I play \1 in round {n}",
            )
            for n, word in enumerate(_NUMBERS)
        ),
        (
            rf"^{_SQ}\s*\(\s*(?:in\s+|for\s+)?round\s+([0-9]+)\s*\)[\s.!]*$",
            r"I play \1 in round \2",
        ),
        # "Move a1", "mv a1": the label with no colon.
        (rf"^(?:move|mv|play)\s+{_SQ}[\s.!]*$", r"I play \1"),
        # "b3 <- my move", "b3 = my play": the square, then its label.
        (
            rf"^{_SQ}\s*(?:<-+|<=+|\u2190|=)\s*(?:my\s+)?(?:move|play|pick|choice|square)"
            r"(?:\s+(?:for\s+)?this\s+(?:round|turn))?[\s.!]*$",
            r"I play \1",
        ),
        # "My play for this round (round 13) is c4": the round named in brackets.
        (
            rf"^my\s+{_NOUN}\s+(?:for\s+)?this\s+round\s*(?:\(\s*|in\s+)(?:round\s+)?([0-9]+)\s*\)?\s+is\s+{_SQ}"
            r"[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "My target square is d8", "my chosen square: d8".
        (
            r"^my\s+(?:target|chosen|intended|selected)\s+(?:square|point|cell|spot)(?=\s+is\b|\s*:)",
            "My move",
        ),
        # "For round 11 I'll go with d8" (the round moved after the play): a plan naming one
        # square, as P1k's, for that round.
        (
            rf"^I(?:['\u2019]ll|\s+will|['\u2019]m\s+going\s+to|\s+am\s+going\s+to)\s+"
            rf"(?:play|go(?:\s+(?:with|for|to))?|take|choose|pick)\s+(?:at\s+|on\s+)?{_SQ}\s+in\s+round\s+([0-9]+)$",
            r"I play \1 in round \2",
        ),
        (
            rf"^(?:for|in|during)\s+round\s+([0-9]+)\s*[:,\-\u2013\u2014]?\s*I(?:['\u2019]ll|\s+will|['\u2019]m\s+going\s+to|"
            rf"\s+am\s+going\s+to)\s+(?:play|go(?:\s+(?:with|for|to))?|take|choose|pick)\s+(?:at\s+|on\s+)?{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "a9 - that's my move", "a9 is what I'm playing": the square, then what it is.
        (
            rf"^{_SQ}\s*[,\-\u2013\u2014:]?\s*(?:that['\u2019]?s|that\s+is|this\s+is)\s+my\s+(?:move|play|pick|choice)"
            r"(?:\s+(?:this\s+round|for\s+this\s+round))?[\s.!]*$",
            r"I play \1",
        ),
        (
            rf"^{_SQ}\s+is\s+what\s+I(?:['\u2019]m|\s+am)\s+(?:playing|picking|choosing|taking)"
            r"(?:\s+this\s+(?:round|turn|time))?[\s.!]*$",
            r"I play \1",
        ),
        # "Letter on a9", "Mark a9 for me": the author's Letter on the square.
        (rf"^(?:my\s+)?letter\s+(?:on|at|in)\s+(?={_SQ}\b)", "I play "),
        (rf"^mark\s+{_SQ}(?:\s+for\s+me)?(?:[\s,]+please)?[\s.!]*$", r"I play \1"),
        # "g2 is where I go this round", "g2 is the square I take".
        (
            rf"^{_SQ}\s+is\s+(?:where|the\s+square)\s+I(?:['\u2019]m|\s+am)?\s+(?:go|going|play|playing|"
            r"pick|picking|choose|choosing|take|taking)(?:\s+this\s+(?:round|turn|time))?[\s.!]*$",
            r"I play \1",
        ),
        # "My move for this round will be g2": the play, stated as what it will be (P1k).
        (
            rf"^my\s+{_NOUN}(?:\s+(?:for\s+)?this\s+(?:round|turn))?\s+(?:will|shall|is\s+going\s+to)\s+be\s+"
            rf"{_SQ}(?:\s+this\s+(?:round|turn))?[\s.!]*$",
            r"I play \1",
        ),
        # "Put my letter on g2": the request, in a mail to the referee.
        (
            rf"^(?:please\s+)?(?:put|place|set|drop|mark)\s+my\s+(?:letter|mark|piece|stone)\s+"
            rf"(?:at|on|in)\s+(?={_SQ}\b)",
            "I play ",
        ),
        # "G2 please, thanks", "g2, thanks, cheers": courtesies after the square.
        (
            rf"^{_SQ}(?:[\s,]+(?:pretty(?:\s+please)?|please|pls|plz|thanks|thx|ty|thank\s+you|cheers|referee))+"
            r"[\s,.!]*$",
            r"I play \1",
        ),
        # "As my move I choose g2": the label before the "I".
        (rf"^as\s+my\s+{_NOUN}(?:\s+(?:for\s+)?this\s+(?:round|turn))?\s*,?\s+(?=I\s)", ""),
        # "I meant c6", "I meant c6 instead": a correction of the play, said alone.
        (rf"^I\s+meant\s+(?:to\s+(?:play|say)\s+)?{_SQ}(?:\s+instead)?[\s.!]*$", r"I play \1"),
        # "Please change my move to c6", "I update my play to c6": the later play counts.
        (
            rf"^(?:I\s+)?(?:please\s+)?(?:change|update|switch|amend|alter|correct|make)\s+my\s+"
            rf"(?:move|play|pick|choice|square)\s+(?:to\s+|into\s+)?(?={_SQ}\b)",
            "I play ",
        ),
        # "my play to c6": what is left of "Update my play to c6" once its correcting word
        # is read.
        (rf"^my\s+(?:move|play|pick|choice|square)\s+(?:to|into)\s+(?={_SQ}\b)", "I play "),
        # A square and an aside after it ("c5 - fingers crossed"): the play, the aside then
        # judged as after any play (a condition, another square or a doubt keeps it told).
        # An aside naming someone's ("c5 - Janet's pick") may say whose play the square is:
        # that is told, never read as the author's.
        # A reason with no comma ("f1 to block Murphy", "f1 because f2 is surrounded") too.
        (
            rf"^{_SQ}(?=\s*(?:\(|,|;|\s[\-\u2013\u2014]\s)|\s+(?:since|because|as|so|hoping|which)\s|\s+to\s+(?!{_SQ}\b))"
            r"(?!.*['\u2019]s\b)",
            r"I play \1",
        ),
        # "h1 ✓", "h1 👍": a square and a pictograph of assent, hope or joy (a shrug or a
        # thinking face is a doubt, and stays told).
        (
            rf"^{_SQ}\s*[\u2713\u2714\u2705\u2764\u2b50\U0001f340\U0001f389\U0001f44c\U0001f44d"
            rf"\U0001f600-\U0001f60a\U0001f642\U0001f64f\U0001f91e]+[\s.!]*$",
            r"I play \1",
        ),
        # "h1 then" (what is left of "Well, h1 then").
        (rf"^{_SQ}\s+then[\s.!]*$", r"I play \1"),
        # A label and a square with an aside after it ("Move: e7 (sorry for the late mail)"):
        # the play, the aside then judged as after any play (one naming someone's is told).
        (
            rf"^{_LABEL}\s*[:\-\u2013\u2014=]\s*{_SQ}(?=\s*(?:\(|,|;|\s[\-\u2013\u2014]\s))"
            r"(?!.*['\u2019]s\b)",
            r"I play \1",
        ),
        # "my move e4", "Move is e4", "my play is e4".
        (
            rf"^(?:my\s+(?:move|play|pick|choice|square)|(?:the\s+)?(?:move|play)\s+is)\s+{_SQ}"
            r"(?:\s+this\s+round)?[\s.!]*$",
            r"I play \1",
        ),
        (rf"^{_SQ}$", r"I play \1"),
        # "h4 for me this round", "c5 this round".
        (
            rf"^{_SQ}\s+(?:(?:for|from)\s+me\s*)?(?:(?:for\s+)?this\s+(?:round|turn|time))?[\s,.!]*$",
            r"I play \1",
        ),
        # "The square I play is g6".
        (
            rf"^the\s+(?:square|point|cell|move|play)\s+I\s+(?:play|choose|pick|take|name)"
            rf"(?:\s+this\s+round)?\s+is\s+{_SQ}[\s.!]*$",
            r"I play \1",
        ),
        # "Round 3 move: c1", "Third round move: c1".
        (
            rf"^(?:my\s+)?round\s+([0-9]+)\s+{_NOUN}\s*(?:[:\-\u2013\u2014=]|\s+is)\s*{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "Referee, please play d3 for me this round", "Ok here goes: d3".
        (
            rf"^(?:please\s+)?(?:play|record|put|place|enter|mark|log|register|note|take|submit)\s+{_SQ}"
            r"(?:\s+(?:for\s+me|on\s+my\s+behalf))?"
            r"(?:\s+(?:for\s+)?this\s+(?:round|turn))?(?:\s*,?\s*please)?[\s.!]*$",
            r"I play \1",
        ),
        (
            rf"^(?:ok(?:ay)?\s*,?\s*)?(?:here\s+goes|here\s+it\s+is|here\s+you\s+go|final\s+answer|decision)"
            rf"\s*[:\-\u2013\u2014]\s*{_SQ}[\s.!]*$",
            r"I play \1",
        ),
        # "Please record d6 as my play", "Take d6 as my move for round 3".
        (
            rf"^(?:please\s+)?(?:record|register|log|take|note|enter|accept|put\s+down|write\s+down|mark\s+down)\s+"
            rf"{_SQ}\s+(?:as|for)\s+my\s+{_NOUN}(?:\s+(?:for\s+)?this\s+round)?$",
            r"I play \1",
        ),
        (
            rf"^(?:please\s+)?(?:record|register|log|take|note|enter|accept|put\s+down|write\s+down|mark\s+down)\s+"
            rf"{_SQ}\s+(?:as|for)\s+my\s+{_NOUN}\s+(?:for|in)\s+round\s+([0-9]+)$",
            r"I play \1 in round \2",
        ),
        # "... and that's final", "that's it": the author's certainty, not another action.
        (
            rf"^(I\s+play\s+{_SQ})\s*[,;]?\s*(?:and\s+)?(?:that['\u2019]s|that\s+is|it['\u2019]s)\s+"
            r"(?:final|it|all|my\s+(?:final\s+)?(?:answer|move|play))\b[\s.!]*$",
            r"\1",
        ),
        (rf"^{_SQ}\s+it\s+is$", r"I play \1"),
        (rf"^{_SQ}\s+is\s+(?:the\s+one|it)[\s.!]*$", r"I play \1"),
        (
            rf"^{_SQ}\s+is\s+my\s+(?:final\s+|official\s+|chosen\s+)?(?:move|play|choice|pick|answer|square|"
            r"selection)(?:\s+this\s+round)?$",
            r"I play \1",
        ),
        (
            rf"^{_SQ}\s+is\s+my\s+{_NOUN}\s+(?:for|in)\s+round\s+([0-9]+)[\s.!]*$",
            r"I play \1 in round \2",
        ),
        # "Round 3, f4", "Move (round 3): f4".
        (
            rf"^round\s+([0-9]+)\s*(?:[,:\-\u2013\u2014=]|-+>|=+>|\u2192)\s*{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        (
            rf"^(?:my\s+)?{_NOUN}\s*\(\s*round\s+([0-9]+)\s*\)\s*[:\-\u2013\u2014=]\s*{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        (
            rf"^(?:my\s+)?{_NOUN}\s+(?:for|in)\s+round\s+([0-9]+)\s*[:\-\u2013\u2014=]\s*{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "Let's go with f4".
        (rf"^let['\u2019]?s\s+(?:go\s+(?:with|for)|play|do|try)\s+{_SQ}[\s.!]*$", r"I play \1"),
        # "I play f4 (and I hope Janet doesn't)": a feeling in brackets after the play.
        (
            rf"^(I\s+play\s+{_SQ})\s*\(\s*(?:and\s+)?(?:I\s+)?(?:hope|pray|trust|think|bet|wish)\b[^()]*\)"
            r"[\s.!]*$",
            r"\1",
        ),
        (rf"^{_SQ}\s+(?:for|in)\s+round\s+([0-9]+)$", r"I play \1 in round \2"),
        (rf"^{_SQ}[\s,]+(?:please|thanks|thank\s+you)?[\s,]*(?:referee)?[\s,.!]*$", r"I play \1"),
        # A square and a sign of assent or cheer (a check mark, a thumbs-up), never of doubt
        # (P42-read-games-s10-4).
        (
            rf"^{_SQ}\s*(?:[\u2713\u2714\u2705\u263a\u2764\U0001f44d\U0001f64f\U0001f91e\U0001f600-\U0001f60e"
            r"\U0001f642\U0001f389\U0001f3b2\U0001f3fb-\U0001f3ff]\ufe0f?)+[\s.!]*$",
            r"I play \1",
        ),
        # A play stated as a wish or a plan, in a mail to the referee only: the rule has a
        # play "consist of naming exactly one square", and such a mail names one and nothing
        # else ("I'd like to play e7", "I'll play e7 this round", "I'd like to submit e7 as
        # my move"). Anything more stays a
        # wish: "I think I'll play e7", "I'll play e7 if it is free".
        (
            rf"^I(?:['\u2019]ll|\s+will|['\u2019]d\s+like\s+to|\s+would\s+like\s+to|\s+want(?:\s+to)?|"
            rf"['\u2019]m\s+going\s+to|\s+am\s+going\s+to|\s+wish\s+to)\s+"
            rf"(?:play|go(?:\s+(?:with|for|to))?|take|choose|pick|select|opt\s+for|settle\s+on|submit|"
            rf"name)\s+(?:at\s+|on\s+)?{_SQ}(?:\s+as\s+my\s+(?:move|play))?"
            rf"(?:\s+this\s+(?:round|turn|time(?:\s+round)?))?(?:[\s,]+please)?$",
            r"I play \1",
        ),
        # "Going with c2", "Going for c2 this round".
        (
            rf"^(?:I['\u2019]m\s+|I\s+am\s+|I\s+)?going\s+(?:(?:with|for)\s+)?{_SQ}(?:\s+this\s+(?:round|time))?"
            rf"(?:[\s,]+please)?[\s.!]*$",
            r"I play \1",
        ),
        # Asking the referee to play on one's behalf, in a mail to the referee only.
        (rf"^please\s+play\s+{_SQ}(?:\s+(?:for\s+me|on\s+my\s+behalf))?$", r"I play \1"),
        # "This is my move: c3", "Here's my play for round 2: c3".
        (
            rf"^(?:this\s+is|here\s+is|here['\u2019]s)\s+my\s+{_NOUN}(?:\s+for\s+this\s+round)?"
            rf"\s*[:\-\u2013\u2014]?\s*{_SQ}$",
            r"I play \1",
        ),
        (
            rf"^(?:this\s+is|here\s+is|here['\u2019]s)\s+my\s+{_NOUN}\s+(?:for|in)\s+round\s+([0-9]+)"
            rf"\s*[:\-\u2013\u2014]?\s*{_SQ}$",
            r"I play \2 in round \1",
        ),
        # "Please put me down for e6": a request to the recorder, in a mail to em alone.
        (rf"^I\s+sign\s+up\s+for\s+{_SQ}(?:\s+(?:for\s+)?this\s+round)?$", r"I play \1"),
        # "c6, final answer", "c6 - that's final".
        (
            rf"^{_SQ}\s*[,\-\u2013\u2014:]\s*(?:(?:my\s+)?final(?:\s+answer)?|definitive|confirmed|"
            r"that['\u2019]?s\s+(?:it|final))[\s.!]*$",
            r"I play \1",
        ),
        # "b8 (final)".
        (rf"^{_SQ}\s*\(\s*(?:final|definitive|confirmed|last\s+answer)\s*\)[\s.!]*$", r"I play \1"),
        # A label and a square ("Square: c5", "Target - e7", "Coordinates: b4").
        (rf"^{_LABEL}\s*[:\-\u2013\u2014=]\s*{_SQ}$", r"I play \1"),
        # A hope after the play is the author's feeling, not a doubt about the play.
        (
            rf"^(I\s+play\s+{_SQ})\s*,?\s*(?:and|&)\s+(?:hope|pray|trust)\b[^.]*$",
            r"\1",
        ),
    ),
    # In a mail to the referee, a line that opens with a square is an attempt at a play:
    # told when not read ("e7 or e8, whichever is free"), never left unanswered.
    private_looks=(
        re.compile(rf"^\s*{_SQ}\b(?!\s*[.!]?\s*$)", re.IGNORECASE),
        # "Put me anywhere", "Anywhere is fine": a square left to the referee.
        re.compile(r"\b(?:anywhere|wherever|whichever|somewhere)\b", re.IGNORECASE),
        # A square written with a space ("C 4 or C 5").
        re.compile(r"^\s*[a-z]\s+[1-9][0-9]?\b", re.IGNORECASE),
        # Abstaining in other words: "Nothing this round", "None from me".
        re.compile(
            r"^\s*(?:nothing|none|no\s+(?:move|play|square)|not\s+this\s+(?:round|time))\b",
            re.IGNORECASE,
        ),
        # Any other sentence naming a square, or passing: a private mail to the referee
        # is about the play, and one not read must be told ("I go e3", "Pass.").
        re.compile(r"\b[a-z][1-9][0-9]?\b", re.IGNORECASE),
        re.compile(
            r"\b(?:pass|skip|move|play|abstain)(?:e?s|ed|ing)?\b|\bsit\s+out\b", re.IGNORECASE
        ),
        # A square named by another play: "Same square as Janet", "The same as last round".
        re.compile(
            r"^\s*(?:the\s+)?(?:same|usual|previous|other|another)\s+(?:(?:square|spot|point|cell|"
            r"move|play)\b|as\b)",
            re.IGNORECASE,
        ),
        # A square named by description, or another verb of choosing one.
        re.compile(
            r"^\s*I\s+(?:go|put|place|take|choose|pick|select|mark|occupy|target|drop|claim)\b|"
            r"^\s*(?:I|my)\b.*\b(?:next\s+to|beside|adjacent|corner|cent(?:re|er)|middle|edge|"
            r"square)\b|"
            # ... with no speaker too: "Something on the left edge, whatever is free".
            r"\b(?:(?:left|right|top|bottom|upper|lower)\s+(?:edge|corner|side)|corner|"
            r"(?:free|empty|open)\s+(?:square|spot|point))\b",
            re.IGNORECASE,
        ),
    ),
    rewrites=rewrites(
        # "I agree to start a game of Single-Capture Go with Janet and Murphy": the rule's own
        # words for agreeing (P42-read-games-s10-5).
        (
            r"^I\s+(?:hereby\s+)?(?:agree|consent)\s+to\s+(?:start|begin)\s+(?:and\s+(?:to\s+)?(?:participate|take\s+part|"
            r"play)\s+in\s+)?(?:a\s+(?:new\s+)?game\s+of\s+|a\s+new\s+)?single[\s\-]+capture\s+go(?:\s+game)?"
            r"(?:\s+with\s+(?-i:[A-Z])[\w\-]*(?:\s*(?:,|and|&)\s*(?-i:[A-Z])[\w\-]*)*)?$",
            "I agree to play Single-Capture Go",
        ),
        *_ORDINAL_ROUNDS,
        (
            rf"^I\s+agree\s+(?:to\s+)?play\s+(?:the\s+)?(?:game\s+)?{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (r"^(I\s+play)\s*[:\-\u2013\u2014]\s*", r"\1 "),
        # "I play e9 - round 8": the round after a dash, as after a comma.
        (rf"^(I\s+play\s+{_SQ})\s*[\-\u2013\u2014]\s*(round\s+[0-9]+)[\s.!]*$", r"\1 in \3"),
        (
            rf"^I\s+(?:play|move)\s+(?:in|for)\s+round\s+([0-9]+)\s*[:\-\u2013\u2014=]\s*{_SQ}[\s.!]*$",
            r"I play \2 in round \1",
        ),
        # "I hereby agree, by announcement, to play ...": the method, said in the middle.
        (r"^(I\s+(?:hereby\s+)?[a-z]+)\s*,\s*by\s+announcement\s*,\s*", r"\1 "),
        # "I agree to play Single-Capture Go and inform the GamesMaster so": the rule's own
        # way of agreeing, said again.
        (
            # ("..., and I inform the GamesMaster of my intent to do so": the rule's "inform the
            # GamesMaster of their intent", with the "I" said again; P73-read-games-s20-5.)
            rf"^(I\s+agree\s+to\s+play\s+{_GAME})\s*,?\s*and\s+(?:I\s+)?(?:hereby\s+)?(?:inform|tell|notify)\s+"
            r"(?:the\s+)?(?:gamesmaster|referee)(?:\s+(?:so|of\s+(?:it|this|that|my\s+(?:intent(?:ion)?|wish|agreement)"
            r"(?:\s+to\s+(?:do\s+so|play|participate))?)))?$",
            r"\1",
        ),
        # "I inform the GamesMaster that I agree to play ...": the agreement, told.
        (
            r"^I\s+(?:inform|tell|notify|let)\s+(?:the\s+)?(?:gamesmaster|referee|you)(?:\s+know)?\s+"
            r"(?:that\s+)?(?=I\s+agree\b)",
            "",
        ),
        (
            rf"^I\s+inform\s+(?:the\s+)?(?:gamesmaster|referee)\s+of\s+my\s+(?:intent(?:ion)?|wish|agreement)\s+"
            rf"to\s+(?:play|participate\s+in)\s+{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        # "nix (A), Janet (B)": the Letter asked for.
        (r"\b([A-Za-z][\w'\-]*)\s*\(\s*([A-Z])\s*\)", r"\1 as \2"),
        # The game's short names.
        (r"\b(?:SCGo|SCG|SC-Go|S-C-G)\b", "Single-Capture Go"),
        # "I submit my play: d3", "I choose to play d3", "I have decided to play d3".
        (
            rf"^I\s+(?:submit|send|enter|make|give|declare)\s+(?:my|the\s+following)\s+{_NOUN}"
            rf"(?:\s+for\s+this\s+round)?\s*[:\-\u2013\u2014]?\s*(?:as\s+)?{_SQ}$",
            r"I play \1",
        ),
        (
            r"^I\s+(?:(?:have\s+)?(?:choose|chosen|chose|decide|decided|elect|elected|opt|opted|resolve|"
            r"resolved))\s+to\s+(?=play\b)",
            "I ",
        ),
        # "My final move for round 2: d3": the adjective changes nothing.
        (r"^My\s+(?:final|official|actual|real|definitive|chosen|secret)\s+(?=[a-z]+\b)", "My "),
        (
            rf"^My\s+{_NOUN}\s+(?:for|in)\s+round\s+([0-9]+)\s*[:\-\u2013\u2014=]\s*{_SQ}$",
            r"I play \2 in round \1",
        ),
        (
            rf"^My\s+{_NOUN}(?:\s+for\s+this\s+round)?\s*[:\-\u2013\u2014=]\s*{_SQ}$",
            r"My move is \1",
        ),
        # "the next Single-Capture Go game", "a new game of Single-Capture Go": the game.
        (
            rf"\b(?:an?|the|another)\s+(?:(?:next|upcoming|coming|new|current|first)\s+)?(?:game|round|"
            rf"match|instance)\s+of\s+({_GAME})\b",
            r"\1",
        ),
        (
            rf"\b(?:an?|the)\s+(?:(?:next|upcoming|coming|new|current|first)\s+)?({_GAME})\s+game\b",
            r"\1",
        ),
        (rf"\b({_GAME})\s*,\s*(?=with\b)", r"\1 "),
        # "the (next) Single-Capture Go": "I join the Single-Capture Go game" reaches here
        # with its "game" already dropped by the normaliser.
        (r"\bthe\s+(?:(?:next|upcoming|coming|new|current)\s+)?(?=single[\s-]+capture\s+go\b)", ""),
        (
            r"^(I\s+agree\s+to\s+(?:play|participate\s+in|join)\s+single[\s-]+capture\s+go)\s*,?\s+"
            r"(?:with|alongside|together\s+with)\s+"
            # Names only, one word each: "with a few changes to the rules" is no list of
            # players but a condition on the agreement, told.
            r"(?!(?:an?|the|some|few|conditions?|changes?|reservations?|exceptions?|caveats?|"
            r"modifications?|amendments?|rules?)\b)[\w'\-]+"
            r"(?:\s*(?:,|,?\s*(?:and|&))\s*[\w'\-]+)*$",
            r"\1",
        ),
        (r"^I\s+(?:place|put|go|move)\s+(?:at|on|in|to)\s+(?=[A-Za-z][1-9][0-9]?\b)", "I play "),
        # "My move is: e5", "My play for this round is - e5".
        (r"^(My\s+[a-z]+(?:\s+[a-z0-9]+){0,3}\s+is)\s*[:\-\u2013\u2014]\s*", r"\1 "),
        # "..., as my play for round 2", "... for this round": words after the square.
        (rf"\b{_SQ}\s+as\s+my\s+{_NOUN}\b", r"\1"),
        (rf"\b{_SQ}\s+(?:for|in)\s+(?:this|the\s+current)\s+(?:round|turn)$", r"\1"),
        (
            rf"^I\s+(?:choose|pick|select|submit|take|name|go(?:\s+(?:with|for|at|on|to))?|"
            rf"opt\s+for|settle\s+on|enter|send|mark|occupy|nominate|designate)\s+(?:square\s+)?{_SQ}"
            rf"(?=(?:\s+(?:in|for)\s+round\s+[0-9]+)?$)",
            r"I play \1",
        ),
        (rf"^My\s+round\s+([0-9]+)\s+{_NOUN}\s+is\s+{_SQ}$", r"I play \2 in round \1"),
        (rf"^My\s+{_NOUN}\s+(?:for|in)\s+round\s+([0-9]+)\s+is\s+{_SQ}$", r"I play \2 in round \1"),
        (rf"^My\s+{_NOUN}\s+(?:for\s+this\s+round\s+)?is\s+{_SQ}$", r"My move is \1"),
        # "the square e7", "the e7 square", "square e7", "the point e7": the square.
        (
            rf"\b(?:the\s+)?(?:(?:square|point|cell|spot|intersection|position|location)\s+)?"
            rf"(?:at\s+)?{_SQ}\s+(?:square|point|cell|spot|intersection)\b",
            r"\1",
        ),
        (
            rf"^(I\s+(?:play|choose|pick|select|take|name|mark|claim|occupy)\s+(?:at\s+|on\s+|in\s+)?)"
            rf"the\s+(?:(?:square|point|cell|spot|intersection|position|location)\s+)?{_SQ}\b",
            r"\1\2",
        ),
        # The referee's announcement in other words: "I announce that a game of
        # Single-Capture Go begins (now), with nix, Janet and Murphy (as players)". What
        # is announced is read as the act itself before this ("I announce that X" → "I X").
        (
            rf"^I\s+(?:(?:hereby\s+)?announce\s+that\s+)?(?:(?:a|the)\s+(?:new\s+)?game\s+of\s+)?{_GAME}\s+"
            rf"(?:begins|starts|has\s+begun|has\s+started|is\s+(?:beginning|starting))"
            rf"(?:\s+(?:now|today))?\s*,?\s+with\s+(?:the\s+)?(?:players\s*:?\s*)?(.+?)"
            rf"(?:\s*,?\s+as\s+(?:the\s+|its\s+)?players)?$",
            r"I announce the beginning of a game of Single-Capture Go with \1",
        ),
        (
            rf"^(I\s+(?:announce\s+the\s+(?:beginning|start)\s+of|begin|start)\s+"
            rf"(?:a\s+(?:new\s+)?game\s+of\s+)?{_GAME}\s*,?\s+with)\s+(?:the\s+)?(?:following\s+)?players\s*:?\s+",
            r"\1 ",
        ),
        # "I start a Single-Capture Go game between nix, Janet and Murphy": the game's name
        # before "game", its players after "between" (P48-read-games-s11-4).
        (
            rf"^I\s+(begin|start)\s+(?:a\s+(?:new\s+)?)?(?:{_GAME}(?:\s+game)?|game\s+of\s+{_GAME})\s+"
            r"(?:between|among|amongst)\s+(?=\w)",
            r"I \1 a game of Single-Capture Go with ",
        ),
        # "..., players: nix, Janet, Murphy": the players named after the game's name.
        (
            rf"^(I\s+(?:announce\s+the\s+(?:beginning|start)\s+of|begin|start)\s+"
            rf"(?:a\s+(?:new\s+)?game\s+of\s+)?{_GAME})\s*[,:;\-\u2013\u2014]\s*(?:with\s+)?(?:the\s+)?"
            rf"(?:following\s+)?players\s*[:\-\u2013\u2014]?\s+",
            r"\1 with ",
        ),
        (
            r"^(I\s+(?:announce\s+the\s+(?:beginning|start)\s+of|begin|start)\s+.+?\s+with\s+.+?)"
            r"\s*,?\s+as\s+(?:the\s+|its\s+)?players$",
            r"\1",
        ),
        # Agreeing in the rule's own words, and other ways to sign up.
        (
            rf"^I\s+(?:agree|consent)\s+to\s+(?:start\s+and\s+)?(?:participate|take\s+part|play)\s+in\s+"
            rf"(?:a\s+|the\s+)?(?:(?:next|new|upcoming|coming)\s+)?(?:game\s+of\s+)?{_GAME}(?:\s+game)?$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+(?:want\s+in\s+on|opt\s+in\s+to|enrol+\s+in|register\s+for|sign\s+up\s+to\s+play)\s+"
            rf"(?:a\s+|the\s+)?(?:(?:next|new|upcoming)\s+)?(?:game\s+of\s+)?{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^(I\s+play\s+){_SQ}\s*,?\s+(?:this|the\s+current)\s+(?:round|turn)$",
            r"\1\2",
        ),
        (
            rf"^I\s+(?:put|place|set|drop)\s+(?:my\s+letter|my\s+mark|a\s+letter|my\s+piece)\s+"
            rf"(?:at|on|in)\s+{_SQ}\b",
            r"I play \1",
        ),
        (
            rf"^I\s+(?:mark|occupy|claim|go\s+(?:at|on|to)|move\s+(?:into|onto))\s+(?:square\s+)?{_SQ}"
            rf"(?=(?:\s+(?:in|for)\s+round\s+[0-9]+)?$)",
            r"I play \1",
        ),
        (
            rf"^I\s+(?:place|put|lay|play)\s+(?:a|my|one)\s+stone\s+(?:at|on|in)\s+{_SQ}",
            r"I play \1",
        ),
        (rf"^I\s+play\s+(?:at|on)\s+{_SQ}", r"I play \1"),
        (
            rf"^I\s+(?:choose|pick|select|submit|take|name|go\s+(?:with|for)|going\s+with|opt\s+for|"
            rf"settle\s+on|move\s+(?:to|at|on))\s+(?:the\s+)?(?:square\s+)?{_SQ}"
            rf"(?:\s+as\s+my\s+(?:move|play))?(?:\s+this\s+(?:round|time))?$",
            r"I play \1",
        ),
        (
            rf"^I\s+(?:choose|pick|select|submit|take|name|go\s+(?:with|for)|opt\s+for|"
            rf"settle\s+on)\s+(?:the\s+)?(?:square\s+)?{_SQ}\s+(?=(?:in|for)\s+round\s+[0-9]+$)",
            r"I play \1 ",
        ),
        (rf"^I\s+play\s+{_SQ}\s+as\s+my\s+(?:move|play)$", r"I play \1"),
        (rf"^I\s+play\s+{_SQ}\s+this\s+round$", r"I play \1"),
        (rf"^My\s+play\s+is\s+{_SQ}$", r"My move is \1"),
        (
            rf"^My\s+(?:play|move|choice|pick|square)\s+(?:for\s+)?(?:this\s+round\s+)?is\s+{_SQ}$",
            r"My move is \1",
        ),
        (
            rf"^My\s+(?:move|play)(?:\s+this\s+round)?\s*[:\-\u2013\u2014]\s*{_SQ}$",
            r"My move is \1",
        ),
        (
            rf"^I\s+(?:consent|volunteer|sign\s+up)\s+to\s+play\s+(?:a\s+game\s+of\s+)?{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (
            r"\s+by\s+(?:private\s+)?(?:e-?mail|mail|message)(?:\s+to\s+(?:the|you,?)\s+referee)?$",
            "",
        ),
        (r"\ba\s+(?:round|match)\s+of\s+(?=single[\s-]+capture\s+go\b)", "a game of "),
        (rf"^My\s+round\s+([0-9]+)\s+(?:play|move)\s+is\s+{_SQ}$", r"I play \2 in round \1"),
        *(
            (rf"\b(in|for)\s+round\s+{word}$", rf"\1 round {number}")
            for number, word in enumerate(_NUMBERS)
        ),
        (
            rf"^I\s+agree\s+to\s+(?:join|play|participate\s+in|play\s+in)\s+the\s+(?:next|upcoming|"
            rf"coming|new)\s+game\s+of\s+{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (rf"^I\s+(?:place|put|play)\s+my\s+letter\s+(?:at|on|in)\s+{_SQ}", r"I play \1"),
        (
            rf"^My\s+(?:play|move)\s+is\s+{_SQ}\s+(?:in|for)\s+round\s+([0-9]+)$",
            r"I play \1 in round \2",
        ),
        # "I'm happy (glad, keen) to play Single-Capture Go": the agreement, said gladly (a
        # "would be happy" stays a plan; P48-read-games-s11-2).
        (
            rf"^I(?:['\u2019]?m|\s+am)\s+(?:happy|glad|keen|pleased)\s+to\s+(?:play|join|take\s+part\s+in)\s+"
            rf"(?:a\s+game\s+of\s+|the\s+next\s+game\s+of\s+)?{_GAME}(?:\s+this\s+time)?$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I(?:['\u2019]?m|\s+am)\s+in\s+(?:for|on)\s+(?:a\s+game\s+of\s+|the\s+next\s+game\s+of\s+)?"
            rf"{_GAME}(?:\s+this\s+time)?$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+agree\s+to\s+(?:play|participate)\s+in\s+(?:the\s+next|a|the\s+coming)\s+"
            rf"{_GAME}\s+game$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+agree\s+to\s+(?:join|play|participate\s+in)\s+the\s+next\s+game\s+of\s+"
            rf"{_GAME}(?:\s+this\s+time)?$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+(?:join|enter|sign\s+up\s+for)\s+(?:a\s+game\s+of\s+|the\s+next\s+game\s+of\s+)?{_GAME}(?:\s+this\s+time)?$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^count\s+me\s+in\s+(?:for|on)\s+(?:a\s+game\s+of\s+|the\s+(?:next|upcoming|coming)\s+game\s+of\s+)?"
            rf"{_GAME}(?:\s+this\s+time)?$",
            "I agree to play Single-Capture Go",
        ),
    ),
)
