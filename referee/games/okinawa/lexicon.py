"""Okinawa's other words for playing and capturing, put in its grammar's terms before parsing."""

from __future__ import annotations

import re

from referee.games.base import Lexicon, rewrites

_SIGNED = r"([+\-\u2212]?\s*[0-9]+)"
_PLOT = r"\([^()]*\)"

LEXICON = Lexicon(
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    own_words=re.compile(r"\b(?:stones?|okinawa)\b", re.IGNORECASE),
    verbs=("play", "place", "put", "drop", "move", "capture", "stone", "destroy"),
    # Its other words, whose plain slips are corrected ("stoen", "chian", "latitdue").
    nouns=("stone", "stones", "chain", "latitude", "longitude", "jeopardy"),
    trailing=("okinawa", r"the\s+game\s+of\s+okinawa"),
    # Every rewrite below needs one of these; a sentence with none of them skips them.
    clues=re.compile(
        r"[0-9]|\b(?:stones?|chains?|groups?|strings?|captur\w*|okinawa|plots?|north|south|east|"
        r"west|origin|centre|center|middle|corner|zero|one|two|three|four|teh|hte|adn|wiht)\b",
        re.IGNORECASE,
    ),
    # Labels of the same meaning share one pattern (each is an alternative of it), so that the
    # test every sentence meets at its start (``referee.parsing.normalise.Labels``) stays short.
    labels=rewrites(
        # "[Okinawa] I play ...": the game's name as a tag before the act.
        (r"^[\[(]\s*okinawa\s*[\])]\s*[:\-\u2013\u2014]?\s*(?=I\b)", ""),
        # "A stone at (1, 1).": the Stone and its Plot with an article, as "A tile at F3." is
        # in Commune (P70-read-games-s19-11).
        (
            r"^(?=[ao])(?:an?|one)\s+stone\s+(?:at|on|onto)\s+"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*(?:please|pls)?[.!]*$)",
            "I play a Stone at ",
        ),
        # "My stone goes on (0, 3).": the author's Stone and where it goes, now
        # (P70-read-games-s19-9).
        (
            r"^(?=m)my\s+(?:next\s+|one\s+)?stone\s+(?:goes|lands)\s+(?:on|to|at|onto)\s+"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*"
            r"(?:(?:this\s+week|today|now|please|pls)\s*)?[.!]*$)",
            "I play a Stone at ",
        ),
        # "Stones on (1, 2) and (1, 3).": Stones in the plural and their Plots, with no verb,
        # as "Tiles on C4 and C5." is in Commune: one Stone on each (P73-read-games-s20-3).
        (
            r"^(?=[so])(?:okinawa\s*(?:[:\u2013\u2014]|-(?![0-9]))\s*)?stones\s+(?:at|on|onto)\s+"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*(?:,|,?\s*(?:and|&))\s*\()",
            "I play Stones at ",
        ),
        # "The chain at (2, 3) is in jeopardy, so I capture it.": the chain's state, then its
        # capture, "it" the chain just named (P73-read-games-s20-15).
        (
            r"^(?=t)the\s+(?:chain|group)\s+(at|on|containing)\s+(\([^()]*\))\s+is\s+(?:now\s+)?in\s+jeopardy"
            r"\s*[,;]?\s*(?:and\s+)?(?:so|therefore|hence)\s*,?\s+I\s+capture\s+it[.!]*$",
            r"I capture the chain \1 \2",
        ),
        # "Okinawa: stone (1,-1)": the game's label over a Stone and its Plot with no "at"
        # (P73-read-games-s20-16).
        (
            r"^(?=o)okinawa\s*(?:[:\u2013\u2014]|-(?![0-9]))\s*(?:an?\s+)?stone\s+"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)[\s.!]*$)",
            "I play a Stone at ",
        ),
        # "Capture: the chain at (2, 2)" as a label.
        (
            r"^capture\s*[:\-\u2013\u2014]\s*(?:the\s+)?(?=(?:chain|group|string)\b)",
            "I capture the ",
        ),
        # "Play stone: 1 north, 2 west", "Place a stone - (0, 1)": the verb and its noun as the
        # label, before a Plot (P65-read-games-s17-8). (A bare "Play a stone at (0, 1)." stays an
        # instruction, P1o.)
        (
            r"^(?=[pr])(?:play|place|put)\s+(?:an?\s+|one\s+)?stone\s*(?:[:\u2013\u2014]|-(?![0-9]))\s*"
            r"(?:at\s+|on\s+)?(?=\(\s*[+\-\u2212]?[0-9]|[+\-\u2212]?[0-9]|(?:latitude|lat)\b)",
            "I play a Stone at ",
        ),
        # A play with no "I": "Play: (1, 1)", "Stone: (1, 1)"; "Okinawa move: Stone at (1, 3)",
        # "Okinawa: a Stone on (1, 3)" (the game named as a label before a Stone and its
        # Plot); "Okinawa - (1, -1)", "Okinawa: play (-3, -3)" (the label before a Plot alone,
        # which only a play names so); "Here's my move for Okinawa: Stone at (2, 1)"; "Sensei -
        # please record: Stone at (0, -1)" (a request to note the author's own play).
        (
            # (A hyphen straight before a digit is its minus sign, never the label's dash:
            # "Stone -1, 2" is at (-1, 2); P42-read-games-s10-4.)
            r"^(?=[opshmrl])(?:(?:okinawa\s+)?(?:play|stone)\s*(?:[:\u2013\u2014]|-(?![0-9]))\s*(?=\(\s*[+\-\u2212]?[0-9]|[+\-\u2212]?[0-9])|"
            # "stone 1,1", "Stone (1, 1)": the phone's label with no colon (P42-read-games-s10-4).
            r"(?:stone|play)\s+(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*[.!]*$|[+\-\u2212]?[0-9]+\s*,\s*"
            r"[+\-\u2212]?[0-9]+\s*[.!]*$)|"
            r"okinawa(?:\s+(?:move|play|action))?\s*[:\-\u2013\u2014]\s*(?:(?:(?:I\s+)?(?:play|place|put)\s+)?"
            r"(?:an?\s+|one\s+)?stone\s+(?:at|on|in)\s+(?=\(|[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9])|"
            r"(?:(?:play|place|put)\s+(?:at\s+|on\s+)?)?(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*[.!]*$))|"
            r"(?:here['\u2019]?s\s+|here\s+is\s+)?my\s+(?:move|play)(?:\s+(?:for|in)\s+okinawa)?"
            r"(?:\s+this\s+week)?\s*[:\-\u2013\u2014]\s*(?:I\s+play\s+)?(?:(?:a|one)\s+)?stone\s+(?:at|on)\s+"
            r"(?=\()|"
            # "My Okinawa move this week: (2, 2)", "My move in Okinawa: (2, 2)": the game named
            # in the label, before a Plot alone (P48-read-games-s11-3).
            r"my\s+(?:okinawa\s+(?:move|play)|(?:move|play)\s+(?:for|in)\s+okinawa)(?:\s+(?:for\s+)?this\s+week)?"
            r"\s*[:\-\u2013\u2014]\s*(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*[.!]*$)|"
            r"(?:(?:sensei|officer)\s*[,:\-\u2013\u2014]\s*)?(?:please\s+)?(?:record|note|log)\s*"
            r"[:\-\u2013\u2014]?\s*(?:(?:a|one|my)\s+)?stone\s+(?:at|on)\s+"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)\s*[.!]*$))",
            "I play a Stone at ",
        ),
    ),
    rewrites=rewrites(
        # The veteran's "upon", and the rule's own "that e owns" said of the author's piece: "I
        # Play one (1) Stone that I own upon the Plot at (-2, 2)" (P73-read-games-s20-4).
        (r"\bupon\s+(?=(?:the\s+)?(?:plot|land\s+unit|location|\())", "on "),
        (r"\b(stones?)\s*,?\s+(?:that|which)\s+I\s+(?:own|hold|have)\b,?", r"\1"),
        # "latitude zero, longitude minus two": an axis's value in words, read in figures as
        # a pair of words in brackets is (P70-read-games-s19-10; P73-read-games-s20-4).
        *(
            (
                rf"\b(latitude|longitude|lat\.?|long\.?)\s+{sign}{word}\b",
                rf"\g<1> {figure}{number}",
            )
            for sign, figure in ((r"(?:minus|negative)\s+", "-"), ("", ""))
            for number, word in enumerate(("zero", "one", "two", "three", "four"))
        ),
        # "I capture my chain (the one at (1, 1))": the chain named by a Stone of it.
        (
            r"^I\s+capture\s+(?:my|our|the)\s+chain\s*(?:\(\s*|,\s*|\u2014\s*|-\s*)"
            r"the\s+one\s+(?:at|on|with\s+(?:the\s+)?stone\s+at)\s+(\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\))"
            r"\s*\)?$",
            r"I capture the chain at \1",
        ),
        # The same with an owner named: the owner is kept and checked (P52-read-games-s12-2).
        (
            r"^I\s+capture\s+((?-i:[A-Z])[\w\-]*['\u2019]s)\s+chain\s*(?:\(\s*|,\s*|\u2014\s*|-\s*)"
            r"the\s+one\s+(?:at|on|with\s+(?:the\s+)?stone\s+at)\s+(\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\))"
            r"\s*\)?$",
            r"I capture \1 chain at \2",
        ),
        # "I capture the chain at (1, 1) - Janet's" / "(Janet's)": the owner after the Plot.
        (
            r"^I\s+capture\s+the\s+chain\s+(at|on|containing)\s+(\([^()]*\))\s*(?:,|-|\u2013|\u2014|\()\s*"
            r"((?-i:[A-Z])[\w\-]*['\u2019]s)\s*\)?$",
            r"I capture \3 chain \1 \2",
        ),
        # "my one (airborne) Stone", "my only Stone", "my last Stone": a Stone.
        (
            r"^I\s+(play|place|put|drop)\s+my\s+(?:one|only|single|sole|remaining)\s+(?:airborne\s+|remaining\s+)?"
            r"stone\b",
            r"I \1 a Stone",
        ),
        # A Stone brought down from the air: "I bring a Stone down at (1, 1)", "I set down a
        # Stone on (1, 1)" (P42-read-games-s10-1).
        (
            r"^I\s+(?:bring|set|put|lay|touch)\s+(?:(?:an?|one|my)\s+(?:airborne\s+)?stone\s+down|down\s+"
            r"(?:an?|one|my)\s+(?:airborne\s+)?stone)\s+(?:at|on|in|onto)\s+",
            "I play a Stone at ",
        ),
        # The Stone left unsaid before a Plot alone: "I play at (2, 3)" (no other game plays
        # at a signed pair).
        (
            r"^I\s+(?:play|place|put)\s+(?:(?:at|on)\s+)?"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\)$|lat(?:itude|\.)?\s*[+\-\u2212]?\s*[0-9])",
            "I play a Stone at ",
        ),
        # "I play one more Stone, at (2, 4)": another Stone, its Plot after a comma.
        (
            r"^I\s+(?:play|place|put|drop)\s+(?:one\s+more|another|a\s+further)\s+stone\s*,?\s+(?=(?:at|on)\s+\()",
            "I play a Stone ",
        ),
        # "I play another at (1, 2)", "I put one more on (1, 2)": a Stone, as the one before
        # (only a Stone is played at a signed pair; P48-read-games-s11-3).
        (
            r"^I\s+(?:play|place|put|drop)\s+(?:another|one\s+more|a\s+second|one)(?:\s+one)?\s+(?:at|on|onto|in)\s+"
            r"(?=\(\s*[+\-\u2212]?[0-9]+\s*,\s*[+\-\u2212]?[0-9]+\s*\))",
            "I play a Stone at ",
        ),
        # "at position (1, 1)", "at coordinates (1, 1)", "at (lat 1, long 1)": the Plot.
        (r"\b(at|on)\s+(?:the\s+)?(?:position|coordinates?|point|location|spot)\s+(?=\()", r"\1 "),
        (
            r"\(\s*(lat(?:itude)?\.?\s*[+\-\u2212]?\s*[0-9]+\s*,?\s*long(?:itude)?\.?\s*[+\-\u2212]?\s*[0-9]+)\s*\)",
            r"\1",
        ),
        # "I capture Murphy's stones at (0, 2)": the chain those Stones make.
        (
            r"\bcapture\s+(?:(?-i:[A-Z])[\w\-]*['\u2019]s|my|our|the)\s+stones?\s+"
            r"(?=(?:at|on)\b)",
            "capture the chain ",
        ),
        # "I place one Stone on each of (1, 1) and (2, 2)": one Stone on each Plot.
        (
            r"^I\s+(?:play|place|put|drop)\s+(?:a|one)\s+stone\s+(?:on|at|in)\s+each\s+of\s+(?=\()",
            "I play Stones at ",
        ),
        # "Latitude: 2, Longitude: -1", "lat=2, long=-1": an axis and its value.
        (r"\b(latitude|longitude|lat\.?|long\.?)\s*[:=]\s*(?=[+\-\u2212]?\s*[0-9])", r"\1 "),
        # "Stones at (1, 2) and at (2, 2)": the later Plots with "at" again.
        (r"(?<=\sand)\s+(?:at|on)\s+(?=\(\s*[+\-\u2212]?[0-9])", " "),
        # "the chain that (3, 2) is part of": the chain on that Plot.
        (
            r"\bchain\s+(?:that|which)\s+(\([^()]*\))\s+(?:is\s+(?:a\s+)?part\s+of|belongs\s+to|is\s+in)$",
            r"chain at \1",
        ),
        # "latitude 2 north, longitude 3 east": the sign said by the direction.
        (r"\b(latitude|lat\.?)\s+([0-9]+)\s*(?:north|n)\b", r"\1 \2"),
        (r"\b(latitude|lat\.?)\s+([0-9]+)\s*(?:south|s)\b", r"\1 -\2"),
        (r"\b(longitude|long\.?)\s+([0-9]+)\s*(?:east|e)\b", r"\1 \2"),
        (r"\b(longitude|long\.?)\s+([0-9]+)\s*(?:west|w)\b", r"\1 -\2"),
        # "I capture (2, 2)", "Capture at (2, 2)": the chain on that Plot.
        (r"^I\s+capture\s+(?:at\s+|on\s+)?(?=\()", "I capture the chain at "),
        # An axis's sign in words, and the axes parted by "/": "latitude minus 2", "lat -1 /
        # long 3".
        (r"\b(latitude|longitude|lat\.?|long\.?)\s+(?:minus|negative)\s+(?=[0-9])", r"\1 -"),
        (r"\b(latitude|longitude|lat\.?|long\.?)\s+(?:plus|positive)\s+(?=[0-9])", r"\1 +"),
        (
            r"\b((?:latitude|longitude|lat\.?|long\.?)\s*[+\-\u2212]?\s*[0-9]+)\s*/\s*(?=lon|lat)",
            r"\1, ",
        ),
        # The article or "at" dropped: "I play stone (1,2)", "I put stone on (1, 2)".
        (
            r"^I\s+(play|place|put|drop)\s+(?:a\s+)?stone\s+(?:at\s+|on\s+)?"
            # ("I play Stone at 2 north 1 east": the compass too; P73-read-games-s20-14.)
            r"(?=\(|[0-9]+\s*(?:north|south|east|west|n|s|e|w)\b)",
            "I play a Stone at ",
        ),
        # "I play three Stones: (1, 1), (1, 2), (1, 3)", "two Stones: (1, 1) and (1, 2)": the
        # Plots listed after the count, which agrees with them (P48-read-games-s11-4).
        (
            rf"^I\s+(?:play|place|put|drop)\s+(?:3|three)\s+(?:airborne\s+)?stones\s*[:,\-\u2013\u2014]?\s*"
            rf"(?:at\s+|on\s+)?({_PLOT})\s*,\s*({_PLOT})\s*,?\s*(?:(?:and|&)\s+)?({_PLOT})$",
            r"I play Stones at \1, \2 and \3",
        ),
        (
            rf"^I\s+(?:play|place|put|drop)\s+(?:2|two)\s+(?:airborne\s+)?stones\s*[:,\-\u2013\u2014]?\s*"
            rf"(?:at\s+|on\s+)?({_PLOT})\s*(?:,|,?\s*(?:and|&))\s*({_PLOT})$",
            r"I play Stones at \1 and \2",
        ),
        # "two Stones: one at (1, 3) and one at (1, 4)": the count agrees with the Plots.
        (
            rf"^I\s+(?:play|place|put|drop)\s+(?:2|two|both\s+(?:of\s+)?my)\s+(?:airborne\s+)?stones\s*"
            rf"[:,\-\u2013\u2014]?\s*(?:one\s+)?(?:at|on)\s+({_PLOT})\s*,?\s*(?:and|&)\s+(?:then\s+)?"
            rf"(?:one|the\s+other|another)\s+(?:at|on)\s+({_PLOT})$",
            r"I play Stones at \1 and \2",
        ),
        # The corners of the map, each one Plot: "the north-west corner" is (4, -4).
        *(
            (
                rf"\b(at|on|onto|in|into)\s+the\s+(?:very\s+|far\s+)?{north}[\s\-]?{east}(?:ern)?\s+"
                r"(?:corner|plot)(?:\s+(?:plot|of\s+(?:the\s+)?(?:map|board|grid|okinawa)))?(?!\s*\()",
                rf"\1 ({lat}, {lon})",
            )
            for north, lat in (("north", "4"), ("south", "-4"))
            for east, lon in (("east", "4"), ("west", "-4"))
        ),
        # Small words mistyped, which no reading would take for anything else.
        (r"\b(?:teh|hte)\b", "the"),
        (r"\badn\b", "and"),
        (r"\bwiht\b", "with"),
        # The game named in brackets at the end: "(2, -3) [Okinawa]".
        (r"\s*[\[(]\s*(?:in\s+|for\s+)?okinawa\s*[\])]$", ""),
        # A chain described: "located at", "of Janet's stones at", "the whole chain", "my own".
        (r"\b(chain|group)\s+(?:located|situated|sitting|lying|found)\s+(?=at\b|on\b)", r"\1 "),
        (
            r"\b(?:the\s+)?(chain|group)\s+of\s+((?-i:[A-Z])[\w\-]*['\u2019]s)\s+"
            r"stones\s+(?=at\b|on\b|containing\b)",
            r"\2 \1 ",
        ),
        (
            # ("of her stones" is told: whose they are is not said; P55-read-games-s13-2.)
            r"\b(chain|group)\s+of\s+(?:my|our|the)\s+"
            r"stones\s+(?=at\b|on\b|containing\b)",
            r"\1 ",
        ),
        (r"\b(?:whole|entire|full|complete)\s+(?=(?:chain|group)\b)", ""),
        (r"\bmy\s+own\s+(?=(?:chain|group)\b)", "my "),
        # A Plot written without its brackets at the end: "I play a Stone at 2,3".
        (
            rf"^I\s+(?:play|place|put|drop)\s+(?:an?\s+|one\s+)?stone\s+(?:at|on)\s+{_SIGNED}"
            rf"\s*,\s*{_SIGNED}[\s.!]*$",
            r"I play a Stone at (\1, \2)",
        ),
        # An aside in square brackets at the end, with no number ("[north side]"): as in
        # parentheses (P42-read-games-s10-7).
        (r"\s*\[([^\[\]0-9]{1,40})\]$", r" (\1)"),
        # A Plot in square brackets or braces, as in parentheses.
        (rf"[\[{{]\s*{_SIGNED}\s*,\s*{_SIGNED}\s*[\]}}]", r"(\1, \2)"),
        # "I move my Stone at (1, 1) to ...": the Stone is named by where it stands.
        (r"^I\s+move\s+my\s+stone\s+(?:at|on)\s+(?=\()", "I move my Stone from "),
        # One Stone named another way: "one of my Stones", "my Stone", "one airborne Stone".
        (
            r"^I\s+(play|place|put|drop)\s+(?:one\s+of\s+my\s+(?:airborne\s+)?stones|my\s+stone|"
            r"(?:1|one)\s+stone(?!s)|"
            r"one\s+(?:of\s+my\s+)?airborne\s+stones?)\b",
            r"I \1 a Stone",
        ),
        # Several Stones: a count that agrees with the Plots named, or none.
        (
            rf"^I\s+(play|place|put|drop)\s+(?:(?:2|two|my\s+two|both\s+my|my)\s+)?stones\s*,?\s*"
            rf"(?:at|on|:)\s*({_PLOT})\s*,?\s*(?:and|&)\s+({_PLOT})$",
            r"I play Stones at \2 and \3",
        ),
        (
            rf"^I\s+(play|place|put|drop)\s+(?:(?:3|three|my\s+three|my)\s+)?stones\s*,?\s*"
            rf"(?:at|on|:)\s*({_PLOT})\s*,\s*({_PLOT})\s*,?\s*and\s+({_PLOT})$",
            r"I play Stones at \2, \3 and \4",
        ),
        # "a Stone at (1, 1), (1, 2) and (1, 3)": one Stone on each.
        (
            rf"^I\s+(?:play|place|put|drop)\s+a\s+stone\s+(?:at|on)\s+({_PLOT})\s*,\s*({_PLOT})\s*,?\s*"
            rf"and\s+({_PLOT})$",
            r"I play Stones at \1, \2 and \3",
        ),
        (
            rf"^I\s+(?:play|place|put|drop)\s+a\s+stone\s+(?:at|on)\s+({_PLOT})\s*(?:,?\s*and|&)\s+({_PLOT})$",
            r"I play Stones at \1 and \2",
        ),
        # "..., one at (1, 2) and one at (1, 3)", "... and another at (2, -2)".
        (
            r"(,|\band|;)\s+((?:and\s+)?(?:then\s+)?)(?:one|another(?:\s+one)?|a\s+second|a\s+third|one\s+more)"
            r"(?:\s+stone)?\s+(at|on)\b",
            r"\1 \2a Stone \3",
        ),
        # "Stone to (1, 1).": a label naming the Plot.
        (r"^I\s+stone\s+(?:to|at|on)\s+(?=\()", "I play a Stone at "),
        # A chain named by its state, its owner or a Stone in it.
        (
            r"^I\s+capture\s+(?:the|my|our)\s+(?:only\s+)?(?:chain|group)\s+(?:of\s+mine\s+)?"
            r"(?:that\s+is\s+|which\s+is\s+|now\s+)?in\s+jeopardy$",
            "I capture my chain in jeopardy",
        ),
        (
            r"\b(chain|group)(\s+of\s+(?:my\s+|the\s+)?stones)?\s+(?:that\s+is\s+|now\s+)?in\s+jeopardy"
            r"(?=\s+\S)",
            r"\1\2",
        ),
        (
            r"^I\s+capture\s+my\s+(chain|group)\s*,?\s+(?:which|that)\s+is\s+(?:now\s+)?in\s+jeopardy$",
            "I capture my chain in jeopardy",
        ),
        # "Janet's group (string)": a chain, its owner kept and checked.
        (
            r"^I\s+capture\s+((?-i:[A-Z])[\w\-]*['\u2019]s)\s+(?:chain|group|string)\b",
            r"I capture \1 chain",
        ),
        (
            r"\b(?:containing|including|that\s+(?:includes|contains)|which\s+(?:includes|contains))"
            r"\s+(?:the\s+|a\s+|my\s+)?stone\s+(?:at|on)\b",
            "containing",
        ),
        (r"\b(?:jeopardi[sz]ed|endangered|captureable|capturable)\s+(chain|group)\b", r"\1"),
        (
            rf"^I\s+capture\s+(?:both\s+)?(?:the\s+)?(?:chains|groups)\s+(?:at|on|containing)\s+({_PLOT})\s*,?\s*"
            rf"and\s+({_PLOT})$",
            r"I capture the chain at \1 and capture the chain at \2",
        ),
        (r"^I\s+capture\s+the\s+stones\s+(?=(?:at|on)\s+\()", "I capture the chain "),
        # "(3 N, 2 W)": the compass inside parentheses.
        (
            r"\(\s*([0-9]+)\s*([NS])[a-z]*\s*,\s*([0-9]+)\s*([EW])[a-z]*\s*\)",
            r"\1\2, \3\4",
        ),
        *(
            (rf"\b{word}\s+(?=(?:north|south|east|west)\b)", f"{number} ")
            for number, word in enumerate(("zero", "one", "two", "three", "four"))
        ),
        (r"\b(at|on)\s+the\s+(?:origin|centre|center|middle)\s+(?=\()", r"\1 "),
        # "in the centre of Okinawa, (0, 0)": the description and the Plot it is, side by side;
        # beside another Plot the two disagree and nothing is read (P65-read-games-s17-9).
        (
            r"\b(at|on|onto|in)\s+the\s+(?:(?:very|exact)\s+)?(?:origin|centre|center|middle)"
            r"(?:\s+of\s+(?:the\s+)?(?:map|board|grid|okinawa))?\s*(?:[,:\u2013\u2014]|\s-)\s*"
            r"(?=\(\s*0\s*,\s*0\s*\))",
            r"\1 ",
        ),
        # The one Plot named by a description: the centre of the map is (0, 0).
        (
            r"\b(at|on|onto|in)\s+the\s+(?:(?:very|exact)\s+)?(?:origin|centre|center|middle|"
            r"central\s+(?:plot|point))(?:\s+(?:plot|point))?(?:\s+of\s+(?:the\s+)?(?:map|board|grid|"
            r"okinawa))?(?!\s*(?:[,:\u2013\u2014]|\s-)?\s*\()",
            r"\1 (0, 0)",
        ),
        # "2 north and 3 west", "two north, three west" with no "at" before them.
        (
            r"\b([0-9]+\s*(?:north|south|n|s))\s*(?:,\s*(?:and\s+)?|and\s+)([0-9]+\s*(?:east|west|e|w))\b",
            r"\1 \2",
        ),
        (
            r"\b([0-9]+\s*(?:east|west|e|w))\s*(?:,\s*(?:and\s+)?|and\s+)([0-9]+\s*(?:north|south|n|s))\b",
            r"\1 \2",
        ),
        (
            r"^(I\s+(?:play|place|put|drop)\s+(?:a|one)\s+(?:airborne\s+)?stone)\s+"
            r"(?=[0-9]+\s*(?:north|south|east|west)\b)",
            r"\1 at ",
        ),
        # Compass letters before the number: "N2 W3".
        (
            r"\b([NS])\s*([0-9]+)\s*,?\s*([EW])\s*([0-9]+)\b",
            r"\2\1 \4\3",
        ),
        # A chain named by the author as eirs and a Stone in it: "my chain at (-2, -2)" (the
        # rules let only an owner capture). Another's name is kept and checked
        # (P52-read-games-s12-2).
        (
            r"^I\s+capture\s+(?:my|our|the)\s+(?:own\s+)?(?:chain|group|string)"
            r"\s+(?=at\b|on\b|containing\b|including\b)",
            "I capture the chain ",
        ),
        (
            r"^I\s+capture\s+((?-i:[A-Z])[\w\-]*['\u2019]s)\s+(?:own\s+)?(?:chain|group|string)"
            r"\s+(?=at\b|on\b|containing\b|including\b)",
            r"I capture \1 chain ",
        ),
        # Go's other names for a chain: a group, a string, a chain of Stones.
        (
            r"^I\s+capture\s+(?:the\s+)?(?:chain|group|string)(?:\s+of\s+(?:my\s+|the\s+)?"
            r"stones)?\s+(?=at\b|on\b|containing\b|including\b|with\b|of\b|that\b|which\b)",
            "I capture the chain ",
        ),
    ),
)
