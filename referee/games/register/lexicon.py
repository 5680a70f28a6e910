"""The Register's other words (Agora's switch and office wording), in its grammar's terms."""

from __future__ import annotations

import re

from referee.games.base import Lexicon, one_slip, rewrites
from referee.games.register.slips import SLIPPED_OFFICES

_OFFICE = r"(surveyor|sensei|registrar|referee|gamesmaster|games\s*master|lord[\s-]*ruler|speaker)"
_WHO = r"([A-Za-z\u00C0-\u024F][\w'\-\u00C0-\u024F]*)"


# After "resign", the office said once more without its name ("the office", "my office",
# "from this office", "from office"), where the office is named elsewhere in the sentence.
_THE_OFFICE = (
    r"(?:\s+(?:from\s+)?(?:the|my|this|that)\s+(?:office|post|position)|\s+from\s+office)?"
)


# Where "As Surveyor, I resign (the office)" ends: the sentence's end, or what is read after
# any resignation (", effective now", " now", a condition after a comma, which is then told):
# P74-read-agora-s20-6.
# A resignation told: at the sentence's end, or before when it takes effect.
_TOLD_ENDS = (
    r"(?=[\s.!]*$|\s*,?\s+(?:effective|now|immediately|forthwith|with\s+immediate\s+effect)\b)"
)
_RESIGN_ENDS = r"(?:[\s.!]*$|(?=\s*,\s*\S|\s+(?:now|immediately|effective|forthwith)\b))"


# A name at the start of a label, taken whole at once (no apostrophe, never given back:
# the labels are tried on every sentence, so a failing one must fail at once).
_NAME_OWNING = r"([A-Za-z\u00C0-\u024F][\w\-\u00C0-\u024F]*+)"
# Words before a comma that address no one by name.
_NOT_ADDRESSED = (
    r"ok|okay|so|well|yes|yep|no|now|also|then|right|alright|sure|fine|hi|hello|hey|dear|"
    r"thanks|sorry|anyway|please|folks|all|everyone|everybody|guys|friends|agora|agorans|"
    r"today|here|there|again|finally|first|second|next|instead|actually|regardless"
)
# An absence or a return from one, in the author's words ("hiatus", "holiday", "break").
_AWAY = (
    r"(?:hiatus|holidays?|vacation|break|leave|absence|sabbatical|trip|travels?|time\s+off|"
    r"time\s+away)"
)
# A request's "please", as phones write it too ("pls deregister me"), and the request taken
# back before the author's own act ("pls deregister me... no wait. I deregister.");
# P66-read-agora-s17-9.
_PLEASE = r"(?:(?:please|pls|plz|kindly)\s+)?"
_NO_WAIT = r"(?:\s*(?:\.{2,}|\u2026|,|-+|[\u2013\u2014])\s*(?:no\s+)?wait)?"
# A tag in square brackets before the "I", as Agorans head a subject line: an office, the
# Register, the Alliances or the business forum. Never any other word ("[Janet] I ..." may
# be Janet's words, "[draft] I ..." is no act).
BRACKET_TAG = (
    r"^\[\s*(?:bus(?:iness)?|agora(?:-business)?|register|registrar|surveyor|sensei|referee|"
    r"alliances?|tabled\s+actions?|intents?|offices?|activity)\s*\]\s*(?=I\s)"
)

# Each office the Register keeps, with its one-letter slips, after "as" or "for".
_OFFICE_SLIPS = tuple(
    (rf"(\b(?:as|for)\s+(?:the\s+)?){one_slip(office)}\b", rf"\1{office}")
    for office in SLIPPED_OFFICES
)

# "Murphy's and Janet's Activity (switches)", "Murphy's, Janet's and nix's Activity": the
# switches of two or three players, flipped with one verb.
_OWNERS = rf"{_NAME_OWNING}['\u2019]s"
_SWITCHES = (
    r"\s+(?:activit(?:y|ies)(?:\s+switch(?:es)?)?|switch(?:es)?)\s+(?:(?:back\s+)?from\s+(?:in)?active\s+)?"
    r"to\s+"
)
_SWITCHES_OF_SEVERAL = tuple(
    (
        rf"^I\s+(?:flip|switch|set|change|turn)\s+{pattern}{_SWITCHES}{value}$",
        f"I {verb} " + f" and {verb} ".join(rf"\{n}" for n in range(1, owners + 1)),
    )
    for value, verb in (("inactive", "deactivate"), ("active", "activate"))
    for owners, pattern in (
        (2, rf"{_OWNERS}\s+and\s+{_OWNERS}"),
        (3, rf"{_OWNERS}\s*,\s*{_OWNERS}\s*,?\s+and\s+{_OWNERS}"),
    )
)

