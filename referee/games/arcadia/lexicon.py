"""The Arcadian Tournament's other words, put in its grammar's terms before parsing."""

from __future__ import annotations

import re

from referee.games.base import Lexicon, rewrites

_FACILITY = r"(?:farm|mine|orchard|monument)"
_RESOURCE = r"(?:food|stones?|lumber)"
_AMOUNT = rf"(?:\S+\s+{_RESOURCE})"
_SIGNED = r"([+\-\u2212]?[0-9]+)"
_TOURNAMENT = r"\s+(?=(?:the\s+)?arcadia(?:n)?(?:\s+tournament)?$)"


def _slips(word: str) -> str:
    """The word with two neighbouring letters swapped or, when it is long enough for a
    dropped letter to leave no other word, one letter dropped ("Orchad", "Lumbre", "Fram"),
    as one alternation; the word itself is not among them."""
    forms = {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)}
    if len(word) >= 5:
        forms |= {word[:i] + word[i + 1 :] for i in range(len(word))}
    forms.discard(word)
    return "|".join(sorted(forms))


# A facility's or a resource's name misspelt, where the sentence names one: after "a",
# "an", "the" or "my" for a facility, after an amount for a resource.
_FACILITY_SLIPS = tuple(
    (rf"\b(an?|the|my)\s+(?:{_slips(name)})\b", rf"\1 {name.capitalize()}")
    for name in ("farm", "mine", "orchard", "monument")
)
_RESOURCE_SLIPS = tuple(
    (rf"\b([0-9]+)\s+(?:{_slips(name)})\b", rf"\1 {name.capitalize()}")
    for name in ("food", "stone", "lumber", "energy")
)

