"""Single-Capture Go's other words for a play, put in its grammar's terms before parsing."""

from __future__ import annotations

from referee.games.base import Lexicon, rewrites

_SQ = r"([A-Za-z][1-9][0-9]?)"
_GAME = r"single[\s-]+capture\s+go"
_NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

LEXICON = Lexicon(
    verbs=("play", "place", "agree", "announce"),
    trailing=(_GAME, r"the\s+game"),
    # The rule text's own example of a play is the square alone, mailed to the referee.
    private_rewrites=rewrites(
        (rf"^{_SQ}$", r"I play \1"),
        (rf"^{_SQ}\s+it\s+is$", r"I play \1"),
        (rf"^{_SQ}\s+is\s+my\s+(?:move|play|choice)(?:\s+this\s+round)?$", r"I play \1"),
        (rf"^{_SQ}\s+(?:for|in)\s+round\s+([0-9]+)$", r"I play \1 in round \2"),
        (rf"^{_SQ}[\s,]+(?:please|thanks|thank\s+you)?[\s,]*(?:referee)?[\s,.!]*$", r"I play \1"),
        # A play stated as a wish or a plan, in a mail to the referee only: the rule has a
        # play "consist of naming exactly one square", and such a mail names one and nothing
        # else ("I'd like to play e7", "I'll play e7 this round"). Anything more stays a
        # wish: "I think I'll play e7", "I'll play e7 if it is free".
        (
            rf"^I(?:['\u2019]ll|\s+will|['\u2019]d\s+like\s+to|\s+would\s+like\s+to|\s+want\s+to|"
            rf"['\u2019]m\s+going\s+to|\s+am\s+going\s+to|\s+wish\s+to)\s+play\s+(?:at\s+|on\s+)?"
            rf"{_SQ}(?:\s+this\s+round)?(?:[\s,]+please)?$",
            r"I play \1",
        ),
        # Asking the referee to play on one's behalf, in a mail to the referee only.
        (rf"^please\s+play\s+{_SQ}(?:\s+for\s+me)?$", r"I play \1"),
    ),
    rewrites=rewrites(
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
        (
            rf"^I['\u2019]m\s+in\s+(?:for|on)\s+(?:a\s+game\s+of\s+|the\s+next\s+game\s+of\s+)?"
            rf"{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+agree\s+to\s+(?:play|participate)\s+in\s+(?:the\s+next|a|the\s+coming)\s+"
            rf"{_GAME}\s+game$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+agree\s+to\s+(?:join|play|participate\s+in)\s+the\s+next\s+game\s+of\s+"
            rf"{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^I\s+(?:join|enter|sign\s+up\s+for)\s+(?:a\s+game\s+of\s+)?{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
        (
            rf"^count\s+me\s+in\s+(?:for|on)\s+(?:a\s+game\s+of\s+|the\s+(?:next|upcoming|coming)\s+game\s+of\s+)?"
            rf"{_GAME}$",
            "I agree to play Single-Capture Go",
        ),
    ),
)
