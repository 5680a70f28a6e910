"""Alliances' and tabled actions' other words, put in the grammar's terms before parsing."""

from __future__ import annotations

import re

from referee.games.base import Lexicon, one_slip, rewrites
from referee.games.register.lexicon import BRACKET_TAG
from referee.games.tabled.wording import METHOD_NUMBERS, RULE_2124_ANSWERS

_ALLIANCE = r"((?:my|the|[\w\-]+['\u2019]s)\s+alliance|alliance\s+#?\d+)"
_WHO = r"([A-Za-z\u00C0-\u024F][\w\-\u00C0-\u024F]*)"
# Adverbs of manner that change nothing ("I formally object to intent 2", "I simply
# object": P56-read-agora-s13-3).
_MANNER = (
    r"(?:simply|just|merely|duly|formally|strongly|happily|gladly|officially|publicly|enthusiastically|wholeheartedly|"
    r"heartily|fully|firmly|respectfully|regretfully|reluctantly|sadly|hereby|also|too|equally|"
    r"likewise|similarly|personally|once\s+again|once\s+more|again|still)"
)
# "intnet 4", "itnent 4": "intent" with a slip of one letter, before its number only
# (never "intend" nor "intents", which are words of their own).
# (The lookahead first, a cheap test: only a word of four to eight letters before a number
# is tried against the slips.)
_INTENT_SLIP = (
    rf"\b(?=i[a-z]{{3,7}}\s*#?\s*\d)(?!intend\b|intents\b){one_slip('intent')}(?=\s*#?\s*\d)"
)
# "... and objekt to intent 6": the second verb of two, which the typo check after "I"
# never sees.
_SECOND_VERB_SLIPS = tuple(
    (rf"\b(and\s+)(?={verb[0]}[a-z]{{4,7}}\b){one_slip(verb)}\b", rf"\1{verb}")
    for verb in ("support", "object")
)
# An intent named as a label before an answer: "Intent 5:", "Re intent 4:", "On intent #6 -".
# ("Regarding intent 4:", "In reply to intent 4:", "My answer to intent 4:" too.)
_INTENT_LABEL = (
    r"(?:re\s*:?\s*|on\s+|for\s+|regarding\s+|concerning\s+|as\s+(?:for|to)\s+|in\s+(?:reply|response)\s+to\s+|"
    r"my\s+(?:answer|response|reply)\s+to\s+)?intent(?:ion)?\s*#?\s*(\d+)\s*[:,\-\u2013\u2014]\s*"
)
# "aliance", "allaince": "alliance" with a slip of one letter.
_ALLIANCE_SLIP = rf"\b(?=a[a-z]{{6,8}}\b){one_slip('alliance')}\b"
# Where the author's own intent was posted, said after it (never "the intent above" alone,
# which is the one quoted, P31).
_WHERE_MINE = (
    r"(?:(?<=my\sintent\s)above|(?<=my\sintention\s)above|"
    r"(?:in|from|of)\s+my\s+(?:previous|last|earlier|prior)\s+(?:message|e-?mail|mail|post))"
)
# An answer to an intent, before the intents it answers.
_ANSWER = (
    r"support|object\s+to|withdraw\s+my\s+support\s+for|withdraw\s+my\s+objection\s+to|perform"
)
# Four to six intents after one answer ("I support intents 7, 8, 9 and 10"): one each.
_LONGER_LISTS = tuple(
    (
        rf"^I\s+({_ANSWER})\s+intents\s+#?(\d+)"
        + r"\s*,\s*#?(\d+)" * (count - 2)
        + r"\s*,?\s*(?:and|&)\s*#?(\d+)$",
        "I " + " and ".join(rf"\1 intent \{n}" for n in range(2, count + 2)),
    )
    for count in (4, 5, 6)
)
# Verbs that table an intent ("I table (post, file) an intent to ..."), as "I announce" does.
_TABLE = r"(?:announce|table|post|file|submit|lodge|create|make|issue|register|put\s+forward)"
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

# Two answers sharing the intent written once after both ("I withdraw my support for, and
# object to, intent 6"); never support and objection at once, which contradict each other.
_SHARED_ANSWER = (
    r"(support|object\s+to|withdraw\s+my\s+support\s+(?:for|of|from)|withdraw\s+my\s+objection\s+to|"
    r"perform)"
)
_SHARED_INTENT = (
    rf"^I\s+(?!support\s*,?\s+and\s+(?:I\s+)?(?:hereby\s+|also\s+|then\s+)?object)"
    rf"(?!object\s+to\s*,?\s+and\s+(?:I\s+)?(?:hereby\s+|also\s+|then\s+)?support)"
    rf"{_SHARED_ANSWER}\s*,?\s+and\s+(?:I\s+)?(?:hereby\s+|also\s+|then\s+)?{_SHARED_ANSWER}\s*,?\s+"
    r"((?:the\s+|[\w\-]+['\u2019]s\s+)?intent(?:ion)?\b.*)$"
)