LEXICON = Lexicon(
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    # Claiming a place named some other way ("I claim all of row 7") is an attempt too.
    own_words=re.compile(
        r"\b(?:arcadia|farms?|orchards?|land\s+units?|land\s+type)\b|"
        # "I set (4, 4) to Black": a Land Unit's type, set (P70-read-games-s19-19).
        r"\bset\s+\([^()]*\)\s+to\s+(?:black|white|aether)\b|"
        r"\bclaim\b(?=.*\b(?:row|column|lat(?:itude)?|long(?:itude)?|plots?|parcels?|land|corner|[0-9]+)\b)",
        re.IGNORECASE,
    ),
    verbs=("join", "enter", "leave", "claim", "build", "destroy", "set"),
    trailing=(r"(?:the\s+)?arcadia(?:n\s+tournament)?",),
    # "Claim: (2, 5)": a label and a Land Unit's location.
    labels=rewrites(
        # "Arcadian Tournament: I join.", "Arcadia - I leave": the tournament named first.
        (
            r"^(?:the\s+)?arcadia(?:n\s+tournament)?\s*[:\-\u2013\u2014]\s*I\s+(?:hereby\s+)?"
            r"(join|leave|enter|quit)[\s.!]*$",
            r"I \1 the Arcadian Tournament",
        ),
        (r"^claim\s*[:\-\u2013\u2014]\s*(?=\(\s*[+\-\u2212]?[0-9])", "I claim "),
        # "Building: Mine at (4, 7)", "Build - a Farm on (2, 2)" (P73-read-games-s20-15).
        (
            r"^build(?:ing)?\s*[:\-\u2013\u2014]\s*(?:an?\s+)?(?=(?:farm|mine|orchard|monument)\s+(?:at|on|in)\s+\()",
            "I build a ",
        ),
        # "- Farm on (1, 9)" alone on its line, as a list of actions writes it: building,
        # the one thing the rules let a player do with a facility and a Land Unit named so
        # (P52-read-games-s12-4). A line with more words is left to the grammar.
        (
            r"^(?=[FM])((?-i:Farm|Mine))\s+(?:on|at)\s+(?=\(\s*[1-9]\s*,\s*[1-9]\s*\)\s*[.!]?$)",
            r"I build a \1 on ",
        ),
        (
            r"^(?=O)(?-i:Orchard)\s+(?:on|at)\s+(?=\(\s*[1-9]\s*,\s*[1-9]\s*\)\s*[.!]?$)",
            "I build an Orchard on ",
        ),
        # "Orchard: (6, 2)", "Farm -> (3, 4), destroying 1 Lumber and 1 Stone": the Facility as
        # the label of the Land Unit it is built on, alone or with what is destroyed for it
        # (P68-read-games-s18-12); any other words after it are left to the grammar.
        (
            r"^(?=[FMO])((?-i:Farm|Mine|Orchard|Monument))\s*:\s*(?=\(\s*[1-9]\s*,\s*[1-9]\s*\)"
            r"\s*(?:[.!]?$|,\s*(?:by\s+)?destroying\b))",
            r"I build \1 on ",
        ),
        # "Build: Farm on (1, 1)": the verb as a label (P48-read-games-s11-5).
        (
            rf"^(?=b)build\s*[:\-\u2013\u2014]\s*(?=(?:an?\s+)?{_FACILITY}\s+(?:at|on|in)\s+\()",
            "I build ",
        ),
        # "Destroy: Farm at (4, 4)": the other verb of a Facility as a label
        # (P65-read-games-s17-18).
        (
            rf"^(?=d)destroy\s*[:\-\u2013\u2014]\s*(?:the\s+|my\s+)?(?=(?:{_FACILITY})\s+(?:at|on|in)\s+\()",
            "I destroy the ",
        ),
    ),
    rewrites=rewrites(
        # "I claim (9, 1) and build an Orchard on it, destroying 2 Stone": the one place named
        # before, filled in before the payment is read (P73-read-games-s20-14).
        (
            rf"^(I\s+[^()]*(\([^()]*\))[^()]*\sbuild\s+an?\s+{_FACILITY}\s+(?:on|at|in))\s+(?:it|there)"
            r"(?=\s*,?\s*(?:by\s+)?(?:destroying|paying|spending)\b)",
            r"\1 \2",
        ),
        # ... and the payment of the second act of the two read as "destroy ... to build"
        (
            rf"^(I\s+claim\s+[^;]+?)\s*,?\s+and\s+(?:then\s+)?build\s+(an?\s+{_FACILITY}\s+(?:on|at|in)\s+"
            r"\([^()]*\))\s*,?\s*(?:by\s+)?(?:destroying|paying|spending)\s+([^;]+)$",
            r"\1 and destroy \3 to build \2",
        ),
        # "I hand the Land Unit at (3, 3) over to Janet", "I hand over 2 Food to Janet": handing
        # over is transferring (rule 2577; P73-read-games-s20-13).
        (r"^I\s+hand\s+over\s+(?=.+\sto\s)", "I transfer "),
        (r"^I\s+hand\s+(.+?)\s+over\s+to\s+", r"I transfer \1 to "),
        # The veteran's "upon", and the rule's own "that e owns" said of the author's piece: "I
        # Play one (1) Stone that I own upon the Plot at (-2, 2)" (P73-read-games-s20-4).
        (r"\bupon\s+(?=(?:the\s+)?(?:plot|land\s+unit|location|\())", "on "),
        (
            r"\b(land\s+units?|farm|mine|orchard|monument|food|lumber|stones?)\s*,?\s+(?:that|which)\s+I\s+(?:own|hold|have)\b,?",
            r"\1",
        ),
        # "I set the Facility of (9, 9) to Monument, destroying 20 Food, ...": setting it is
        # building it (the rules' word), with what is destroyed for it (P68-read-games-s18-12).
        (
            r"^I\s+(?:hereby\s+)?set\s+the\s+Facility\s+(?:of|on|at)\s+(?:my\s+Land\s+Unit\s+at\s+)?"
            r"(\(\s*[1-9]\s*,\s*[1-9]\s*\))\s+to\s+((?-i:Farm|Mine|Orchard|Monument))"
            r"(?=\s*,?\s+(?:by\s+)?destroying\b)",
            r"I build \2 on \1",
        ),
        (r"\bteh\b", "the"),
        # A Land Unit's pair without brackets after "at" or "on": "I build a farm at 3,3"
        # (P42-read-games-s10-4). Latitude and Longitude run from 1 to 9.
        (
            rf"\b((?:{_FACILITY}|claim|unit)\s+(?:at|on)\s+)([1-9])\s*,\s*([1-9])(?![0-9,)])",
            r"\1(\2, \3)",
        ),
        # "I spend 2 Lumber: Mine at (2, 2)": the payment, then what it builds.
        (
            rf"^I\s+(?:spend|pay|use|destroy)\s+({_AMOUNT}(?:\s*(?:,|and|&|\+)\s*{_AMOUNT})*)\s*[:\-\u2013\u2014]\s*"
            rf"(?:an?\s+)?({_FACILITY})\s+(?=(?:at|on)\s+\()",
            r"I destroy \1 to build a \2 ",
        ),
        *_FACILITY_SLIPS,
        *_RESOURCE_SLIPS,
        # The article dropped: "I build farm at (2,2)", "I destroy mine at (1,1)", "I claim
        # land (2,2)".
        (r"^I\s+(build|construct)\s+(farm|mine|monument)\b", r"I \1 a \2"),
        (r"^I\s+(build|construct)\s+orchard\b", r"I \1 an Orchard"),
        # ... and after the first action too: "claim (2, 3), build Farm there".
        (r"(?<=[,;]\s)((?:and\s+)?(?:then\s+)?build)\s+(farm|mine|monument)\b", r"\1 a \2"),
        (r"(?<=[,;]\s)((?:and\s+)?(?:then\s+)?build)\s+orchard\b", r"\1 an Orchard"),
        (r"(?<=\sand\s)((?:then\s+)?build)\s+(farm|mine|monument)\b", r"\1 a \2"),
        (r"(?<=\sand\s)((?:then\s+)?build)\s+orchard\b", r"\1 an Orchard"),
        (r"^I\s+(destroy|demolish)\s+(farm|mine|orchard|monument)\b", r"I \1 the \2"),
        # "I claim the three units (3, 3), (3, 4) and (3, 5)": the count agrees with the
        # places named (P42-read-games-s10-7).
        (
            r"^I\s+claim\s+(?:the\s+|these\s+)?(?:two|2|both)\s+(?:land\s+)?units\s*:?\s*"
            r"(?=\(\s*[1-9]\s*,\s*[1-9]\s*\)\s*(?:,|and|&)\s*(?:and\s+)?\(\s*[1-9]\s*,\s*[1-9]\s*\)$)",
            "I claim ",
        ),
        (
            r"^I\s+claim\s+(?:the\s+|these\s+)?(?:three|3)\s+(?:land\s+)?units\s*:?\s*"
            r"(?=(?:\(\s*[1-9]\s*,\s*[1-9]\s*\)\s*(?:,|and|&)\s*(?:and\s+)?){2}\(\s*[1-9]\s*,\s*[1-9]\s*\)$)",
            "I claim ",
        ),
        # "I build Farm at (3,3) & Mine at (3,4)": the second facility's article dropped too
        # (P42-read-games-s10-6).
        (
            r"^(I\s+build\s+an?\s+(?:farm|mine|orchard|monument)\s+(?:at|on)\s+\([^()]*\)\s*(?:,|&|and|\+)\s*)"
            r"(?=(?:farm|mine|monument)\s+(?:at|on)\s+\()",
            r"\1a ",
        ),
        (
            r"^(I\s+build\s+an?\s+(?:farm|mine|orchard|monument)\s+(?:at|on)\s+\([^()]*\)\s*(?:,|&|and|\+)\s*)"
            r"(?=orchard\s+(?:at|on)\s+\()",
            r"\1an ",
        ),
        # "I destroy my Orchard (4, 4)": the place with no preposition.
        (
            r"^I\s+destroy\s+(?:my|the)\s+(farm|mine|orchard|monument|facility)\s+(?=\()",
            r"I destroy the \1 at ",
        ),
        # "I claim the Plots at (1, 1) and (1, 2)": the plural before a list (P48-read-games-s11-1).
        (
            r"^I\s+claim\s+(?:the\s+)?(?:land|land\s+units?|plots?|units?|parcels?)\s+(?:at\s+|on\s+)?(?=\()",
            "I claim ",
        ),
        # Taking part.
        (
            rf"^I\s+(?:sign\s+up\s+for|register\s+for|enlist\s+in|take\s+part\s+in|"
            rf"participate\s+in|sign\s+on\s+(?:to|for)|sign\s+up\s+to|enrol+\s+in|opt\s+in\s+to|"
            rf"join\s+up\s+(?:with|for)|compete\s+in){_TOURNAMENT}",
            "I join ",
        ),
        (
            r"^I\s+become\s+an?\s+(?:player|member|competitor|contestant|entrant|participant)\s+"
            rf"(?:in|of|at){_TOURNAMENT}",
            "I become a participant in ",
        ),
        (
            r"^I\s+(?:cease\s+to\s+be|stop\s+being|am\s+no\s+longer)\s+an?\s+(?:player|member|"
            rf"competitor|contestant|entrant|participant)\s+(?:in|of|at){_TOURNAMENT}",
            "I leave ",
        ),
        (
            rf"^I\s+(?:quit|exit|drop\s+out\s+of|depart(?:\s+from)?|give\s+up(?:\s+on)?|abandon|"
            rf"retire\s+from|resign\s+from|bow\s+out\s+of|walk\s+away\s+from){_TOURNAMENT}",
            "I leave ",
        ),
        # "the current Arcadian Tournament": the one there is.
        (
            r"\b(?:the\s+(?:current|present|ongoing|running|latest|new)|this|the)\s+(?:current\s+)?"
            r"(?=arcadia)",
            "the ",
        ),
        # "back to None", "again to Black": the value set.
        (r"\s+(?:back|again)\s+to\s+", " to "),
        # "the Facility switch of", "the Land Type value of".
        (r"\b(facility|land\s+type)\s+(?:switch|value)\b", r"\1"),
        # "the Facility at (2, 3)", "the Land Type for (2, 3)": the switch of that Land Unit.
        (r"\b(the\s+(?:facility|land\s+type))\s+(?:at|on|for|in)\s+(?=\()", r"\1 of "),
        # "I claim: (2, 3)", "I build: a Farm on (2, 3)": the verb's colon.
        (r"^I\s+(claim|build|destroy|join|leave)\s*:\s*", r"I \1 "),
        # "I'm out of Arcadia": leaving it.
        (rf"^I(?:['\u2019]m|\s+am)\s+(?:now\s+)?out\s+of{_TOURNAMENT}", "I leave "),
        # "4 of my Food": 4 Food.
        (rf"\b(?:all\s+)?([0-9]+)\s+of\s+my\s+(?={_RESOURCE})", r"\1 "),
        # "I destroy 2 Food (for +2 Energy)".
        (
            r"\s*\(\s*(?:for|to\s+gain|gaining|giving|=)?\s*\+?([0-9]+)\s+energy\s*\)$",
            r" for \1 Energy",
        ),
        # "I destroy the Mine I built at (4, 3)": the facility, where it stands.
        (
            rf"^(I\s+destroy\s+(?:the|my)\s+{_FACILITY})\s+(?:that\s+|which\s+)?I\s+(?:built|have\s+built|"
            r"own|made|put)\s+(?=(?:at|on|in)\b)",
            r"\1 ",
        ),
        # "I claim each of (3, 4) and (4, 3)", "I claim both (3, 4) and (4, 3)".
        (r"^(I\s+claim)\s+(?:each|all)\s+of\s+(?=\()", r"\1 "),
        (r"^(I\s+claim)\s+both\s+(?:of\s+)?(\([^()]*\)\s*,?\s*and\s+\([^()]*\))$", r"\1 \2"),
        # "I claim (3, 4), paying the Energy cost": the rule's own cost, named.
        (
            # ("..., paying 1 Energy as usual", after a dash too: the one Energy the rule takes;
            # P48-read-games-s11-5.)
            r"^(I\s+claim\b.*?\))\s*(?:,|[\-\u2013\u2014])?\s*(?:paying|spending|using|at\s+the\s+cost\s+of)\s+"
            r"(?:the\s+|my\s+)?(?:required\s+|usual\s+|necessary\s+)?(?:(?:1|one)\s+)?energy(?:\s+cost)?"
            r"(?:\s+as\s+(?:usual|required|always))?$",
            r"\1",
        ),
        # "I build a Farm on (3, 4) and on (4, 3)": the facility again on each.
        (
            rf"^I\s+build\s+(an?\s+{_FACILITY})\s+(on|at|in)\s+(?:each\s+of\s+|both\s+)?(\([^()]*\))\s*,?\s*"
            r"and\s+(?:also\s+)?(?:(?:on|at|in)\s+)?(\([^()]*\))$",
            r"I build \1 \2 \3 and build \1 \2 \4",
        ),
        # "I build my first Farm", "I build a new Mine", "I build another Orchard".
        (
            rf"^I\s+build\s+(?:my\s+(?:first|second|third|next|new)|an?\s+(?:new|second|third|further)|"
            rf"another)\s+(?={_FACILITY}\b)",
            "I build a ",
        ),
        # "I build a Farm on (2, 5) (1 Lumber, 1 Stone)": the payment in brackets.
        (
            rf"^(I\s+build\s+.+?\))\s*\(\s*((?:[0-9]+\s+{_RESOURCE}\s*(?:,|and|&|\+)?\s*)+)\)$",
            r"\1, paying \2",
        ),
        # "I replace the Farm at (2, 5) with an Orchard": one destroyed, one built.
        (
            rf"^I\s+replace\s+(?:the|my)\s+({_FACILITY})\s+(?:at|on|in)\s+(\([^()]*\))\s+with\s+"
            rf"(an?\s+{_FACILITY})$",
            r"I destroy the \1 at \2 and build \3 on \2",
        ),
        # "I set the Land Type of the Land Unit at (9, 9) and transfer it to myself": the rule's
        # own action with its value left out, which the rule fixes (the Alternating Land Type;
        # P65-read-games-s17-11).
        (
            r"^I\s+set\s+the\s+land\s+type\s+of\s+(?:the\s+land\s+unit\s+(?:at\s+)?)?(\([^()]*\))\s*,?\s*"
            r"and\s+(transfer\s+it\s+to\s+(?:myself|me|emself))$",
            r"I set the Land Type of \1 to the Alternating Land Type and \2",
        ),
        # "I set (4, 4) to Black and take it": the Land Unit's type set and the unit taken, the
        # rule's own claim in short (P70-read-games-s19-19).
        (
            r"^I\s+set\s+(?:the\s+land\s+unit\s+(?:at\s+)?)?(\([^()]*\))\s+to\s+(black|white)\s*,?\s*"
            r"and\s+(?:then\s+)?(?:take|claim|transfer)\s+it(?:\s+to\s+(?:myself|me))?$",
            r"I set the Land Type of \1 to \2 and transfer it to myself",
        ),
        # "I claim (2, 5), setting its Land Type to Black": the rule's claim, its type named.
        (
            r"^I\s+claim\s+(?:the\s+land\s+unit\s+at\s+)?(\([^()]*\))\s*,?\s*(?:and\s+)?(?:setting|set|making)\s+"
            r"(?:its|the)\s+land\s+type\s+(?:to\s+)?(black|white)$",
            r"I set the Land Type of \1 to \2 and transfer it to myself",
        ),
        # "I destroy 3 Food -> 3 Energy": an arrow for "for".
        (r"\s*(?:\u2192|-+>|=+>)\s*(?=(?:[0-9]+\s+)?energy$)", " for "),
        (r"\s*(?:\u2192|-+>|=+>)\s*energy\s*\+\s*([0-9]+)$", r" for \1 Energy"),
        # "I build Farm (1, 5)", "I build on (1, 5) a Farm": the facility and its place.
        (rf"^I\s+build\s+(?:an?\s+)?({_FACILITY})\s+(?=\()", r"I build a \1 on "),
        (rf"^I\s+build\s+(on|at|in)\s+(\([^()]*\))\s+(an?\s+{_FACILITY})$", r"I build \3 \1 \2"),
        # "I claim (1, 5) and, after that, (1, 6)": the words between two claims.
        (
            r"^(I\s+claim\s+\([^()]*\))\s*,?\s*(?:and\s*,?\s*)?(?:after\s+that|afterwards|next)\s*,?\s*(?=\()",
            r"\1 and ",
        ),
        # "I take ownership (possession) of (8, 8)": claiming it.
        (
            r"^I\s+take\s+(?:ownership|possession|control)\s+of\s+(?=(?:the\s+)?(?:land\s+unit\b|\())",
            "I claim ",
        ),
        # "I build a Mine at (8, 8), 2 Lumber": the payment after the place.
        (
            rf"^I\s+build\s+(an?\s+{_FACILITY}\s+(?:on|at|in)\s+\([^()]*\))\s*[,:\-\u2013\u2014]\s*"
            rf"([0-9]+\s+{_RESOURCE}(?:\s*(?:,|and|&)\s*[0-9]+\s+{_RESOURCE})*)$",
            r"I destroy \2 to build \1",
        ),
        # "I upgrade my Land Unit at (8, 8) to a Farm".
        (
            rf"^I\s+(?:upgrade|develop|turn|convert)\s+(?:my\s+|the\s+)?(?:land\s+unit\s+(?:at\s+)?)?"
            rf"(\([^()]*\))\s+(?:to|into)\s+(an?\s+{_FACILITY})$",
            r"I build \2 on \1",
        ),
        # "I cash 2 Food in for 2 Energy".
        (r"^I\s+cash\s+([0-9]+\s+food)\s+in\b", r"I destroy \1"),
        # "(no joke)", "(seriously)": the author insisting, not joking.
        (r"\s*\(\s*(?:no\s+joke|not\s+a\s+joke|seriously|for\s+real)\s*\)[\s.!]*$", ""),
        # "1 Lumber + 1 Stone", "2x Food": amounts in shorthand.
        (r"(?<=[a-z])\s*\+\s*(?=[0-9]+\s+(?:food|stones?|lumber)\b)", ", "),
        (r"\b([0-9]+)\s*x\s+(?=(?:food|stones?|lumber)\b)", r"\1 "),
        # "I join to (enter in) the Arcadian Tournament": a preposition too many.
        (rf"^I\s+(?:join|enter)\s+(?:to|in|into){_TOURNAMENT}", "I join "),
        # "I claim (4, 1), by announcement, ...": the method, said in the middle.
        (r"^(I\s+(?:hereby\s+)?[a-z]+)\s*,\s*by\s+announcement\s*,\s*", r"\1 "),
        # "I burn 2 Food for +2 Energy": the Energy gained, signed.
        (r"\b(for|by)\s+\+\s*([0-9]+)\s+(?:more\s+|extra\s+)?energy$", r"\1 \2 Energy"),
        (r"\b(energy\s+by)\s+\+\s*([0-9]+)$", r"\1 \2"),
        # "I destroy 6 Food (Energy +6)".
        (r"\s*\(\s*energy\s*\+\s*([0-9]+)\s*\)$", r" for \1 Energy"),
        # "(7,7)and(7,8)": the words between two locations, spaced.
        (r"\)\s*(and|&|,)\s*\(", r") \1 ("),
        # "I claim (1, 1), (1, 2)": two locations in brackets are a list, not an apposition.
        (r"^(I\s+claim)\s+(\([^()]*\))\s*,\s*(\([^()]*\))$", r"\1 \2 and claim \3"),
        # "the Land Unit I own at (1, 1)".
        (r"\b(land\s+unit)\s+(?:that\s+|which\s+)?I\s+(?:own|hold|have)\s+(?=(?:at|on)\b)", r"\1 "),
        # "I destroy 2 Lumber, building a Mine on (1, 2)": the rule's method, then its purpose.
        (
            rf"^(I\s+destroy\s+.+?)\s*,\s*(?:building|to\s+build)\s+(an?\s+{_FACILITY}\s+(?:on|at|in)\b)",
            r"\1 to build \2",
        ),
        # "... and win": the rule's consequence, not another action.
        (
            r"^(I\s+.*\bmonument\b.*?)\s*,?\s*(?:and\s+)?(?:win|winning)(?:\s+the\s+(?:arcadian\s+)?"
            r"tournament)?[\s!.]*$",
            r"\1",
        ),
        (rf"\bmy\s+(?:only|one|single|sole)\s+(?={_FACILITY}\b)", "my "),
        # "I feed 5 Food into my Energy".
        (
            r"^I\s+(?:feed|put|pour|convert|turn|sink)\s+([0-9]+)\s+food\s+into\s+my\s+energy$",
            r"I destroy \1 Food to increase my Energy",
        ),
        # "I upgrade (4, 3) with a Mine".
        (
            rf"^I\s+(?:upgrade|improve|develop|equip|fit|furnish)\s+(?:the\s+land\s+unit\s+at\s+)?"
            rf"(\([^()]*\))\s+with\s+(an?\s+{_FACILITY})$",
            r"I build \2 on \1",
        ),
        # "I claim (8, 2), transferring it to myself": what claiming does, said again.
        (
            r"^(I\s+claim\s+.*?\))\s*,?\s*(?:and\s+)?(?:transferring|transfer)\s+it\s+to\s+(?:myself|me|emself)$",
            r"\1",
        ),
        (r"\bwith\s+(?:the\s+)?location\s+(?=\()", "at "),
        # "..., transferring it to myself": the rule's own second half.
        (
            r"\s*,?\s*(?:and\s+)?transferring\s+it\s+to\s+(myself|me|emself)$",
            r" and transfer it to \1",
        ),
        # "I claim two Land Units: (5, 6) and (5, 7)": the count must agree with the places.
        (
            r"^I\s+claim\s+(?:two|2)\s+land\s+units\s*:?\s*(?:at\s+)?(\([^()]*\))\s*,?\s*and\s+(\([^()]*\))$",
            r"I claim the Land Unit at \1 and claim the Land Unit at \2",
        ),
        (
            r"^I\s+claim\s+(?:three|3)\s+land\s+units\s*:?\s*(?:at\s+)?(\([^()]*\))\s*,\s*(\([^()]*\))\s*,?\s*"
            r"and\s+(\([^()]*\))$",
            r"I claim the Land Unit at \1, claim the Land Unit at \2 and claim the Land Unit at \3",
        ),
        (rf"^count\s+me\s+in\s+(?:for|on){_TOURNAMENT}", "I join "),
        (rf"^I\s+stop\s+playing\s+in{_TOURNAMENT}", "I leave "),
        (r"\b(?:the\s+)?arcadia['\u2019]s\s+tournament$", "the Arcadian Tournament"),
        (
            r"\b(?:the\s+)?(?:tournament|game|competition)\s+(?:of|called|named|in)\s+arcadia$",
            "the Arcadian Tournament",
        ),
        (r"\b(?:the\s+)?arcadia(?:n)?\s+(?:game|competition)$", "the Arcadian Tournament"),
        (
            rf"^I\s+(?:cease|stop)\s+(?:to\s+participate|participating|taking\s+part)\s+in"
            rf"{_TOURNAMENT}",
            "I leave ",
        ),
        # Building: other verbs, and several facilities with one verb.
        (
            rf"^I\s+(?:construct|erect|put\s+up|raise|establish|plant|open|set\s+up|found|"
            rf"start|make|create|put|place|add|install|develop|site|buld|bulid)\s+"
            rf"(?=an?\s+(?:new\s+)?{_FACILITY}\b)",
            "I build ",
        ),
        (
            rf"^(I\s+build\b.*?\))\s*,?\s*(?:and\s+)?(?=an?\s+{_FACILITY}\s+(?:on|at|in)\b)",
            r"\1 and build ",
        ),
        (
            rf"^(I\s+build\b.*?\))\s*,?\s*(?:and\s+)?(?=an?\s+{_FACILITY}\s+(?:on|at|in)\b)",
            r"\1 and build ",
        ),
        # "Destroying 1 Lumber and 1 Stone, I build a Farm at (3, 3)": the payment said before
        # the act is the act's own, never an aside to drop (P73-read-games-s20-2).
        (
            rf"^(?:by\s+)?(?:destroying|paying|spending|burning|using)\s+({_AMOUNT}"
            rf"(?:\s*(?:,|,?\s*and|&)\s*{_AMOUNT}){{0,2}})\s*,\s*I\s+build\s+"
            rf"(an?\s+{_FACILITY}\s+(?:on|at|in)\s+\([^()]*\))$",
            r"I destroy \1 to build \2",
        ),
        # "I transfer Murphy 2 Stone and 1 Food": the recipient first, as "I give Janet 2
        # Lumber" is read (P73-read-games-s20-2).
        (
            rf"^I\s+(?:transfer|hand)\s+((?-i:[A-Z])[\w\-]*)\s+(?=[0-9]+\s+{_RESOURCE}\b)",
            r"I give \1 ",
        ),
        # "I destroy 3 Food so my Energy goes up by 3": the rule's increase in other words.
        (
            r"\s*,?\s+so\s+(?:that\s+)?my\s+energy\s+(?:goes\s+up|rises|increases|grows)\s+by\s+",
            " to increase my Energy by ",
        ),
        # Paying resources is destroying them (the rule's own word).
        (
            rf"^I\s+(?:spend|pay|use|expend|consume|sacrifice|give\s+up|burn|eat|"
            rf"cash\s+in|cash|redeem|turn\s+in|swap)\s+(?={_AMOUNT})",
            "I destroy ",
        ),
        # "I destroy 1 Lumber and 1 Stone on (2, 2) to build a Farm": the place said with the
        # payment is where the facility is built (P62-9).
        (
            rf"^(I\s+destroy\s+{_AMOUNT}[^()]*?)\s+(?:on|at|for|into)\s+(\([^()]*\))\s+"
            rf"(to\s+build\s+an?\s+{_FACILITY})$",
            r"\1 \3 at \2",
        ),
        # Tearing a facility down.
        (
            rf"^I\s+(?:demolish|tear\s+down|raze|dismantle|knock\s+down|remove|get\s+rid\s+of|"
            rf"scrap|wreck|bulldoze|take\s+down|pull\s+down|level|eliminate)\s+"
            rf"(?:the|my)\s+(?=(?:{_FACILITY}|facility)\s+(?:at|on|in|of)\b)",
            "I destroy the ",
        ),
        (
            rf"^I\s+(?:demolish|tear\s+down|raze|dismantle|knock\s+down|remove|get\s+rid\s+of|"
            rf"scrap|wreck|bulldoze|take\s+down|pull\s+down|level|eliminate)\s+my\s+"
            rf"(?=(?:{_FACILITY}|facility)$)",
            "I destroy my ",
        ),
        (rf"^I\s+destroy\s+my\s+(?={_FACILITY}\s+(?:at|on|in|of)\b)", "I destroy the "),
        # The particle after the facility: "I tear the Farm at (3, 3) down" (P42-read-games-s10-1).
        (
            rf"^I\s+(?:tear|knock|pull|take|bring)\s+(?:the|my)\s+((?:{_FACILITY}|facility)\s+)(?:at|on|in|of)\s+"
            r"(\([^()]*\))\s+down$",
            r"I destroy the \1at \2",
        ),
        (
            rf"^I\s+(?:demolish|tear\s+down|raze|dismantle|knock\s+down|remove|destroy|clear)\s+"
            rf"(?:the|my)\s+({_FACILITY}|facility)\s+from\s+",
            r"I destroy the \1 at ",
        ),
        # Switches set in other words: "I change the Facility of (3, 3) to Farm",
        # "I set (3, 3)'s Facility to None".
        (
            r"^I\s+(?:change|switch|flip|turn|alter|update|reset)\s+(?=the\s+(?:facility|land\s+type)\b)",
            "I set ",
        ),
        (
            r"^I\s+(?:set|change|switch|flip|turn)\s+(\([^()]*\))['\u2019]s\s+(facility|land\s+type)\b",
            r"I set the \2 of \1",
        ),
        (
            r"\bto\s+(?:raise|boost|top\s+up|bump\s+up|bump|up|grow|lift)\s+my\s+energy\b",
            "to increase my Energy",
        ),
        # Food into Energy.
        (
            r"\bto\s+(?:gain|get|receive|obtain|earn|add)\s+([0-9]+|\w+)\s+(?:more\s+|extra\s+)?energy$",
            r"to increase my Energy by \1",
        ),
        (
            rf"^I\s+(?:convert|turn|exchange|trade)\s+({_AMOUNT})\s+(?:into|to|for)\s+"
            r"([0-9]+|\w+)\s+energy$",
            r"I destroy \1 to increase my Energy by \2",
        ),
        (
            rf"^I\s+(?:convert|turn|exchange|trade)\s+({_AMOUNT})\s+(?:into|to|for)\s+energy$",
            r"I destroy \1 to increase my Energy",
        ),
        # "I spend 5 Food on 5 Energy": the Energy bought, counted (P48-read-games-s11-4).
        (r"^(I\s+destroy\s+[0-9]+\s+food)\s+on\s+(?:([0-9]+)\s+)?energy$", r"\1 for \2 Energy"),
        (r"\bin\s+order\s+to\s+(?=increase\b|build\b)", "to "),
        # "I destroy 5 Food and increase my Energy by 5": the rule's one action.
        (
            r"^(I\s+destroy\s+[0-9]+\s+food)\s*,?\s*and\s+(?:increase|raise|boost)\s+my\s+energy\b",
            r"\1 to increase my Energy",
        ),
        (
            r"^(I\s+destroy\s+[0-9]+\s+food)\s*,?\s*and\s+(?:gain|get|receive)\s+([0-9]+)\s+energy$",
            r"\1 to increase my Energy by \2",
        ),
        (
            rf"\bto\s+set\s+the\s+facility\s+of\s+(.+?)\s+to\s+({_FACILITY})$",
            r"to build a \2 at \1",
        ),
        (
            r"^(I\s+destroy\s+.*?food)\s*,?\s*(?:increasing|raising|boosting)\s+my\s+energy\b",
            r"\1 to increase my Energy",
        ),
        (
            r"^(I\s+destroy\s+.*?food)\s*,?\s*(?:gaining|getting|receiving)\s+([0-9]+)\s+energy$",
            r"\1 to increase my Energy by \2",
        ),
        (
            r"^(I\s+claim\b.*?)(,|\band)\s+((?:and\s+)?(?:then\s+)?)the\s+one\s+(at|on)\b",
            r"\1\2 \3the Land Unit \4",
        ),
        # "... to Black, and transfer it to myself": the rule's one action, its comma taken out.
        (r"\b(to\s+(?:black|white|aether))\s*,\s*(and\s+transfer\s+it\b)", r"\1 \2"),
        # "... to Black and take it (for myself)": the transfer in other words (P42-...-5).
        (
            r"^(I\s+set\s+the\s+land\s+type\s+of\s+\([^()]*\)\s+to\s+(?:black|white))\s*,?\s*and\s+(?:take|claim|"
            r"keep|grab|acquire)\s+it(?:\s+for\s+myself)?$",
            r"\1 and transfer it to myself",
        ),
        # "LU (3, 4)": the Land Unit, abbreviated (capitals only).
        (r"(?-i:\bLU)\s+(?=\()", "Land Unit at "),
        # "I destroy 2 Stone and build an Orchard on (5, 2)": the payment, then what it buys.
        (
            rf"^(I\s+destroy\s+[0-9]+\s+{_RESOURCE}(?:\s*(?:,|and|&)\s*[0-9]+\s+{_RESOURCE})*)\s*,?\s*"
            rf"and\s+(?:then\s+)?build\s+(?=an?\s+{_FACILITY}\b)",
            r"\1 to build ",
        ),
        # "..., building a Farm on (5, 2)" after a claim: the building, the next action.
        (rf"^(I\s+claim\b.*?\))\s*,\s*building\s+(?=an?\s+{_FACILITY}\b)", r"\1, build "),
        # "I claim (9, 9) [my first!]": an aside in square brackets, as in round ones (a
        # pair of numbers in square brackets is a location, above).
        (r"\s+\[(?![\s+\-\u2212]*[0-9]+\s*,)([^\[\]]*)\]$", r" (\1)"),
        # "I claim (9, 9) and (9, 8), then build Farms on both": a Farm on each.
        (
            rf"^(I\s+claim\s+(\([^()]*\))\s*,?\s*and\s+(\([^()]*\)))\s*,?\s*(?:and\s+)?(?:then\s+)?build\s+"
            rf"({_FACILITY})s\s+(?:on|at)\s+(?:both|them|each)(?:\s+of\s+them)?$",
            r"\1, then build a \4 on \2 and build a \4 on \3",
        ),
        # "Land Unit (3, 4)": the unit named by its location.
        (r"\bland\s+unit\s+(?=\()", "Land Unit at "),
        # Other ways of naming a location: "the land at", "Latitude 3, Longitude 4". A bare
        # "3, 4" stays a near miss: a Location is written as the pair in parentheses.
        (
            r"\b(?<!land\s)(?:the\s+|an?\s+|that\s+|my\s+)?(?:(?:aether|unclaimed|unowned|public|empty|"
            r"free|vacant|available|open|unused|bare)\s+)*(?:land|plot|parcel|lot|field|tile|square|"
            r"territory|unit|piece\s+of\s+land|location|position|spot|coordinates?)\s+"
            r"(?:(?:at|on|in|with|having)\s+)?(?=\()",
            "the Land Unit at ",
        ),
        # "the Land Unit at 3,4", "Land Unit 3,4": a pair after "Land Unit" is its Location.
        (r"\b(land\s+unit\s+(?:at|on)\s+)([0-9])\s*,\s*([0-9])$", r"\1(\2, \3)"),
        (r"\b(land\s+unit)\s+([0-9])\s*,\s*([0-9])$", r"\1 at (\2, \3)"),
        (r"\bthe\s+land\s+(?=at\b|on\b)", "the Land Unit "),
        (rf"\[\s*{_SIGNED}\s*,\s*{_SIGNED}\s*\]", r"(\1, \2)"),
        (
            r"^I\s+claim\s+(?:the\s+)?land\s+units\s+(?:at\s+)?(\([^()]*\))\s*,\s*(\([^()]*\))\s*,?\s*and\s+"
            r"(\([^()]*\))$",
            r"I claim the Land Unit at \1, claim the Land Unit at \2 and claim the Land Unit at \3",
        ),
        (r"\b(land\s+unit)\s+(?:located|situated|lying)\s+(?=at\b|on\b)", r"\1 "),
        (
            rf"\(\s*lat(?:itude)?\.?\s*{_SIGNED}\s*,?\s*(?:and\s+)?long(?:itude)?\.?\s*{_SIGNED}\s*\)",
            r"(\1, \2)",
        ),
        (
            r"^I\s+claim\s+(?:the\s+)?land\s+units\s+(?:at\s+)?(\([^()]*\))\s*,?\s*and\s+(\([^()]*\))$",
            r"I claim the Land Unit at \1 and claim the Land Unit at \2",
        ),
        (r"\b(?:the\s+)?(?:aether|unclaimed|public|empty|free)\s+(?=land\s+unit\b)", "the "),
        (r"\bmy\s+(?=land\s+unit\s+(?:at\s+|on\s+)?\()", "the "),
        # "I transfer 1 (one, a) Land Unit at (2, 9) to Janet": the one at that place
        # (P55-read-games-s13-6).
        (
            r"^(I\s+(?:transfer|give|hand|claim)\s+)(?:an?|one|1)\s+(?=land\s+unit\s+(?:at\s+|on\s+)?\()",
            r"\1the ",
        ),
        # "I give the Land Unit at (4, 4) to Murphy", "I give Murphy my Land Unit at (3, 3)":
        # giving is rule 2577's transfer ("transferred (syn. given)"; R4-1, P62-8).
        (r"^I\s+give\s+(?=the\s+land\s+unit\s+(?:at\s+|on\s+)?\()", "I transfer "),
        (
            r"^I\s+give\s+((?-i:[A-Z])[\w\-]*)\s+(?:my|the)\s+land\s+unit\s+(?:at\s+|on\s+)?"
            r"(\([^()]*\))$",
            r"I transfer the Land Unit at \2 to \1",
        ),
        (r"\bmy\s+(?:only\s+|one\s+|single\s+)?(?:land\s+unit|land|plot)$", "my Land Unit"),
        (
            rf"\blat(?:itude)?\.?\s*{_SIGNED}\s*,?\s*(?:and\s+)?long(?:itude)?\.?\s*{_SIGNED}",
            r"(\1, \2)",
        ),
        (
            r"\b(?<!land\s)(?:the\s+|my\s+)?(?:land\s+)?(?:unit|plot|land)\s+(?:with|having|of|at)\s+(?=\()",
            "the Land Unit at ",
        ),
        # "I convert (5, 6) into a Farm", "I turn my land at (5, 6) into an Orchard".
        (
            rf"^I\s+(?:convert|turn|make|transform|develop)\s+(?:the\s+land\s+unit\s+at\s+)?(\([^()]*\))\s+"
            rf"into\s+(an?\s+{_FACILITY})$",
            r"I build \2 on \1",
        ),
        # "I destroy (5, 6)'s Farm".
        (
            rf"^I\s+(?:destroy|demolish|raze|remove|dismantle)\s+(\([^()]*\))['\u2019]s\s+({_FACILITY}|facility)$",
            r"I destroy the \2 at \1",
        ),
        # "I pay 1 Stone and 1 Lumber for a Farm at (5, 6)".
        (
            rf"^(I\s+destroy\s+.+?)\s+(?:for|on)\s+(an?\s+{_FACILITY}\s+(?:on|at|in)\b)",
            r"\1 to build \2",
        ),
        # Claiming in other words, and in the rule's own words.
        (
            r"^I\s+(?:take|acquire|grab|seize|occupy)\s+(?=(?:the\s+)?land\s+unit\b|\()",
            "I claim ",
        ),
        (
            r"^I\s+set\s+the\s+land\s+type\s+of\s+(.+?)\s+to\s+the\s+alternating\s+land\s+type"
            r"\s+and\s+transfer\s+it\s+to\s+(?:myself|me|emself)$",
            r"I claim \1",
        ),
        (
            r"^(I\s+claim\s+.*?\))\s*,?\s*and\s+set\s+(?:it|its\s+land\s+type)\s+to\s+the\s+"
            r"alternating\s+land\s+type$",
            r"\1",
        ),
        # Building with the payment named after the facility, or in the rule's words.
        (rf"^I\s+build\s+(?:the|my)\s+(?={_FACILITY}\b)", "I build a "),
        (
            rf"^I\s+set\s+the\s+facility\s+of\s+(.+?)\s+to\s+({_FACILITY})\s+by\s+"
            r"(?:destroying|paying|spending)\s+(.+)$",
            r"I destroy \3 to build a \2 at \1",
        ),
        (
            rf"^I\s+build\s+(an?\s+{_FACILITY}\s+(?:on|at|in)\s+(?:[^()]*\([^()]*\)|my\s+land(?:\s+unit)?))"
            r"\s*[,\-\u2013\u2014]?\s*"
            r"(?:by\s+)?(?:paying|spending|destroying|using|costing|for|with)\s+(.+)$",
            r"I destroy \2 to build \1",
        ),
        # "I build a Farm and a Mine on (3, 3) and (3, 4) respectively", and three of each: the
        # facilities in the order of the places (P48-read-games-s11-7).
        (
            rf"^I\s+build\s+(an?\s+{_FACILITY})\s*,?\s*(?:and|&)\s+(an?\s+{_FACILITY})\s+(on|at|in)\s+"
            r"(\([^()]*\))\s*,?\s*(?:and|&)\s+(\([^()]*\))\s*,?\s*respectively$",
            r"I build \1 \3 \4 and build \2 \3 \5",
        ),
        (
            rf"^I\s+build\s+(an?\s+{_FACILITY})\s*,\s*(an?\s+{_FACILITY})\s*,?\s*(?:and|&)\s+(an?\s+{_FACILITY})\s+"
            r"(on|at|in)\s+(\([^()]*\))\s*,\s*(\([^()]*\))\s*,?\s*(?:and|&)\s+(\([^()]*\))\s*,?\s*respectively$",
            r"I build \1 \4 \5 and build \2 \4 \6 and build \3 \4 \7",
        ),
        # "I claim (6, 1), as well as (6, 2)": another claim (P48-read-games-s11-7).
        (r"^(I\s+claim\s+\([^()]*\))\s*,?\s*as\s+well\s+as\s+(?=\([^()]*\)$)", r"\1 and claim "),
        # "I build Farms at (3, 4) and (3, 5)": one facility on each.
        (
            rf"^I\s+build\s+(?:two\s+|2\s+)?({_FACILITY})s\s+(on|at|in)\s+(\([^()]*\))\s*,?\s*"
            r"and\s+(\([^()]*\))$",
            r"I build a \1 \2 \3 and build a \1 \2 \4",
        ),
        # ... on three ("I build Orchards on (4, 1), (4, 2) and (4, 3)"), and facilities in
        # the plural torn down ("I destroy the Farms at (2, 2) and (2, 3)"): one on each
        # place named (P52-read-games-s12-8).
        (
            rf"^I\s+build\s+(?:three\s+|3\s+)?({_FACILITY})s\s+(on|at|in)\s+(\([^()]*\))\s*,\s*"
            r"(\([^()]*\))\s*,?\s*and\s+(\([^()]*\))$",
            r"I build a \1 \2 \3 and build a \1 \2 \4 and build a \1 \2 \5",
        ),
        (
            rf"^I\s+(destroy|demolish)\s+(?:the\s+|my\s+)?(?:two\s+|2\s+|both\s+)?({_FACILITY})s\s+(?:at|on|in)\s+"
            r"(\([^()]*\))\s*,?\s*(?:and|&)\s+(\([^()]*\))$",
            r"I destroy the \2 at \3 and destroy the \2 at \4",
        ),
        (
            rf"^I\s+(destroy|demolish)\s+(?:the\s+|my\s+)?(?:three\s+|3\s+)?({_FACILITY})s\s+(?:at|on|in)\s+"
            r"(\([^()]*\))\s*,\s*(\([^()]*\))\s*,?\s*(?:and|&)\s+(\([^()]*\))$",
            r"I destroy the \2 at \3 and destroy the \2 at \4 and destroy the \2 at \5",
        ),
        # "I claim (2, 2) and (2, 3), then build a Farm on each": each claim, then one
        # facility on each place claimed, in that order (P48-read-games-s11-3).
        (
            r"^I\s+claim\s+(\([^()]*\))\s*,?\s*(?:and|&)\s*(\([^()]*\))\s*,?\s*(?:and\s+)?(?:then\s+)?(?:I\s+)?"
            rf"build\s+(an?\s+{_FACILITY})\s+(?:on|at|in)\s+(?:each(?:\s+of\s+them)?|both(?:\s+of\s+them)?)$",
            r"I claim \1 and claim \2 and build \3 on \1 and build \3 on \2",
        ),
        # "..., then build a Farm on it": the one location named before.
        (
            rf"^(I\s+[^()]*(\([^()]*\))[^()]*\sbuild\s+an?\s+{_FACILITY})\s+there\b",
            r"\1 on \2",
        ),
        (
            r"^(I\s+[^()]*(\([^()]*\))[^()]*\s(?:on|at|in))\s+(?:it|there|that\s+land\s+unit)\b",
            r"\1 \2",
        ),
    ),
)