LEXICON = Lexicon(
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    own_words=re.compile(
        r"\b(?:(?:de)?regist\w*|inactive|active|activity|hiatus|(?:leave|quit|exit)\s+the\s+game|"
        rf"(?<=I\s)resign{_TOLD_ENDS}|"
        # "I kinda resign", "I maybe resign": a bare resignation said around the verb; told,
        # never silent (an office the Register does not keep stays Agora's business, P10;
        # P66-read-agora-s17-1).
        r"(?<=I\s)(?:kinda|sorta|kind\s+of|sort\s+of|maybe|probably|just)\s+resign(?=[\s.!]*$)|"
        # "I, as Surveyor, resign" (in the voice given to another, P66-read-agora-s17-4).
        rf"^I\s*,\s*(?:as\s+)?(?:the\s+)?{_OFFICE}\s*,\s*(?:hereby\s+)?resign\b|"
        # "I stop being Sensei" with more words after it (P66-read-agora-s17-1).
        rf"(?<=I\s)(?:hereby\s+)?(?:stop|cease)\s+(?:being|to\s+be)\s+(?:the\s+)?{_OFFICE}|"
        # ("On hold" only as the author's own change or a request for it: "I'm on hold with
        # my bank" is no attempt.)
        r"(?<=I\s)(?:go|put\s+myself|place\s+myself|set\s+myself|am\s+going)\s+on\s+hold\b|"
        r"\bI['\u2019]m\s+going\s+on\s+hold\b|\bme\s+on\s+hold\b|"
        # ... and off it ("I come off hold", "Take me off hold": P69-read-agora-s18-1).
        r"(?<=I\s)(?:come|go|get|take\s+myself|am\s+coming|am\s+going)(?:\s+back)?\s+off\s+hold\b|"
        r"\bI['\u2019]m\s+(?:coming|going|getting)(?:\s+back)?\s+off\s+hold\b|\bme\s+off\s+hold\b|"
        r"^(?:coming|getting)(?:\s+back)?\s+off\s+hold\b|\bun-?regist\w*|\bdormant\b|(?<=I\s)(?:hereby\s+)?become\s+(?:a\s+)?player\b|"
        # "I'm done being Sensei", "I quit.": leaving something unnamed, or in words that may
        # be a complaint; told, never silent (P66-read-agora-s17-1).
        rf"(?:^|(?<=\s))I(?:['\u2019]m|\s+am)\s+done\s+(?:being|as)\s+(?:the\s+)?{_OFFICE}|(?<=I\s)quit(?=[\s.!]*$)|"
        # "I appoint Janet.": an appointment to no office named (P63-read-agora-s16-6).
        r"(?<=I\s)(?:hereby\s+)?appoint\s+[\w\-]+(?:\s+(?:to\s+(?:the|an|my|this)\s+office|"
        r"to\s+it|to\s+office))?(?=[\s.!]*$)|"
        # "I resign my office.", "I hereby resign from office.": an office resigned, not named.
        # (... and with when it takes effect after it: "I resign that office, effective now";
        # P74-read-agora-s20-6.)
        rf"\bresign(?:\s+from)?\s+(?:the|my|this|that)\s+(?:office|post|position){_TOLD_ENDS}|"
        rf"\bresign\s+from\s+office{_TOLD_ENDS}|"
        # "I take over as Sensei", "I assume the office of Surveyor": an office taken, which
        # no announcement of the author's own does; told, never silent (P56-read-agora-s13-3).
        r"(?<=I\s)(?:hereby\s+)?take\s+over\s+(?:as|the\s+(?:office|role|post|duties))|"
        r"(?<=I\s)(?:hereby\s+)?assume\s+(?:the\s+)?(?:office|role|post|duties)\s+of|"
        # "I resign from Agora", "I'm leaving Agora", "Remove me from the player list": a
        # player going, in words no form reads; told, never silent (P67-lead-s17-9).
        r"(?:resign\w*|leav\w*|quit\w*|exit\w*)\s+(?:from\s+)?Agora|"
        r"player\s+list|list\s+of\s+players)\b",
        re.IGNORECASE,
    ),
    # Every rewrite below names a standing, an office, registering or Agora.
    clues=re.compile(
        r"acti|acit|actv|acive|atcive|regist|resign|appoint|office|surve|sens|refer|deputi[sz]|"
        r"games\s*master|ruler|speaker|agora|player|hold|again|once|notice|successor|\(\s*who",
        re.IGNORECASE,
    ),
    # "I'm going on hiatus for a while." and "I'm back from my hiatus.": the author's
    # absence or return, told alone, left alone beside the change of standing it explains.
    circumstances=rewrites(
        (
            r"^(?:I(?:['\u2019]?m|\s+am)\s+|I\s+|im\s+)?(?:going|go|off|heading|leaving|taking|starting)"
            rf"\s+(?:(?:on|for|off\s+on)\s+)?(?:an?\s+|my\s+)?(?:\w+\s+){{0,2}}?{_AWAY}\b[^.!?]*$",
            "I become inactive",
        ),
        # "I'm on hiatus": the absence itself.
        (
            rf"^(?:I(?:['\u2019]?m|\s+am)\s+|im\s+)(?:now\s+)?(?:on|away\s+on)\s+(?:an?\s+|my\s+)?(?:\w+\s+)?{_AWAY}\b"
            r"[^.!?]*$",
            "I become inactive",
        ),
        (
            r"^(?:I(?:['\u2019]?m|\s+am)\s+|im\s+|I\s+)?(?:back|returning|return|home|finally\s+back)\b"
            r"[^.!?]*$",
            "I become active",
        ),
        # "Please consider me inactive from now on. I become inactive.": the request the
        # author's own change beside it grants (P56-read-agora-s13-2); alone it is told.
        *(
            (
                rf"^{_PLEASE}(?:consider|treat|mark|count|regard|take|list|record|set|flag|"
                r"put|show|flip|switch|turn|change|make)\s+me\s+(?:down\s+)?(?:as\s+|to\s+)?(?:being\s+)?"
                rf"{value}\b(?!\s*(?:and|but|or)\b)[^.!?;]*{_NO_WAIT}[.!]?$",
                f"I become {value}",
            )
            for value in ("inactive", "active")
        ),
        # "Inactive. I become inactive.", "ok inactive now": the value alone, beside the
        # change to it (P66-read-agora-s17-13).
        *(
            (
                rf"^(?:ok(?:ay)?\s*,?\s+|so\s+)?{value}(?:\s+(?:now|again|for\s+now))?"
                r"(?:\s*,?\s*(?:please|pls|plz|thx|thanks))?[\s.!]*$",
                f"I become {value}",
            )
            for value in ("inactive", "active")
        ),
        # "Please put me on hold. I go on hold.": the same, in the words of "on hold".
        (
            rf"^{_PLEASE}(?:put|place|set|mark)\s+me\s+on\s+hold\b(?!\s*(?:and|but|or)\b)[^.!?;]*"
            rf"{_NO_WAIT}[.!]?$",
            "I become inactive",
        ),
        # "I'd like to go inactive. I become inactive.": the wish, granted by the act beside it.
        *(
            (
                r"^(?:I(?:['\u2019]d|\s+would)\s+like|I\s+(?:want|wish)|I(?:['\u2019]d|\s+would)\s+prefer)"
                rf"\s+to\s+(?:go|become|be|turn|switch\s+to)\s+(?:marked\s+)?{value}\b"
                r"(?!\s*(?:and|but|or)\b)[^.!?;]*[.!]?$",
                f"I become {value}",
            )
            for value in ("inactive", "active")
        ),
        # "Please register me. I register.", "Please deregister me.": the same, for the roll.
        *(
            (
                rf"^{_PLEASE}{verb}\s+me\b(?!\s*(?:and|but|or)\b)[^.!?;]*{_NO_WAIT}[.!]?$",
                f"I {verb}",
            )
            for verb in ("register", "deregister")
        ),
        *(
            (
                r"^(?:I(?:['\u2019]d|\s+would)\s+like|I\s+(?:want|wish))\s+(?:to\s+)?"
                rf"{verb}\b(?!\s*(?:and|but|or)\b)[^.!?;]*[.!]?$",
                f"I {verb}",
            )
            for verb in ("register", "deregister")
        ),
    ),
    verbs=(
        "appoint",
        "resign",
        "become",
        "deactivate",
        "activate",
        "reactivate",
        "go",
        "deregister",
        "flip",
        # (Agora's switch wording: "Marking myself inactive" opens the author's own act.)
        "mark",
        "switch",
        "register",
    ),
    # "Inactive: I flip my activity switch": the switch's new value said first, as a label.
    labels=rewrites(
        # "[Registrar] I become inactive", "[BUS] I resign as Sensei": a tag in brackets
        # naming the office, the Register or the business forum, as a subject line's is.
        (BRACKET_TAG, ""),
        # "As of this message, I am inactive", "Effective immediately, I'm active": the
        # change, now, said first (P63-read-agora-s16-11); "I am inactive" alone tells a
        # state (P1o).
        (
            r"^(?:as\s+of|from|effective|starting\s+with)\s+(?:this\s+(?:message|moment|e-?mail|mail|"
            r"post)|now(?:\s+on)?|today|immediately)\s*,?\s*I(?:\s+am|['\u2019]m)\s+(?:hereby\s+)?"
            r"(?:now\s+)?((?:in)?active)(?=[\s.!]*$)",
            r"I become \1",
        ),
        # "Please consider this message my resignation as Sensei", "This message is my
        # resignation from the office of Surveyor": the message is the resignation.
        (
            r"^(?:please\s+)?(?:consider|take|treat|accept|regard)\s+this\s+(?:message|e-?mail|mail|post)\s+"
            r"(?:as\s+|to\s+be\s+)?my\s+(?:formal\s+)?resignation\s+(?=as\b|from\b)",
            "I tender my resignation ",
        ),
        (
            r"^this\s+(?:message|e-?mail|mail|post)\s+(?:is|serves\s+as|constitutes)\s+my\s+(?:formal\s+)?"
            r"resignation\s+(?=as\b|from\b)",
            "I tender my resignation ",
        ),
        # "Marking (setting, switching) myself inactive": the gerund of a verb of standing.
        # (So is "I'm (I am) marking myself inactive", and "making" is "make": "Making myself
        # inactive", P69-read-agora-s18-2.)
        (
            r"^(?:I(?:['\u2019]?m|\s+am)?\s+)?(?:hereby\s+)?(mark|set|switch|flip|turn)(?:ing|ting|ping)\s+"
            r"(?=myself\b)",
            r"I \1 ",
        ),
        (r"^(?:I(?:['\u2019]?m|\s+am)?\s+)?(?:hereby\s+)?making\s+(?=myself\b)", "I make "),
        # "Janet is appointed Surveyor by me": the author's appointment, said passively.
        (
            rf"^{_NAME_OWNING}\s+is\s+(?:hereby\s+)?appointed\s+(?:as\s+)?(?:the\s+)?{_OFFICE}\s+by\s+me[\s.!]*$",
            r"I appoint \1 as the \2",
        ),
        # "As Surveyor, I resign.": the office named first is the one resigned; so is the one
        # said beside the "I" ("I, the Surveyor, resign the office"; rulings P53-read-agora-s12-2).
        (
            rf"^as\s+(?:the\s+)?{_OFFICE}\s*,?\s*I\s+(?:hereby\s+)?resign{_THE_OFFICE}{_RESIGN_ENDS}",
            r"I resign as \1",
        ),
        (
            # (With the author's own name first, "I, nix, as Surveyor, resign": any other
            # name is refused before labels are read; P66-read-agora-s17-4.)
            rf"^I\s*,\s*(?:[A-Za-z][\w\-]*+\s*,\s*)?(?:as\s+|in\s+my\s+(?:role|capacity)\s+as\s+)?"
            rf"(?:the\s+)?{_OFFICE}\s*,\s*"
            rf"(?:hereby\s+)?resign{_THE_OFFICE}{_RESIGN_ENDS}",
            r"I resign as \1",
        ),
        # "I resign as Surveyor (not Sensei as I wrote earlier)", "I appoint Janet as
        # Sensei, not Surveyor": the office chosen over another, often in a correction; a
        # label, as the normaliser takes "not" and "wrote" for hedges (P66-read-agora-s17-8).
        *(
            (
                rf"^({act}\s+as\s+(?:the\s+)?{_OFFICE})\s*(?:,\s*|\(\s*|[\-\u2013\u2014]\s*)(?:and\s+)?"
                rf"(?:not|rather\s+than|instead\s+of)\s+(?:as\s+)?(?:the\s+)?{_OFFICE}"
                r"(?:\s*,?\s*(?:as\s+I\s+(?:wrote|said|stated|had\s+it)|as\s+(?:(?:previously|earlier)\s+)?"
                r"(?:stated|written|said))(?:\s+(?:earlier|before|previously|above|by\s+mistake))?)?"
                r"\s*\)?[\s.!]*$",
                r"\1",
            )
            for act in (r"I\s+(?:hereby\s+)?resign", rf"I\s+(?:hereby\s+)?appoint\s+{_NAME_OWNING}")
        ),
        # "Janet, I appoint you as Surveyor": the person addressed is the one appointed
        # (never a greeting or an opener: "OK, I appoint you ..." names no one).
        (
            rf"^(?=[A-Za-z]++(?:\s*,|\s[\-\u2013\u2014])\s*I\s)(?!(?:{_NOT_ADDRESSED})\b){_NAME_OWNING}\s*"
            r"(?:,|\s[\-\u2013\u2014])\s*I\s+(?:hereby\s+)?appoint\s+you\b",
            r"I appoint \1",
        ),
        (
            r"^(in)?active\s*[:\-\u2013\u2014]\s*I\s+(?:hereby\s+)?(?:flip|set|switch|toggle|turn)\s+my\s+"
            r"activity(?:\s+switch)?[\s.!]*$",
            r"I become \1active",
        ),
        # "As Surveyor, I appoint Murphy as my successor": the successor to the office named
        # first (an opener is otherwise set aside, and "my successor" would name nothing).
        (
            rf"^as\s+(?:the\s+)?(?:current\s+|outgoing\s+)?{_OFFICE}\s*,?\s*I\s+(?:hereby\s+)?appoint\s+{_WHO}\s+"
            r"(?:as|to\s+be)\s+my\s+successor[\s.!]*$",
            r"I appoint \2 as the \1",
        ),
        # "I become active again after my break": a return, now. A label, because the
        # normaliser takes "after" for a time to come before any rewrite is tried; without
        # "again" it may be one ("I become active after my break"), and is told.
        (
            r"^(I\s+(?:hereby\s+)?become\s+active)\s+(?:again|once\s+more)\s+(?:after|following)\s+"
            rf"(?:a\s+|my\s+|the\s+|this\s+)?(?:\w+\s+)?{_AWAY}[\s.!]*$",
            r"\1",
        ),
        # "Murphy's Activity is hereby flipped to Inactive": the Registrar's act, said
        # passively (with "hereby" only: without it, it tells of what is); a label, as the
        # sentence has no "I" for the rewrites to start from.
        (
            rf"^{_NAME_OWNING}['\u2019]s\s+activity(?:\s+switch)?\s+is\s+hereby\s+(?:flipped|set|switched|changed|"
            r"turned)\s+(?:back\s+)?(?:from\s+(?:in)?active\s+)?to\s+inactive$",
            r"I deactivate \1",
        ),
        (
            rf"^{_NAME_OWNING}['\u2019]s\s+activity(?:\s+switch)?\s+is\s+hereby\s+(?:flipped|set|switched|changed|"
            r"turned)\s+(?:back\s+)?(?:from\s+(?:in)?active\s+)?to\s+active$",
            r"I activate \1",
        ),
        # "Coming off hold.": the gerund, with no "I" (P69-read-agora-s18-1).
        (r"^(?:hereby\s+)?(?:coming|getting)\s+(?=(?:back\s+)?off\s+(?:of\s+)?hold\b)", "I come "),
        # "Stepping down as Surveyor": a phrasal verb's gerund, with no "I".
        (r"^(?:hereby\s+)?(step|stand)(?:ping|ing)\s+(?=(?:down|aside)\b)", r"I \1 "),
        # "Janet is appointed as the new Registrar": "new" (interim, acting) names no other
        # office (a label: the sentence has no "I" for the rewrites to start from).
        (
            rf"^{_NAME_OWNING}\s+is\s+(?:hereby\s+)?appointed\s+(?:as\s+)?(?:the\s+)?(?:new|interim|acting|next)\s+"
            rf"(?={_OFFICE})",
            r"I appoint \1 as the ",
        ),
        # "I become inactive and will return in May": the return planned, after the act (a
        # label: the normaliser would take "will" for a hedge on the act itself).
        (
            r"^(I\s+(?:hereby\s+)?become\s+inactive)\s*,?\s+and\s+(?:I\s*)?(?:will|['\u2019]ll|plan\s+to|hope\s+to|"
            r"expect\s+to)\s+(?:be\s+back|return|come\s+back)\b[^.;,]*[\s.!]*$",
            r"\1",
        ),
        # "As Registrar I deactivate Murphy": the office the speaker acts in, said first
        # without a comma, changes nothing (the office is checked as always).
        (
            rf"^(?:acting\s+)?as\s+(?:the\s+)?(?:current\s+|acting\s+|interim\s+)?{_OFFICE}\s+(?=I\s)",
            "",
        ),
    ),
    rewrites=rewrites(
        # "I appoint Janet as Sensei in my place": the appointment; whose place it takes
        # changes nothing (P53-read-agora-s12-7).
        (
            rf"\b(appoint\s+{_WHO}\s+(?:as\s+)?(?:the\s+)?(?:new\s+)?{_OFFICE})\s+in\s+my\s+(?:place|stead)"
            r"(?=[\s.!]*$)",
            r"\1",
        ),
        # "Murphy's switch", "my switch": the Register keeps one switch, the Activity.
        (r"\b((?:my|[\w\-]+['\u2019]s)\s+)switch\b", r"\1activity switch"),
        # "I flip Murphy's and Janet's Activity to Inactive": one verb, two or three switches.
        *_SWITCHES_OF_SEVERAL,
        # "... in the Register", "... in Agora": where the standing is kept, set aside before
        # the other rewrites (the normaliser sets a trailing name aside only after them).
        (r"\s+(?:in|on|for)\s+(?:the\s+)?(?:register|agora(?:\s+nomic)?)$", ""),
        # "I deactivate @Murphy", 'I appoint "Janet" as Surveyor': a name marked as one.
        (r"(?<=\s)@(?=[A-Za-z])", ""),
        (r"(?<=\s)[\"\u201c]([A-Za-z\u00C0-\u024F][\w\-\u00C0-\u024F]*)[\"\u201d](?=\s|$)", r"\1"),
        # "I become inactive per my earlier message": where it was said before.
        (
            r"\s*,?\s+(?:as\s+)?(?:per|as\s+in|following|as\s+said\s+in)\s+my\s+(?:earlier|previous|last|prior)\s+"
            r"(?:message|mail|e-?mail|post)$",
            "",
        ),
        # "I step down as Surveyor, effective immediately, and appoint Janet": when it takes
        # effect, said before the next change, changes nothing (it is now).
        (
            r"\s*,?\s+effective\s+(?:immediately|now|today|at\s+once|forthwith)\s*(?=,?\s+and\b)",
            "",
        ),
        # "I announce that Murphy is now inactive": the announcement is the change itself
        # (made "I Murphy is now inactive" by the normaliser, which keeps the "I").
        (rf"^I\s+(?:hereby\s+)?{_WHO}\s+is\s+(?:now|hereby)\s+inactive$", r"I deactivate \1"),
        (rf"^I\s+(?:hereby\s+)?{_WHO}\s+is\s+(?:now|hereby)\s+active$", r"I activate \1"),
        # "I become in-active": the word hyphenated.
        (r"^(I\s+become\s+)in-active\b", r"\1inactive"),
        # "I take a break (hiatus, time off) and become inactive": the absence it explains.
        (
            rf"^I\s+(?:take|(?:am\s+)?taking)\s+(?:a\s+|my\s+|some\s+)?(?:\w+\s+)?{_AWAY}\s*,?\s+and\s+"
            r"(?:so\s+|hereby\s+)?(?:I\s+)?(?:hereby\s+)?(?:become|go)\s+inactive$",
            "I become inactive",
        ),
        # "I become inactive while I travel": how long, which the Register does not keep.
        (r"^(I\s+become\s+inactive)\s+(?:while|whilst)\s+I\b[^,;]*$", r"\1"),
        # "I appoint Janet for Surveyor": "for" before an office's name, as "as".
        (rf"^I\s+appoint\s+{_WHO}\s+for\s+(?:the\s+)?(?={_OFFICE}\b)", r"I appoint \1 as the "),
        # "I become active and resume my duties as Surveyor": the duties are the office's.
        (
            r"^(I\s+become\s+active)\s*,?\s+and\s+(?:I\s+)?(?:resume|take\s+up|return\s+to)\s+my\s+"
            r"(?:duties|work|role|office|post)\b[^,;]*$",
            r"\1",
        ),
        # "I deregister, and thank everyone for the games": thanks after the act.
        (
            # (... or apologies: "..., and I apologise for the short notice".)
            r"^(I\s+(?:deregister|resign\s+as\s+\w+|become\s+(?:in)?active))\s*,?\s+and\s+(?:I\s+)?"
            r"(?:thank|apologi[sz]e|am\s+sorry)\b[^,;]*$",
            r"\1",
        ),
        # "I make me inactive": "me" for "myself", as a learner may write. Never after a verb
        # of the grammar's ("Activate me." is a request, made "I activate me" before this).
        # ("I flip me to inactive" is Agora's switch wording so; P63-read-agora-s16-2.)
        (
            r"^(I\s+(?:make|set|switch|turn|mark|declare|flip|change|put|record|list))\s+me\b",
            r"\1 myself",
        ),
        # "I'm resign as Surveyor": "I'm" before a bare verb.
        (
            r"^I(?:['\u2019]?m|\s+am)\s+(?=(?:resign|appoint|deregister|deactivate|activate|flip)\b)",
            "I ",
        ),
        # "I flip my activity -> inactive": an arrow for "to".
        (r"\b(activity(?:\s+switch)?)\s*(?:\u2192|->|=>|\u21d2)\s*", r"\1 to "),
        # "I'm stepping down as Surveyor" (the normaliser has made it "I stepping down").
        (r"^I\s+(step|stand)(?:ping|ing)\s+(?=(?:down|aside)\b)", r"I \1 "),
        # "I go on hiatus and become inactive", "I'm back from my break and become active":
        # the author's absence or return, said with the change of standing it explains.
        (
            r"^I\s+(?:go|am\s+going|head|leave|set)\s+(?:off\s+|out\s+|away\s+)?(?:on|for)\s+"
            rf"(?:a\s+|my\s+)?(?:\w+\s+)?{_AWAY}\s*,?\s+and\s+(?:so\s+|therefore\s+|hereby\s+|thus\s+)?"
            r"(?:I\s+)?(?:hereby\s+)?(?:become|go|turn)\s+inactive$",
            "I become inactive",
        ),
        (
            r"^I\s+(?:(?:come|am|get)\s+back|return)(?:\s+from\s+(?:a\s+|my\s+|the\s+)?(?:\w+\s+)?"
            rf"{_AWAY})?\s*,?\s+and\s+(?:so\s+|hereby\s+)?(?:I\s+)?(?:hereby\s+)?(?=become\s+active$)",
            "I ",
        ),
        # "I am inactive from now (on)", "I'm active as of today": the change, now.
        (
            r"^I(?:\s+am|['\u2019]m)\s+(in)?active\s+(?:from\s+(?:now|today)(?:\s+on)?|as\s+of\s+(?:now|today)|"
            r"starting\s+(?:now|today)|effective\s+(?:now|immediately|today)|"
            # "I'm active again": a return announced ("I'm inactive now" may tell a state,
            # and is told: P1o).
            r"again|once\s+again|once\s+more)$",
            r"I become \1active",
        ),
        # "Reactivate" is "activate" (never "deactivate", one letter away).
        (r"^I\s+reactivate(?:\s+myself)?(?:\s+(?:right\s+)?now)?$", "I become active"),
        # "I become inactive from today (as of now)": the change, now.
        (
            r"^(I\s+become\s+(?:in)?active)\s+(?:from\s+(?:now|today)(?:\s+on)?|as\s+of\s+(?:now|today)|"
            r"starting\s+(?:now|today))$",
            r"\1",
        ),
        # "I re-register", "I rejoin Agora", "I join Agora as a player": registering.
        (r"^I\s+re-?register(?=$|\s+as\s+an?\s+player$)", "I register"),
        (
            r"^I\s+(?:re-?join|join|enter)\s+Agora(?:\s+nomic)?(?:\s+as\s+an?\s+(?:player|person))?$",
            "I register",
        ),
        # "I resign as Surveyor, (and as) Sensei and (as) Registrar": three offices.
        (
            rf"^I\s+resign\s+as\s+(?:the\s+)?{_OFFICE}\s*,\s*(?:and\s+)?(?:as\s+)?(?:the\s+)?{_OFFICE}\s*,?\s*"
            rf"and\s+(?:as\s+)?(?:the\s+)?{_OFFICE}$",
            r"I resign as \1 and resign as \2 and resign as \3",
        ),
        # "I deactivate the following players: Murphy, Janet (and nix)": one verb, a list.
        (
            rf"^I\s+(deactivate|activate|deregister)\s+the\s+following\s+(?:players|persons|people)\s*:?\s*"
            rf"{_WHO}\s*(?:,|\band\b|&)\s*(?:and\s+)?{_WHO}$",
            r"I \1 \2 and \1 \3",
        ),
        (
            rf"^I\s+(deactivate|activate|deregister)\s+the\s+following\s+(?:players|persons|people)\s*:?\s*"
            rf"{_WHO}\s*,\s*{_WHO}\s*(?:,|\band\b|&)\s*(?:and\s+)?{_WHO}$",
            r"I \1 \2 and \1 \3 and \1 \4",
        ),
        # "I become inactive, then I resign as Sensei": the next change, in order.
        (
            r"\s*,?\s+(?:and\s+)?then\s+(?:I\s+)?(?=(?:resign|appoint|become|deregister|deactivate|"
            r"activate)\b)",
            " and ",
        ),
        # "I resign, as Sensei, effective immediately": the office between commas.
        (rf"^I\s+resign\s*,\s*as\s+(?:the\s+)?{_OFFICE}\s*(?=,|$)", r"I resign as \1"),
        # "Hello! I'm Phoebe and I register.": the author introduced, then registering.
        (
            r"^I(?:['\u2019]m|\s+am)\s+(?!not\b|no\b)[A-Za-z\u00C0-\u024F][\w\-]*\s*,?\s+and\s+"
            r"(?=I\s+(?:hereby\s+)?register\b)",
            "",
        ),
        # "I activate Murphy at eir request": the request behind the change.
        (
            r"^(I\s+(?:activate|deactivate|deregister)\s+[A-Za-z\u00C0-\u024F][\w\-]*)\s*,?\s+(?:at|on|per|by|upon)\s+"
            r"(?:eir|his|her|their|"
            r"hir|xir|[\w\-]+['\u2019]s)\s+(?:own\s+)?request$",
            r"\1",
        ),
        # "I resign as Sensei, with thanks to all": thanks, never a method.
        (r"\s*,\s*with\s+(?:many\s+|my\s+|warm\s+|sincere\s+)?thanks\b[^,;]*$", ""),
        # "I am hereby inactive": the change, announced.
        (r"^I\s+am\s+hereby\s+((?:in)?active)$", r"I become \1"),
        # "I resign from the Surveyorship", "I appoint Janet to the Registrarship": an
        # office said as its holder's "-ship".
        (
            r"\b(?:the|my)\s+(surveyor|sensei|registrar|referee|gamesmaster|speaker)ship\b",
            r"the office of \1",
        ),
        # "the vacant (empty) office of Surveyor": the office, whoever held it.
        (r"\bthe\s+(?:vacant|empty|open|now[\s-]+vacant|unfilled)\s+(?=office\s+of\b)", "the "),
        # A slip of one letter in an office's name after "as" or "for" ("I resign as Surveyr").
        *_OFFICE_SLIPS,
        # "I, as Surveyor, appoint ...": the office the speaker acts in changes nothing.
        (rf"^I\s*,\s*as\s+(?:the\s+)?{_OFFICE}\s*,\s*", "I "),
        # "I resign as both Surveyor and Sensei"; "the new Registrar"; "the player Murphy".
        (r"^(I\s+resign\s+as)\s+both\s+", r"\1 "),
        # "I resign both as Surveyor and as Sensei": "both" before the first "as".
        (r"^(I\s+resign)\s+both\s+(?=as\s)", r"\1 "),
        # "I hereby submit (tender, file) my registration": registering, said as a noun.
        (
            r"^I\s+(?:submit|tender|file|lodge|hand\s+in|send\s+in|put\s+in)\s+my\s+registration"
            r"(?:\s+as\s+an?\s+(?:player|person))?$",
            "I register",
        ),
        (rf"\bas\s+(?:the\s+)?(?:new|interim|acting|next)\s+(?={_OFFICE})", "as the "),
        # "I appoint Janet as our new Surveyor" (P63-read-agora-s16-12).
        (rf"\bas\s+our\s+(?:new\s+|next\s+|interim\s+|acting\s+)?(?={_OFFICE})", "as the "),
        # "I appoint Janet to be (to serve as) the next Surveyor".
        (
            rf"^(I\s+appoint\s+{_WHO})\s+(?:to\s+be|to\s+serve\s+as|to\s+become)\s+(?:the\s+)?"
            rf"(?:new\s+|next\s+|interim\s+|acting\s+)?(?={_OFFICE})",
            r"\1 as the ",
        ),
        (r"^(I\s+(?:deactivate|activate|deregister))\s+(?:the\s+)?player\s+", r"\1 "),
        # "I tender (submit) my resignation as Registrar".
        (
            r"^I\s+(?:tender|submit|offer|hand\s+in)\s+my\s+resignation\s+(?:as|from)\s+"
            r"(?:the\s+(?:office|post|position)\s+of\s+)?(?:the\s+)?",
            "I resign as ",
        ),
        # "I switch to active", "Going inactive" (read as "I go inactive").
        (
            r"^I\s+(?:switch|flip|change|turn|go)\s+(?:myself\s+)?(?:back\s+)?to\s+((?:in)?active)(?:\s+status)?$",
            r"I become \1",
        ),
        # "I deputise for the Registrar (temporarily) to ...".
        (
            r"^I\s+(deputi[sz]e\s+(?:for|as)\s+(?:the\s+)?\w+)\s*\(\s*temporar(?:il)?y\s*\)",
            r"I temporarily \1",
        ),
        # "My Activity is hereby flipped to Active": the author's own switch, said passively.
        (
            r"^My\s+activity(?:\s+(?:switch|status))?\s+is\s+(?:hereby\s+)?(?:now\s+)?"
            r"(?:flipped|set|switched|changed|turned)\s+(?:back\s+)?to\s+((?:in)?active)$",
            r"I become \1",
        ),
        # A slip in "active" or "inactive" after "become" ("I become inacitve").
        (
            r"^(I\s+become\s+(?:in)?)a(?:citve|tcive|ctvie|ctiev|cive|ctve|ctie|ctiv|tive)$",
            r"\1active",
        ),
        # "I quit Agora", "I leave Agora": deregistering.
        (
            r"^I\s+(?:quit|leave|exit|depart(?:\s+from)?|withdraw\s+from)\s+Agora(?:\s+nomic)?$",
            "I deregister",
        ),
        (r"^I\s+(?:nominate|name|choose|select|pick)\s+and\s+appoint\s+", "I appoint "),
        # "I appoint Murphy, who has agreed, as Sensei": the same aside between commas.
        (
            r"(?<=\w)\s*,\s*(?:who|whom)\s+(?:has|have|had)\s+(?:kindly\s+|graciously\s+)?(?:agreed|volunteered|"
            r"accepted|consented|offered)(?:\s+to\s+(?:serve|do\s+it|take\s+(?:it|over)))?\s*,\s*(?=as\b|to\b)",
            " ",
        ),
        # "I appoint Janet (Surveyor) and Murphy (Sensei)": each office in brackets.
        (
            rf"^I\s+appoint\s+{_WHO}\s*\(\s*(?:as\s+)?(?:the\s+)?{_OFFICE}\s*\)\s*(?:,|\band\b|&)\s*"
            rf"{_WHO}\s*\(\s*(?:as\s+)?(?:the\s+)?{_OFFICE}\s*\)$",
            r"I appoint \1 as the \2 and appoint \3 as the \4",
        ),
        (
            rf"^I\s+appoint\s+{_WHO}\s*\(\s*(?:as\s+)?(?:the\s+)?{_OFFICE}\s*\)$",
            r"I appoint \1 as the \2",
        ),
        # "I appoint Janet (who volunteered) as Surveyor": an aside on the person named.
        (r"\s*\((?:who|whom|whose)\b[^()]*\)", ""),
        # "my Activity switch (currently Active)": what the switch is now changes nothing.
        (r"\s*\(\s*(?:currently|now|presently|formerly)\s+[^()]*\)", ""),
        # "I deactivate Murphy (no posts in two months)": the evidence of inactivity.
        (
            r"\s*\(\s*no\s+(?:posts?|messages?|mails?|e-?mails?|activity|actions?|word|response|"
            r"sign\s+of\s+life)\b[^()]*\)$",
            "",
        ),
        # A bracketed aside at the end ("I become inactive [long week at work]").
        (r"\s*\[[^\[\]]*\]$", ""),
        (r"^I\s+declare\s+myself\s+to\s+be\s+", "I declare myself "),
        # "I, the Surveyor, ...", "I, as Surveyor, ...".
        (rf"^I\s*,\s*(?:as\s+)?(?:the\s+)?{_OFFICE}\s*,\s*", "I "),
        # "I flip my activity to inactive and resign as Surveyor": the first of two changes.
        (
            r"^I\s+(?:flip|switch|set|change|turn)\s+my\s+(?:own\s+)?(?:activity|status)(?:\s+(?:switch|status))?"
            r"\s+(?:back\s+)?(?:from\s+(?:in)?active\s+)?to\s+((?:in)?active)(?=\s*,?\s+and\b)",
            r"I become \1",
        ),
        # "I appoint Janet Registrar and Murphy Sensei": "as" left out, one verb, two offices.
        (
            rf"^I\s+appoint\s+{_WHO}\s+{_OFFICE}\s*,?\s+and\s+{_WHO}\s+{_OFFICE}$",
            r"I appoint \1 as the \2 and appoint \3 as the \4",
        ),
        # "I yield (cede) the office of Sensei to Murphy", "I designate Janet as Registrar".
        (r"^I\s+(?:yield|cede|entrust|bequeath)\s+", "I hand "),
        (rf"^I\s+designate\s+{_WHO}\s+(?:as\s+)?(?:the\s+)?", r"I appoint \1 as the "),
        # "I appoint Janet to the Sensei office (post, role)".
        (
            rf"^I\s+appoint\s+{_WHO}\s+to\s+(?:the\s+)?{_OFFICE}\s+(?:office|post|position|role)$",
            r"I appoint \1 as the \2",
        ),
        (r"^I\s+reactivate\b", "I activate"),
        # "Deregistering now, sorry all": "now" left when the words after it are set aside.
        (
            r"^(I\s+(?:deregister|become\s+(?:in)?active|resign\s+as\s+\w+))\s+(?:right\s+)?now$",
            r"\1",
        ),
        # Words after a change of standing or office that change nothing.
        (r"\s+(?:until\s+further\s+notice|once\s+more|once\s+again|again)$", ""),
        (r"^I\s+(?:come|am)\s+back\s+and\s+(?=become\s+active$)", "I "),
        (r"(\bas\s+)my\s+successor\s+as\s+", r"\1"),
        # "the Activity of Murphy" is Murphy's Activity.
        (rf"\bthe\s+activity(\s+switch)?\s+of\s+{_WHO}", r"\2's activity\1"),
        (r"^I\s+return\s+to\s+(?:active\s+status|being\s+active)$", "I become active"),
        (rf"^I\s+appoint\s+{_WHO}\s+to\s+(?:serve|act)\s+as\s+", r"I appoint \1 as "),
        (
            rf"^I\s+(?:hand|give|pass|transfer)\s+(?:over\s+)?(?:the\s+)?office\s+of\s+(?:the\s+)?"
            rf"{_OFFICE}\s+(?:over\s+)?to\s+{_WHO}$",
            r"I appoint \2 as the \1",
        ),
        # "I appoint Janet as the Surveyor and Murphy as the Sensei": one verb, two offices.
        (
            rf"^(I\s+(?:hereby\s+)?appoint\s+{_WHO}\s+as\s+(?:the\s+)?{_OFFICE})\s*,?\s+and\s+"
            rf"{_WHO}\s+as\s+",
            r"\1 and appoint \4 as ",
        ),
        (rf"^I\s+appoint\s+{_WHO}\s+to\s+the\s+office\s+of\s+(?:the\s+)?", r"I appoint \1 as the "),
        # "I appoint Janet to Surveyor": "to" for "as", before an office's name only.
        (rf"^I\s+appoint\s+{_WHO}\s+to\s+(?:the\s+)?(?={_OFFICE}\b)", r"I appoint \1 as the "),
        (rf"^I\s+appoint\s+{_WHO}\s+to\s+be\s+(?:the\s+)?", r"I appoint \1 as the "),
        (
            rf"^I\s+(?:appoint|name|make|deputi[sz]e|install)\s+{_WHO}\s+(?:as\s+)?(?:the\s+)?"
            r"(?:new\s+|interim\s+)?"
            rf"{_OFFICE}$",
            r"I appoint \1 as the \2",
        ),
        (
            r"^I\s+(?:step\s+(?:down|aside)|stand\s+(?:down|aside)|quit|retire|abdicate)\s+(?:as|from)\s+"
            r"(?:being\s+)?(?:the\s+)?"
            r"(?:office\s+of\s+)?(?:the\s+)?",
            "I resign as ",
        ),
        (r"^I\s+(?:leave|vacate)\s+the\s+office\s+of\s+(?:the\s+)?", "I resign as "),
        (rf"^I\s+resign\s+(?:the\s+|my\s+)?{_OFFICE}ship$", r"I resign as \1"),
        (rf"^I\s+resign\s+from\s+(?:the\s+)?{_OFFICE}(?:\s+office)?$", r"I resign as \1"),
        (
            r"^I\s+(?:flip|switch|set|change|turn)\s+my\s+(?:own\s+)?(?:activity|status)(?:\s+(?:switch|status))?\s+"
            r"(?:back\s+)?(?:from\s+(?:in)?active\s+)?to\s+((?:in)?active)$",
            r"I become \1",
        ),
        (r"^I\s+declare\s+myself\s+((?:in)?active)$", r"I become \1"),
        (r"^I['\u2019]m\s+now\s+((?:in)?active)$", r"I become \1"),
        (r"^I\s+deactivate\s+myself(?:\s+(?:right\s+)?now)?$", "I become inactive"),
        (r"^I\s+activate\s+myself(?:\s+(?:right\s+)?now)?$", "I become active"),
        (
            r"^I\s+deregister\s+(?:myself\s+)?(?:from\s+(?:Agora|the\s+game)|as\s+a\s+player)$",
            "I deregister",
        ),
        (
            r"^I\s+resign\s+(?:from\s+)?(?:my|the)\s+(?:office|position|post|role|job)\s+(?:of|as)\s+"
            r"(?:the\s+)?",
            "I resign as ",
        ),
        # "I resign as Surveyor and as Sensei": one verb, two offices.
        (
            rf"(\bresign\s+as\s+(?:the\s+)?{_OFFICE})\s*,?\s+and\s+(?:as\s+)?(?:the\s+)?"
            rf"{_OFFICE}$",
            r"\1 and resign as \3",
        ),
        (
            rf"^I\s+(?:appoint|install|put|place)\s+{_WHO}\s+(?:in|into)\s+the\s+office\s+of\s+"
            r"(?:the\s+)?",
            r"I appoint \1 as the ",
        ),
        (rf"^I\s+appoint\s+{_WHO}\s+as\s+(?:the\s+)?(?:interim|new)\s+", r"I appoint \1 as the "),
        (r"^I\s+am\s+now\s+((?:in)?active)$", r"I become \1"),
        # ("I making myself inactive" is "I'm (I am) making myself inactive", P69-read-agora-s18-2.)
        (r"^I\s+(?:go|turn|mak(?:e|ing)\s+myself)\s+((?:in)?active)$", r"I become \1"),
        (r"^I\s+go\s+on\s+hold$", "I become inactive"),
        # "I come off hold", "I take myself off hold", "I'm coming off hold": the return from
        # being on hold, now, as going on hold is the change to inactive (P69-read-agora-s18-1).
        (
            r"^I\s+(?:(?:come|coming|go|going|get|getting)(?:\s+back)?|(?:take|taking)\s+myself)\s+off\s+"
            r"(?:of\s+)?hold(?:\s*\(\s*(?:i\.?e\.?,?\s*|=\s*|that\s+is,?\s*)?active\s*\))?$",
            "I become active",
        ),
        # "I put (place, set) myself on hold", "I'm going on hold": the same change (rulings
        # P66-read-agora-s17-2); "(inactive)" after it names the value "on hold" is read as.
        (
            r"^I\s+(?:(?:put|place|set)\s+myself|go|am\s+going)\s+on\s+hold"
            r"(?:\s*\(\s*(?:i\.?e\.?,?\s*|=\s*|that\s+is,?\s*)?inactive\s*\))?$",
            "I become inactive",
        ),
        # "I stop being Sensei", "I cease to be the Registrar", "I no longer serve as
        # Surveyor": the holder leaving the office, now (P66-read-agora-s17-1).
        (
            rf"^I\s+(?:(?:stop|cease)\s+(?:being|to\s+be)|(?:hereby\s+)?(?:stop|cease)\s+serving\s+as|"
            rf"no\s+longer\s+serve\s+as)\s+(?:the\s+)?{_OFFICE}$",
            r"I resign as \1",
        ),
        (r"^I\s+(?:become\s+active\s+again|return\s+to\s+activity)$", "I become active"),
        # "I come back to activity", "I resume (my) activity".
        (
            r"^I\s+(?:(?:come\s+back|get\s+back|go\s+back)\s+to\s+(?:activity|being\s+active|active\s+status)|"
            r"resume\s+(?:my\s+)?activity)$",
            "I become active",
        ),
        # "I resign as Registrar role" (from "I stand down from the Registrar role").
        (rf"^(I\s+resign\s+as\s+(?:the\s+)?{_OFFICE})\s+(?:office|position|post|role|job)$", r"\1"),
        (
            rf"^I\s+(?:flip|switch|set|change|turn)\s+{_WHO}['\u2019]s\s+activity(?:\s+switch)?\s+"
            r"(?:from\s+(?:in)?active\s+)?to\s+"
            r"inactive$",
            r"I deactivate \1",
        ),
        (
            rf"^I\s+(?:flip|switch|set|change|turn)\s+{_WHO}['\u2019]s\s+activity(?:\s+switch)?\s+"
            r"(?:from\s+(?:in)?active\s+)?to\s+"
            r"active$",
            r"I activate \1",
        ),
        (rf"^I\s+make\s+{_WHO}\s+inactive$", r"I deactivate \1"),
        (rf"^I\s+make\s+{_WHO}\s+active$", r"I activate \1"),
        # Agora's switch wording and other verbs of standing, said of oneself or another:
        # "I switch myself to inactive", "I mark Janet as active", "I reactivate myself".
        (
            r"^I\s+(?:flip|switch|set|change|turn|mark|record|list|register|put|make)\s+myself\s+"
            r"(?:down\s+)?(?:as\s+|to\s+|to\s+being\s+)?((?:in)?active)$",
            r"I become \1",
        ),
        (
            rf"^I\s+(?:mark|record|list|register|set|switch|flip|turn)\s+{_WHO}\s+"
            r"(?:as\s+|to\s+)?inactive$",
            r"I deactivate \1",
        ),
        (
            rf"^I\s+(?:mark|record|list|register|set|switch|flip|turn)\s+{_WHO}\s+"
            r"(?:as\s+|to\s+)?active$",
            r"I activate \1",
        ),
        # Ceasing to be a player is deregistering (Agora's own words for it).
        (
            r"^I\s+(?:cease\s+to\s+be|cease\s+being|stop\s+being|am\s+no\s+longer)\s+(?:a\s+)?"
            r"(?:player|registered)(?:\s+(?:of|in)\s+Agora)?$",
            "I deregister",
        ),
        # "I hereby become a player (of Agora)": registering, in rule 869's own words
        # (P66-read-agora-s17-12); "a player of the Arcadian Tournament" is that game's.
        (r"^I\s+become\s+(?:a\s+)?player(?:\s+(?:of|in)\s+Agora)?$", "I register"),
        # "I unregister (from Agora)": deregistering, with another prefix (P66-read-agora-s17-1).
        (r"^I\s+un-?register(?=\s+(?:myself\s+)?from\b|$)", "I deregister"),
        (
            r"^I\s+deregister\s+(?:myself\s+)?from\s+(?:Agora|the\s+game(?:\s+of\s+Agora)?)$",
            "I deregister",
        ),
        # Offices: "I quit the Surveyor office", "I resign from being Surveyor", "I hand the
        # Surveyor office over to Murphy", "... and appoint Janet in my place".
        (
            rf"^I\s+(?:resign|quit|leave|vacate|step\s+down\s+from|relinquish|give\s+up)\s+"
            rf"(?:from\s+)?(?:the\s+|my\s+)?{_OFFICE}(?:\s+(?:office|position|post|role))$",
            r"I resign as \1",
        ),
        (r"^I\s+(?:resign|quit|retire)\s+from\s+being\s+(?:the\s+)?", "I resign as "),
        (
            # ("I lay down (surrender, hand back) the office of Sensei"; P66-read-agora-s17-1.)
            rf"^I\s+(?:relinquish|give\s+up|vacate|abdicate|lay\s+down|surrender|hand\s+back)\s+"
            r"(?:the\s+office\s+of\s+)?"
            rf"(?:the\s+|my\s+)?(?:office\s+as\s+)?{_OFFICE}$",
            r"I resign as \1",
        ),
        (
            rf"^I\s+(?:hand|give|pass|transfer)\s+(?:over\s+)?(?:the\s+|my\s+)?{_OFFICE}(?:ship)?"
            rf"(?:\s+(?:office|position|post|role))?\s+(?:over\s+)?to\s+{_WHO}$",
            r"I appoint \2 as the \1",
        ),
        # "I resign as Surveyor and appoint Janet in my place": the office just left.
        (
            rf"^(I\s+resign\s+as\s+(?:the\s+)?{_OFFICE})\s*,?\s+and\s+(?:I\s+)?appoint\s+"
            rf"{_WHO}\s+(?:in\s+my\s+(?:place|stead)|as\s+my\s+(?:successor|replacement)|"
            r"to\s+(?:replace|succeed)\s+me)$",
            r"\1 and appoint \3 as the \2",
        ),
        (
            rf"^I\s+resign\s+as\s+(?:the\s+)?{_OFFICE}\s*,?\s+in\s+fav(?:ou)?r\s+of\s+{_WHO}$",
            r"I resign as \1 and appoint \2 as the \1",
        ),
        # "I step down as Surveyor and hand the office (it) over to Janet": the office just
        # left, handed on (rulings P43-read-agora-s10-1).
        (
            rf"^(I\s+resign\s+as\s+(?:the\s+)?{_OFFICE})\s*,?\s+and\s+(?:I\s+)?(?:hereby\s+)?"
            r"(?:hand|pass|give|transfer)\s+(?:it|the\s+(?:office|post|position|role|job))\s+"
            rf"(?:over\s+|on\s+)?to\s+{_WHO}$",
            r"\1 and appoint \3 as the \2",
        ),
    ),
)