LEXICON = Lexicon(
    # Its own words: a line in the author's voice naming one is told if no game reads it.
    own_words=re.compile(
        rf"\b(?:allian\w*|intents?\s*(?:#|no\.?|number)?\s*\d+)\b|{_INTENT_SLIP}|{_ALLIANCE_SLIP}|"
        # "I perform the intent in my last message": an intent named otherwise than by its
        # number, performed or withdrawn (P53-read-agora-s12-5).
        # (Never "... my intent to ratify ...": an intent named by its act is the act's game's.)
        r"\b(?:perform|withdraw)\s+(?:my|the|this|that)\s+intent(?:ion)?\b(?!\s+to\b)|"
        # "I withdraw my support, sorry, I misread the intent", "I object to everything in
        # that message": an answer in the author's voice, withdrawn or pointing back, whatever
        # follows it ("I object to the thing." names no intent: left alone, P66-read-agora-s17-3;
        # P71-read-agora-s19-6).
        r"^I\s+(?:hereby\s+)?(?:withdraw\s+my\s+(?:support|objection)\b|object\s+to\s+"
        r"(?:(?:everything|all|anything)\s+(?:(?:in|of|from)\s+)?)?(?:that|this|it|these|those|them)\b)",
        re.IGNORECASE,
    ),
    # Every rewrite below names an alliance, an intent, support, an objection or joining.
    # (A word "al..." of six to ten letters may be "alliance" with a slip.)
    clues=re.compile(
        r"allian|intent|support|object|\ball(?:y|ie)\b|join|do\s+so|\bal[a-z]{4,8}\b", re.IGNORECASE
    ),
    verbs=("intend", "support", "object", "objection", "withdraw", "perform", "join", "leave"),
    trailing=("alliances",),
    # "+1 on intent 12", "+1 to intent 12": support for the intent named (a label: the
    # sentence has no "I" for the rewrites below to start from).
    labels=rewrites(
        # "[Alliances] I leave my alliance": a tag naming the forum or the office.
        (BRACKET_TAG, ""),
        # "Consider this my objection to intent 5", "Take this as my support for intent 4":
        # the message is the answer to the intent it names (P66-read-agora-s17-11).
        (
            r"^(?:please\s+)?(?:consider|take|treat|count|accept)\s+this(?:\s+(?:message|e-?mail|mail|post))?\s+"
            r"(?:as\s+|to\s+be\s+)?my\s+(?:formal\s+)?objection\s+(?:to|against)\s+(?=(?:[\w\-]+['\u2019]s\s+)?intent)",
            "I object to ",
        ),
        (
            r"^(?:please\s+)?(?:consider|take|treat|count|accept)\s+this(?:\s+(?:message|e-?mail|mail|post))?\s+"
            r"(?:as\s+|to\s+be\s+)?my\s+(?:formal\s+)?support\s+(?:for|of)\s+(?=(?:[\w\-]+['\u2019]s\s+)?intent)",
            "I support ",
        ),
        # "intend, with support, to ...", "intend w/ support to ...": a note's line with no
        # "I" (P63-read-agora-s16-7).
        (r"^intend(?=\s*,?\s*(?:with|without|w/o?)\s)", "I intend"),
        # "Murphy, I support your intent": the intent of the one addressed (never a word of
        # greeting or assent before the comma; P53-read-agora-s12-7).
        (
            r"^(?!(?:ok|okay|so|well|yes|yep|no|sure|thanks|sorry|hi|hello|hey|dear|all|everyone|folks|"
            r"agora|fine|right|also|now|then|again|anyway|please|first|next|finally|actually)\b)"
            r"((?-i:[A-Z])[\w\-]{1,30})\s*,\s*I\s+(?:hereby\s+)?(support|object\s+to|withdraw\s+my\s+"
            r"(?:support\s+for|objection\s+to))\s+your\s+(?=intent(?:ion)?[\s.!]*$)",
            r"I \2 \1's ",
        ),
        # "Intent: with support, I join alliance 3": the heading says an intent, the sentence
        # performs the act; which is meant is not guessed, so the form left makes no sense to
        # the grammar and the author is told (P53-read-agora-s12-7).
        (
            r"^intent(?:ion)?\s*[:\-\u2013\u2014]\s*(?=(?:with(?:out)?\b[^,]{0,60},\s*)?I\s+(?:hereby\s+)?"
            r"(?:join|leave|quit)\b)",
            "I intend: ",
        ),
        # "I hereby, with support, join alliance 3": the method between commas after the
        # "I", moved after the act, where the grammar reads it (P53-read-agora-s12-1).
        (
            r"^I\s*(?:hereby\s*)?,\s*((?:with|without)\b[^,]{0,40}?\b(?:support|objections?|consent)\b"
            r"[^,]{0,40}?)\s*,\s*((?:hereby\s+)?(?:join|leave)\b[^,;]*?)[\s.!]*$",
            r"I \2 \1",
        ),
        # "Support for intent 4 from me": the author's answer, named as the author's.
        (
            r"^((?:support|objections?)\s+(?:for|to|against|of)\s+intents?\s*#?\s*\d+"
            r"(?:\s*(?:,|\band\b|&)\s*(?:intent\s*)?#?\d+)*)\s*,?\s+(?:from|by)\s+me$",
            r"\1",
        ),
        # "Support for intents 4 and 5.", "Objections to intents 5 and 6": the noun form for
        # several intents, as the one for one reads (P56-read-agora-s13-7).
        (r"^support\s+(?:for|of)\s+(?=intents\s*#?\d)", "I support "),
        (r"^objections?\s+(?:to|against)\s+(?=intents\s*#?\d)", "I object to "),
        # "My objection to intent 6 is (hereby) withdrawn": the withdrawal, said passively.
        (
            r"^my\s+(support\s+for|objection\s+to)\s+(intents?\s*#?\d+(?:\s*(?:,|\band\b|&)\s*"
            r"(?:intent\s*)?#?\d+)*)\s+(?:is|are)\s+(?:hereby\s+)?withdrawn[\s.!]*$",
            r"I withdraw my \1 \2",
        ),
        # "I withdraw my support (intent 4).", "I object (intent 5)": the intent answered,
        # named in brackets after the answer.
        (
            r"^(I\s+(?:hereby\s+)?(?:withdraw\s+my\s+support|support))\s*\(\s*(intent\s*#?\d+)\s*\)"
            r"[\s.!]*$",
            r"\1 for \2",
        ),
        (
            r"^(I\s+(?:hereby\s+)?(?:withdraw\s+my\s+objection|object))\s*\(\s*(intent\s*#?\d+)\s*\)"
            r"[\s.!]*$",
            r"\1 to \2",
        ),
        # "I CAN and do object to intent 5": the legal form of the act, said with its power.
        (
            r"^I\s+CAN\s*,?\s+and\s+(?:hereby\s+)?do\s*,?\s+(?=(?:hereby\s+)?(?:support|object|withdraw|join|"
            r"leave|perform|intend)\b)",
            "I ",
        ),
        # "Having announced intent 5 four days ago, I do so": the intent the opener names is
        # the one performed (P53-read-agora-s12-3). Never past a doubt or a condition.
        (
            r"^having\s+(?:given|announced|posted|tabled|made|filed|published)\s+(intent\s*#?\s*\d+)"
            r"(?![^,;:]*\b(?:if|unless|not|may|might|would|could|should|think|maybe|perhaps)\b)"
            r"[^,;:()?]{0,60}?\s*,\s*I\s+(?:hereby\s+)?(?:do\s+so|perform\s+it|do\s+it)[\s.!]*$",
            r"I perform \1",
        ),
        # "With 2 support, and no objections, I perform intent 10", "With no objections, I
        # perform intent 10": the intent's standing before the act; the rules check it
        # (P53-read-agora-s12-3). Never before an intent, where it would be a method.
        (
            r"^(?:with|having)\s+(?:(?:(?:\d+|one|two|three|four|five)\s+)?support(?:ers?)?\s*,?\s*and\s+)?"
            r"(?:no|zero|0)\s+(?:objections?|objectors?)(?:\s+(?:raised|received|made|to\s+it))?\s*,\s*"
            r"(?=I\s+(?:hereby\s+)?(?:perform|do\s+so|resolve|carry\s+out)\b)",
            "",
        ),
        # "I switch alliances: I leave my alliance and join alliance 4": the summary before
        # the colon, then the changes it sums up (read as written after it).
        (
            r"^(?:I\s+(?:switch|change|swap)|switching|changing|swapping)\s+alliances\s*"
            r"[:\-\u2013\u2014]\s*(?=I\s)",
            "",
        ),
        # "Support: 4, 6.": bare numbers after a label, which may be intents or Arcadian
        # Proposals; read as "Support 4, 6", which the grammar stops at, so the author is
        # told to name them (it had been silent; P56-read-agora-s13-4).
        (r"^(support|object)\s*[:\-\u2013\u2014]\s*(?=#?\d+\b)", r"\1 "),
        # "My support goes to intent 9": the author's support given.
        (r"^my\s+support\s+goes\s+(?:to|behind)\s+(?=intent)", "I support "),
        (r"^my\s+objection\s+goes\s+(?:to|against)\s+(?=intent)", "I object to "),
        # "I support intent 12 and intent 14 but not intent 13": the ones answered; "but not"
        # answers nothing (a label: "not" would otherwise stop every reading of it).
        (
            r"^(I\s+(?:hereby\s+)?(?:support|object\s+to)\s+intents?\s+#?\d+(?:\s*(?:,|\band\b|&)\s*"
            r"(?:intent\s+)?#?\d+)*)\s*,?\s+but\s+not\s+(?:intent\s+)?#?\d+$",
            r"\1",
        ),
        # "I perform the action in intent 4", "I take the action announced in intent 4": the
        # intent's act, named by its intent.
        (
            r"^(I\s+(?:hereby\s+)?)(?:perform|take|do|carry\s+out)\s+the\s+(?:action|act)\s+"
            r"(?:(?:announced|described|stated|intended|named)\s+)?(?:in|of)\s+(?=intent\s*#?\s*\d+$)",
            r"\1perform ",
        ),
        # "I do what intent 3 says", "I do what I announced in intent 3": the same, the act
        # named by what its intent says (a label: "says" would otherwise read as another's
        # words; P69-read-agora-s18-4).
        (
            r"^((?:with(?:out)?\s+[^,;:]{1,40},\s*)?I\s+(?:hereby\s+)?)(?:do|perform|carry\s+out)\s+(?:exactly\s+)?"
            r"what\s+(?:"
            r"(intent\s*#?\s*\d+)\s+(?:says|said|describes|described|announces|announced|states|stated|"
            r"proposes|proposed|set\s+out|sets\s+out)|I\s+(?:announced|described|stated|intended|proposed)\s+"
            r"in\s+(intent\s*#?\s*\d+))$",
            r"\1perform \2\3",
        ),
        # "I do it: intent 3.": the intent after the colon is the one performed (P1q).
        (
            r"^I\s+(?:hereby\s+)?(?:do|perform)\s+(?:it|so)\s*[:\-\u2013\u2014]\s*(intent\s*#?\s*\d+)$",
            r"I perform \1",
        ),
        # "Janet supports intent 4 and so do I.": the author's own answer, after another's.
        (
            r"^[A-Za-z\u00C0-\u024F][\w\-]*\s+supports\s+(intent\s*#?\s*\d+)\s*,?\s+and\s+so\s+do\s+I"
            r"(?:\s+too)?[\s.!]*$",
            r"I support \1",
        ),
        (
            r"^[A-Za-z\u00C0-\u024F][\w\-]*\s+objects\s+to\s+(intent\s*#?\s*\d+)\s*,?\s+and\s+so\s+do\s+I"
            r"(?:\s+too)?[\s.!]*$",
            r"I object to \1",
        ),
        # "Janet's intent to join alliance 3: I object.": the intent named as a label.
        (
            r"^((?:[\w\-]+['\u2019]s|the|my)\s+intent(?:ion)?\s+to\s+(?:join|leave)\b[^:]{1,60}?)\s*"
            r"[:\-\u2013\u2014]\s*(?:I\s+(?:hereby\s+)?)?support[\s.!]*$",
            r"I support \1",
        ),
        (
            r"^((?:[\w\-]+['\u2019]s|the|my)\s+intent(?:ion)?\s+to\s+(?:join|leave)\b[^:]{1,60}?)\s*"
            r"[:\-\u2013\u2014]\s*(?:I\s+(?:hereby\s+)?)?object(?:ion)?[\s.!]*$",
            r"I object to \1",
        ),
        # "Intents 4 and 5: support.": two intents as a label, then the answer to each
        # ("I support both", "I object to them both": the two the label names,
        # P69-read-agora-s18-8).
        (
            r"^intents\s+#?(\d+)\s*(?:,|\band\b|&)\s*#?(\d+)\s*[:\-\u2013\u2014]\s*(?:I\s+(?:hereby\s+)?)?"
            r"(?:support(?:ed)?|\+\s*1)(?:\s+(?:both(?:\s+of\s+them)?|them(?:\s+both)?|each(?:\s+of\s+them)?))?"
            r"[\s.!]*$",
            r"I support intent \1 and support intent \2",
        ),
        (
            r"^intents\s+#?(\d+)\s*(?:,|\band\b|&)\s*#?(\d+)\s*[:\-\u2013\u2014]\s*(?:I\s+(?:hereby\s+)?)?"
            r"object(?:ion)?(?:\s+to\s+(?:both(?:\s+of\s+them)?|them(?:\s+both)?|each(?:\s+of\s+them)?))?[\s.!]*$",
            r"I object to intent \1 and object to intent \2",
        ),
        # "My vote: support for intent 4": an answer called a vote, as a label.
        (r"^my\s+vote\s*:\s*(?:support|\+\s*1)\s+(?:for\s+|of\s+|on\s+)?(?=intent)", "I support "),
        (r"^my\s+vote\s*:\s*object(?:ion)?\s+(?:to\s+|against\s+)?(?=intent)", "I object to "),
        # "obj intent 4", "supp intent 4": the answers abbreviated, as on a phone.
        # Before a bare number too ("obj 4, supp 3"), so that the answer is told to name
        # what it answers, as "object 4" is, rather than dropped (P74-read-agora-s20-2).
        (r"^(?:I\s+)?obj\.?\s+(?:to\s+)?(?=(?:intents?\s*)?#?\d)", "I object to "),
        (r"^(?:I\s+)?supp\.?\s+(?=(?:intents?\s*)?#?\d)", "I support "),
        # "Objection to intent 3 and support for intent 4": the answers as labels.
        (
            r"^objection\s+(?:to|against)\s+(?=intent\s*#?\d+\s+and\s+support\s+for\b)",
            "I object to ",
        ),
        # "My intent: to join alliance 3 with support", "Intent to join alliance 3 with
        # support": the intent as a heading, then its action.
        (r"^(?:my\s+)?intent(?:ion)?\s*:\s*to\s+(?=(?:join|leave)\b)", "I intend to "),
        (r"^intent(?:ion)?\s+to\s+(?=(?:join|leave)\b)", "I intend to "),
        # "Intent: join alliance 3, with support": the intent as a label, then its action.
        (r"^intent(?:ion)?\s*:\s*(?=(?:join|leave)\b)", "I intend to "),
        # "Support: intent 4, intent 5.", "Objecting: intent 6.": the answer as a label.
        (r"^support(?:ing)?\s*:\s*(?=intents?\b)", "I support "),
        (r"^object(?:ing|ions?)?\s*:\s*(?=intents?\b)", "I object to "),
        # "Withdraw support: intent 12.": the withdrawal as a label.
        (
            r"^withdraw(?:ing)?\s+(?:my\s+)?support\s*:\s*(?=intents?\b)",
            "I withdraw my support for ",
        ),
        (
            r"^withdraw(?:ing)?\s+(?:my\s+)?objection\s*:\s*(?=intents?\b)",
            "I withdraw my objection to ",
        ),
        # "Intent 12: I do so.", "Intent 4: I withdraw my support.": the label names the
        # intent the answer or the performance is about (never set aside as an opener).
        (
            rf"^{_INTENT_LABEL}(?:I\s+(?:hereby\s+)?)?(?:do\s+so|perform\s+it)[\s.!]*$",
            r"I perform intent \1",
        ),
        (
            rf"^{_INTENT_LABEL}(?:I\s+(?:hereby\s+)?)?withdraw\s+my\s+support[\s.!]*$",
            r"I withdraw my support for intent \1",
        ),
        (
            rf"^{_INTENT_LABEL}(?:I\s+(?:hereby\s+)?)?withdraw\s+my\s+objection[\s.!]*$",
            r"I withdraw my objection to intent \1",
        ),
        # "Objections to intents 3 and 9.": one objection to each, as a label.
        (r"^objections\s+(?:to|against)\s+(?=intents?\b)", "I object to "),
        # "Count my support for intent 5.": the author's own support, counted.
        (r"^count\s+my\s+support\s+(?:for|to|of|on)\s+(?=intent)", "I support "),
        (r"^count\s+my\s+objection\s+(?:to|against|on)\s+(?=intent)", "I object to "),
        # "Count (mark, put) me (down) as objecting to intent 5": the author's own answer,
        # stated (an answer is a statement of stance, never a request; P63-read-agora-s16-1).
        (
            r"^(?:please\s+)?(?:count|mark|put|list|record)\s+me\s+(?:down\s+)?as\s+"
            r"(?:supporting|(?:a\s+|one\s+)?supporter\s+(?:of|for|on))\s+(?=intents?\b)",
            "I support ",
        ),
        (
            r"^(?:please\s+)?(?:count|mark|put|list|record)\s+me\s+(?:down\s+)?as\s+"
            r"(?:objecting|(?:an\s+|one\s+)?objector)\s+(?:to|against|on)\s+(?=intents?\b)",
            "I object to ",
        ),
        # "My support to intent 5.", "My objection to intent 6.": the answer as a label.
        (r"^my\s+support\s+(?:to|for|of|on)\s+(?=intent)", "I support "),
        (r"^my\s+objection\s+(?:to|against|on)\s+(?=intent)", "I object to "),
        (
            r"^\+\s*1\s*(?:on|for|to|from\s+me\s+(?:on|for|to))?\s*[:,\-]?\s*"
            # ("+1 to intents 3 and 4": several, P74-read-agora-s20-8.)
            r"(?=intent(?:ion)?s?\s*(?:#\s*)?\d)",
            "I support ",
        ),
        # "Intent 5: support.", "Intent #6 - object", "Re intent 4: I support.": the intent as
        # a label, then the answer.
        (
            rf"^{_INTENT_LABEL}(?:I\s+(?:hereby\s+)?)?(?:support(?:ed)?|\+\s*1)(?:\s+(?:it|this(?:\s+one)?))?[\s.!]*$",
            r"I support intent \1",
        ),
        (
            rf"^{_INTENT_LABEL}(?:I\s+(?:hereby\s+)?)?object(?:ion)?(?:\s+to\s+(?:it|this(?:\s+one)?))?[\s.!]*$",
            r"I object to intent \1",
        ),
    ),
    rewrites=rewrites(
        # "w/ support", "w/o objection": "with" and "without", as phones and notes write
        # them (P63-read-agora-s16-7).
        (r"(?<![\w/])w/o(?=\s)", "without"),
        (r"(?<![\w/])w/(?=\s)", "with"),
        # "I withdraw the intent 5", "I perform the intent #4": the intent by its number.
        (r"\bthe\s+(?=intents?\s*#?\d)", ""),
        # "I object to intent 5, and to intent 6 as well", "I withdraw my support for intent
        # 4 and intent 6": the second intent after the first's own preposition, or none;
        # each answered as the first is (P56-read-agora-s13-5).
        (
            r"\b(object\s+to|withdraw\s+my\s+(?:support\s+for|objection\s+to))\s+intent\s*#?(\d+)"
            r"\s*,?\s+and\s+(?:also\s+)?(?:to\s+|for\s+)?intent\s*#?(?=\d+\b)",
            r"\1 intent \2 and \1 intent ",
        ),
        (_INTENT_SLIP, "intent"),
        *METHOD_NUMBERS,
        *RULE_2124_ANSWERS,
        # "I support intent 4, and I am happy to do so": the support, gladly given ("do so"
        # is no performance here).
        (
            r"\s*,?\s+and\s+I(?:\s+am|['\u2019]m)\s+(?:very\s+)?(?:happy|glad|pleased|proud)\s+to\s+do\s+so$",
            "",
        ),
        (_SHARED_INTENT, r"I \1 \3 and \2 \3"),
        (r"\band\s+support\s+for\s+(?=intent\s*#?\d)", "and support "),
        # "intents 3 thru 5 inclusive", "intents 3..5": a range said otherwise.
        (
            r"(\bintents\s+#?\d+\s*(?:-|\u2013|\u2014|to|through|thru)\s*#?\d+)\s*,?\s*\(?\s*inclusive(?:ly)?\s*\)?$",
            r"\1",
        ),
        (r"\b(intents\s+#?\d+)\s*\.\.\.?\s*#?(?=\d)", r"\1-"),
        # "the intents numbered 3 and 4".
        (
            r"\bthe\s+intents\s+(?:numbered|with\s+(?:the\s+)?numbers|nos?\.?)\s+(?=#?\d)",
            "intents ",
        ),
        # "I announce my departure (exit, withdrawal) from my alliance": leaving it.
        (
            rf"^I\s+(?:announce|declare)\s+my\s+(?:departure|exit|withdrawal)\s+from\s+(?={_ALLIANCE}$)",
            "I leave ",
        ),
        # "I cease to be a member of my alliance", "I stop being a member of alliance 3":
        # leaving it, in the rule's own words ("causes em to cease to be a member";
        # P66-read-agora-s17-7).
        (
            rf"^I\s+(?:hereby\s+)?(?:cease|stop)\s+(?:to\s+be|being)\s+(?:a\s+)?member\s+of\s+"
            rf"(?:my\s+(?:current|present)\s+(?=alliance$)|(?={_ALLIANCE}$))",
            "I leave ",
        ),
        (r"^I\s+leave\s+(?=alliance$)", "I leave my "),
        # A learner's "I support to intent 4", "I intend join alliance 3".
        (r"^I\s+support\s+to\s+(?=intent)", "I support "),
        (r"^I\s+intend\s+(?=(?:join|leave)\b)", "I intend to "),
        # "I intend to, with support, join alliance 3": the method after the act.
        (
            r"^I\s+intend\s+to\s*,\s*(with(?:out)?\b[^,]{0,60}?)\s*,\s*((?:join|leave)\b.*)$",
            r"I intend to \2 \1",
        ),
        # "intent 12 as well as intent 13": both.
        (r"(\bintent\s*#?\d+)\s+as\s+well\s+as\s+(?=intent\b)", r"\1 and "),
        # "I support this (that, your) intent to join ...": the intent named by its action.
        (r"\b(?:this|that|your)\s+(?=intent(?:ion)?\s+to\b)", "the "),
        # "... and instead object to it", "... and object to it instead": the new answer.
        (
            r"\band\s+(?:instead\s+)?(object\s+to|support)\s+it(?:\s+instead)?$",
            r"and \1 it",
        ),
        # "I perform intent 12 (join alliance 3)": the intent's action, said to remind;
        # the number names the intent.
        (
            r"^(I\s+(?:perform|support|object\s+to)\s+intent\s*#?\d+)\s*\(\s*(?:to\s+)?(?:join|leave)\b"
            r"[^()]*\)$",
            r"\1",
        ),
        # "I do so for the intent to join alliance 3": joining it.
        (r"^I\s+do\s+so\s+(?:for|on|with)\s+(?:the|my)\s+intent(?:ion)?\s+to\s+(?=join\b)", "I "),
        # "I leave my alliance, with thanks to its members": thanks, never a method.
        (r"\s*,\s*with\s+(?:many\s+|my\s+|warm\s+|sincere\s+)?thanks\b[^,;]*$", ""),
        # "I leave my alliance and become a one-person alliance", "..., starting my own": what
        # leaving does by the rule itself (a new alliance with no one else in it), said after
        # it; never anything with another person in it (P69-read-agora-s18-3).
        (
            r"^(I\s+(?:hereby\s+)?leave\s+[^,;]+?)\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*[\-\u2013\u2014]+\s*)"
            r"(?:(?:thus|thereby|so|hence)\s+)?(?:I\s+)?(?:becom(?:e|ing)|form(?:ing)?|start(?:ing)?|"
            r"creat(?:e|ing)|found(?:ing)?|go(?:ing)?\s+back\s+to|return(?:ing)?\s+to)\s+"
            r"(?:(?:a|the)\s+(?:sole\s+|only\s+)?member\s+of\s+)?(?:(?:a|my)\s+)?(?:new\s+|(?:very\s+)?own\b\s*)?"
            r"(?:(?:(?:one|single|1)[\s\-]+(?:person|member|player)|solo|lone|empty|singleton)\s+)?"
            r"(?:alliance(?:\s+of\s+(?:my\s+)?(?:own|one)|\s+(?:with|containing|of)\s+(?:no\s+(?:other\s+)?"
            r"(?:persons?|members?|people|players?|one\s+else)|only\s+me|just\s+me|me\s+alone))?|"
            r"(?<=own\s)one)?[\s.!]*$",
            r"\1",
        ),
        # "I leave my alliance (no hard feelings)": a courtesy.
        (
            r"\s*(?:,\s*|\(\s*)(?:no\s+hard\s+feelings|nothing\s+personal)\b[^()]*\)?$",
            "",
        ),
        (_ALLIANCE_SLIP, "alliance"),
        # "my suport for", "with suport", "my objecton to": the nouns with a slip.
        (rf"\b(my\s+|with\s+(?:\d+\s+)?)(?=s[a-z]{{5,7}}\b){one_slip('support')}\b", r"\1support"),
        (rf"\b(my\s+)(?=o[a-z]{{7,9}}\b){one_slip('objection')}\b", r"\1objection"),
        # "I do so for intent 6": the intent named is the one performed (never set aside,
        # which would leave "I do so", the author's newest intent).
        (r"^I\s+do\s+so\s+(?:for|on|with|re|regarding)\s+(?=intents?\s*#?\s*\d)", "I perform "),
        # "I do so (re: intent 7)": the intent in brackets is the one performed.
        (
            r"^I\s+do\s+so\s*\(\s*(?:(?:re|for|on|regarding)\s*:?\s*)?(intent\s*#?\s*\d+)\s*\)$",
            r"I perform \1",
        ),
        # "I am no longer a member of alliance 3": leaving it, as ceasing to be one is
        # (P67-lead-s17-4).
        (
            rf"^I(?:\s+am|['\u2019]m)?\s+no\s+longer\s+(?:a\s+)?member\s+of\s+(?={_ALLIANCE}$)",
            "I leave ",
        ),
        # "Count me out of alliance 3": leaving it.
        (rf"^count\s+me\s+out\s+(?:of|from)\s+(?={_ALLIANCE}$)", "I leave "),
        # "I carry out my intent 6": performing it.
        (
            r"^I\s+(?:perform|carry\s+out|execute|resolve|enact|do)\s+my\s+(?=intent(?:ion)?\s*#?\s*\d)",
            "I perform ",
        ),
        # "I support and perform intent 6": one intent, two acts.
        (
            r"^I\s+support\s+and\s+(?:perform|do|carry\s+out)\s+(intent\s*#?\s*\d+)$",
            r"I support \1 and perform \1",
        ),
        # "I perform intent 6 (4 days have passed)": the time passed, the reason.
        (
            r"^(I\s+(?:perform\s+intent\s*#?\s*\d+|do\s+so))\s*\(\s*\d+\s+(?:days?|hours?|weeks?)\s+"
            r"(?:have\s+|has\s+)?(?:passed|elapsed|gone\s+by)\s*\)$",
            r"\1",
        ),
        # "I withdraw all my support", "I re-support intent 6".
        (r"\bwithdraw\s+all\s+(?:of\s+)?my\s+", "withdraw my "),
        (r"^I\s+re-?support\s+", "I support "),
        (r"^I\s+re-?object\s+", "I object "),
        # "I announce an intent, with support, to join ...": the method between commas.
        (
            rf"^I\s+{_TABLE}\s+(?:my\s+|an\s+)?intent(?:ion)?\s*,\s*(with(?:out)?\b[^,]{{0,60}}?)\s*,\s*to\b",
            r"I intend, \1, to",
        ),
        # "I withdraw my intent to join alliance 2 with support": the method adds nothing.
        (
            r"^(I\s+withdraw\s+my\s+intent(?:ion)?\s+to\s+.+?)\s*,?\s+with(?:out)?\s+[^,]{0,40}?\b"
            r"(?:support|objections?|consent|notice|members)$",
            r"\1",
        ),
        # "intent-4": the number joined with a dash.
        (r"\b(intents?)\s*[-\u2013]\s*(?=\d)", r"\1 "),
        # "i support intent 3 n object to intent 4": "n" for "and" before another answer.
        (r"\s+n\s+(?=(?:I\s+)?(?:support|object|withdraw)\b)", " and "),
        # "I support intent 3, which is Janet's, and object to intent 4": which intent it
        # is, said between two answers.
        (
            r"(\bintent\s+#?\d+)\s*,\s*(?:which|that)\s+is\s+(?:[\w\-]+['\u2019]s|the\s+one\s+[^,]{1,40}|"
            r"by\s+[\w\-]+)\s*,\s*(?=and\s)",
            r"\1 ",
        ),
        # "Murphy's intent to leave his (her, eir) alliance": the sponsor's "my alliance".
        (
            r"(\b[\w\-]+['\u2019]s\s+intent(?:ion)?\s*\(?\s*(?:the\s+one\s+)?to\s+leave\s+)"
            r"(?:his|her|eir|their|hir|xir)\s+alliance\b",
            r"\1my alliance",
        ),
        # "Janet's intent (the one to join alliance 3)": the act in brackets names it.
        (
            r"\b((?:my|[\w\-]+['\u2019]s)\s+intent(?:ion)?)\s*\(\s*(?:the\s+one\s+|i\.e\.\s*,?\s*|namely\s+)?"
            r"(to\s+(?:join|leave)\b[^()]*?)\s*\)$",
            r"\1 \2",
        ),
        # "my intent (intent 3)", "Janet's intent (#4)": the number in brackets names it.
        (
            r"\b(?:my|[\w\-]+['\u2019]s)\s+(?:own\s+)?intent(?:ion)?\s*\(\s*(?:intent\s*)?(?:no\.?\s*)?#?\s*(\d+)\s*\)",
            r"intent \1",
        ),
        # "I'm out of my alliance": leaving it.
        (
            r"^I(?:['\u2019]?m|\s+am)\s+(?:out\s+of|done\s+with)\s+(?=my\s+alliance$|alliance\s+#?\d+$|"
            r"[\w\-]+['\u2019]s\s+alliance$)",
            "I leave ",
        ),
        # The method in brackets at the end: "I intend to join Janet's alliance (with support)".
        (
            r"\s*\(\s*(with(?:out)?\s+[^()]*?\b(?:support|objections?|consent|notice|members))\s*\)$",
            r" \1",
        ),
        # "I, with support, join Janet's alliance": the method after "I", put after the act.
        (
            r"^I\s*,\s*(with(?:out)?\b[^,]{0,60}?\b(?:support|objections?|consent|notice|members))\s*,\s*"
            r"(.+)$",
            r"I \2 \1",
        ),
        # "I intend to join, with support, Janet's alliance": the method before the alliance.
        (
            r"^(I\s+intend\s+to\s+join)\s*,\s*(with(?:out)?\b[^,]{0,60}?\b(?:support|objections?|consent|"
            r"notice|members))\s*,\s*(.+)$",
            r"\1 \3 \2",
        ),
        # "my objections to intents 4 and 5": one objection to each.
        (r"\bmy\s+objections\s+(?=to\s+intents\b)", "my objection "),
        # "I'm leave my alliance": "I'm" before a bare verb, as a learner may write it.
        (
            r"^I(?:['\u2019]?m|\s+am)\s+(?=(?:leave|join|support|object|withdraw|intend|perform)\b)",
            "I ",
        ),
        # "I unsupport intent 5": withdrawing the support (or the objection).
        (r"^I\s+(?:un-?support|de-?support)\s+", "I withdraw my support for "),
        (r"^I\s+un-?object\s+(?:to\s+)?", "I withdraw my objection to "),
        *_SECOND_VERB_SLIPS,
        # "I do so, with support": the method the intent named, said again.
        (
            r"^I\s+do\s+so\s*,?\s+with(?:out)?\s+(?:\d+\s+)?(?:the\s+)?(?:agoran\s+)?"
            r"(?:support|objections?|consent|notice)$",
            "I do so",
        ),
        # "I perform intent 3 with 2 support" (or the method first, moved after the act):
        # the method the intent named, said again, as after "I do so".
        (
            r"^(I\s+perform\s+intent\s*#?\s*\d+)\s*,?\s+with(?:out)?\s+(?:\d+(?:\.\d)?\s+)?"
            r"(?:the\s+)?(?:agoran\s+)?(?:support|objections?|consent|notice)$",
            r"\1",
        ),
        # "I cancel (rescind, scrap) my intent 3": withdrawing it.
        (
            r"^I\s+(?:cancel|rescind|retract|revoke|drop|abandon|scrap|take\s+back|call\s+off)\s+"
            r"my\s+(?=(?:\w+\s+)?intent(?:ion)?\b)",
            "I withdraw my ",
        ),
        # A preposition or article dropped: "I object intent 4", "I leave alliance".
        (r"^I\s+object\s+(?=intent(?:ion)?\s*#?\s*\d)", "I object to "),
        (r"^I\s+leave\s+(?:the\s+)?alliance$", "I leave my alliance"),
        # Alliances named by what the state says of them: "the alliance Janet is in", "the
        # alliance I am in", "my current alliance"; "ally with Janet" is joining hers.
        (
            r"\bthe\s+alliance\s+(?:that\s+)?I(?:['\u2019]m|\s+am)\s+(?:in|a\s+member\s+of)\b",
            "my alliance",
        ),
        (
            rf"\bthe\s+alliance\s+(?:that\s+)?{_WHO}\s+is\s+(?:in|a\s+member\s+of)\b",
            r"\1's alliance",
        ),
        (r"\bmy\s+(?:current|present|own)\s+alliance\b", "my alliance"),
        (r"\balliance\s+(?:number|no\.?)\s*#?(\d+)", r"alliance \1"),
        # "alliance3": the number glued to the word (never a name, "alliance3's alliance").
        (r"\b(alliance|intent)(?=#?\d+\b)", r"\1 "),
        (r"\bthe\s+alliance\s+(?:numbered|with\s+(?:the\s+)?number)\s*#?(\d+)", r"alliance \1"),
        # "alliance 3 (Janet's) with support": whose it is, said in brackets before more.
        (r"\b(alliance\s+#?\d+)\s*\(\s*[\w\-]+['\u2019]s\s*\)\s+(?=with(?:out)?\b)", r"\1 "),
        # "I perform the action described in intent 6": performing it.
        (
            r"^I\s+(?:perform|take|carry\s+out|do)\s+the\s+(?:action|act)\s+(?:described|announced|named|"
            r"set\s+out|specified|proposed)\s+in\s+(?=intent)",
            "I perform ",
        ),
        # "I withdraw intent 4 and intent 5", "I withdraw my intents 4 and 5".
        (
            r"^I\s+withdraw\s+(?:my\s+)?(?:intent\s+#?(\d+)\s*(?:,|\band\b|&)\s*(?:my\s+)?intent)"
            r"\s+#?(\d+)$",
            r"I withdraw intent \1 and withdraw intent \2",
        ),
        (
            r"^I\s+withdraw\s+(?:my\s+)?intents\s+#?(\d+)\s*(?:,|\band\b|&)\s*#?(\d+)$",
            r"I withdraw intent \1 and withdraw intent \2",
        ),
        # "I support the intents to join alliance 3 and alliance 4": one answer each.
        (
            r"^I\s+(support|object\s+to)\s+the\s+intents\s+to\s+(join|leave)\s+"
            r"(alliance\s+#?\d+|[\w\-]+['\u2019]s\s+alliance)\s*(?:,|\band\b|&)\s*(?:to\s+\2\s+)?"
            r"(alliance\s+#?\d+|[\w\-]+['\u2019]s\s+alliance)$",
            r"I \1 the intent to \2 \3 and \1 the intent to \2 \4",
        ),
        (r"\bintent(?:ion)?\s+(?:number|no\.?|nr\.?|num\.?)\s*#?\s*(\d+)", r"intent \1"),
        (r"\bmy\s+own\s+(?=(?:\w+\s+)?intent)", "my "),
        # "my previously announced intent", "the intent I announced to join ...": the
        # author's own intent, named by its announcing.
        (
            r"\bmy\s+(?:previously\s+|recently\s+|already\s+)?(?:announced|posted|tabled|stated|"
            r"declared)\s+(?=intent(?:ion)?\s+to\b)",
            "my ",
        ),
        (
            r"\b(?:the|that)\s+intent(?:ion)?\s+(?:that\s+)?I\s+(?:announced|posted|tabled|filed|made|"
            r"stated|declared)(?:\s+(?:previously|before|recently))?\s+(?=to\b)",
            "my intent ",
        ),
        # "my earlier (previous, prior) objection": the one the author made.
        (r"\bmy\s+(?:earlier|previous|prior|former|existing)\s+(?=(?:support|objection)\b)", "my "),
        # "I formally object", "I strongly support": an adverb that changes nothing.
        (rf"^I\s+{_MANNER}\s+(?=support|object|withdraw|leave|join|intend|perform)", "I "),
        (r"^I\s+take\s+back\s+my\s+(support|objection)\s+", r"I withdraw my \1 "),
        (
            r"\bsupport\s+of\s+all\s+(?:the\s+)?members\s+of\s+(?:that|the|this|its|their)\s+"
            r"alliance\b",
            "support of all its existing members",
        ),
        (
            r"^I\s+(?:walk\s+away|resign|step\s+down|drop\s+out|pull\s+out|get\s+out)\s+(?:from|of)\s+"
            r"(?=my\s+alliance$|alliance\s+#?\d+$|[\w\-]+['\u2019]s\s+alliance$)",
            "I leave ",
        ),
        # "the latest intent by Murphy", "the intent from Murphy": Murphy's (latest) intent.
        (
            r"\bthe\s+(first|second|third|last|latest|newest|most\s+recent|earliest|oldest)\s+"
            rf"intent(?:ion)?\s+(?:by|of|from)\s+{_WHO}(?!['\u2019])",
            r"\2's \1 intent",
        ),
        (rf"\bthe\s+intent(?:ion)?\s+(?:by|from)\s+{_WHO}(?!['\u2019])(?!\s+to\b)", r"\1's intent"),
        # The rule's method in other words: "with (the) support of all (of) (its) (existing)
        # members (of that alliance)".
        (
            r"\bwith\s+(?:the\s+)?support\s+of\s+all\s+(?:of\s+)?(?:its\s+|it['\u2019]s\s+|their\s+|the\s+)?"
            r"(?:existing\s+|current\s+)?members\b(?:\s+of\s+(?:that|the|this|its)\s+alliance\b)?",
            "With the Support of all its existing members",
        ),
        (r"^I\s+announce\s+(?:my\s+|an\s+)?intent(?:ion)?\s*(?=\()", "I intend "),
        # "the alliance Murphy belongs to", "the same alliance as Janet", "become a member of".
        (
            rf"\bthe\s+alliance\s+(?:that\s+)?{_WHO}\s+(?:belongs\s+to|is\s+part\s+of|is\s+with)\b",
            r"\1's alliance",
        ),
        (rf"\bthe\s+same\s+alliance\s+as\s+{_WHO}\b", r"\1's alliance"),
        (r"\bbecome\s+(?:a\s+)?(?:member|part)\s+of\s+", "join "),
        (
            r"\s*,?\s+as\s+(?:previously\s+|already\s+)?(?:announced|intended|planned|promised)(?=\s*(?:,|$))",
            "",
        ),
        (r"^I\s+part\s+ways\s+with\s+", "I leave "),
        # "I support intent 3 but object to intent 4": two answers, joined by "but".
        (r"\s+but\s+(?=(?:I\s+)?(?:object|support|withdraw)\b)", " and "),
        (r"^I\s+(support|object\s+to)\s+both\s+", r"I \1 "),
        (r"^I\s+now\s+", "I "),
        (r"^(I\s+do\s+so)\s+now$", r"\1"),
        # "Leaving my alliance now, bye all": "now" left when the words after it are set aside.
        # (Never the "now" of "for now", which is set aside whole: P74-read-agora-s20-15.)
        (r"(?<=\S)(?<!\bfor)\s+(?:right\s+)?now$", ""),
        (r"\b(my|[\w\-]+['\u2019]s)\s+(?:only|sole|single|one)\s+(?=intent)", r"\1 "),
        # The method in brackets, or with "all of its members".
        (r"^I\s+intend\s*\(\s*(with(?:out)?\b[^()]*?)\s*\)\s*to\b", r"I intend, \1, to"),
        (r"\bsupport\s+of\s+all\s+of\s+(?=(?:its|their)\b)", "support of all "),
        (r"\bsupport\s+of\s+all\s+(?=existing\s+members\b)", "support of all its "),
        # "I intend to join Janet": the alliance Janet is in.
        (
            # (Never a game's name: "I join Arcadia" joins a tournament, not an alliance.)
            rf"\bjoin\s+(?!(?:alliance\w*|my|the|an?|it|them|commune|okinawa|arcadia|arcadian|"
            rf"single[\s-]*capture|go|alliances|agora)\b){_WHO}(?![\w'\u2019])"
            r"(?=\s*(?:,|$|\bwith\b))",
            r"join \1's alliance",
        ),
        (rf"\bthe\s+alliance\s+(?:with|including)\s+{_WHO}\b", r"\1's alliance"),
        # "I join Janet alliance": the possessive dropped before "alliance"; and "join
        # nix's" with "alliance" understood from the action before it.
        (
            # (Never a name ending in "s": "Murphys alliance" may be Murphy's or Murphys's,
            # and the referee does not guess.)
            r"\bjoin\s+(?!(?:my|the|an?|our|their|this|that|an|new)\b)(?-i:([A-Z][\w\-]*))(?<!s)\s+"
            r"(?=alliance\b)",
            r"join \1's ",
        ),
        (rf"\bjoin\s+{_WHO}['\u2019]s?(?=\s*(?:,|$|\bwith\b))", r"join \1's alliance"),
        # Words that change nothing after the action.
        (r"\s+and\s+go\s+(?:solo|it\s+alone|alone)$", ""),
        (r"\s+(?:too|as\s+well|also)(?=\s*(?:,|$))", ""),
        # "that intent of Murphy's to join ...", "the intent of Murphy's": Murphy's intent.
        (
            rf"\b(?:that|this|the)\s+intent(?:ion)?\s+of\s+{_WHO}['\u2019]s?(?=\s+to\b|$)",
            r"\1's intent",
        ),
        # "the intent Janet made/posted/announced to join ...": Janet's intent to join.
        (
            rf"\b(?:that|this|the)\s+intent(?:ion)?\s+(?:that\s+)?{_WHO}\s+"
            r"(?:made|posted|announced|tabled|filed|sent)(?=\s+to\b|$)",
            r"\1's intent",
        ),
        # "with the unanimous support of its members": of all of them.
        (
            r"\bwith\s+(?:the\s+)?unanimous\s+support\s+of\s+(?:all\s+)?(?:of\s+)?(?:its|their|the)\s+"
            r"(?:existing\s+|current\s+)?members\b(?:\s+of\s+(?:that|the|this|its)\s+alliance\b)?",
            "With the Support of all its existing members",
        ),
        (
            r"\bwith\s+the\s+support\s+of\s+(?:its|their)\s+(?:existing\s+|current\s+)?members\b",
            "With the Support of all its existing members",
        ),
        # "I perform my intent to join X": performing it is joining X.
        (r"^I\s+(?:perform|carry\s+out|execute|resolve|enact)\s+my\s+intent(?:ion)?\s+to\s+", "I "),
        # "I withdraw my support for intent 3 and object to it": "it" is intent 3.
        (
            r"^(I\s.*?\bintent\s+#?(\d+)\b.*?\band\s+(?:support|object\s+to|withdraw\s+my\s+"
            r"(?:support\s+for|objection\s+to)))\s+it$",
            r"\1 intent \2",
        ),
        (rf"\bto\s+ally\s+(?:myself\s+)?with\s+{_WHO}\b", r"to join \1's alliance"),
        # "intent two", "alliance three": a number in words.
        *(
            (rf"\b(intent|alliance)\s+{word}\b", rf"\1 {number}")
            for number, word in enumerate(_NUMBER_WORDS, 1)
        ),
        # "intents three and four": numbers in words in a list of intents.
        *(
            (rf"\b(intents\s+){word}\b", rf"\g<1>{number}")
            for number, word in enumerate(_NUMBER_WORDS, 1)
        ),
        *(
            (
                rf"\b(intents\s+#?\d+(?:\s*,\s*#?\d+)*\s*(?:,|\band\b|&|\bto\b|-|\bthrough\b|\bthru\b)\s*)"
                rf"{word}\b",
                rf"\g<1>{number}",
            )
            for number, word in enumerate(_NUMBER_WORDS, 1)
        ),
        # Labels: "Support for intent 2.", "Objection to intent 2."
        (r"^I\s+support\s+for\s+(?=(?:\w+\s+)?intent\b)", "I support "),
        (r"^I\s+objection\s+(?:to|against)\s+(?=(?:\w+\s+)?intents?\b)", "I object to "),
        # "I support Murphy joining Janet's alliance": Murphy's intent to join it.
        (
            rf"^I\s+(support|object\s+to)\s+{_WHO}(?:['\u2019]s)?\s+joining\s+",
            r"I \1 \2's intent to join ",
        ),
        (r"^I\s+no\s+longer\s+support\s+", "I withdraw my support for "),
        (r"^I\s+no\s+longer\s+object\s+to\s+", "I withdraw my objection to "),
        # "intent 4 (Janet's) and intent 5 (Murphy's)": whose each is, in brackets.
        (r"(?<=\d)\s*\(\s*(?:[\w\-]+['\u2019]s|by\s+[\w\-]+)\s*\)(?=\s*(?:,|\band\b|&|$))", ""),
        # "I intend, with support, to join alliance 3 and, with support, to join alliance 4".
        (
            r"^I\s+intend\s*,\s*(with(?:out)?\b[^,]{0,60}?)\s*,\s*to\s+((?:join|leave)\b[^,]+?)\s*,?\s+and\s*,\s*"
            r"(with(?:out)?\b[^,]{0,60}?)\s*,\s*to\s+((?:join|leave)\b[^,]+)$",
            r"I intend to \2 \1 and intend to \4 \3",
        ),
        # "I perform the intent in my previous message, intent 4": the number said after
        # where the intent was is the one named (P53-read-agora-s12-5).
        (
            rf"\b(?:the|my)\s+intent(?:ion)?\s+{_WHERE_MINE}\s*(?:,|\(|[\-\u2013\u2014])\s*"
            r"(intent\s*#?\s*\d+)\s*\)?$",
            r"\1",
        ),
        # "I perform my intent above", "I withdraw the intent in my previous message": the
        # author's own intent, found among eir open ones (asked about if several).
        (rf"\b(?:the|my)\s+intent(?:ion)?\s+{_WHERE_MINE}$", "my intent"),
        # "I object to your intent 5" (to its sponsor): the number names it; whose it is,
        # said as "your", is the one addressed (P53-read-agora-s12-1).
        (r"\byour\s+(?=intent(?:ion)?\s*#?\s*\d)", ""),
        # "I hereby cause intent 5 to be performed": performing it.
        (
            r"^I\s+(?:hereby\s+)?cause\s+(intent\s*#?\s*\d+)\s+to\s+(?:be\s+)?(?:performed|take\s+effect)$",
            r"I perform \1",
        ),
        # "I perform intent 10, with 2 support and no objections": the intent's standing,
        # said after the act; the rules check it (P53-read-agora-s12-3).
        (
            r"^(I\s+(?:hereby\s+)?perform\s+intent\s*#?\s*\d+)\s*,?\s+(?:with|having)\s+"
            r"(?:(?:\d+|one|two|three|four|five)\s+)?support(?:ers?)?\s*,?\s*and\s+(?:no|zero|0)\s+"
            r"(?:objections?|objectors?)$",
            r"\1",
        ),
        # "I join Janet's alliance, with her support": the members' support, in their words.
        (
            rf"^(I\s+(?:hereby\s+)?join\s+{_ALLIANCE})\s*,?\s+with\s+(?:her|his|their|eir|hir|zir|"
            r"(?:the|its|all(?:\s+its)?)\s+members['\u2019]?)\s+(?:full\s+|unanimous\s+)?support$",
            r"\1 with support",
        ),
        # "I give (lend, cast) my support to intent 6": the support given, before the
        # rewrites below that share one verb among several intents.
        # (Also in the progressive, as learners write it: "I am giving my support to the
        # intent 3"; P74-read-agora-s20-5.)
        (
            r"^I\s+(?:am\s+|['\u2019]m\s+)?(?:giv|lend|offer|add|pledg|express|voic|stat|declar|register|cast|"
            r"throw|put|announc)(?:e|es|ing|ting)?\s+(?:my\s+)?(?:full\s+)?support\s+(?:to|for|behind|of)\s+",
            "I support ",
        ),
        # "I am supporting intent 3 and objecting (to) intent 4": the second answer in the
        # progressive too, after the first was read as "I support" (P74-read-agora-s20-15).
        (
            r"^(I\s+(?:hereby\s+)?(?:support|object\s+to)\s+(?:the\s+)?intents?\s*#?\d+)\s+and\s+"
            r"(?:am\s+|I['\u2019]m\s+|I\s+am\s+)?objecting\s+(?:to\s+|against\s+)?(?=(?:the\s+)?intents?\s*#?\d)",
            r"\1 and object to ",
        ),
        (
            r"^(I\s+(?:hereby\s+)?(?:support|object\s+to)\s+(?:the\s+)?intents?\s*#?\d+)\s+and\s+"
            r"(?:am\s+|I['\u2019]m\s+|I\s+am\s+)?supporting\s+(?=(?:the\s+)?intents?\s*#?\d)",
            r"\1 and support ",
        ),
        # "I leave alliance 3 and stay on my own": what leaving does (a new alliance of the
        # author alone), said after it, changes nothing (P74-read-agora-s20-15).
        (
            rf"^(I\s+(?:hereby\s+)?leave\s+{_ALLIANCE})\s*,?\s+and\s+(?:I\s+)?(?:stay|remain|go|carry\s+on|"
            r"continue)\s+(?:on\s+my\s+own|alone|by\s+myself|solo|independent|unaligned)[\s.!]*$",
            r"\1",
        ),
        # "I object to intent 2 and intent 3": one verb, several intents.
        (
            # (... also before another answer: "..., and object to intent 6".)
            r"^I\s+(support|object\s+to|perform)\s+intent\s+#?(\d+)\s*(?:,\s*(?:and|&)?|and|&)\s*intent\s+#?(\d+)"
            r"(?=\s*$|\s*,?\s+and\s+(?:I\s+)?(?:support|object|withdraw|leave|join|intend|perform|do)\b)",
            r"I \1 intent \2 and \1 intent \3",
        ),
        (rf"^I\s+{_TABLE}\s+(?:my\s+|an\s+)?intent(?:ion)?\s+to\s+", "I intend to "),
        # "I give notice of my intent to join alliance 3 with support": tabling it, with the
        # method it names (without one, "notice" might be the method, and it is told).
        (
            r"^I\s+(?:give|serve|post)\s+notice\s+of\s+(?:my\s+|an\s+)?intent(?:ion)?\s+to\s+"
            r"(?=.*\bwith(?:out)?\s+(?:\d+\s+)?(?:the\s+)?(?:support|objections?|agoran\s+consent)\b)",
            "I intend to ",
        ),
        (r"^I\s+(?:second|endorse|back)\s+(?=(?:\w+\s+)?intent)", "I support "),
        (
            r"^I\s+(?:rescind|retract|revoke|cancel|drop)\s+my\s+(support|objection)\s+",
            r"I withdraw my \1 ",
        ),
        (r"^I\s+(?:enact|execute|effect|implement)\s+(?=(?:my\s+)?intent)", "I perform "),
        # "I support intent 4 and intent 5 and intent 6": one verb, three intents.
        (
            r"^I\s+(support|object\s+to|perform)\s+intent\s+#?(\d+)\s*(?:,|and|&)\s*intent\s+#?(\d+)\s*,?\s*"
            r"(?:and|&)\s*intent\s+#?(\d+)$",
            r"I \1 intent \2 and \1 intent \3 and \1 intent \4",
        ),
        # "I support intent 11 & 12": the noun once, in the singular, for two or three.
        (
            r"^(I\s+(?:support|object\s+to))\s+intent(\s+#?\d+\s*(?:,|and|&)\s*#?\d+"
            r"(?:\s*,?\s*(?:and|&)\s*#?\d+)?)$",
            r"\1 intents\2",
        ),
        # Several intents with one verb: "I support intents 2 and 3", "... 2, 3 and 4", "I
        # withdraw my support for (objection to) intents 2 and 3".
        (
            rf"^I\s+({_ANSWER})\s+intents\s+#?(\d+)\s*,\s*#?(\d+)\s*,?\s*(?:and|&)\s*"
            r"#?(\d+)$",
            r"I \1 intent \2 and \1 intent \3 and \1 intent \4",
        ),
        (
            rf"^I\s+({_ANSWER})\s+intents\s+#?(\d+)\s*(?:,|and|&)\s*#?(\d+)$",
            r"I \1 intent \2 and \1 intent \3",
        ),
        # "I support intents 6 and 7, and object to intent 8": the two, then another answer
        # (P53-read-agora-s12-1).
        (
            rf"^I\s+({_ANSWER})\s+intents\s+#?(\d+)\s*(?:,|and|&)\s*#?(\d+)"
            r"(?=\s*,?\s+and\s+(?:I\s+)?(?:support|object|withdraw|leave|join|intend|perform|do)\b)",
            r"I \1 intent \2 and \1 intent \3",
        ),
        *_LONGER_LISTS,
        # (Also in the progressive, with no article, or "given": "I am lodging an objection
        # to ...", "I make objection against intent 4", "I give my objection to ...";
        # P74-read-agora-s20-5.)
        (
            r"^I\s+(?:am\s+|['\u2019]m\s+)?(?:rais|register|lodg|fil|stat|voic|express|mak|submit|"
            r"enter|giv|announc|declar)(?:e|es|ing|ting)?\s+(?:an\s+|my\s+)?objection\s+(?:to|against)\s+",
            "I object to ",
        ),
        (
            r"^I\s+(?:am\s+|['\u2019]m\s+)?(?:putting|put)\s+in\s+(?:an\s+|my\s+)?objection\s+"
            r"(?:to|against)\s+",
            "I object to ",
        ),
        # "I object against intent 4": a learner's preposition, one reading.
        (r"^I\s+(?:hereby\s+)?object\s+against\s+(?=(?:the\s+)?intents?\s*#?\d)", "I object to "),
        (
            rf"^I\s+(?:quit|exit|abandon|depart(?:\s+from)?|withdraw\s+from|break\s+away\s+from|secede\s+from)\s+{_ALLIANCE}$",
            r"I leave \1",
        ),
    ),
)
